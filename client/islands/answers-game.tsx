/**
 * Island: the answers game. One question at a time with its answer form; "Send answer" and
 * "Skip" call the game API and show the next question without a page load. The outcome of each
 * step is announced in a live region and focus moves to the new question (or to the end
 * message). Points of this visit add up here; the totals come from the server with each turn.
 * Without a nick, the nick form comes first.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LevelId } from '../../worker/domain/ugc/points';
import type { GameTurn } from '../../worker/ugc/game';
import { api, ApiError, unwrap } from '../api';
import { FormAlert } from '../components/forms';
import { ProductImage } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { slugHref } from '../routes';
import { NickForm } from './nick-form';

export const LEVEL_NAMES: Record<LevelId, MessageDescriptor> = {
  newcomer: msg`Newcomer`,
  contributor: msg`Contributor`,
  expert: msg`Expert`,
  master: msg`Master`,
  legend: msg`Legend`,
};

export interface AnswersGameProps {
  turn: GameTurn;
  hasNick: boolean;
  rankingHref: string;
}

export default function AnswersGame({ turn: initialTurn, hasNick: initialHasNick, rankingHref }: AnswersGameProps) {
  const { t, i18n } = useLingui();
  const { language, channel } = useStore();
  const [turn, setTurn] = useState(initialTurn);
  const [hasNick, setHasNick] = useState(initialHasNick);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sessionPoints, setSessionPoints] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // Counts the steps taken; each one moves focus once React has committed what comes next
  // (a frame callback could run before that commit and focus a heading about to be replaced).
  const [steps, setSteps] = useState(0);

  useEffect(() => {
    if (steps > 0) heading.current?.focus();
  }, [steps]);

  function moveOn(next: GameTurn, message: string) {
    setTurn(next);
    setBody('');
    setAnnouncement(message);
    setSteps((count) => count + 1);
  }

  async function call<T>(action: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    setBodyError(null);
    try {
      return await action();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'NICK_REQUIRED') {
        setHasNick(false);
      } else if (failure instanceof ApiError && failure.code === 'GAME_QUESTION_NOT_OFFERED') {
        // Someone else closed it meanwhile: go on with the next one.
        const next = await unwrap(api.ugc.game.next.$get()).catch(() => null);
        if (next) moveOn(next, t`This question is no longer open. Here is the next one.`);
      } else if (failure instanceof ApiError && (failure.code === 'UGC_TEXT_TOO_SHORT' || failure.code === 'UGC_TEXT_TOO_LONG' || failure.fieldIssues.body)) {
        setBodyError(failure.code === 'UGC_TEXT_TOO_SHORT' ? t`Your answer is too short. Please tell a little more.` : failure.code === 'UGC_TEXT_TOO_LONG' ? t`Your answer is too long. Please shorten it.` : failure.fieldIssues.body!);
        field.current?.focus();
      } else {
        setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      }
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function answer(event: FormEvent) {
    event.preventDefault();
    const question = turn.question;
    if (!question) return;
    const result = await call(() => unwrap(api.ugc.game.answer.$post({ json: { questionId: question.id, body } })));
    if (!result) return;
    const earned = result.answer.earned;
    setSessionPoints((points) => points + earned);
    moveOn(
      result,
      result.answer.state === 'OK'
        ? t`Answer published: you earned ${earned} points.`
        : t`Thank you: your answer will be published once our team has checked it, and then you will get its points.`,
    );
  }

  async function skip() {
    const question = turn.question;
    if (!question) return;
    const result = await call(() => unwrap(api.ugc.game.skip.$post({ json: { questionId: question.id } })));
    if (result) moveOn(result, t`Question skipped.`);
  }

  const { progress, question, remaining } = turn;
  const levelName = i18n._(LEVEL_NAMES[progress.level]);
  const nextName = progress.next ? i18n._(LEVEL_NAMES[progress.next]) : null;
  const toNext = progress.toNext;
  const total = progress.totalPoints;

  if (!hasNick) {
    return (
      <div className="answers-game">
        <NickForm idPrefix="game-nick" onSaved={() => setHasNick(true)} />
      </div>
    );
  }

  return (
    <div className="answers-game">
      <div className="answers-game__live visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      <dl className="answers-game__score">
        <div>
          <dt>
            <Trans>Points this session</Trans>
          </dt>
          <dd data-session-points={sessionPoints}>{sessionPoints}</dd>
        </div>
        <div>
          <dt>
            <Trans>Total points</Trans>
          </dt>
          <dd data-total-points={total}>{total}</dd>
        </div>
        <div>
          <dt>
            <Trans>Level</Trans>
          </dt>
          <dd data-level={progress.level}>
            {levelName}
            {nextName !== null && toNext !== null ? (
              <span className="answers-game__next">
                {' '}
                <Trans>
                  ({toNext} points to {nextName})
                </Trans>
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {question ? (
        <article className="answers-game__card" aria-labelledby="game-question" data-question-id={question.id}>
          <p className="answers-game__remaining">
            <Trans>Open questions for you: {remaining}</Trans>
          </p>
          <div className="answers-game__article">
            <ProductImage imageKey={question.article.imageKey} preset="tiny" label={question.article.name} alt="" />
            {question.article.slug ? <a href={slugHref(question.article.slug, language, channel)}>{question.article.name}</a> : <span>{question.article.name}</span>}
          </div>
          <h2 id="game-question" ref={heading} tabIndex={-1} className="answers-game__question">
            {question.body}
          </h2>
          <form className="answers-game__form" onSubmit={answer} noValidate>
            <FormAlert message={error} />
            <input type="hidden" name="questionId" value={question.id} />
            <div className={`field${bodyError ? ' field--invalid' : ''}`}>
              <label htmlFor="game-answer">
                <Trans>Your answer</Trans>
              </label>
              <textarea
                id="game-answer"
                name="body"
                ref={field}
                rows={5}
                required
                value={body}
                onChange={(event) => setBody(event.target.value)}
                aria-invalid={bodyError ? true : undefined}
                aria-describedby={bodyError ? 'game-answer-error' : undefined}
              />
              {bodyError ? (
                <p className="field__error" id="game-answer-error">
                  {bodyError}
                </p>
              ) : null}
            </div>
            <div className="answers-game__actions">
              <button className="button" type="submit" disabled={busy}>
                <Trans>Send answer</Trans>
              </button>
              <button className="button button--secondary" type="button" onClick={skip} disabled={busy}>
                <Trans>Skip</Trans>
              </button>
            </div>
          </form>
        </article>
      ) : (
        <div className="answers-game__empty">
          <h2 ref={heading} tabIndex={-1}>
            <Trans>No more questions for you right now</Trans>
          </h2>
          <p>
            <Trans>You have seen every open question about the products you bought. Come back later, or see where you stand.</Trans>
          </p>
          <p>
            <a href={rankingHref}>
              <Trans>See the user ranking</Trans>
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
