/**
 * A product's reviews: the summary (average, count, a bar per star bucket linking to that
 * bucket), the filters as a plain GET form that works without script (stars, age, verified
 * purchases, sort), 10 reviews per page with their helpful votes, and the links to the product
 * and to writing a review. Loader: worker/ssr/pages/ugc-review-list.tsx.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REVIEWS_PAGE_SIZE, reviewFiltersQuery, type ReviewFilters } from '../../worker/ugc/review-list';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import ReportButton from '../islands/report-button';
import ReviewVotes from '../islands/review-votes';
import { slugHref } from '../routes';
import { RatingHistogram, ReviewCard, ReviewsSummaryLine, type ReviewSummaryView, type ReviewView, type StarBucket } from '../ugc/review-card';

export interface ReviewsPageData {
  product: { id: number; name: string; slug: string; brand: string; imageKey: string };
  filters: ReviewFilters;
  items: ReviewView[];
  totalItems: number;
  summary: ReviewSummaryView;
  /** Reviews of this page written by the viewer (no voting on one's own). */
  ownReviewIds: number[];
  signedIn: boolean;
  /** The login page with `next` back to this page. */
  loginHref: string;
}

function FiltersForm({ filters, action }: { filters: ReviewFilters; action: string }) {
  const { t } = useLingui();
  const ages = [
    ['', t`Any time`],
    ['under-3-months', t`Last 3 months`],
    ['3-to-6-months', t`3 to 6 months ago`],
    ['6-to-12-months', t`6 to 12 months ago`],
  ] as const;
  const sorts = [
    ['relevance', t`Most helpful`],
    ['new', t`Newest first`],
    ['old', t`Oldest first`],
    ['best', t`Highest rating`],
    ['worst', t`Lowest rating`],
  ] as const;
  return (
    <form className="review-filters" method="get" action={action} aria-label={t`Filter reviews`}>
      <fieldset>
        <legend>
          <Trans>Rating</Trans>
        </legend>
        {([5, 4, 3, 2, 1] as const).map((stars) => (
          <label key={stars} className="review-filters__option">
            <input type="checkbox" name="stars" value={stars} defaultChecked={filters.stars.includes(stars)} /> <Plural value={stars} one="# star" other="# stars" />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Written</Trans>
        </legend>
        {ages.map(([value, label]) => (
          <label key={value || 'any'} className="review-filters__option">
            <input type="radio" name="age" value={value} defaultChecked={(filters.age ?? '') === value} /> {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Purchase</Trans>
        </legend>
        <label className="review-filters__option">
          <input type="checkbox" name="verified" value="1" defaultChecked={filters.verified} /> <Trans>Verified purchases only</Trans>
        </label>
      </fieldset>
      <p className="review-filters__sort">
        <label htmlFor="review-sort">
          <Trans>Sort by</Trans>
        </label>{' '}
        <select id="review-sort" name="sort" defaultValue={filters.sort}>
          {sorts.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </p>
      <p className="review-filters__actions">
        <button type="submit" className="button">
          <Trans>Apply filters</Trans>
        </button>{' '}
        <a href={action}>
          <Trans>Clear filters</Trans>
        </a>
      </p>
    </form>
  );
}

export default function ReviewsPage({ data }: { data: ReviewsPageData }) {
  const { t } = useLingui();
  const link = useHref();
  const { language, channel } = useStore();
  const { product, filters, items, totalItems, summary } = data;
  const name = product.name;
  const basePath = link('reviews', { product: product.slug });
  const productPath = slugHref(product.slug, language, channel);
  const query = reviewFiltersQuery(filters, false);
  const filtered = Object.keys(query).length > 0;
  const count = summary.count;
  const own = new Set(data.ownReviewIds);
  const writeHref = link('addReview', { productId: String(product.id) });
  return (
    <article className="reviews-page">
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <ol>
          <li>
            <a href={productPath}>{name}</a>
          </li>
          <li>
            <span aria-current="page">
              <Trans>Reviews</Trans>
            </span>
          </li>
        </ol>
      </nav>
      <h1>
        <Trans>Reviews of {name}</Trans>
      </h1>
      <section className="reviews-page__summary" aria-labelledby="reviews-summary-title">
        <h2 id="reviews-summary-title" className="visually-hidden">
          <Trans>Summary</Trans>
        </h2>
        {count > 0 ? (
          <>
            <ReviewsSummaryLine summary={summary} id="stars-reviews-page" />
            <RatingHistogram summary={summary} bucketHref={(bucket: StarBucket) => `${basePath}?stars=${bucket}`} />
          </>
        ) : null}
        <p>
          <a className="button button--secondary" href={writeHref}>
            <Trans>Write a review</Trans>
          </a>
        </p>
      </section>
      {count === 0 ? (
        <p className="reviews-page__empty">
          <Trans>No one has reviewed this product yet. Be the first to tell other shoppers what you think of it.</Trans>
        </p>
      ) : (
        <div className="reviews-page__layout">
          <FiltersForm filters={filters} action={basePath} />
          <section className="reviews-page__list" aria-labelledby="reviews-list-title">
            <h2 id="reviews-list-title">
              {filtered ? <Plural value={totalItems} one="# review matches" other="# reviews match" /> : <Plural value={totalItems} one="# review" other="# reviews" />}
            </h2>
            {items.length === 0 ? (
              <p>
                <Trans>
                  No review matches these filters. <a href={basePath}>Show all the reviews</a>
                </Trans>
              </p>
            ) : (
              <ul className="review-list">
                {items.map((review) => (
                  <li key={review.id}>
                    <ReviewCard
                      review={review}
                      votes={
                        <Island
                          name="review-votes"
                          component={ReviewVotes}
                          props={{ reviewId: review.id, helpful: review.helpful, unhelpful: review.unhelpful, myVote: review.myVote ?? null, signedIn: data.signedIn, own: own.has(review.id), loginHref: data.loginHref }}
                        />
                      }
                      report={
                        own.has(review.id) ? null : (
                          <Island name="report-button" component={ReportButton} props={{ kind: 'review', id: review.id, signedIn: data.signedIn, ...(data.signedIn ? {} : { loginHref: data.loginHref }) }} />
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={filters.page} pageSize={REVIEWS_PAGE_SIZE} total={totalItems} basePath={basePath} query={query} />
          </section>
        </div>
      )}
    </article>
  );
}
