/**
 * The edge cache for anonymous content pages (and the sitemaps): Cache API `caches.default`,
 * keyed by channel, language, full URL and the catalogue version in KV, so bumping the version
 * retires every cached page at once. In front of it, the isolate keeps its own copies in memory
 * (./memory-cache.ts), and the version itself for a few seconds (./catalogue-version.ts): a
 * memory hit does no I/O at all. The streamed body is teed: the visitor gets it as it renders,
 * the copy is stored once complete (`waitUntil`), in the Cache API and in memory. A cached page
 * carries the CSP nonce of the response that was stored; a hit puts this response's nonce in
 * its place.
 *
 * A catalogue update retires only the copies that show its articles, in every isolate and
 * colo, without a version bump: a page names the articles it shows (`tagEdgeCache`, from the
 * loader's `articles`), its copies carry them with the invalidation seq known before rendering,
 * and a copy showing an article invalidated since is not served (./catalogue-version.ts,
 * docs/catalogue-import.md).
 *
 * Cached HTML must hold nothing personal. The personal parts of cached pages (the header's
 * "signed in as" and basket count) are filled in by the page script after load from
 * POST /api/users/info; account, checkout and sign-in pages are never cached.
 */
import type { MiddlewareHandler } from 'hono';
import { href, languagePrefix, matchPath, type RouteId, type RoutingChannel } from '../../client/routes';
import type { Channel } from '../channel/channels';
import type { AppContext, AppEnv } from '../http/context';
import { contentSecurityPolicy } from '../http/security-headers';
import { acceptsGzip } from './gzip-parts';
import { catalogueVersion, invalidationLog, type InvalidationLog } from './catalogue-version';
import { DEFAULT_MEMORY_LIMITS, MemoryPageCache, type MemoryCacheLimits, type MemoryEntry, type StoredPage } from './memory-cache';

export { bumpCatalogueVersion, CATALOGUE_VERSION_KEY, catalogueVersion } from './catalogue-version';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set when the response must not be stored (a render error after the shell was sent). */
    edgeCacheSkip: boolean;
    /** Epoch ms after which a stored copy must not be served (the page changes then: a banner ends). */
    edgeCacheUntil: number;
    /** The articles the page shows: a catalogue update of any of them retires its copies. */
    edgeCacheArticles: Set<number>;
  }
}

/** How long the edge keeps a page: short, so time-dependent wording (delivery "today") stays close. */
export const EDGE_TTL_SECONDS = 300;
/** Cookies that mean a personal session: their holders never get or fill the shared cache. */
const SESSION_COOKIES = new Set(['session', '__host-session', '__secure-session', 'ampora_session', '__host-ampora_session']);

/** Route-table screens whose pages are the same for every anonymous visitor. Slug pages (one segment) are too. */
const CACHEABLE_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['home', 'search', 'brands', 'blog', 'blogPost', 'blogTag', 'buyKeyword']);

/** True when the Cookie header holds a session cookie (`__Host-session`, `session`…). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => SESSION_COOKIES.has(pair.split('=')[0]!.trim().toLowerCase()));
}

const privateRootsByChannel = new Map<string, string[]>();

/** The roots the shared cache never touches on a channel, in each of its languages: checkout, CMS preview, account. */
function privateRoots(channel: RoutingChannel): string[] {
  const key = `${channel.defaultLanguage}|${channel.languages.join(',')}`;
  let roots = privateRootsByChannel.get(key);
  if (!roots) {
    roots = channel.languages.flatMap((language) => {
      const prefix = languagePrefix(language, channel);
      return [`${prefix}/cart`, `${prefix}/cms-preview`, href('account', language, channel)];
    });
    privateRootsByChannel.set(key, roots);
  }
  return roots;
}

/** The paths the shared cache never touches, whatever the route table says: API, checkout, account, preview. */
function isPrivatePath(pathname: string, channel: RoutingChannel): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return true;
  return privateRoots(channel).some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** The sitemap index and its children are the same for everyone too. */
