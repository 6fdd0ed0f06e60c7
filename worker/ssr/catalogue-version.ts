/**
 * The catalogue version: a KV value (`CACHE` → `catalogue:version`) that is part of every
 * edge-cache key and of the isolate's own caches (pages in memory, the category menu), so one
 * bump retires them all. The value is kept in the isolate for VERSION_MEMO_MS, so a cache hit
 * reads no KV: a bump made elsewhere (another isolate, a script) is seen within that time; one
 * made in this isolate at once.
 */

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
