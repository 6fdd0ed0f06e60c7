/** Island: asks for the e-mail address and sends the reset link, then goes to the "sent" page. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { Field, FormAlert, useApiForm } from '../components/forms';

export interface RecoveryFormProps {
  sentHref: string;
}

export default function RecoveryForm({ sentHref }: RecoveryFormProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [email, setEmail] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await form.run(() => unwrap(api.users.password.recovery.$post({ json: { email } })))) window.location.assign(sentHref);
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <Field id="recovery-email" label={t`E-mail address`} type="email" autoComplete="email" required value={email} onChange={setEmail} error={form.fieldErrors.email} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Send me a link</Trans>
      </button>
    </form>
  );
}
