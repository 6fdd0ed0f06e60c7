/** Island: confirms a new account with the e-mailed token (a button: link scanners must not confirm). */
import { Trans } from '@lingui/react/macro';
import { type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, useApiForm } from '../components/forms';
import { safeNext } from '../safe-next';

export interface AccountConfirmProps {
  token: string;
  next: string;
}

export default function AccountConfirm({ token, next }: AccountConfirmProps) {
  const form = useApiForm();
  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (await form.run(() => unwrap(api.users.signup.confirm.$post({ json: { token } })))) window.location.assign(safeNext(next, '/'));
  }
  return (
    <form className="auth-form" onSubmit={confirm}>
      <FormAlert message={form.error} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Confirm my account</Trans>
      </button>
    </form>
  );
}
