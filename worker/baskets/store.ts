/**
 * Wishlists and saved baskets in D1 (spec §3 basket/list, §7 basket calls). A list belongs to
 * one customer: every read or change by its row id goes through the ownership check
 * (`ownList`), so someone else's id is the same 404 as no list. A public list is also reachable
 * by its `public_id` (`publicList`), and only while it is public.
 *
 * Prices: an article keeps the price the shopper saw when adding it; what a list shows and
 * totals is the price now, the channel's buy-box price (`listings.price`, what "add to basket"
 * charges), null where the article cannot be bought here.
 *
 * The limits (./rules.ts) hold under concurrent calls: each insertion is one guarded statement
 * (`INSERT … SELECT … WHERE count < limit`), and SQLite runs a statement alone.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, articleTranslations, basketArticles, baskets, brands, listings, offers, users } from '../db/schema';
import { loadOwned } from '../identity/owned';
import { appError } from '../http/errors';
import { listTotal, MAX_ARTICLES_PER_LIST, MAX_LISTS_PER_USER, MAX_UNITS, newPublicId, planMerge, priceDrop, type ListType, type ListVisibility } from './rules';

export type BasketRow = typeof baskets.$inferSelect;

export const OWNED_BASKETS = { table: baskets, id: baskets.id, userId: baskets.userId };

export interface ListSummary {
  id: number;
  publicId: string;
  name: string;
  type: ListType;
  visibility: ListVisibility;
  isDefault: boolean;
  createdAt: number;
  updatedAt: number;
  /** Articles in the list. */
  count: number;
  /** Units of every article. */
  units: number;
  /** Cents: price now × units of the articles sold on this channel. */
  total: number;
}

export interface ListArticle {
  articleId: number;
  offerId: number | null;
  name: string;
  slug: string | null;
  brand: string;
  imageKey: string;
  units: number;
  /** Cents the shopper saw when adding it. */
  priceWhenAdded: number;
  /** Cents now on this channel; null when it cannot be bought here. */
  priceNow: number | null;
  /** Cents the price fell since it was added, or null. */
  drop: number | null;
  /** Spec §3 availability code on this channel; null when not sold here. */
  availabilityCode: number | null;
  addedAt: number;
}

export interface ListDetail {
  list: ListSummary;
  articles: ListArticle[];
}

function summaryOf(row: BasketRow, lines: readonly ListArticle[]): ListSummary {
  return {
    id: row.id,
    publicId: row.publicId,
    name: row.name,
    type: row.type,
    visibility: row.visibility,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    count: lines.length,
    units: lines.reduce((sum, line) => sum + line.units, 0),
    total: listTotal(lines),
  };
}

/** The customer's lists, oldest first, with counts and totals at today's prices on the channel (one statement). */
export async function listsOf(db: Db, userId: number, channel: string): Promise<ListSummary[]> {
  const rows = await db
    .select({
      row: baskets,
      count: sql<number>`count(${basketArticles.articleId})`,
      units: sql<number>`coalesce(sum(${basketArticles.units}), 0)`,
      total: sql<number>`coalesce(sum(${basketArticles.units} * ${listings.price}), 0)`,
    })
    .from(baskets)
    .leftJoin(basketArticles, eq(basketArticles.basketId, baskets.id))
    .leftJoin(listings, and(eq(listings.articleId, basketArticles.articleId), eq(listings.channel, channel)))
    .where(eq(baskets.userId, userId))
    .groupBy(baskets.id)
    .orderBy(asc(baskets.createdAt), asc(baskets.id));
  return rows.map(({ row, count, units, total }) => ({ ...summaryOf(row, []), count: Number(count), units: Number(units), total: Number(total) }));
}

/** The caller's own list, or the 404 (the same answer for someone else's and none). */
export async function ownList(db: Db, userId: number, id: number): Promise<BasketRow> {
  return loadOwned(db, OWNED_BASKETS, userId, id);
}

/** A list by its public id while it is public, else the 404 (a private list is its owner's only). */
export async function publicList(db: Db, publicId: string): Promise<BasketRow & { ownerNick: string | null }> {
  const [row] = await db
    .select({ basket: baskets, ownerNick: users.nick })
    .from(baskets)
    .innerJoin(users, eq(users.id, baskets.userId))
    .where(and(eq(baskets.publicId, publicId), eq(baskets.visibility, 'public')))
    .limit(1);
  if (!row) throw appError('notFound');
  return { ...row.basket, ownerNick: row.ownerNick };
}