export function isSitemapPath(pathname: string): boolean {
  return pathname === '/sitemap.xml' || /^\/sitemaps\/[a-z]+-\d+\.xml$/.test(pathname);
}

/** Whether a path may be served from and stored in the shared cache (method and cookies aside). */
export function isCacheablePath(pathname: string, channel: RoutingChannel): boolean {
  if (isSitemapPath(pathname)) return true;
  if (isPrivatePath(pathname, channel)) return false;
  const match = matchPath(pathname, channel);
  if (match.kind === 'route') return CACHEABLE_ROUTES.has(match.id);
  // The dynamic resolver answers single-segment slugs; anything deeper is a 404.
  return match.kind === 'dynamic' && match.path.split('/').filter(Boolean).length === 1;
}

/** A synthetic URL on the request's own host: version, channel, language, then the full URL. */
export function edgeCacheKey(url: URL, channel: string, language: string, version: string): string {
  return `${url.origin}/__edge-cache/${encodeURIComponent(version)}/${channel}/${language}${url.pathname}${url.search}`;
}

/**
 * Whether pages are kept compressed and hits sent gzip-encoded: in every environment but
 * development, unless the `EDGE_CACHE_GZIP` var says `on` or `off`. Locally, the two runtime
 * layers in front of the Worker (`wrangler dev`'s proxy and miniflare's entry) decode a gzip
 * response and encode it again, which costs more than the bytes save; on Cloudflare the front
 * line passes it as it is.
 */
function gzipByEnvironment(env: Env): boolean {
  const flag = (env as Env & { EDGE_CACHE_GZIP?: string }).EDGE_CACHE_GZIP;
  if (flag === 'on' || flag === 'off') return flag === 'on';
  return env.ENVIRONMENT !== 'development';
}

/** The cache is on in every environment but development, unless the `EDGE_CACHE` var says `on` or `off`. */
function enabledByEnvironment(env: Env): boolean {
  const flag = (env as Env & { EDGE_CACHE?: string }).EDGE_CACHE;
  if (flag === 'on' || flag === 'off') return flag === 'on';
  return env.ENVIRONMENT !== 'development';
}

function executionContext(c: AppContext): { waitUntil(promise: Promise<unknown>): void } | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // Hono throws when the app was called without one
  }
}

const STORABLE_TYPE = /^(text\/html|application\/xml)\b/i;

function withHeaders(response: Response, headers: Record<string, string>, body: BodyInit | null = response.body): Response {
  const copy = new Response(body, response);
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}

/** Replaces the response outright (assigning over an existing `c.res` would let its old headers win). */
function respond(c: AppContext, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/** Marks this request's response as not to be stored (render errors after the shell). */
export function skipEdgeCache(c: AppContext): void {
  c.set('edgeCacheSkip', true);
}

/**
 * Caps how long this response may be kept: a page whose content changes at a known instant (a
 * banner's or campaign's start or end) is served from no cache past it. The earliest cap wins.
 */
export function limitEdgeCache(c: AppContext, until: Date): void {
  const time = until.getTime();
  const current = c.get('edgeCacheUntil');
  if (Number.isFinite(time) && (current === undefined || time < current)) c.set('edgeCacheUntil', time);
}

/** Records articles this response shows (product page, cards of a listing or of the home…). */
export function tagEdgeCache(c: AppContext, articles: Iterable<number>): void {
  const tagged = c.get('edgeCacheArticles') ?? new Set<number>();
  for (const article of articles) tagged.add(article);
  c.set('edgeCacheArticles', tagged);
}

export interface EdgeCacheOptions {
  /** Force the cache on or off (tests); by default it follows the environment (see enabledByEnvironment). */
  enabled?: boolean;
  /** Bounds of the isolate's in-memory layer, or false for none. */
  memory?: MemoryCacheLimits | false;
}

/** Headers of the Cache API copy only: when it was stored and the nonce its HTML carries. */
const STORED_AT = 'X-Edge-Stored-At';
const STORED_NONCE = 'X-Edge-Nonce';
/** Epoch ms past which the copy is stale even within the TTL (limitEdgeCache). */
const STORED_EXPIRES = 'X-Edge-Expires';
/** The articles the page shows (comma-separated ids) and the invalidation seq known when it was rendered. */
const STORED_ARTICLES = 'X-Edge-Articles';
const STORED_SEQ = 'X-Edge-Seq';
const INTERNAL_HEADERS = ['Cache-Control', 'Content-Length', 'Content-Security-Policy', STORED_AT, STORED_NONCE, STORED_EXPIRES, STORED_ARTICLES, STORED_SEQ];

function visitorHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  for (const name of INTERNAL_HEADERS) copy.delete(name);
  return copy;
}

