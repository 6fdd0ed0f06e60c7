/**
 * Reviews: writing, editing, withdrawing, and the one state transition (docs/user-content.md
 * "Reviews (write)").
 *
 * A *verified* review is one whose author had bought the article when writing it: a row of
 * `user_purchases` whose order was paid or needs no payment — any order state but
 * `awaiting_payment` (nothing paid yet: a bank transfer never made must not count) and
 * `cancelled`. Delivered, collected and even returned orders count: the customer had the article
 * in their hands. A purchase row without its order (imported history, the demo accounts) counts
 * too: the purchase record is what says they bought it. The same rule makes the account's
 * "to review" list (`pendingReviews`, worker/identity/accounts.ts).
 *
 * Publication: a verified buyer's clean review without media is OK at once; anything else is
 * held (initialState, worker/domain/ugc/moderation.ts). Every state change after creation goes
 * through `setReviewState`/`reviewStateStatements`, so points, the article's rating, the campaign
 * entry and the media decision always follow in the same batch.
 */
import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { articleTranslations, articles, offers, orders, productReviews, reviewVotes, ugcMedia, ugcReports, userPoints, userPurchases, type UgcState } from '../db/schema';
import { initialState } from '../domain/ugc/moderation';
import { POINTS } from '../domain/ugc/points';
import { appError } from '../http/errors';
import { campaignEntryStatements } from './campaigns';
import { attachMediaStatements, checkAttachable, mediaDecisionStatements } from './media';
import { awardPoints, withdrawPoints } from './points';
import { articleRatingStatements } from './rating';

export type ReviewRow = typeof productReviews.$inferSelect;

/** Order states in which a purchase does not (yet, or any more) make its buyer a verified reviewer. */
export const NOT_BOUGHT_ORDER_STATES = ['awaiting_payment', 'cancelled'] as const;

/** The condition on `user_purchases` left-joined with `orders` that the purchase counts as bought. */
export function boughtPurchase(): SQL {
  return or(isNull(orders.state), notInArray(orders.state, [...NOT_BOUGHT_ORDER_STATES]))!;
}

/** The order in which the user bought the article (the earliest that counts), or null. */
export async function verifiedOrderOf(db: Db, userId: number, articleId: number): Promise<string | null> {
  const [row] = await db
    .select({ orderNumber: userPurchases.orderNumber })
    .from(userPurchases)
    .leftJoin(orders, eq(orders.orderNumber, userPurchases.orderNumber))
    .where(and(eq(userPurchases.userId, userId), eq(userPurchases.articleId, articleId), boughtPurchase()))
    .orderBy(asc(userPurchases.purchasedAt))
    .limit(1);
  return row?.orderNumber ?? null;
}

/** Whether the article exists and has an offer on the channel (what a review can be written about). */
export async function articleSoldOn(db: Db, articleId: number, channel: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .innerJoin(offers, and(eq(offers.articleId, articles.id), eq(offers.channel, channel)))
    .where(eq(articles.id, articleId))
    .limit(1);
  return row !== undefined;
}

export interface TransitionOptions {
  /**
   * Whether the move carries a decision on the review's media (approving it approves its media
   * still waiting, rejecting it rejects them). Default: yes for OK and REJECTED — staff decide
   * those; an author's edit passes false (its own media stay as they are, held with it).
   */
  mediaDecision?: boolean;
}

/**
 * The statements of moving a loaded review to `state` (none when it is already there): the row,
 * points awarded or withdrawn, the article's rating, the campaign entry and the media decision.
 */
export function reviewStateStatements(db: Db, review: ReviewRow, state: UgcState, note: readonly string[], now: Date, options: TransitionOptions = {}): BatchItem<'sqlite'>[] {
  if (review.state === state) return [];
  const at = now.getTime();
  const becomesOk = state === 'OK';
  const leavesOk = review.state === 'OK';
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(productReviews)
      .set({ state, moderationNote: JSON.stringify(note), ...(becomesOk ? { publishedAt: at } : {}) })
      .where(eq(productReviews.id, review.id)),
  ];
  // Media first: the reviewMedia points below look at the media as the decision leaves them.
  const mediaDecision = options.mediaDecision ?? state !== 'PENDING_REVIEW';
  if (mediaDecision && state !== 'PENDING_REVIEW') statements.push(...mediaDecisionStatements(db, { kind: 'review', id: review.id }, state));
  if (becomesOk) {
    statements.push(awardPoints(db, review.userId, 'review', review.id, at));
    const [user, id, when] = [int(review.userId), int(review.id), int(at)];
    statements.push(
      db.run(sql`INSERT INTO user_points (user_id, reason, ref_id, points, created_at)
        SELECT ${user}, 'reviewMedia', '${id}', ${int(POINTS.reviewMedia)}, ${when}
        WHERE EXISTS (SELECT 1 FROM ugc_media WHERE attached_kind = 'review' AND attached_id = ${id} AND state = 'OK')
        ON CONFLICT DO NOTHING`),
    );
    // Helpful votes earn their points only while the review is public: given back when it is again.
    statements.push(
      db.run(sql`INSERT INTO user_points (user_id, reason, ref_id, points, created_at)
        SELECT ${user}, 'helpfulVote', 'review:' || review_id || ':' || user_id, ${int(POINTS.helpfulVote)}, ${when}
        FROM review_votes WHERE review_id = ${id} AND helpful = 1 AND user_id <> ${user}
        ON CONFLICT DO NOTHING`),
    );
  } else if (leavesOk) {
    statements.push(withdrawPoints(db, ['review', 'reviewMedia'], review.id));
    statements.push(helpfulVotePointsDeletion(db, review.id));
  }
  statements.push(...articleRatingStatements(db, review.articleId));
  statements.push(...campaignEntryStatements(db, { id: review.id, userId: review.userId, channel: review.channel }, becomesOk, now));
  return statements;
}

