/**
 * Island: "Was this review helpful?" with the two counts. Signed in: two toggle buttons (one
 * vote per person; choosing the other answer changes it), the result announced politely.
 * Signed out: the counts and a link to sign in that comes back here. One's own review: the
 * counts only (voting on it is refused).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, ApiError, unwrap } from '../api';
import { showToast } from '../toast';

export interface ReviewVotesProps {
  reviewId: number;
  helpful: number;
  unhelpful: number;
  /** The viewer's vote (true: helpful), null when none. */
  myVote: boolean | null;
  signedIn: boolean;
  own: boolean;
  loginHref: string;
}

export default function ReviewVotes(props: ReviewVotesProps) {
  const { t } = useLingui();
  const [counts, setCounts] = useState({ helpful: props.helpful, unhelpful: props.unhelpful });
  const [vote, setVote] = useState<boolean | null>(props.myVote);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const { helpful, unhelpful } = counts;

  async function cast(value: boolean) {
    if (busy || vote === value) return;
    setBusy(true);
    try {
      const result = await unwrap(api.ugc.reviews[':id'].vote.$post({ param: { id: String(props.reviewId) }, json: { helpful: value } }));
      setCounts({ helpful: result.helpful, unhelpful: result.unhelpful });
      setVote(result.myVote);
      setAnnouncement(t`Thank you, your vote has been saved.`);
    } catch (error) {
      showToast({ type: 'error', message: error instanceof ApiError && error.message ? error.message : t`Your vote could not be saved. Please try again.` });
    } finally {
      setBusy(false);
    }
  }

  const question = (
    <span className="review-votes__question">
      <Trans>Was this review helpful?</Trans>
    </span>
  );
  if (props.own || !props.signedIn) {
    return (
      <p className="review-votes">
        {question}{' '}
        <span className="review-votes__counts">
          <Trans>
            Yes: {helpful} · No: {unhelpful}
          </Trans>
        </span>
        {!props.own ? (
          <>
            {' '}
            <a href={props.loginHref}>
              <Trans>Sign in to vote</Trans>
            </a>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <div className="review-votes" role="group" aria-labelledby={`review-votes-${props.reviewId}`}>
      <span id={`review-votes-${props.reviewId}`} className="review-votes__question">
        <Trans>Was this review helpful?</Trans>
      </span>{' '}
      <button type="button" className="button button--secondary button--small" aria-pressed={vote === true} disabled={busy} onClick={() => cast(true)}>
        <Trans>Yes ({helpful})</Trans>
      </button>{' '}
      <button type="button" className="button button--secondary button--small" aria-pressed={vote === false} disabled={busy} onClick={() => cast(false)}>
        <Trans>No ({unhelpful})</Trans>
      </button>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
