/**
 * Island: choose a nickname (PUT /api/users/info/update-nick), for pages where publishing or the
 * ranking needs one. The spec's nick errors (5104001–5104004) are shown on the field in the page's
 * language. Other islands embed `NickForm` with `onSaved`; as an island of its own it reloads the
 * page once saved (`reloadOnSave`), so what needed the nick shows at once.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { Field, FormAlert } from '../components/forms';

export interface NickFormProps {
  /** Ids of the form's elements must be unique on the page. */
  idPrefix?: string;
  initial?: string;
  reloadOnSave?: boolean;
  onSaved?: (nick: string) => void;
}

export function NickForm({ idPrefix = 'nick-form', initial = '', reloadOnSave = false, onSaved }: NickFormProps) {
  const { t } = useLingui();
  const [nick, setNick] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const fieldId = `${idPrefix}-nick`;

  function nickMessage(code: number | string): string | undefined {
    switch (code) {
      case 5104001:
        return t`The nickname is too short: use at least 3 characters.`;
      case 5104002:
        return t`The nickname is too long: use at most 20 characters.`;
      case 5104003:
        return t`The nickname may only contain letters, digits, dots, hyphens and underscores.`;
      case 5104004:
        return t`This nickname is not available. Please choose another one.`;
      default:
        return undefined;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      const result = await unwrap(api.users.info['update-nick'].$put({ json: { nick } }));
      setSaved(result.nick);
      onSaved?.(result.nick);
      if (reloadOnSave) window.location.reload();
    } catch (failure) {
      const message = failure instanceof ApiError ? (nickMessage(failure.code) ?? failure.fieldIssues.nick) : undefined;
      if (message) {
        setFieldError(message);
        document.getElementById(fieldId)?.focus();
      } else {
        setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="nick-form" onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>
        <Trans>Choose your nickname</Trans>
      </h2>
      <p>
        <Trans>Your nickname is shown with your answers and reviews and in the user ranking, instead of your name.</Trans>
      </p>
      <FormAlert message={error} />
      <Field
        id={fieldId}
        label={t`Nickname`}
        value={nick}
        onChange={setNick}
        required
        autoComplete="nickname"
        hint={t`3 to 20 letters, digits, dots, hyphens or underscores.`}
        error={fieldError}
      />
      <button className="button" type="submit" disabled={busy}>
        <Trans>Save nickname</Trans>
      </button>
      <p role="status" className="nick-form__status">
        {saved ? <Trans>Your nickname is now {saved}.</Trans> : null}
      </p>
    </form>
  );
}

export default function NickFormIsland(props: Omit<NickFormProps, 'onSaved'>) {
  return <NickForm {...props} />;
}