/**
 * An integer written into the SQL text: drizzle's D1 batch cannot bind the parameters of a raw
 * `db.run(sql)` statement (it has no prepared statement to bind them to), so raw statements of a
 * batch carry no parameters. Only safe integers get here.
 */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
}

function helpfulVotePointsDeletion(db: Db, reviewId: number) {
  return db.delete(userPoints).where(and(eq(userPoints.reason, 'helpfulVote'), sql`${userPoints.refId} LIKE ${`review:${reviewId}:%`}`));
}

/**
 * The one transition of a review's state (staff decision, report threshold, author edit): moves
 * it to `state` with `note` (rule names or a staff reason) and, in the same batch, keeps what
 * follows from being OK — points, the article's rating, the campaign entry, its media. A move to
 * the state it is already in changes nothing. False when there is no such review.
 */
export async function setReviewState(db: Db, id: number, state: UgcState, note: readonly string[], now: Date, options: TransitionOptions = {}): Promise<boolean> {
  const [review] = await db.select().from(productReviews).where(eq(productReviews.id, id));
  if (!review) return false;
  const statements = reviewStateStatements(db, review, state, note, now, options);
  if (statements.length > 0) await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return true;
}

export interface ReviewInput {
  rating: number;
  title: string;
  body: string;
  mediaIds: readonly string[];
}

export interface ReviewAuthor {
  id: number;
}

/** The state and rules a review's texts and media lead to, for its author. */
function moderationOf(input: ReviewInput, verified: boolean) {
  return initialState([input.title, input.body], verified && input.mediaIds.length === 0);
}

const batch = (db: Db, statements: BatchItem<'sqlite'>[]) => db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);

/**
 * Writes the user's review of an article (texts already checked): verified when they bought it;
 * 409 REVIEW_EXISTS when they already reviewed it; 404 when the article is not sold on the channel.
 */
export async function createReview(
  db: Db,
  input: ReviewInput & { userId: number; articleId: number; channel: string; language: string; now: Date },
): Promise<{ id: number; state: UgcState }> {
  if (!(await articleSoldOn(db, input.articleId, input.channel))) throw appError('notFound');
  const [existing] = await db.select({ id: productReviews.id }).from(productReviews).where(and(eq(productReviews.userId, input.userId), eq(productReviews.articleId, input.articleId)));
  if (existing) throw appError('reviewExists');
  await checkAttachable(db, input.userId, input.mediaIds);
  const verifiedOrder = await verifiedOrderOf(db, input.userId, input.articleId);
  const decided = moderationOf(input, verifiedOrder !== null);
  const at = input.now.getTime();
  let review: ReviewRow;
  try {
    // Written held; the transition below publishes it, so creation earns exactly what a later approval would.
    [review] = (await db
      .insert(productReviews)
      .values({
        userId: input.userId,
        articleId: input.articleId,
        rating: input.rating,
        title: input.title,
        body: input.body,
        language: input.language,
        channel: input.channel,
        state: 'PENDING_REVIEW',
        moderationNote: JSON.stringify(decided.rules),
        verifiedOrder,
        createdAt: at,
        updatedAt: at,
      })
      .returning()) as [ReviewRow];
  } catch (error) {
    // Two submissions at once: the unique index lets one through.
    if (String(error).includes('UNIQUE')) throw appError('reviewExists');
    throw error;
  }
  const statements = [
    ...attachMediaStatements(db, input.userId, input.mediaIds, { kind: 'review', id: review.id }),
    ...reviewStateStatements(db, review, decided.state, decided.rules, input.now, { mediaDecision: false }),
  ];
  try {
    if (statements.length > 0) await batch(db, statements);
  } catch (error) {
    // Nothing half-written: without its media and state the review must not stay.
    await db.delete(productReviews).where(eq(productReviews.id, review.id));
    throw error;
  }
  return { id: review.id, state: decided.state };
}

