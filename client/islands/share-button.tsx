/** Island: copies the page address (or opens the system share sheet) and confirms with a toast. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showToast } from '../toast';

export interface ShareButtonProps {
  title: string;
}

export default function ShareButton({ title }: ShareButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      showToast({ type: 'success', message: t`Link to “${title}” copied` });
    } catch {
      showToast({ type: 'error', message: t`The link could not be copied. Copy it from the address bar.` });
    }
  }
  return (
    <button type="button" className="button button--secondary" onClick={share} aria-pressed={copied}>
      {copied ? <Trans>Link copied</Trans> : <Trans>Copy link</Trans>}
    </button>
  );
}
