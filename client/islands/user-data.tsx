/**
 * Island: "My details" — nick, date of birth, password change and two-factor sign-in, each its
 * own small form with its own messages. The e-mail address is shown, not edited here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, unwrap } from '../api';
import { Field, FormAlert, NewPasswordField, useApiForm } from '../components/forms';
import { showToast } from '../toast';

export interface UserDataProps {
  email: string;
  nick: string;
  birthday: string;
  twoFactorEnabled: boolean;
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function NickForm({ initial }: { initial: string }) {
  const { t } = useLingui();
  const form = useApiForm();
  const [nick, setNick] = useState(initial);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await form.run(() => unwrap(api.users.info['update-nick'].$put({ json: { nick } })));
    if (saved) {
      setNick(saved.nick);
      showToast({ type: 'success', message: t`Your nickname has been saved.` });
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <Field id="nick" label={t`Nickname`} value={nick} onChange={setNick} required autoComplete="nickname" hint={t`3 to 20 letters, digits, dots, hyphens or underscores. It appears on your reviews.`} error={form.fieldErrors.nick} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Save nickname</Trans>
      </button>
    </form>
  );
}

function BirthdayForm({ initial }: { initial: string }) {
  const { t } = useLingui();
  const form = useApiForm();
  const [birthday, setBirthday] = useState(initial);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await form.run(() => unwrap(api.user.updateBirthday.$put({ json: { birthday } })));
    if (saved) {
      setBirthday(saved.birthday);
      showToast({ type: 'success', message: t`Your date of birth has been saved.` });
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <Field id="birthday" label={t`Date of birth`} value={birthday} onChange={setBirthday} inputMode="numeric" autoComplete="bday" placeholder={t`dd/mm/yyyy`} hint={t`Day, month and year, for example 24/05/1990.`} error={form.fieldErrors.birthday} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Save date of birth</Trans>
      </button>
    </form>
  );
}

function PasswordForm() {
  const { t } = useLingui();
  const form = useApiForm();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await form.run(() => unwrap(api.user.password.$put({ json: { currentPassword, newPassword } })))) {
      setCurrent('');
      setNew('');
      showToast({ type: 'success', message: t`Your password has been changed. Your other sessions have been closed.` });
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <Field id="current-password" label={t`Current password`} type="password" autoComplete="current-password" required value={currentPassword} onChange={setCurrent} error={form.fieldErrors.currentPassword} />
      <NewPasswordField id="changed-password" label={t`New password`} value={newPassword} onChange={setNew} error={form.fieldErrors.newPassword} />
      <button className="button" type="submit" disabled={form.busy}>
        <Trans>Change password</Trans>
      </button>
    </form>
  );
}

function TwoFactorForm({ initial }: { initial: boolean }) {
  const { t } = useLingui();
  const form = useApiForm();
  const [enabled, setEnabled] = useState(initial);
  const [password, setPassword] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await form.run(() => unwrap(api.user['two-factor'].$put({ json: { enabled: !enabled, password } })));
    if (saved) {
      setEnabled(saved.twoFactorEnabled);
      setPassword('');
      showToast({ type: 'success', message: saved.twoFactorEnabled ? t`Two-step sign-in is on.` : t`Two-step sign-in is off.` });
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <p role="status">{enabled ? <Trans>Two-step sign-in is on: after your password we ask for a code sent to your e-mail.</Trans> : <Trans>Two-step sign-in is off.</Trans>}</p>
      <Field id="two-factor-password" label={t`Your password, to confirm`} type="password" autoComplete="current-password" required value={password} onChange={setPassword} error={form.fieldErrors.password} />
      <button className="button" type="submit" disabled={form.busy}>
        {enabled ? <Trans>Turn off two-step sign-in</Trans> : <Trans>Turn on two-step sign-in</Trans>}
      </button>
    </form>
  );
}

export default function UserData({ email, nick, birthday, twoFactorEnabled }: UserDataProps) {
  return (
    <div className="account-cards">
      <Section id="details-email" title={<Trans>E-mail address</Trans>}>
        <p className="account-email">{email}</p>
      </Section>
      <Section id="details-nick" title={<Trans>Nickname</Trans>}>
        <NickForm initial={nick} />
      </Section>
      <Section id="details-birthday" title={<Trans>Date of birth</Trans>}>
        <BirthdayForm initial={birthday} />
      </Section>
      <Section id="details-password" title={<Trans>Password</Trans>}>
        <PasswordForm />
      </Section>
      <Section id="details-two-factor" title={<Trans>Two-step sign-in</Trans>}>
        <TwoFactorForm initial={twoFactorEnabled} />
      </Section>
    </div>
  );
}
