/**
 * The consumer of the `ampora-catalogue-updates` queue (docs/catalogue-import.md): each message
 * is one line of an import (worker/api/catalogue-import.ts). A batch of messages is applied as
 * one D1 `batch()`, which is one transaction:
 *
 * 1. REFRESH_ARTICLES_BEFORE_SQL for the batch's articles (what their listing rows counted);
 * 2. per line: its verdict (superseded by a newer line already applied to the offer, failed
 *    because the offer, article or seller is missing, or applied), the change to `offers` (and
 *    today's `price_history` row when the store's own price changes), the offer's stamp, and the
 *    line's status. Every write is guarded by the line still being `queued`, so a message
 *    delivered again after its batch committed changes nothing;
 * 3. REFRESH_ARTICLES_AFTER_SQL: listings, listing_sellers and facet counts of those articles;
 * 4. one `catalogue_invalidations` row naming the articles whose lines were applied, which every
 *    isolate reads within VERSION_MEMO_MS to stop serving cached pages that show them.
 *
 * If the transaction fails, nothing of it happened, and the whole batch is retried by the queue
 * (then the dead-letter queue after max_retries).
 */
import { invalidationSql, pruneInvalidationsSql, REFRESH_ARTICLES_AFTER_SQL, REFRESH_ARTICLES_BEFORE_SQL } from '../db/refresh';
import { stockCodesSql } from '../db/stock-codes';
import { OWN_SELLER_ID } from '../domain/catalogue/buybox';
import type { CatalogueLine } from './catalogue-lines';

/** One queued line. */
export interface CatalogueUpdateMessage {
  importId: number;
  /** The line's number in its file. */
  line: number;
  change: CatalogueLine;
}

/** Lines of one import never exceed this, so import id × LINE_STAMP_BASE + line orders every line ever sent. */
export const LINE_STAMP_BASE = 1_000_000;
/** A failed batch waits this long before the queue delivers it again. */
export const RETRY_DELAY_SECONDS = 10;

export const lineStamp = (message: CatalogueUpdateMessage): number => message.importId * LINE_STAMP_BASE + message.line;

const OFFER = 'article_id = ?2 AND seller_id = ?3 AND channel = ?4 AND condition = ?5';
/** Binds ?1 key, ?2–?5 the offer, ?6 the stamp. */
const STILL_QUEUED = "EXISTS (SELECT 1 FROM catalogue_import_lines WHERE key = ?1 AND status = 'queued' AND outcome = 'applied')";

/** SQL: why a line cannot be applied (an error text), or NULL. */
function refusalSql(op: CatalogueLine['op']): string {
  if (op === 'create') {
    return `CASE WHEN NOT EXISTS (SELECT 1 FROM articles WHERE id = ?2) THEN 'article not found'
      WHEN NOT EXISTS (SELECT 1 FROM sellers WHERE id = ?3) THEN 'seller not found' END`;
  }
  return `CASE WHEN NOT EXISTS (SELECT 1 FROM offers WHERE ${OFFER}) THEN 'offer not found' END`;
}

function verdictSql(op: CatalogueLine['op']): string {
  const stale = `?6 <= coalesce((SELECT stamp FROM offer_update_stamps WHERE ${OFFER}), -1)`;
  return `UPDATE catalogue_import_lines SET
    outcome = CASE WHEN ${stale} THEN 'superseded' WHEN (${refusalSql(op)}) IS NOT NULL THEN 'failed' ELSE 'applied' END,
    error = CASE WHEN ${stale} THEN NULL ELSE ${refusalSql(op)} END
  WHERE key = ?1 AND status = 'queued'`;
}