/**
 * The author's edit of their review (loaded through the ownership check): new texts, rating and
 * media, moderation run again and the state moved through the transition, in one batch.
 */
export async function editReview(db: Db, review: ReviewRow, input: ReviewInput, now: Date): Promise<{ id: number; state: UgcState }> {
  await checkAttachable(db, review.userId, input.mediaIds, { kind: 'review', id: review.id });
  // Bought since writing it: the edit makes it verified (never the other way round).
  const verifiedOrder = review.verifiedOrder ?? (await verifiedOrderOf(db, review.userId, review.articleId));
  const decided = moderationOf(input, verifiedOrder !== null);
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(productReviews)
      .set({ rating: input.rating, title: input.title, body: input.body, verifiedOrder, moderationNote: JSON.stringify(decided.rules), updatedAt: now.getTime() })
      .where(eq(productReviews.id, review.id)),
    ...attachMediaStatements(db, review.userId, input.mediaIds, { kind: 'review', id: review.id }),
    ...reviewStateStatements(db, review, decided.state, decided.rules, now, { mediaDecision: false }),
  ];
  // OK before and after: the new rating still changes the article's average.
  if (review.state === decided.state) statements.push(...articleRatingStatements(db, review.articleId));
  await batch(db, statements);
  return { id: review.id, state: decided.state };
}

/**
 * Removes the author's review and everything that hangs from it, in one batch: votes, reports,
 * points (its own and its helpful votes'), campaign entry; its media are detached (they become
 * the author's unattached uploads again); the article's rating is recomputed without it.
 */
export async function deleteReview(db: Db, review: ReviewRow, now: Date): Promise<void> {
  await batch(db, [
    db.delete(productReviews).where(eq(productReviews.id, review.id)),
    db.delete(reviewVotes).where(eq(reviewVotes.reviewId, review.id)),
    db.delete(ugcReports).where(and(eq(ugcReports.kind, 'review'), eq(ugcReports.targetId, review.id))),
    withdrawPoints(db, ['review', 'reviewMedia'], review.id),
    helpfulVotePointsDeletion(db, review.id),
    ...campaignEntryStatements(db, { id: review.id, userId: review.userId, channel: review.channel }, false, now),
    db.update(ugcMedia).set({ attachedKind: null, attachedId: null }).where(and(eq(ugcMedia.attachedKind, 'review'), eq(ugcMedia.attachedId, review.id))),
    ...articleRatingStatements(db, review.articleId),
  ]);
}

export interface MyReview {
  id: number;
  articleId: number;
  articleName: string | null;
  /** The article's slug in the language asked for (its product page). */
  articleSlug: string | null;
  imageKey: string | null;
  rating: number;
  title: string;
  body: string;
  state: UgcState;
  /** Rule names that held it, or the staff's reason for rejecting it. */
  moderationNote: string[];
  verified: boolean;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  media: { id: string; kind: 'image' | 'video'; state: UgcState }[];
}

function parseNote(note: string): string[] {
  try {
    const parsed = JSON.parse(note) as unknown;
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The user's reviews, newest first, with their state, moderation note and media. */
export async function myReviews(db: Db, userId: number, language: string): Promise<MyReview[]> {
  const rows = await db
    .select({ review: productReviews, name: articleTranslations.name, slug: articleTranslations.slug, imageKey: articles.imageKey })
    .from(productReviews)
    .leftJoin(articles, eq(articles.id, productReviews.articleId))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, productReviews.articleId), eq(articleTranslations.lang, language)))
    .where(eq(productReviews.userId, userId))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    // One statement reads their media: D1's 100 parameters.
    .limit(90);
  const ids = rows.map((row) => row.review.id);
  const media =
    ids.length === 0
      ? []
      : await db
          .select({ id: ugcMedia.id, kind: ugcMedia.kind, state: ugcMedia.state, attachedId: ugcMedia.attachedId })
          .from(ugcMedia)
          .where(and(eq(ugcMedia.attachedKind, 'review'), inArray(ugcMedia.attachedId, ids)))
          .orderBy(asc(ugcMedia.createdAt));
  const iso = (ms: number) => new Date(ms).toISOString();
  return rows.map(({ review, name, slug, imageKey }) => ({
    id: review.id,
    articleId: review.articleId,
    articleName: name,
    articleSlug: slug,
    imageKey,
    rating: review.rating,
    title: review.title,
    body: review.body,
    state: review.state,
    moderationNote: parseNote(review.moderationNote),
    verified: review.verifiedOrder !== null,
    createdAt: iso(review.createdAt),
    updatedAt: iso(review.updatedAt || review.createdAt),
    publishedAt: review.publishedAt === null ? null : iso(review.publishedAt),
    media: media.filter((m) => m.attachedId === review.id).map(({ id, kind, state }) => ({ id, kind, state })),
  }));
}
