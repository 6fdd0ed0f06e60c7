/**
 * Ratings (spec §9): scores are stored on a doubled 1–10 scale and shown as 0–5 stars; reviews
 * are filtered by star buckets (score pairs 1–2 … 9–10) and by age.
 */

export type Stars = 1 | 2 | 3 | 4 | 5;

/** Stars shown for a score on the doubled scale: score / 2, one decimal, clamped to 0–5. */
export function starsFromScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  const stars = Math.round(score * 5) / 10;
  return Math.min(5, Math.max(0, stars));
}

/**
 * The star bucket of one review's score: 1–2 → 1 star, 3–4 → 2, 5–6 → 3, 7–8 → 4, 9–10 → 5.
 * Review scores are whole numbers; anything else (0, 11, 7.5, NaN) has no bucket → null.
 */
export function scoreBucket(score: number): Stars | null {
  if (!Number.isInteger(score) || score < 1 || score > 10) return null;
  return Math.ceil(score / 2) as Stars;
}

/** The score pair of a star bucket, inclusive: 1 → [1, 2] … 5 → [9, 10], for filtering reviews. */
export function scoreRange(stars: Stars): { min: number; max: number } {
  return { min: stars * 2 - 1, max: stars * 2 };
}

export interface RatingSummary {
  /** Reviews with a valid score. */
  count: number;
  /** Average in stars, one decimal; 0 without reviews. */
  stars: number;
  /** Reviews per star bucket. */
  buckets: Record<Stars, number>;
}

/** Count, average stars and bucket histogram of review scores; invalid scores are skipped. */
export function ratingSummary(scores: readonly number[]): RatingSummary {
  const buckets: Record<Stars, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let sum = 0;
  for (const score of scores) {
    const bucket = scoreBucket(score);
    if (bucket === null) continue;
    buckets[bucket]++;
    count++;
    sum += score;
  }
  return { count, stars: count === 0 ? 0 : starsFromScore(sum / count), buckets };
}

export type ReviewAgeBucket = 'under-3-months' | '3-to-6-months' | '6-to-12-months' | 'older';

/**
 * The age bucket of a review written at `date`, in calendar months before `now` (UTC):
 * younger than 3 months → `under-3-months`; from exactly 3 months up to 6 → `3-to-6-months`;
 * from 6 up to 12 → `6-to-12-months`; 12 months or more → `older`. A month back from a day the
 * earlier month lacks lands on its last day (31 May − 3 months = 28 Feb). Dates after `now`
 * (clock skew) count as under 3 months.
 */
export function reviewAgeBucket(date: Date, now: Date): ReviewAgeBucket {
  const time = date.getTime();
  if (time > monthsBefore(now, 3)) return 'under-3-months';
  if (time > monthsBefore(now, 6)) return '3-to-6-months';
  if (time > monthsBefore(now, 12)) return '6-to-12-months';
  return 'older';
}

/** The instant `months` calendar months before `now`, same UTC time of day, day clamped. */
function monthsBefore(now: Date, months: number): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds());
}

/** The review age buckets a shopper can filter by (the `age` filter of the reviews list). */
export const REVIEW_AGE_FILTERS = ['under-3-months', '3-to-6-months', '6-to-12-months'] as const satisfies readonly ReviewAgeBucket[];

/**
 * The dates of an age bucket as bounds for a query, epoch ms: a date is in the bucket when it is
 * after `after` (exclusive) and at most `upTo` (inclusive); null is unbounded. Exactly the dates
 * reviewAgeBucket puts in that bucket (future dates are under 3 months).
 */
export function ageBucketRange(bucket: ReviewAgeBucket, now: Date): { after: number | null; upTo: number | null } {
  switch (bucket) {
    case 'under-3-months':
      return { after: monthsBefore(now, 3), upTo: null };
    case '3-to-6-months':
      return { after: monthsBefore(now, 6), upTo: monthsBefore(now, 3) };
    case '6-to-12-months':
      return { after: monthsBefore(now, 12), upTo: monthsBefore(now, 6) };
    case 'older':
      return { after: null, upTo: monthsBefore(now, 12) };
  }
}

/** The score analytics receive (spec §9): the doubled scale halved, 1–10 → 0.5–5. */
export function analyticsScore(score: number): number {
  return score / 2;
}

/** A stored average on the doubled scale from a mean score: rounded to a whole number (half up), 0 without reviews. */
export function storedAverage(mean: number | null): number {
  if (mean === null || !Number.isFinite(mean) || mean <= 0) return 0;
  return Math.min(10, Math.round(mean));
}