/** A list's articles, newest first, with their prices then and now and their availability on the channel. */
export async function articlesOf(db: Db, basketId: number, channel: string, language: string): Promise<ListArticle[]> {
  const rows = await db
    .select({
      articleId: basketArticles.articleId,
      offerId: basketArticles.offerId,
      units: basketArticles.units,
      priceWhenAdded: basketArticles.price,
      addedAt: basketArticles.addedAt,
      name: articleTranslations.name,
      slug: articleTranslations.slug,
      brand: brands.name,
      imageKey: articles.imageKey,
      reference: articles.reference,
      priceNow: listings.price,
      availabilityCode: listings.availabilityCode,
    })
    .from(basketArticles)
    .innerJoin(articles, eq(articles.id, basketArticles.articleId))
    .innerJoin(brands, eq(brands.id, articles.brandId))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
    .leftJoin(listings, and(eq(listings.articleId, basketArticles.articleId), eq(listings.channel, channel)))
    .where(eq(basketArticles.basketId, basketId))
    .orderBy(desc(basketArticles.addedAt), asc(basketArticles.articleId));
  return rows.map(({ reference, name, ...row }) => ({
    ...row,
    name: name ?? reference,
    drop: priceDrop(row.priceWhenAdded, row.priceNow),
  }));
}

export async function listDetail(db: Db, row: BasketRow, channel: string, language: string): Promise<ListDetail> {
  const lines = await articlesOf(db, row.id, channel, language);
  return { list: summaryOf(row, lines), articles: lines };
}

/** Creates a list within MAX_LISTS_PER_USER (listLimit otherwise); `isDefault` only when the customer has no default yet. */
export async function createList(db: Db, userId: number, input: { name: string; type: ListType; visibility: ListVisibility; isDefault?: boolean }, now: number): Promise<BasketRow> {
  const publicId = newPublicId();
  const row = await db.$client
    .prepare(
      `INSERT INTO baskets (public_id, user_id, name, type, visibility, is_default, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7
       WHERE (SELECT count(*) FROM baskets WHERE user_id = ?2) < ?8
         AND (?6 = 0 OR NOT EXISTS (SELECT 1 FROM baskets WHERE user_id = ?2 AND is_default = 1))
       RETURNING id`,
    )
    .bind(publicId, userId, input.name, input.type, input.visibility, input.isDefault ? 1 : 0, now, MAX_LISTS_PER_USER)
    .first<{ id: number }>();
  if (!row) {
    if (input.isDefault) {
      const existing = await defaultList(db, userId);
      if (existing) return existing;
    }
    throw appError('basketListLimit');
  }
  return ownList(db, userId, row.id);
}

async function defaultList(db: Db, userId: number): Promise<BasketRow | undefined> {
  const [row] = await db.select().from(baskets).where(and(eq(baskets.userId, userId), eq(baskets.isDefault, true))).limit(1);
  return row;
}

/**
 * The list "add to wishlist" adds to: the default one; without one, the oldest wishlist becomes
 * the default; without any wishlist, a private one named `name` is created. Two first adds at
 * once create one list (the insertion is guarded by "no default yet").
 */
export async function defaultListFor(db: Db, userId: number, name: string, now: number): Promise<BasketRow> {
  const found = await defaultList(db, userId);
  if (found) return found;
  const [oldest] = await db.select().from(baskets).where(and(eq(baskets.userId, userId), eq(baskets.type, 'wishlist'))).orderBy(asc(baskets.createdAt), asc(baskets.id)).limit(1);
  if (oldest) {
    await db.$client
      .prepare('UPDATE baskets SET is_default = 1 WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM baskets WHERE user_id = ?2 AND is_default = 1)')
      .bind(oldest.id, userId)
      .run();
    return (await defaultList(db, userId))!;
  }
  return createList(db, userId, { name, type: 'wishlist', visibility: 'private', isDefault: true }, now);
}

export async function updateList(db: Db, row: BasketRow, changes: { name?: string; visibility?: ListVisibility }, now: number): Promise<BasketRow> {
  await db
    .update(baskets)
    .set({ ...changes, updatedAt: now })
    .where(eq(baskets.id, row.id));
  return { ...row, ...changes, updatedAt: now };
}

/** Removes a list and its articles together. */
export async function deleteList(db: Db, row: BasketRow): Promise<void> {
  await db.batch([db.delete(basketArticles).where(eq(basketArticles.basketId, row.id)), db.delete(baskets).where(eq(baskets.id, row.id))]);
}

/**
 * The offer an article would be added with on the channel: the one named by `key` (it must be the
 * article's, on this channel), else none (the best offer when buying); `undefined` when the
 * article is not sold on the channel at all.
 */
