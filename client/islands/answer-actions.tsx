/**
 * Island: the actions on one answer of a thread — "Helpful" (one vote per shopper, pressed again
 * to withdraw it; not on one's own answer) and, for the asker, "Choose as best answer". The vote
 * count is announced in a live region; choosing the best answer reloads the thread, which then
 * shows it first with its mark.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, ApiError, unwrap } from '../api';

export interface AnswerActionsProps {
  questionId: number;
  answerId: number;
  voteCount: number;
  votedByMe: boolean;
  /** Signed in and not the answer's author. */
  canVote: boolean;
  /** The viewer asked the question, and this published answer is someone else's and not the best one yet. */
  canChooseBest: boolean;
  signedIn: boolean;
  loginHref: string;
}

export default function AnswerActions({ questionId, answerId, voteCount: initialCount, votedByMe: initialVoted, canVote, canChooseBest, signedIn, loginHref }: AnswerActionsProps) {
  const { t } = useLingui();
  const [count, setCount] = useState(initialCount);
  const [voted, setVoted] = useState(initialVoted);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function vote() {
    setBusy(true);
    try {
      const result = await unwrap(voted ? api.ugc.answers[':id'].vote.$delete({ param: { id: String(answerId) } }) : api.ugc.answers[':id'].vote.$post({ param: { id: String(answerId) } }));
      setCount(result.voteCount);
      setVoted(result.voted);
      setMessage(result.voted ? t`Thank you: your vote counts.` : t`Your vote was withdrawn.`);
    } catch (failure) {
      setMessage(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function chooseBest() {
    setBusy(true);
    try {
      await unwrap(api.ugc.questions[':id']['best-answer'].$post({ param: { id: String(questionId) }, json: { answerId } }));
      window.location.assign(`${window.location.pathname}#answer-${answerId}`);
      window.location.reload();
    } catch (failure) {
      setMessage(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      setBusy(false);
    }
  }

  return (
    <div className="qa-actions">
      <span className="qa-actions__count">
        <Plural value={count} one="# person found it helpful" other="# people found it helpful" />
      </span>
      {canVote ? (
        <button type="button" className="button button--small" aria-pressed={voted} onClick={vote} disabled={busy}>
          <Trans>Helpful</Trans>
        </button>
      ) : !signedIn ? (
        <a href={loginHref}>
          <Trans>Sign in to vote</Trans>
        </a>
      ) : null}
      {canChooseBest ? (
        <button type="button" className="button button--small button--primary" onClick={chooseBest} disabled={busy}>
          <Trans>Choose as best answer</Trans>
        </button>
      ) : null}
      <p className="qa-actions__status" role="status">
        {message}
      </p>
    </div>
  );
}
