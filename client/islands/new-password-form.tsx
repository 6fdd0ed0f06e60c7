/** Island: sets the new password with the e-mailed token; the person is then signed in. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { Field, FormAlert, NewPasswordField, useApiForm } from '../components/forms';

export interface NewPasswordFormProps {
  token: string;
  next: string;
}

export default function NewPasswordForm({ token, next }: NewPasswordFormProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setMismatch(password !== repeat);
    if (password !== repeat) return;
    if (await form.run(() => unwrap(api.users.password.reset.$post({ json: { token, password } })))) window.location.assign(next);
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <NewPasswordField id="new-password" label={t`New password`} value={password} onChange={setPassword} error={form.fieldErrors.password} />
      <Field id="new-password-repeat" label={t`Repeat the new password`} type="password" autoComplete="new-password" required value={repeat} onChange={setRepeat} error={mismatch ? t`The two passwords are not the same.` : undefined} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Save the new password</Trans>
      </button>
    </form>
  );
}
