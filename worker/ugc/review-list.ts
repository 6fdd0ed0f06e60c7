/**
 * Reading reviews: the public list of an article's OK reviews (filters, sorts, 10 per page, spec
 * §9), its summary by star bucket, the product page's few most helpful ones, and helpful votes.
 * Only OK reviews are ever read here; PENDING_REVIEW and REJECTED ones exist only for their
 * author and staff. Dates are epoch ms; a review's age counts from when it was published
 * (`published_at`), else from when it was written.
 */
import { and, asc, between, desc, eq, gt, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ReviewView, ReviewSummaryView, StarBucket } from '../../client/ugc/review-card';
import type { Db } from '../db/client';
import { productReviews, reviewVotes, users } from '../db/schema';
import { ageBucketRange, ratingSummary, REVIEW_AGE_FILTERS, scoreRange, starsFromScore } from '../domain/catalogue/rating';
import { appError } from '../http/errors';
import type { PublicMedia } from './media';
import { awardPoints, withdrawPoints } from './points';

/** Reviews per page (spec §9). */
export const REVIEWS_PAGE_SIZE = 10;
/** The product page shows this many of the most helpful reviews. */
export const PRODUCT_PAGE_REVIEWS = 3;

export const REVIEW_SORTS = ['relevance', 'new', 'old', 'best', 'worst'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export type ReviewAgeFilter = (typeof REVIEW_AGE_FILTERS)[number];

export interface ReviewFilters {
  /** Star buckets to show (empty: all). */
  stars: StarBucket[];
  age: ReviewAgeFilter | null;
  verified: boolean;
  sort: ReviewSort;
  page: number;
}

export const DEFAULT_REVIEW_FILTERS: ReviewFilters = { stars: [], age: null, verified: false, sort: 'relevance', page: 1 };

const isStar = (value: number): value is StarBucket => Number.isInteger(value) && value >= 1 && value <= 5;

/**
 * Filters from a query string as the page's GET form sends it (`stars` repeated or as a comma
 * list, `age`, `verified=1`, `sort`, `page`). Lenient: unknown values are dropped, so any
 * address shows a list. Stars come out sorted and unique.
 */
export function reviewFiltersFrom(params: URLSearchParams): ReviewFilters {
  const stars = new Set<StarBucket>();
  for (const value of params.getAll('stars').flatMap((v) => v.split(','))) {
    const n = Number(value.trim());
    if (isStar(n)) stars.add(n);
  }
  const age = params.get('age');
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    stars: [...stars].sort((a, b) => b - a),
    age: (REVIEW_AGE_FILTERS as readonly string[]).includes(age ?? '') ? (age as ReviewAgeFilter) : null,
    verified: params.get('verified') === '1',
    sort: (REVIEW_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ReviewSort) : 'relevance',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The query string of filters (defaults left out, `page` only past 1), the pages' links and the canonical test. */
export function reviewFiltersQuery(filters: ReviewFilters, withPage = true): Record<string, string> {
  return {
    ...(filters.stars.length > 0 ? { stars: filters.stars.join(',') } : {}),
    ...(filters.age ? { age: filters.age } : {}),
    ...(filters.verified ? { verified: '1' } : {}),
    ...(filters.sort !== 'relevance' ? { sort: filters.sort } : {}),
    ...(withPage && filters.page > 1 ? { page: String(filters.page) } : {}),
  };
}

/** What the sorts compare, for the pure comparator (the SQL orders the same way). */
export interface SortableReview {
  id: number;
  rating: number;
  verified: boolean;
  helpful: number;
  unhelpful: number;
  /** published_at, else created_at (epoch ms). */
  date: number;
}

/**
 * The order of each sort: relevance = helpful votes minus unhelpful ones, verified purchases
 * first, then newest; new / old by date; best / worst by score, then newest. Ties end on the id
 * (newer id first, oldest sort: older id first), so pages never overlap.
 */
export function compareReviews(sort: ReviewSort): (a: SortableReview, b: SortableReview) => number {
  const newest = (a: SortableReview, b: SortableReview) => b.date - a.date || b.id - a.id;
  switch (sort) {
    case 'relevance':
      return (a, b) => b.helpful - b.unhelpful - (a.helpful - a.unhelpful) || Number(b.verified) - Number(a.verified) || newest(a, b);
    case 'new':
      return newest;
    case 'old':
      return (a, b) => a.date - b.date || a.id - b.id;
    case 'best':
      return (a, b) => b.rating - a.rating || newest(a, b);
    case 'worst':
      return (a, b) => a.rating - b.rating || newest(a, b);
  }
}

const reviewDate = sql<number>`coalesce(${productReviews.publishedAt}, ${productReviews.createdAt})`;

function orderOf(sort: ReviewSort): SQL[] {
  const newest = [desc(reviewDate), desc(productReviews.id)];
  switch (sort) {
    case 'relevance':
      return [desc(sql`${productReviews.helpfulCount} - ${productReviews.unhelpfulCount}`), desc(sql`${productReviews.verifiedOrder} IS NOT NULL`), ...newest];
    case 'new':
      return newest;
    case 'old':
      return [asc(reviewDate), asc(productReviews.id)];
    case 'best':
      return [desc(productReviews.rating), ...newest];
    case 'worst':
      return [asc(productReviews.rating), ...newest];
  }
}

function whereOf(articleId: number, filters: Pick<ReviewFilters, 'stars' | 'age' | 'verified'>, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [eq(productReviews.articleId, articleId), eq(productReviews.state, 'OK')];
  if (filters.stars.length > 0) {
    conditions.push(or(...filters.stars.map((stars) => between(productReviews.rating, scoreRange(stars).min, scoreRange(stars).max))));
  }
  if (filters.age) {
    const { after, upTo } = ageBucketRange(filters.age, now);
    if (after !== null) conditions.push(gt(reviewDate, after));
    if (upTo !== null) conditions.push(lte(reviewDate, upTo));
  }
  if (filters.verified) conditions.push(isNotNull(productReviews.verifiedOrder));
  return and(...conditions)!;
}

/** The rows of a page of reviews, with the viewer's vote when `viewerId` is given. */
export function reviewRowsStatement(db: Db, articleId: number, filters: ReviewFilters, now: Date, options: { viewerId?: number | null; limit?: number } = {}) {
  const limit = options.limit ?? REVIEWS_PAGE_SIZE;
  return db
    .select({
      id: productReviews.id,
      authorId: productReviews.userId,
      nick: users.nick,
      rating: productReviews.rating,
      title: productReviews.title,
      body: productReviews.body,
      language: productReviews.language,
      verifiedOrder: productReviews.verifiedOrder,
      helpful: productReviews.helpfulCount,
      unhelpful: productReviews.unhelpfulCount,
      createdAt: productReviews.createdAt,
      publishedAt: productReviews.publishedAt,
      myVote: reviewVotes.helpful,
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .leftJoin(reviewVotes, and(eq(reviewVotes.reviewId, productReviews.id), eq(reviewVotes.userId, options.viewerId ?? 0)))
    .where(whereOf(articleId, filters, now))
    .orderBy(...orderOf(filters.sort))
    .limit(limit)
    .offset((filters.page - 1) * limit);
}

/** How many reviews the filters leave. */
export function reviewCountStatement(db: Db, articleId: number, filters: ReviewFilters, now: Date) {
  return db.select({ total: sql<number>`count(*)` }).from(productReviews).where(whereOf(articleId, filters, now));
}

/** The article's OK reviews per score (the summary's source, unfiltered). */
export function reviewScoresStatement(db: Db, articleId: number) {
  return db
    .select({ score: productReviews.rating, reviews: sql<number>`count(*)` })
    .from(productReviews)
    .where(and(eq(productReviews.articleId, articleId), eq(productReviews.state, 'OK')))
    .groupBy(productReviews.rating);
}

type ReviewRow = Awaited<ReturnType<typeof reviewRowsStatement>>[number];
type ScoreRow = Awaited<ReturnType<typeof reviewScoresStatement>>[number];

/** Count, mean in stars (one decimal, from the real mean) and buckets of the article's OK reviews. */
export function toSummary(rows: readonly ScoreRow[]): ReviewSummaryView {
  return ratingSummary(rows.flatMap((row) => Array.from({ length: row.reviews }, () => row.score)));
}

/** A row as the API and pages show it; `withVote` adds the caller's vote (signed-in callers only). */
export function toReviewView(row: ReviewRow, media: readonly PublicMedia[], withVote: boolean): ReviewView {
  return {
    id: row.id,
    // A nick is required to publish; an account deleted or renamed to nothing still shows something.
    nick: row.nick ?? '—',
    rating: row.rating,
    stars: starsFromScore(row.rating),
    title: row.title,
    body: row.body,
    language: row.language,
    verified: row.verifiedOrder !== null,
    helpful: row.helpful,
    unhelpful: row.unhelpful,
    createdAt: new Date(row.createdAt).toISOString(),
    publishedAt: row.publishedAt === null ? null : new Date(row.publishedAt).toISOString(),
    media: media.map(({ id, kind, width, height }) => ({ id, kind, width, height })),
    ...(withVote ? { myVote: row.myVote ?? null } : {}),
  };
}

export interface ReviewPage {
  items: ReviewView[];
  totalItems: number;
  page: number;
  pageSize: number;
  summary: ReviewSummaryView;
}

/**
 * A page of an article's OK reviews with the summary: one batch (rows, count, scores), then the
 * public media of the rows shown.
 */
export async function listReviews(
  db: Db,
  articleId: number,
  filters: ReviewFilters,
  now: Date,
  viewerId: number | null,
  mediaOf: (ids: readonly number[]) => Promise<Map<number, PublicMedia[]>>,
): Promise<ReviewPage> {
  const [rows, [count], scores] = await db.batch([
    reviewRowsStatement(db, articleId, filters, now, { viewerId }),
    reviewCountStatement(db, articleId, filters, now),
    reviewScoresStatement(db, articleId),
  ]);
  const media = rows.length > 0 ? await mediaOf(rows.map((row) => row.id)) : new Map<number, PublicMedia[]>();
  return {
    items: rows.map((row) => toReviewView(row, media.get(row.id) ?? [], viewerId !== null)),
    totalItems: count?.total ?? 0,
    page: filters.page,
    pageSize: REVIEWS_PAGE_SIZE,
    summary: toSummary(scores),
  };
}

export interface VoteResult {
  helpful: number;
  unhelpful: number;
  myVote: boolean;
}

/**
 * The caller's helpful / not-helpful vote on an OK review: one per user (a second vote replaces
 * the first). In one batch: the vote, the review's two counts recounted from the votes (so
 * concurrent votes cannot drift them), and the author's helpfulVote point for a helpful vote
 * (withdrawn when the vote turns unhelpful). Not an OK review → 404; one's own review → 400.
 */
export async function voteOnReview(db: Db, reviewId: number, voterId: number, helpful: boolean, now: Date): Promise<VoteResult> {
  const [review] = await db
    .select({ userId: productReviews.userId, state: productReviews.state })
    .from(productReviews)
    .where(eq(productReviews.id, reviewId))
    .limit(1);
  if (!review || review.state !== 'OK') throw appError('notFound');
  if (review.userId === voterId) throw appError('ownReviewVote');
  const at = now.getTime();
  const ref = `review:${reviewId}:${voterId}`;
  const counted = (value: boolean) => sql`(SELECT count(*) FROM ${reviewVotes} WHERE ${reviewVotes.reviewId} = ${reviewId} AND ${reviewVotes.helpful} = ${value ? 1 : 0})`;
  const [, [counts]] = await db.batch([
    db
      .insert(reviewVotes)
      .values({ reviewId, userId: voterId, helpful, createdAt: at })
      .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.userId], set: { helpful, createdAt: at } }),
    db
      .update(productReviews)
      .set({ helpfulCount: counted(true), unhelpfulCount: counted(false) })
      .where(eq(productReviews.id, reviewId))
      .returning({ helpful: productReviews.helpfulCount, unhelpful: productReviews.unhelpfulCount }),
    helpful ? awardPoints(db, review.userId, 'helpfulVote', ref, at) : withdrawPoints(db, ['helpfulVote'], ref),
  ]);
  return { helpful: counts?.helpful ?? 0, unhelpful: counts?.unhelpful ?? 0, myVote: helpful };
}