/** The statements of one line, in order, each with its parameters. */
function lineStatements(message: CatalogueUpdateMessage, now: number): [string, unknown[]][] {
  const { change } = message;
  const key = [change.id, change.article, change.seller, change.channel, change.condition, lineStamp(message)];
  const statements: [string, unknown[]][] = [[verdictSql(change.op), key]];
  if (change.op === 'update') {
    statements.push([
      `UPDATE offers SET price = coalesce(?7, price),
        original_price = CASE WHEN ?8 THEN ?9 ELSE original_price END,
        stock = coalesce(?10, stock),
        ${stockCodesSql('?10', '?11')}
      WHERE ${OFFER} AND ${STILL_QUEUED}`,
      [...key, change.price ?? null, change.originalPrice !== undefined ? 1 : 0, change.originalPrice ?? null, change.stock ?? null, change.availabilityCode ?? null],
    ]);
  } else if (change.op === 'create') {
    statements.push([
      `INSERT INTO offers (article_id, seller_id, channel, condition, price, original_price, stock, availability_code, delivery_min_days, delivery_max_days, min_shipping_price, sent_by)
      SELECT ?2, ?3, ?4, ?5, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14 WHERE ${STILL_QUEUED}
      ON CONFLICT (article_id, seller_id, channel, condition) DO UPDATE SET price = excluded.price, original_price = excluded.original_price, stock = excluded.stock,
        availability_code = excluded.availability_code, delivery_min_days = excluded.delivery_min_days, delivery_max_days = excluded.delivery_max_days,
        min_shipping_price = excluded.min_shipping_price, sent_by = excluded.sent_by, sold_out_code = NULL`,
      [...key, change.price, change.originalPrice, change.stock, change.availabilityCode, change.deliveryMinDays, change.deliveryMaxDays, change.minShippingPrice, change.sentBy],
    ]);
  } else {
    statements.push([`DELETE FROM offers WHERE ${OFFER} AND ${STILL_QUEUED}`, key.slice(0, 5)]);
  }
  // The lowest-price labels read the store's own price as set day by day (spec §9).
  const ownPrice = change.op !== 'withdraw' && change.price !== undefined && change.seller === OWN_SELLER_ID && change.condition === 'new';
  if (ownPrice) {
    statements.push([
      `INSERT INTO price_history (article_id, channel, day, price) SELECT ?2, ?4, ?7, price FROM offers WHERE ${OFFER} AND ${STILL_QUEUED}
      ON CONFLICT (article_id, channel, day) DO UPDATE SET price = excluded.price`,
      [...key, new Date(now).toISOString().slice(0, 10)],
    ]);
  }
  statements.push(
    [
      `INSERT INTO offer_update_stamps (article_id, seller_id, channel, condition, stamp) SELECT ?2, ?3, ?4, ?5, ?6 WHERE ${STILL_QUEUED}
      ON CONFLICT (article_id, seller_id, channel, condition) DO UPDATE SET stamp = max(stamp, excluded.stamp)`,
      key,
    ],
    [`UPDATE catalogue_import_lines SET status = outcome, outcome = NULL, applied_at = ?2 WHERE key = ?1 AND status = 'queued'`, [change.id, now]],
  );
  return statements;
}

/**
 * Applies the lines of a batch in one transaction (see the file's comment). Returns the ids of
 * the articles whose lines were applied now (none when every line had been applied before).
 */
export async function applyCatalogueUpdates(db: D1Database, messages: readonly CatalogueUpdateMessage[], now: number): Promise<number[]> {
  if (messages.length === 0) return [];
  // In file order, so that of two lines about one offer in the same batch the later one is applied last.
  const ordered = [...messages].sort((a, b) => lineStamp(a) - lineStamp(b));
  const articles = JSON.stringify([...new Set(ordered.map((message) => message.change.article))]);
  const keys = JSON.stringify(ordered.map((message) => [message.change.id, message.change.article]));
  const statements: [string, unknown[]][] = [
    ...REFRESH_ARTICLES_BEFORE_SQL.map((sql): [string, unknown[]] => [sql, [articles]]),
    ...ordered.flatMap((message) => lineStatements(message, now)),
    ...REFRESH_ARTICLES_AFTER_SQL.map((sql): [string, unknown[]] => [sql, [articles]]),
    [
      invalidationSql(
        `SELECT DISTINCT json_extract(j.value, '$[1]') AS article FROM json_each(?1) j
        JOIN catalogue_import_lines l ON l.key = json_extract(j.value, '$[0]')
        WHERE l.status = 'applied' AND l.applied_at = ?2`,
        '?2',
      ),
      [keys, now],
    ],
    [pruneInvalidationsSql('?1'), [now]],
  ];
  const results = await db.batch(statements.map(([sql, params]) => db.prepare(sql).bind(...params)));
  const invalidated = results.at(-2)?.results[0] as { article_ids: string } | undefined;
  return invalidated ? (JSON.parse(invalidated.article_ids) as number[]) : [];
}

/** The Worker's `queue` handler for CATALOGUE_UPDATES: the batch is applied whole, or retried whole. */
export async function consumeCatalogueUpdates(batch: MessageBatch<CatalogueUpdateMessage>, env: Env): Promise<void> {
  try {
    const articles = await applyCatalogueUpdates(
      env.DB,
      batch.messages.map((message) => message.body),
      Date.now(),
    );
    batch.ackAll();
    console.log(`catalogue updates: ${batch.messages.length} lines, ${articles.length} articles changed`);
  } catch (error) {
    console.error('Catalogue updates failed; the batch will be retried', error);
    batch.retryAll({ delaySeconds: RETRY_DELAY_SECONDS });
  }
}