/**
 * A stored page as this response: this response's nonce in the HTML and the CSP header, no-cache
 * for the browser; gzip-encoded as kept when it is kept compressed and the client takes gzip
 * (`encodeBody: 'manual'`: the runtime sends the bytes as they are), else as text.
 */
function hitResponse(entry: MemoryEntry, c: AppContext, tier: 'memory' | 'edge'): Response {
  const nonce = c.var.nonce;
  const headers: [string, string][] = [...entry.headers, ['X-Cache', 'HIT'], ['X-Cache-Tier', tier], ['Cache-Control', 'no-cache'], ['Vary', 'Accept-Encoding']];
  if (entry.html) headers.push(['Content-Security-Policy', contentSecurityPolicy(nonce)]);
  const body = MemoryPageCache.body(entry, nonce, acceptsGzip(c.req.header('Accept-Encoding')));
  if (!body.gzip) return new Response(body.bytes, { status: entry.status, headers });
  headers.push(['Content-Encoding', 'gzip']);
  return new Response(body.bytes, { status: entry.status, headers, encodeBody: 'manual' });
}

/** Replaces a text entry with its compressed copy in a task after this one, unless it went meanwhile. */
function compressLater(ctx: { waitUntil(promise: Promise<unknown>): void }, memory: MemoryPageCache, key: string, entry: MemoryEntry, page: StoredPage): void {
  ctx.waitUntil(
    new Promise<void>((done) => {
      setTimeout(() => {
        try {
          memory.replace(key, entry, MemoryPageCache.entryOf(page, true));
        } catch (error) {
          console.error('Compressing a cached page failed', key, error);
        }
        done();
      }, 0);
    }),
  );
}

/** A Cache API copy as a stored page (a copy without the nonce header: its first nonce attribute). */
async function fromCacheApi(stored: Response, now: number): Promise<StoredPage> {
  const body = await stored.text();
  const nonce = stored.headers.get(STORED_NONCE) ?? /\snonce="([^"]+)"/.exec(body)?.[1] ?? null;
  const storedAt = Number(stored.headers.get(STORED_AT));
  const byTtl = Number.isFinite(storedAt) && storedAt > 0 ? storedAt + EDGE_TTL_SECONDS * 1000 : now + EDGE_TTL_SECONDS * 1000;
  const cap = Number(stored.headers.get(STORED_EXPIRES));
  const expires = cap > 0 ? Math.min(byTtl, cap) : byTtl;
  const articles = (stored.headers.get(STORED_ARTICLES) ?? '').split(',').filter(Boolean).map(Number);
  const seq = Number(stored.headers.get(STORED_SEQ) ?? 0);
  return { body, nonce, headers: visitorHeaders(stored.headers), expires, status: stored.status, articles, seq };
}

/**
 * The middleware, mounted in front of the page handler and the sitemap routes. Adds
 * `X-Cache: HIT | MISS` to responses it may cache (with `X-Cache-Tier: memory | edge` on a hit)
 * and `BYPASS` to those it must not.
 */
