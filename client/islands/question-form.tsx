/**
 * Island: ask a question about an article (POST /api/ugc/questions). A shopper without a nick
 * chooses one first (the nick is shown with the question). Sent, the page goes to the new thread,
 * where a question waiting for moderation says so to its asker. A refusal keeps the text, shows
 * the message on the field and moves the focus there.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { FormAlert, TextAreaField } from '../components/forms';
import { NickForm } from './nick-form';

export interface QuestionFormProps {
  articleId: number;
  hasNick: boolean;
  /** The thread address without the id (`/wiki/thread/`). */
  threadBase: string;
}

/** Question length limits (worker/domain/ugc/moderation.ts TEXT_LIMITS.question). */
const MIN = 10;
const MAX = 1000;

export default function QuestionForm({ articleId, hasNick: initialNick, threadBase }: QuestionFormProps) {
  const { t } = useLingui();
  const [hasNick, setHasNick] = useState(initialNick);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      const created = await unwrap(api.ugc.questions.$post({ json: { articleId, body } }));
      window.location.assign(`${threadBase}${created.id}`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'NICK_REQUIRED') setHasNick(false);
      else if (failure instanceof ApiError && String(failure.code).startsWith('UGC_TEXT_')) {
        setFieldError(failure.message);
        field.current?.focus();
      } else setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      setBusy(false);
    }
  }

  if (!hasNick) return <NickForm idPrefix="question-nick" onSaved={() => setHasNick(true)} />;
  return (
    <form className="qa-form" method="post" action="/api/ugc/questions" onSubmit={submit}>
      <FormAlert message={error} />
      <input type="hidden" name="articleId" value={articleId} />
      <TextAreaField
        id="question-body"
        name="body"
        label={<Trans>Your question</Trans>}
        hint={<Trans>Between {MIN} and {MAX} characters. Other customers and our team will answer it; no links or contact details.</Trans>}
        fieldRef={field}
        rows={5}
        required
        minLength={MIN}
        maxLength={MAX}
        value={body}
        onChange={setBody}
        error={fieldError}
      />
      <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy || undefined}>
        <Trans>Publish question</Trans>
      </button>
    </form>
  );
}
