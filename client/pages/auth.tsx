/** The sign-in screens (spec §2): login, sign-up (and its confirmation), recovery, link sent, new password. */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Island } from '../components/island';
import { useHref } from '../components/store-context';
import AccountConfirm from '../islands/account-confirm';
import LoginForm from '../islands/login-form';
import NewPasswordForm from '../islands/new-password-form';
import RecoveryForm from '../islands/recovery-form';
import SignupForm from '../islands/signup-form';

function AuthScreen({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="auth-page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}

export interface LoginData {
  next: string;
}

export function LoginPage({ data }: { data: LoginData }) {
  const link = useHref();
  return (
    <AuthScreen title={<Trans>Sign in</Trans>}>
      <Island name="login-form" component={LoginForm} props={{ next: data.next }} />
      <p>
        <a href={link('recoveryPassword')}>
          <Trans>Forgot your password?</Trans>
        </a>
      </p>
      <p>
        <Trans>New to Ampora?</Trans> <a href={`${link('signup')}?next=${encodeURIComponent(data.next)}`}>{<Trans>Create an account</Trans>}</a>
      </p>
    </AuthScreen>
  );
}

export interface SignupData {
  /** Present when the page was opened from the confirmation e-mail. */
  confirmToken: string | null;
  next: string;
  termsHref: string;
}

export function SignupPage({ data }: { data: SignupData }) {
  const link = useHref();
  if (data.confirmToken) {
    return (
      <AuthScreen title={<Trans>Confirm your account</Trans>}>
        <p>
          <Trans>One last step: confirm your e-mail address to activate your account and sign in.</Trans>
        </p>
        <Island name="account-confirm" component={AccountConfirm} props={{ token: data.confirmToken, next: data.next }} />
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title={<Trans>Create your account</Trans>}>
      <Island name="signup-form" component={SignupForm} props={{ termsHref: data.termsHref, next: data.next }} />
      <p>
        <Trans>Already have an account?</Trans> <a href={link('login')}>{<Trans>Sign in</Trans>}</a>
      </p>
    </AuthScreen>
  );
}

export function RecoveryPage() {
  const link = useHref();
  return (
    <AuthScreen title={<Trans>Forgot your password?</Trans>}>
      <p>
        <Trans>Enter the e-mail address of your account and we will send you a link to set a new password.</Trans>
      </p>
      <Island name="recovery-form" component={RecoveryForm} props={{ sentHref: link('passwordSent') }} />
      <p>
        <a href={link('login')}>
          <Trans>Back to sign in</Trans>
        </a>
      </p>
    </AuthScreen>
  );
}

export function PasswordSentPage() {
  const link = useHref();
  return (
    <AuthScreen title={<Trans>Check your inbox</Trans>}>
      <p>
        <Trans>If there is an account with that e-mail address, we have sent it a link to set a new password. The link works once and for one hour.</Trans>
      </p>
      <p>
        <Trans>Nothing arrived? Look in the spam folder, or</Trans> <a href={link('recoveryPassword')}>{<Trans>ask for another link</Trans>}</a>.
      </p>
    </AuthScreen>
  );
}

export interface NewPasswordData {
  token: string;
  usable: boolean;
  next: string;
}

export function NewPasswordPage({ data }: { data: NewPasswordData }) {
  const link = useHref();
  if (!data.usable) {
    return (
      <AuthScreen title={<Trans>This link is no longer valid</Trans>}>
        <p>
          <Trans>Links to set a new password work once and for one hour.</Trans>
        </p>
        <p>
          <a className="button" href={link('recoveryPassword')}>
            <Trans>Ask for a new link</Trans>
          </a>
        </p>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen title={<Trans>Set a new password</Trans>}>
      <Island name="new-password-form" component={NewPasswordForm} props={{ token: data.token, next: data.next }} />
    </AuthScreen>
  );
}
