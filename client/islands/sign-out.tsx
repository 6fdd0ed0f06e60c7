/** Island: the account menu's sign-out button. */
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { api, unwrap } from '../api';
import { useHref } from '../components/store-context';
import { showToast } from '../toast';
import { useLingui } from '@lingui/react/macro';

export default function SignOut() {
  const { t } = useLingui();
  const link = useHref();
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      await unwrap(api.users.logout.$post());
      window.location.assign(link('home'));
    } catch {
      setBusy(false);
      showToast({ type: 'error', message: t`You could not be signed out. Please try again.` });
    }
  }
  return (
    <button type="button" className="button button--secondary" onClick={signOut} disabled={busy}>
      <Trans>Sign out</Trans>
    </button>
  );
}
