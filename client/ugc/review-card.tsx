/**
 * Reviews as pages show them: the star graphic, one review (stars with their text for screen
 * readers, nick, date, verified-purchase badge, title and text in their own language, photos)
 * and the histogram by star bucket. Presentational only; the votes are an island the page passes
 * in. User text is only ever a React text node.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDate } from '../i18n/format';
import { isLanguage, LANGUAGE_INFO, type Language } from '../i18n/languages';
import { useStore } from '../components/store-context';
import type { PublicMedia } from '../../worker/ugc/media';

/** A public photo or video of a review (worker/ugc/media.ts publicMediaOf). */
/** A published photo or video as the reads give it (worker/ugc/media.ts). */
export type ReviewMediaView = PublicMedia;

/** One OK review as the list API and the pages carry it. */
export interface ReviewView {
  id: number;
  nick: string;
  /** Score on the doubled 1–10 scale. */
  rating: number;
  /** The same in stars (rating / 2). */
  stars: number;
  title: string;
  body: string;
  /** The language it was written in (one of the six ids). */
  language: string;
  verified: boolean;
  helpful: number;
  unhelpful: number;
  createdAt: string;
  publishedAt: string | null;
  media: ReviewMediaView[];
  /** The signed-in caller's vote (true: helpful), null when they have not voted; absent for anonymous callers. */
  myVote?: boolean | null;
}

export type StarBucket = 1 | 2 | 3 | 4 | 5;

export interface ReviewSummaryView {
  count: number;
  /** Mean in stars, one decimal. */
  stars: number;
  buckets: Record<StarBucket, number>;
}

/** The address of a review photo or video at a §9 size (the media route, worker/ugc/media-serve.ts); `full` is the original. */
export function reviewMediaUrl(id: string, size: 'small' | 'full' = 'full'): string {
  return `/media/ugc/${encodeURIComponent(id)}/${size}`;
}

/** One star's outline in a 16 × 16 box: ten points alternating between the outer and inner radius. */
const STAR_POINTS = Array.from({ length: 10 }, (_, k) => {
  const angle = ((-90 + k * 36) * Math.PI) / 180;
  const radius = k % 2 === 0 ? 7.8 : 3.4;
  return `${(8 + radius * Math.cos(angle)).toFixed(2)},${(8.6 + radius * Math.sin(angle)).toFixed(2)}`;
}).join(' ');

/**
 * Five stars filled to `stars` (a half star shows as half), drawn as SVG so the fill needs no
 * inline style under the CSP; for the eye only, the text beside it says the number. `id` must be
 * unique in the page (the clip path).
 */
export function StarsGraphic({ stars, id }: { stars: number; id: string }) {
  const filled = (Math.min(5, Math.max(0, stars)) / 5) * 80;
  return (
    <svg className="stars" aria-hidden="true" focusable="false" width={80} height={16} viewBox="0 0 80 16">
      <clipPath id={id}>
        {[0, 1, 2, 3, 4].map((i) => (
          <polygon key={i} points={STAR_POINTS} transform={`translate(${i * 16} 0)`} />
        ))}
      </clipPath>
      <g clipPath={`url(#${id})`}>
        <rect className="stars__empty" width={80} height={16} />
        <rect className="stars__full" width={filled.toFixed(1)} height={16} />
      </g>
    </svg>
  );
}

/** The `lang` attribute for text written in another language than the page's, else undefined. */
export function textLang(written: string, page: Language): string | undefined {
  return isLanguage(written) && written !== page ? LANGUAGE_INFO[written].tag : undefined;
}