export async function saleOf(db: Db, channel: string, articleId: number, key: number | undefined): Promise<{ offerId: number | null } | undefined> {
  const rows = await db
    .select({ offerId: offers.id })
    .from(offers)
    .where(and(eq(offers.articleId, articleId), eq(offers.channel, channel)));
  if (rows.length === 0) return undefined;
  if (key === undefined) return { offerId: null };
  return rows.some((r) => r.offerId === key) ? { offerId: key } : undefined;
}

/**
 * Puts an article in a list, or sets its units when it is there already (the price seen first
 * and the date it was added stay). Refused with basketArticleLimit when the list is full.
 */
export async function putArticle(db: Db, row: BasketRow, input: { articleId: number; offerId: number | null; price: number; units: number }, now: number): Promise<void> {
  const [result] = await db.$client.batch([
    db.$client
      .prepare(
        `INSERT INTO basket_articles (basket_id, article_id, offer_id, price, units, added_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6
         WHERE (SELECT count(*) FROM basket_articles WHERE basket_id = ?1) < ?7
            OR EXISTS (SELECT 1 FROM basket_articles WHERE basket_id = ?1 AND article_id = ?2)
         ON CONFLICT (basket_id, article_id) DO UPDATE SET units = excluded.units, offer_id = excluded.offer_id`,
      )
      .bind(row.id, input.articleId, input.offerId, input.price, input.units, now, MAX_ARTICLES_PER_LIST),
    db.$client.prepare('UPDATE baskets SET updated_at = ?2 WHERE id = ?1').bind(row.id, now),
  ]);
  if (result!.meta.changes === 0) throw appError('basketArticleLimit');
}

/** Takes an article out of a list; an article that is not in it is the 404 and nothing changes. */
export async function removeArticle(db: Db, row: BasketRow, articleId: number, now: number): Promise<void> {
  const [result] = await db.batch([
    db.delete(basketArticles).where(and(eq(basketArticles.basketId, row.id), eq(basketArticles.articleId, articleId))),
    db.update(baskets).set({ updatedAt: now }).where(eq(baskets.id, row.id)),
  ]);
  if (result.meta.changes === 0) throw appError('basketArticleNotInList');
}

export interface CopyResult {
  /** Articles new to the target list. */
  added: number;
  /** Articles already there whose units grew. */
  merged: number;
  /** Articles left out: the target list was full. */
  skipped: number[];
}

/**
 * Copies the articles of `source` into `target` (./rules.ts planMerge): units of an article in
 * both add up (at most 99), new ones keep the price the source saw, in one D1 batch. Every
 * insertion is guarded by the article limit too, so a concurrent addition cannot overfill it.
 */
export async function copyInto(db: Db, target: BasketRow, source: BasketRow, now: number): Promise<CopyResult> {
  const [targetLines, sourceLines] = await Promise.all([
    db.select({ articleId: basketArticles.articleId, units: basketArticles.units }).from(basketArticles).where(eq(basketArticles.basketId, target.id)),
    db
      .select({ articleId: basketArticles.articleId, units: basketArticles.units, price: basketArticles.price, offerId: basketArticles.offerId })
      .from(basketArticles)
      .where(eq(basketArticles.basketId, source.id))
      .orderBy(asc(basketArticles.addedAt), asc(basketArticles.articleId)),
  ]);
  const plan = planMerge(targetLines, sourceLines);
  const offerOf = new Map(sourceLines.map((line) => [line.articleId, line.offerId]));
  const statements = [
    ...plan.updates.map((u) => db.$client.prepare('UPDATE basket_articles SET units = ?3 WHERE basket_id = ?1 AND article_id = ?2').bind(target.id, u.articleId, u.units)),
    ...plan.inserts.map((line) =>
      db.$client
        .prepare(
          `INSERT INTO basket_articles (basket_id, article_id, offer_id, price, units, added_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM basket_articles WHERE basket_id = ?1) < ?7
           ON CONFLICT (basket_id, article_id) DO UPDATE SET units = min(${MAX_UNITS}, basket_articles.units + excluded.units)`,
        )
        .bind(target.id, line.articleId, offerOf.get(line.articleId) ?? null, line.price, line.units, now, MAX_ARTICLES_PER_LIST),
    ),
    db.$client.prepare('UPDATE baskets SET updated_at = ?2 WHERE id = ?1').bind(target.id, now),
  ];
  const results = await db.$client.batch(statements);
  // An insertion the guard refused (the list filled up meanwhile) is reported as skipped too.
  const refused = plan.inserts.filter((_, index) => results[plan.updates.length + index]!.meta.changes === 0).map((line) => line.articleId);
  return { added: plan.inserts.length - refused.length, merged: plan.updates.length, skipped: [...plan.skipped, ...refused] };
}
