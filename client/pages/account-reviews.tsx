/**
 * accountReviews (/usuarios/panel/opiniones): the products bought and not reviewed yet, each
 * with its "write a review" link, and the customer's reviews with their state — published,
 * waiting for moderation, or rejected with the reason — and their edit and delete buttons.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import ReviewDelete from '../islands/review-delete';
import { reviewNoteText } from '../ugc/review-notes';
import { AccountFrame, type AccountFrameData } from './account';
import type { MyReview } from '../../worker/ugc/reviews';

export interface AccountReviewsData {
  frame: AccountFrameData;
  pending: { articleId: number; name: string; writePath: string }[];
  reviews: (MyReview & { productPath: string | null; editPath: string })[];
}

function ReviewState({ review }: { review: MyReview }) {
  const { i18n } = useLingui();
  if (review.state === 'OK') {
    return (
      <p className="account-review__state account-review__state--ok">
        <Trans>Published</Trans>
      </p>
    );
  }
  const notes = review.moderationNote.map((note) => reviewNoteText(note, i18n));
  if (review.state === 'REJECTED') {
    const reason = notes.join(' ');
    return (
      <p className="account-review__state account-review__state--rejected">
        {reason ? <Trans>Rejected: {reason}</Trans> : <Trans>Rejected</Trans>}
      </p>
    );
  }
  return (
    <div className="account-review__state account-review__state--waiting">
      <p>
        <Trans>Waiting for moderation</Trans>
      </p>
      {notes.length > 0 ? (
        <ul>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function AccountReviewsPage({ data }: { data: AccountReviewsData }) {
  const { language } = useStore();
  return (
    <AccountFrame frame={data.frame} title={<Trans>My reviews</Trans>}>
      <section aria-labelledby="reviews-pending" className="account-reviews__pending">
        <h2 id="reviews-pending">
          <Trans>To review</Trans>
        </h2>
        {data.pending.length === 0 ? (
          <p>
            <Trans>You have reviewed everything you bought. Thank you!</Trans>
          </p>
        ) : (
          <ul className="account-reviews__list">
            {data.pending.map((item) => {
              const name = item.name;
              return (
                <li key={item.articleId} className="account-review">
                  <p className="account-review__product">{name}</p>
                  <a className="button button--secondary button--small" href={item.writePath}>
                    <Trans>
                      Write a review<span className="visually-hidden"> of {name}</span>
                    </Trans>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="reviews-mine">
        <h2 id="reviews-mine">
          <Trans>Your reviews</Trans>
        </h2>
        {data.reviews.length === 0 ? (
          <p>
            <Trans>You have not written any reviews yet.</Trans>
          </p>
        ) : (
          <ul className="account-reviews__list">
            {data.reviews.map((review) => {
              const name = review.articleName ?? '';
              const stars = review.rating / 2;
              const media = review.media.length;
              return (
                <li key={review.id} className="account-review">
                  <article aria-labelledby={`review-${review.id}-title`}>
                    <h3 id={`review-${review.id}-title`}>{review.productPath ? <a href={review.productPath}>{name}</a> : name}</h3>
                    <p className="account-review__meta">
                      <Trans>{stars} out of 5 stars</Trans> ·{' '}
                      <time dateTime={review.createdAt}>{formatDate(new Date(review.createdAt), language, { dateStyle: 'medium' })}</time>
                      {review.verified ? (
                        <>
                          {' '}
                          · <Trans>Verified purchase</Trans>
                        </>
                      ) : null}
                    </p>
                    <p className="account-review__title">{review.title}</p>
                    <p className="account-review__body">{review.body}</p>
                    {media > 0 ? (
                      <p className="account-review__media">
                        <Trans>Photos and videos: {media}</Trans>
                      </p>
                    ) : null}
                    <ReviewState review={review} />
                    <div className="account-review__actions">
                      <a className="button button--secondary button--small" href={review.editPath}>
                        <Trans>
                          Edit<span className="visually-hidden"> your review of {name}</span>
                        </Trans>
                      </a>
                      <Island name="review-delete" component={ReviewDelete} props={{ reviewId: review.id, productName: name }} />
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </AccountFrame>
  );
}