/** Percentage of `part` in `total`, whole number (0 when there is nothing). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** The average (big, for the eye), the stars and "4.3 out of 5 · 12 reviews" of published reviews. */
export function ReviewsSummaryLine({ summary, id }: { summary: ReviewSummaryView; id: string }) {
  const stars = summary.stars.toFixed(1);
  const count = summary.count;
  return (
    <p className="reviews-summary">
      <span className="reviews-summary__average" aria-hidden="true">
        {stars}
      </span>{' '}
      <StarsGraphic stars={summary.stars} id={id} />{' '}
      <span className="reviews-summary__count">
        <Trans>
          {stars} out of 5 · <Plural value={count} one="# review" other="# reviews" />
        </Trans>
      </span>
    </p>
  );
}

/**
 * The histogram by star bucket, 5 stars first: each row's text says "5 stars: 40%", the bar is
 * for the eye. With `bucketHref`, each row links to the list filtered to that bucket.
 */
export function RatingHistogram({ summary, bucketHref }: { summary: ReviewSummaryView; bucketHref?: (bucket: StarBucket) => string }) {
  const buckets = [5, 4, 3, 2, 1] as const;
  return (
    <ul className="rating-histogram">
      {buckets.map((bucket) => {
        const percent = percentOf(summary.buckets[bucket], summary.count);
        const label = <Trans>{bucket} stars: {percent}%</Trans>;
        return (
          <li key={bucket} className="rating-histogram__row">
            {bucketHref && summary.buckets[bucket] > 0 ? <a href={bucketHref(bucket)}>{label}</a> : <span>{label}</span>}
            <svg className="rating-histogram__bar" aria-hidden="true" focusable="false" viewBox="0 0 100 8" preserveAspectRatio="none">
              <rect className="rating-histogram__track" width={100} height={8} />
              <rect className="rating-histogram__fill" width={percent} height={8} />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One review. `headingLevel` fits the page's outline; `votes` is the helpful-votes island (or a
 * plain count); `report` the report island (the reviews page only: the product page stays light).
 */
export function ReviewCard({ review, votes, report, headingLevel = 3 }: { review: ReviewView; votes?: ReactNode; report?: ReactNode; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useLingui();
  const { language } = useStore();
  const lang = textLang(review.language, language);
  const Heading = `h${headingLevel}` as 'h3';
  const date = new Date(review.publishedAt ?? review.createdAt);
  const stars = review.stars;
  const nick = review.nick;
  const images = review.media.filter((media) => media.kind === 'image');
  const videos = review.media.filter((media) => media.kind === 'video');
  return (
    <article className="review-card" aria-labelledby={`review-${review.id}-title`}>
      <p className="review-card__stars">
        <StarsGraphic stars={stars} id={`review-${review.id}-stars`} />{' '}
        <span className="visually-hidden">
          <Trans>{stars} out of 5 stars</Trans>
        </span>
      </p>
      <Heading id={`review-${review.id}-title`} className="review-card__title" lang={lang}>
        {review.title || t`Review by ${nick}`}
      </Heading>
      <p className="review-card__meta">
        <span className="review-card__nick">{nick}</span> · <time dateTime={date.toISOString()}>{formatDate(date, language)}</time>
        {review.verified ? (
          <>
            {' '}
            <span className="badge review-card__verified">
              <Trans>Verified purchase</Trans>
            </span>
          </>
        ) : null}
      </p>
      <div className="review-card__body" lang={lang}>
        {review.body
          .split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim() !== '')
          .map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
      </div>
      {images.length + videos.length > 0 ? (
        <ul className="review-card__media" aria-label={t`Photos and videos by ${nick}`}>
          {images.map((media, index) => {
            const position = index + 1;
            return (
              <li key={media.id}>
                <a href={reviewMediaUrl(media.id)}>
                  <img src={reviewMediaUrl(media.id, 'small')} alt={t`Photo ${position} by ${nick}`} width={96} height={96} loading="lazy" decoding="async" />
                </a>
              </li>
            );
          })}
          {videos.map((media, index) => {
            const position = index + 1;
            return (
              <li key={media.id}>
                <a href={reviewMediaUrl(media.id)}>
                  <Trans>Video {position} by {nick}</Trans>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      {votes}
      {report}
    </article>
  );
}
