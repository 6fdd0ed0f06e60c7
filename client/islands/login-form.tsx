/**
 * Island: the login form. A correct password either signs in (then goes to `next`) or, with
 * two-factor on, asks for the code e-mailed to the person (spec §5) in a second step.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { Field, FormAlert, useApiForm } from '../components/forms';
import { safeNext } from '../safe-next';

export interface LoginFormProps {
  next: string;
}

export default function LoginForm({ next }: LoginFormProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [temporalToken, setTemporalToken] = useState<string | null>(null);
  const [protection, setProtection] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (temporalToken) codeInput.current?.focus();
  }, [temporalToken]);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    const answer = await form.run(() => unwrap(api.users.login.$post({ json: { email, password } })));
    if (!answer) return;
    if (answer.twoFactorRequired) {
      setProtection(answer.protection === true);
      setTemporalToken(answer.temporalToken);
    } else window.location.assign(safeNext(next, '/'));
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    try {
      await unwrap(api.users.login['two-factor'].$post({ json: { temporalToken: temporalToken ?? '', code: code.trim() } }));
      window.location.assign(safeNext(next, '/'));
    } catch (failure) {
      const restart = failure instanceof ApiError && (failure.code === 'TWO_FACTOR_TOO_MANY_ATTEMPTS' || failure.code === 'TWO_FACTOR_INVALID_TEMPORAL_TOKEN');
      if (restart) {
        setTemporalToken(null);
        setCode('');
        setPassword('');
      }
      form.setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }

  if (temporalToken) {
    return (
      <form className="auth-form" onSubmit={sendCode} noValidate>
        <FormAlert message={form.error} />
        <p id="two-factor-help">
          {protection ? (
            <Trans>There have been many failed attempts to sign in to this account, so we need to check it is you. If your password was right, we have sent a 6-digit code to your e-mail address: enter it to finish signing in.</Trans>
          ) : (
            <Trans>We have sent a 6-digit code to your e-mail address. Enter it to finish signing in.</Trans>
          )}
        </p>
        <div className="field">
          <label htmlFor="two-factor-code">
            <Trans>Sign-in code</Trans>
          </label>
          <input
            ref={codeInput}
            id="two-factor-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-describedby="two-factor-help"
          />
        </div>
        <button className="button" type="submit" disabled={form.busy}>
          <Trans>Verify and sign in</Trans>
        </button>
      </form>
    );
  }

  return (
    <form className="auth-form" onSubmit={signIn} noValidate>
      <FormAlert message={form.error} />
      <Field id="login-email" label={t`E-mail address`} type="email" autoComplete="email" required value={email} onChange={setEmail} error={form.fieldErrors.email} />
      <Field id="login-password" label={t`Password`} type="password" autoComplete="current-password" required value={password} onChange={setPassword} error={form.fieldErrors.password} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Sign in</Trans>
      </button>
    </form>
  );
}
