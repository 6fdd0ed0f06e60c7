/** Island: the sign-up form; afterwards it says to look for the confirmation e-mail. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { Field, FormAlert, NewPasswordField, useApiForm } from '../components/forms';

export interface SignupFormProps {
  termsHref: string;
  /** Where the confirmation link brings the person back to. */
  next: string;
}

export default function SignupForm({ termsHref, next }: SignupFormProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const done = useRef<HTMLDivElement>(null);
  // The form that had focus is gone once sent: focus goes to what replaced it, after React commits.
  useEffect(() => {
    if (sentTo) done.current?.focus();
  }, [sentTo]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await form.run(() => unwrap(api.users.signup.$post({ json: { email, password, acceptTerms: accepted as true, next } })));
    if (answer) {
      setSentTo(email);
    }
  }

  if (sentTo) {
    return (
      <div className="auth-done" role="status" tabIndex={-1} ref={done}>
        <h2>
          <Trans>Check your inbox</Trans>
        </h2>
        <p>
          <Trans>We have sent a message to {sentTo}. Open the link in it to activate your account.</Trans>
        </p>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <Field id="signup-email" label={t`E-mail address`} type="email" autoComplete="email" required value={email} onChange={setEmail} error={form.fieldErrors.email} />
      <NewPasswordField id="signup-password" label={t`Password`} value={password} onChange={setPassword} error={form.fieldErrors.password} />
      <div className={`field field--check${form.fieldErrors.acceptTerms ? ' field--invalid' : ''}`}>
        <input
          id="signup-terms"
          type="checkbox"
          checked={accepted}
          onChange={(event) => setAccepted(event.target.checked)}
          aria-invalid={form.fieldErrors.acceptTerms ? true : undefined}
          aria-describedby={form.fieldErrors.acceptTerms ? 'signup-terms-error' : undefined}
        />
        <label htmlFor="signup-terms">
          <Trans>
            I accept the <a href={termsHref}>terms of use and the privacy policy</a>
          </Trans>
        </label>
        {form.fieldErrors.acceptTerms ? (
          <p className="field__error" id="signup-terms-error">
            <Trans>You need to accept the terms to create an account.</Trans>
          </p>
        ) : null}
      </div>
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Create my account</Trans>
      </button>
    </form>
  );
}
