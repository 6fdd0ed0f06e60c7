/**
 * Island: the author's own question or answer on its thread, with "Edit" and "Delete". It shows
 * the text itself, so an edit replaces it in place: PUT /api/ugc/questions/:id or
 * /api/ugc/answers/:id re-runs moderation, and a text sent back to moderation says so (only its
 * author sees it until staff approve it). Delete asks for confirmation first; a deleted answer
 * reloads the thread, a deleted question goes to the product's questions.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';

export interface OwnUgcActionsProps {
  kind: 'question' | 'answer';
  id: number;
  body: string;
  /** Where to go once a question is deleted (its article's questions). */
  afterDelete: string;
}

/** Text limits (worker/domain/ugc/moderation.ts TEXT_LIMITS). */
const LIMITS = { question: { min: 10, max: 1000 }, answer: { min: 5, max: 2000 } } as const;

export default function OwnUgcActions({ kind, id, body: initialBody, afterDelete }: OwnUgcActionsProps) {
  const { t } = useLingui();
  const uid = useId();
  const [body, setBody] = useState(initialBody);
  const [draft, setDraft] = useState(initialBody);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const path = `/api/ugc/${kind === 'question' ? 'questions' : 'answers'}/${id}`;
  const own = { client: kind === 'question' ? api.ugc.questions[':id'] : api.ugc.answers[':id'], param: { id: String(id) } };
  const { min, max } = LIMITS[kind];
  const Text = kind === 'question' ? 'h1' : 'p';

  function failed(failure: unknown) {
    setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    setBusy(false);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await unwrap(own.client.$put({ param: own.param, json: { body: draft } }));
      setBody(draft);
      setMode('view');
      setBusy(false);
      setStatus(result.state === 'OK' ? t`Your changes are saved.` : t`Your changes are saved and go back to moderation: only you can see them until our team approves them.`);
      queueMicrotask(() => editButton.current?.focus());
    } catch (failure) {
      failed(failure);
      queueMicrotask(() => field.current?.focus());
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await unwrap(own.client.$delete({ param: own.param }));
      if (kind === 'question') window.location.assign(afterDelete);
      else window.location.reload();
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <div className="qa-own" data-own-kind={kind} data-own-id={id}>
      <Text className={kind === 'question' ? 'qa-question__text' : 'qa-answer__text'} id={kind === 'question' ? 'qa-question-title' : undefined}>
        {body}
      </Text>
      {mode === 'edit' ? (
        <form className="qa-form qa-own__form" method="post" action={path} onSubmit={(event) => void save(event)}>
          <label htmlFor={`${uid}-body`}>{kind === 'question' ? <Trans>Edit your question</Trans> : <Trans>Edit your answer</Trans>}</label>
          <p className="field__hint" id={`${uid}-hint`}>
            <Trans>
              Between {min} and {max} characters. Edited texts are checked again before they are published.
            </Trans>
          </p>
          <textarea
            id={`${uid}-body`}
            name="body"
            ref={field}
            rows={4}
            required
            minLength={min}
            maxLength={max}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-describedby={error ? `${uid}-hint ${uid}-error` : `${uid}-hint`}
            aria-invalid={error ? true : undefined}
          />
          <p className="qa-own__buttons">
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
              <Trans>Save changes</Trans>
            </button>{' '}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setMode('view');
                setDraft(body);
                setError(null);
                queueMicrotask(() => editButton.current?.focus());
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </p>
        </form>
      ) : null}
      {mode === 'view' ? (
        <p className="qa-own__buttons">
          <button
            type="button"
            ref={editButton}
            className="button button--small"
            onClick={() => {
              setMode('edit');
              setStatus('');
              queueMicrotask(() => field.current?.focus());
            }}
          >
            <Trans>Edit</Trans>
          </button>{' '}
          <button type="button" className="button button--small" onClick={() => setMode('confirm')}>
            <Trans>Delete</Trans>
          </button>
        </p>
      ) : null}
      {mode === 'confirm' ? (
        <div className="qa-own__confirm" role="group" aria-labelledby={`${uid}-confirm`}>
          <p id={`${uid}-confirm`}>{kind === 'question' ? <Trans>Delete your question and its answers for good?</Trans> : <Trans>Delete your answer for good?</Trans>}</p>
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void remove()}>
            <Trans>Yes, delete</Trans>
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setMode('view')}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="field__error" id={`${uid}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <p className="qa-own__status" role="status">
        {status}
      </p>
    </div>
  );
}
