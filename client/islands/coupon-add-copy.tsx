/**
 * Island: copies a coupon's code to the clipboard, to paste it in the checkout's coupon field,
 * and says so in a toast (a live region). Without script the code stays readable and selectable
 * beside it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { showToast } from '../toast';

export interface CouponAddCopyProps {
  code: string;
}

export default function CouponAddCopy({ code }: CouponAddCopyProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      showToast({ type: 'success', message: t`Code ${code} copied` });
    } catch {
      showToast({ type: 'error', message: t`The code could not be copied. Select it and copy it yourself.` });
    }
  }
  return (
    <button type="button" className="button button--secondary button--small" onClick={copy} aria-label={t`Copy the code ${code}`}>
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
    </button>
  );
}
