/**
 * Stock on hand and the availability code an offer shows (spec §3 codes, worker/cart/rules.ts).
 * An offer promising stock on hand (codes 0–3) whose stock runs out becomes 6, temporarily out
 * of stock, and keeps the code it promised in `offers.sold_out_code`; when units come back (an
 * order cancelled, an import line giving stock without a code) it promises that code again. A
 * code given explicitly (an import line, a whole offer) replaces both.
 *
 * Pages show the code (availability text, buy box, cards, filters, search), never the count, so
 * a stock change shows on the store only when it changes a code. Orders take and give back stock
 * as imports change it, and what they change shows as an import's change does, in the same batch
 * (one transaction): the articles of the offers whose code changed are staged in
 * refresh_articles, their derived rows refreshed with the import's own statements
 * (./refresh.ts refreshArticlesSql) and a catalogue_invalidations row names them, so cached pages
 * and kept page data showing them are retired within VERSION_MEMO_MS in every isolate. A batch
 * that changes no code stages nothing: the refresh's statements find no article and write
 * nothing, and no invalidation row is written. Those statements still cost the database a few
 * milliseconds to prepare and run, so an order is first placed without them, guarded by
 * ranOutGuardSql, and again with them only if it takes an offer's last units on hand
 * (worker/orders/place.ts).
 *
 * The statements carry no bound parameters (drizzle's D1 batch cannot bind those of a raw
 * statement, worker/ugc/reviews.ts): offer sets are SQL subqueries and times are integers
 * written into the text.
 */
import { LAST_STOCKED_CODE, OUT_OF_STOCK_CODE } from '../jobs/catalogue-lines';
import { invalidationSql, pruneInvalidationsSql, refreshArticlesSql } from './refresh';

/**
 * SQL: the SET clauses of `availability_code` and `sold_out_code` for an offer whose stock
 * becomes `stock` (an SQL expression over the row as it was: NULL when the stock is not set)
 * and, when `code` is not NULL, whose code is set to it.
 */
export const stockCodesSql = (stock: string, code = 'NULL'): string => `availability_code = CASE WHEN ${code} IS NOT NULL THEN ${code}
          WHEN ${stock} = 0 AND availability_code <= ${LAST_STOCKED_CODE} THEN ${OUT_OF_STOCK_CODE}
          WHEN ${stock} > 0 AND sold_out_code IS NOT NULL THEN sold_out_code ELSE availability_code END,
        sold_out_code = CASE WHEN ${code} IS NOT NULL THEN NULL
          WHEN ${stock} = 0 AND availability_code <= ${LAST_STOCKED_CODE} THEN availability_code
          WHEN ${stock} > 0 THEN NULL ELSE sold_out_code END`;

/**
 * SQL, run right after the stock of `offers` (a subquery of offer ids) changed: their codes as
 * their stock now says (out of stock at 0; the code kept when units came back). Only offers
 * whose code changes are written.
 */
export const settleStockCodesSql = (offers: string): string =>
  `UPDATE offers SET ${stockCodesSql('stock')}
  WHERE id IN ${offers} AND ((stock = 0 AND availability_code <= ${LAST_STOCKED_CODE}) OR (stock > 0 AND sold_out_code IS NOT NULL))`;

/**
 * SQL: stages the articles of those of `offers` that are out of stock with a code kept: run
 * after stock was taken (they ran out now) and before stock is given back (they come back now).
 */
export const stageSoldOutSql = (offers: string): string =>
  `INSERT OR IGNORE INTO refresh_articles (article_id) SELECT article_id FROM offers WHERE id IN ${offers} AND sold_out_code IS NOT NULL`;

/**
 * SQL: fails the batch when one of `offers` promising stock on hand has none left (a NULL into
 * catalogue_invalidations.article_ids, NOT NULL): a batch that leaves units on hand, as most
 * orders do, needs none of the statements below, and one that does not is run again with them.
 */
export const ranOutGuardSql = (offers: string): string =>
  `INSERT INTO catalogue_invalidations (article_ids, created_at) SELECT NULL, 0 FROM offers WHERE id IN ${offers} AND stock = 0 AND availability_code <= ${LAST_STOCKED_CODE} LIMIT 1`;

/** Whether a batch's error is ranOutGuardSql's. */
export const isRanOut = (error: string): boolean => error.includes('NOT NULL constraint failed: catalogue_invalidations.article_ids');

const STAGED = '(SELECT article_id FROM refresh_articles)';
const { before, after } = refreshArticlesSql(STAGED);

/**
 * SQL, last in a batch that staged articles: their derived rows refreshed (`before` may run
 * after the stock changed: a stock change creates and withdraws no offer), one invalidation row
 * naming them at `now` (ms), old rows pruned, the stage emptied. With nothing staged every
 * statement finds nothing to do.
 */
export function stockRefreshSql(now: number): string[] {
  if (!Number.isSafeInteger(now)) throw new Error(`not a time: ${now}`);
  return [
    ...before,
    ...after,
    invalidationSql('SELECT article_id AS article FROM refresh_articles', String(now)),
    `${pruneInvalidationsSql(String(now))} AND EXISTS ${STAGED}`,
    'DELETE FROM refresh_articles',
  ];
}

/** SQL: a string literal. */
export const sqlText = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** SQL: a list of offer ids (integers) as a subquery. */
export function offerIdsSql(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an offer id: ${id}`);
  return `(${ids.join(', ')})`;
}
