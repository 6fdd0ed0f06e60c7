/**
 * Island: the "Delete" button of one of the account's reviews. Asks first (deleting also removes
 * its photos from the review and the points it earned), then reloads the list.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, ApiError, unwrap } from '../api';

export interface ReviewDeleteProps {
  reviewId: number;
  productName: string;
}

export default function ReviewDelete({ reviewId, productName }: ReviewDeleteProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!window.confirm(t`Delete your review of ${productName}? This cannot be undone.`)) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.ugc.reviews[':id'].$delete({ param: { id: String(reviewId) } }));
      window.location.reload();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      setBusy(false);
    }
  }

  return (
    <>
      <button className="button button--ghost button--small" type="button" disabled={busy} onClick={remove}>
        <Trans>
          Delete<span className="visually-hidden"> your review of {productName}</span>
        </Trans>
      </button>
      <span role="alert" className="field__error">
        {error}
      </span>
    </>
  );
}
