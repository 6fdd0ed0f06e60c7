/**
 * Island: answer a question (POST /api/ugc/questions/:id/answers). A signed-in shopper without a
 * nick chooses one first; staff may answer in the store's name. Photos and videos go through the
 * media picker (an answer with media waits for moderation). Sent, the thread reloads with the
 * answer (an answer waiting for moderation is shown to its author with that notice). A refusal
 * keeps the text, shows the message on the field and moves the focus there.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { FormAlert, TextAreaField } from '../components/forms';
import { MediaPicker } from '../ugc/media-picker';
import { NickForm } from './nick-form';

export interface AnswerFormProps {
  questionId: number;
  hasNick: boolean;
  /** Staff see "answer as the store". */
  staff: boolean;
  /** Photos and videos an answer may carry (worker/ugc/media.ts MAX_MEDIA_PER_ITEM). */
  maxMedia: number;
}

/** Answer length limits (worker/domain/ugc/moderation.ts TEXT_LIMITS.answer). */
const MIN = 5;
const MAX = 2000;

export default function AnswerForm({ questionId, hasNick: initialNick, staff, maxMedia }: AnswerFormProps) {
  const { t } = useLingui();
  const [hasNick, setHasNick] = useState(initialNick);
  const [body, setBody] = useState('');
  const [asStore, setAsStore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const action = `/api/ugc/questions/${questionId}/answers`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(null);
    const mediaIds = new FormData(event.currentTarget).getAll('mediaIds').filter((id): id is string => typeof id === 'string' && id !== '');
    try {
      const created = await unwrap(api.ugc.questions[':id'].answers.$post({ param: { id: String(questionId) }, json: { body, ...(mediaIds.length > 0 ? { mediaIds } : {}), ...(asStore ? { asStore: true } : {}) } }));
      window.location.assign(`${window.location.pathname}#answer-${created.id}`);
      window.location.reload();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'NICK_REQUIRED') setHasNick(false);
      else if (failure instanceof ApiError && String(failure.code).startsWith('UGC_TEXT_')) {
        setFieldError(failure.message);
        field.current?.focus();
      } else {
        setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
        alert.current?.querySelector('p')?.focus();
      }
      setBusy(false);
    }
  }

  if (!hasNick) return <NickForm idPrefix="answer-nick" onSaved={() => setHasNick(true)} />;
  return (
    <form className="qa-form" method="post" action={action} onSubmit={submit} aria-labelledby="answer-form-title">
      <h2 id="answer-form-title">
        <Trans>Your answer</Trans>
      </h2>
      <div ref={alert}>
        <FormAlert message={error} />
      </div>
      <TextAreaField
        id="answer-body"
        name="body"
        label={<Trans>Answer</Trans>}
        hint={<Trans>Between {MIN} and {MAX} characters. Tell what you know from your own use; no links or contact details.</Trans>}
        fieldRef={field}
        rows={5}
        required
        minLength={MIN}
        maxLength={MAX}
        value={body}
        onChange={setBody}
        error={fieldError}
      />
      <div className="qa-form__media">
        <MediaPicker name="mediaIds" max={maxMedia} />
        <p className="field__hint">
          <Trans>An answer with photos or videos is published once our team has checked them.</Trans>
        </p>
      </div>
      {staff ? (
        <div className="field field--check">
          <input id="answer-as-store" name="asStore" type="checkbox" checked={asStore} onChange={(e) => setAsStore(e.target.checked)} />
          <label htmlFor="answer-as-store">
            <Trans>Answer as Customer service (shown as the store, published at once)</Trans>
          </label>
        </div>
      ) : null}
      <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy || undefined}>
        <Trans>Publish answer</Trans>
      </button>
    </form>
  );
}
