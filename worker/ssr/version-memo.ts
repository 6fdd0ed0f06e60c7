/**
 * Page data that changes only with the catalogue (the home's blocks, the category menu, a
 * listing's unfiltered first page and facet counts, the brand index), kept in the isolate: keyed
 * by the catalogue version (a bump retires it: ./catalogue-version.ts) and trusted for
 * MEMO_TTL_MS at most (a change made without a bump or an invalidation row shows within a
 * minute, as on a cached page). A failed read is not kept. At most MEMO_POOLS[pool]
 * values per binding and pool, the oldest going first: values of which there are many (one per
 * product) have a pool of their own, so they cannot push the few shared ones (the menu, the
 * home) out. Values are shared by requests: callers must not change them.
 *
 * Values that show prices, stock or offers (listing results, the home's blocks, highlights, a
 * product page's catalogue data) also follow the catalogue updates (worker/jobs/catalogue-updates.ts)
 * and the orders that run an offer out of stock or give it back (worker/db/stock-codes.ts): they
 * are keyed by the invalidation sequence as well, so such a change retires them within
 * VERSION_MEMO_MS, as it retires the cached pages that show the changed articles. Values that show
 * an article's reviews or questions follow that article's changes alike (`followsUserContentOf`).
 */
import { catalogueVersion, invalidationLog } from './catalogue-version';

export const MEMO_TTL_MS = 60_000;
/** Values kept per pool: the shared pool's are few and large, a product page's many and small. */
export const MEMO_POOLS = { shared: 500, products: 300, userContent: 300 } as const;
export type MemoPool = keyof typeof MEMO_POOLS;

interface Entry {
  version: string;
  expires: number;
  value: Promise<unknown>;
}

/** Per D1 binding (tests run several databases in one isolate), per pool, per key. */
const memos = new WeakMap<object, Map<MemoPool, Map<string, Entry>>>();

export interface MemoBindings {
  /** The database the value is read from. */
  db: D1Database;
  /** Where the catalogue version lives. */
  kv: KVNamespace;
}

/** The memo's bindings in the Worker's environment. */
export const memoBindings = (env: Env): MemoBindings => ({ db: env.DB, kv: env.CACHE });

export interface MemoOptions {
  /** The value shows prices, stock or offers: a catalogue update retires it too. */
  followsOffers?: boolean;
  /** The value shows what shoppers wrote about this article (reviews, questions): a change to that retires it too. */
  followsUserContentOf?: number;
  pool?: MemoPool;
  now?: number;
}

/** The value under `key` for the current catalogue version: the isolate's copy when fresh, else `load()` (shared with concurrent requests). */
export async function versionMemo<T>({ db, kv }: MemoBindings, key: string, load: () => Promise<T>, { followsOffers: follows = false, followsUserContentOf: article, pool = 'shared', now = Date.now() }: MemoOptions = {}): Promise<T> {
  let version: string;
  try {
    const [catalogue, log, userContent] = await Promise.all([
      catalogueVersion(kv, now),
      follows ? invalidationLog(db, now) : undefined,
      article === undefined ? undefined : invalidationLog(db, now, 'user_content_invalidations'),
    ]);
    version = [catalogue, ...(log ? [log.seq] : []), ...(userContent ? [`u${userContent.seqOf(article!)}`] : [])].join(':');
  } catch {
    return load(); // no version, no sharing
  }
  let pools = memos.get(db);
  if (!pools) memos.set(db, (pools = new Map()));
  let entries = pools.get(pool);
  if (!entries) pools.set(pool, (entries = new Map()));
  const entry = entries.get(key);
  if (entry && entry.version === version && entry.expires > now) return entry.value as Promise<T>;
  const value = load();
  entries.delete(key); // re-inserted last: the map's order is the age order
  entries.set(key, { version, expires: now + MEMO_TTL_MS, value });
  while (entries.size > MEMO_POOLS[pool]) entries.delete(entries.keys().next().value!);
  value.catch(() => entries.get(key)?.value === value && entries.delete(key));
  return value;
}