export function edgeCache(options: EdgeCacheOptions = {}): MiddlewareHandler<AppEnv> {
  const memory = options.memory === false ? undefined : new MemoryPageCache(options.memory ?? DEFAULT_MEMORY_LIMITS);
  return async (c, next) => {
    if (!(options.enabled ?? enabledByEnvironment(c.env))) return next();
    const url = new URL(c.req.url);
    const channel: Channel = c.var.channel;
    const ctx = executionContext(c);
    const eligible = c.req.method === 'GET' && ctx !== undefined && !hasSessionCookie(c.req.header('Cookie')) && isCacheablePath(url.pathname, channel);
    // The DOM lib's CacheStorage type (tsconfig) hides workerd's `default` cache.
    const cache = (caches as CacheStorage & { default: Cache }).default;
    let key: string | undefined;
    let log: InvalidationLog | undefined;
    if (eligible) {
      try {
        const [version, known] = await Promise.all([catalogueVersion(c.env.CACHE), invalidationLog(c.env.DB)]);
        log = known;
        key = edgeCacheKey(url, channel.id, c.var.language, version);
        memory?.dropInvalidated(log);
        const inMemory = memory?.get(key);
        if (inMemory) return respond(c, hitResponse(inMemory, c, 'memory'));
        const stored = await cache.match(key);
        const page = stored ? await fromCacheApi(stored, Date.now()) : undefined;
        if (page && log.isStale(page.articles ?? [], page.seq ?? 0)) {
          // Shows an article changed since it was rendered: gone from this colo's cache, rendered again below.
          const staleKey = key;
          ctx!.waitUntil(cache.delete(staleKey).catch((error: unknown) => console.error('Edge cache delete failed', staleKey, error)));
        } else if (page && page.expires > Date.now()) {
          // This answer goes as text. Where hits go compressed, the copy kept in memory is
          // compressed once it is out (about 1.5 ms for a 155 KB page), for the next hits.
          const entry = MemoryPageCache.entryOf(page);
          memory?.set(key, entry);
          if (memory && gzipByEnvironment(c.env)) compressLater(ctx!, memory, key, entry, page);
          return respond(c, hitResponse(entry, c, 'edge'));
        }
      } catch (error) {
        // KV or the cache failing must not take the page down: render it, uncached.
        console.error('Edge cache lookup failed', url.href, error);
        key = undefined;
      }
    }
    await next();
    if (!key || !ctx) return respond(c, withHeaders(c.res, { 'X-Cache': 'BYPASS' }));
    const response = c.res;
    const storable = response.status === 200 && response.body !== null && !response.headers.has('Set-Cookie') && STORABLE_TYPE.test(response.headers.get('Content-Type') ?? '');
    if (!storable) return respond(c, withHeaders(response, { 'X-Cache': 'MISS' }));
    const [forVisitor, forCache] = response.body!.tee();
    const nonce = c.var.nonce;
    const cacheKey = key;
    // The seq known before the page read the catalogue: an update committed during the render makes the copy stale, never the reverse.
    const seq = log?.seq ?? 0;
    ctx.waitUntil(
      (async () => {
        // Buffer first: only a page that rendered without error is stored.
        const body = await new Response(forCache).text();
        if (c.get('edgeCacheSkip')) return;
        const storedAt = Date.now();
        const until = c.get('edgeCacheUntil');
        const expires = Math.min(storedAt + EDGE_TTL_SECONDS * 1000, until ?? Infinity);
        if (expires <= storedAt) return;
        const stored = visitorHeaders(response.headers);
        const articles = [...(c.get('edgeCacheArticles') ?? [])];
        memory?.set(cacheKey, MemoryPageCache.entryOf({ status: 200, headers: stored, body, nonce, expires, articles, seq }, gzipByEnvironment(c.env)));
        stored.set('Cache-Control', `public, s-maxage=${Math.max(1, Math.ceil((expires - storedAt) / 1000))}`);
        stored.set(STORED_AT, String(storedAt));
        stored.set(STORED_NONCE, nonce);
        if (until !== undefined) stored.set(STORED_EXPIRES, String(expires));
        if (articles.length > 0) stored.set(STORED_ARTICLES, articles.join(','));
        stored.set(STORED_SEQ, String(seq));
        await cache.put(cacheKey, new Response(body, { status: 200, headers: stored }));
      })().catch((error: unknown) => console.error('Edge cache store failed', cacheKey, error)),
    );
    respond(c, withHeaders(response, { 'X-Cache': 'MISS', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' }, forVisitor));
  };
}
