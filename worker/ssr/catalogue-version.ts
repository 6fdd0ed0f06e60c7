/**
 * The catalogue version: a KV value (`CACHE` → `catalogue:version`) that is part of every
 * edge-cache key and of the isolate's own caches (pages in memory, the category menu), so one
 * bump retires them all. The value is kept in the isolate for VERSION_MEMO_MS, so a cache hit
 * reads no KV: a bump made elsewhere (another isolate, a script) is seen within that time; one
 * made in this isolate at once.
 */
import { pruneInvalidationsSql } from '../db/refresh';

/** KV (`CACHE` binding) key of the catalogue version. */
export const CATALOGUE_VERSION_KEY = 'catalogue:version';
/** How long an isolate trusts the version it read. */
export const VERSION_MEMO_MS = 5_000;

const memo = new WeakMap<KVNamespace, { value: string; expires: number }>();

/** The current catalogue version ('0' before the first bump). `now` is the isolate's clock in ms. */
export async function catalogueVersion(kv: KVNamespace, now = Date.now()): Promise<string> {
  const known = memo.get(kv);
  if (known && known.expires > now) return known.value;
  const value = (await kv.get(CATALOGUE_VERSION_KEY)) ?? '0';
  memo.set(kv, { value, expires: now + VERSION_MEMO_MS });
  return value;
}

/** Retires every cached page, sitemap and menu: call after any change to what pages show (catalogue, content, prices). */
export async function bumpCatalogueVersion(kv: KVNamespace, now = Date.now()): Promise<string> {
  const version = `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await kv.put(CATALOGUE_VERSION_KEY, version);
  memo.set(kv, { value: version, expires: Date.now() + VERSION_MEMO_MS });
  return version;
}

// ─── Invalidation of the pages that show some articles ────────────────────────────────────────
// A catalogue update does not bump the version (that would retire every page). The consumer
// (worker/jobs/catalogue-updates.ts) writes, in the transaction that changes the offers, a
// `catalogue_invalidations` row naming the changed articles; its `seq` grows with every commit.
// Each isolate keeps the log of recent rows (article → seq of its latest invalidation) and reads
// the rows after the last it saw at most every VERSION_MEMO_MS, like the version. A cached page
// carries the articles it shows and the seq its isolate knew before rendering it; it is stale
// when one of its articles was invalidated after that seq (worker/ssr/edge-cache.ts).
// Changes to reviews and questions are logged alike in `user_content_invalidations`, by triggers
// (migrations/0032): the product page keeps what it reads of them per article and seq.

/** On its first read an isolate loads the rows of this long ago: longer than any cached copy lives (EDGE_TTL_SECONDS). */
export const INVALIDATION_WINDOW_MS = 10 * 60_000;
/** Rows read at once; a longer backlog makes every page rendered before it stale (the floor). */
const MAX_ROWS_READ = 500;

export class InvalidationLog {
  /** The newest row seen. */
  seq = 0;
  /** Pages rendered knowing less than this are stale whatever they show (a backlog too long to read). */
  floor = 0;
  private readonly articles = new Map<number, { seq: number; at: number }>();
  expires = 0;

  /** Takes rows in seq order. */
  add(rows: readonly { seq: number; article_ids: string; created_at: number }[]): void {
    for (const row of rows) {
      for (const article of JSON.parse(row.article_ids) as number[]) this.articles.set(article, { seq: row.seq, at: row.created_at });
      this.seq = Math.max(this.seq, row.seq);
    }
  }

  /** Forgets invalidations older than the window (no copy rendered before them is still served). */
  prune(now: number): void {
    for (const [article, { at }] of this.articles) if (at < now - INVALIDATION_WINDOW_MS) this.articles.delete(article);
  }

  /** Whether a page rendered knowing `seq` and showing `articles` shows something changed since. */
  isStale(articles: readonly number[], seq: number): boolean {
    if (seq < this.floor) return true;
    return articles.some((article) => (this.articles.get(article)?.seq ?? 0) > seq);
  }

  /** The seq of the article's latest invalidation this log knows (or of its floor): it changes when the article does. */
  seqOf(article: number): number {
    return Math.max(this.floor, this.articles.get(article)?.seq ?? 0);
  }

  /** The articles invalidated after `seq`. */
  changedSince(seq: number): Set<number> {
    const changed = new Set<number>();
    for (const [article, entry] of this.articles) if (entry.seq > seq) changed.add(article);
    return changed;
  }
}

/** The tables of invalidation rows: the catalogue's (offers, prices, stock) and the user content's (reviews, questions). */
export type InvalidationTable = 'catalogue_invalidations' | 'user_content_invalidations';

const logs = { catalogue_invalidations: new WeakMap<D1Database, InvalidationLog>(), user_content_invalidations: new WeakMap<D1Database, InvalidationLog>() };

/** This isolate's log of `table` (the catalogue's unless told), brought up to date at most every VERSION_MEMO_MS. */
export async function invalidationLog(db: D1Database, now = Date.now(), table: InvalidationTable = 'catalogue_invalidations'): Promise<InvalidationLog> {
  let log = logs[table].get(db);
  if (log && log.expires > now) return log;
  const first = !log;
  log ??= new InvalidationLog();
  const read = first
    ? db.prepare(`SELECT seq, article_ids, created_at FROM ${table} WHERE created_at >= ?1 ORDER BY seq LIMIT ${MAX_ROWS_READ}`).bind(now - INVALIDATION_WINDOW_MS)
    : db.prepare(`SELECT seq, article_ids, created_at FROM ${table} WHERE seq > ?1 ORDER BY seq LIMIT ${MAX_ROWS_READ}`).bind(log.seq);
  const [rows, newest] = await db.batch<{ seq: number; article_ids: string; created_at: number }>([read, db.prepare(`SELECT coalesce(max(seq), 0) AS seq, 0 AS article_ids, 0 AS created_at FROM ${table}`)]);
  log.add(rows!.results);
  const last = newest!.results[0]?.seq ?? 0;
  if (last > log.seq) {
    // More rows than one read takes: whatever was rendered before the newest is stale.
    log.seq = last;
    log.floor = last;
  }
  log.prune(now);
  log.expires = now + VERSION_MEMO_MS;
  logs[table].set(db, log);
  return log;
}

/** Makes this isolate read `table`'s new rows at its next use: after a write of its own, so that the writer sees it at once. */
export function expireInvalidationLog(db: D1Database, table: InvalidationTable): void {
  const log = logs[table].get(db);
  if (log) log.expires = 0;
}

/** Deletes the user content's invalidation rows older than a day (a scheduled job): the catalogue's go with each import. */
export async function pruneUserContentInvalidations(db: D1Database, now: number): Promise<void> {
  await db.prepare(pruneInvalidationsSql('?1', 'user_content_invalidations')).bind(now).run();
}
