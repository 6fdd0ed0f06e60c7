// The edge cache through the real app (createApp({ edgeCache: true })) with a real execution
// context, so the copy stored by waitUntil is in caches.default before the next request.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createApp } from '../../worker/app';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import type { AppEnv } from '../../worker/http/context';
import { dbFor } from '../../worker/db/client';
import { VERSION_MEMO_MS } from '../../worker/ssr/catalogue-version';
import { cachedMenu, MENU_TTL_MS } from '../../worker/ssr/menu';
import { bumpCatalogueVersion, CATALOGUE_VERSION_KEY, catalogueVersion, edgeCache, edgeCacheKey, hasSessionCookie, isCacheablePath, skipEdgeCache } from '../../worker/ssr/edge-cache';

const app = createApp({ edgeCache: true });

async function get(url: string, headers: Record<string, string> = {}, through = app, bindings: Env = env) {
  const ctx = createExecutionContext();
  const response = await through.fetch(new Request(url, { headers }), bindings, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
  return { status: response.status, headers: response.headers, html, cache: response.headers.get('X-Cache'), tier: response.headers.get('X-Cache-Tier'), nonce };
}

async function productPath(lang = 'es_ES'): Promise<string> {
  const row = await env.DB.prepare(`SELECT slug FROM article_translations WHERE lang = ? ORDER BY article_id LIMIT 1`).bind(lang).first<{ slug: string }>();
  return `/${row!.slug}`;
}

// Each test starts from a fresh catalogue version, so nothing one test stored is hit by another.
beforeEach(async () => {
  await bumpCatalogueVersion(env.CACHE);
});

describe('edge cache', () => {
  it('MISS then HIT on the same URL, with no-cache for the browser', async () => {
    const path = await productPath();
    const first = await get(`http://es.localhost${path}`);
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    const second = await get(`http://es.localhost${path}`);
    expect(second.cache).toBe('HIT');
    expect(second.status).toBe(200);
    expect(second.headers.get('Cache-Control')).toBe('no-cache');
    expect(second.headers.get('Content-Type')).toMatch(/text\/html/);
    // Same page apart from the nonce.
    expect(second.html.replaceAll(second.nonce!, 'N')).toBe(first.html.replaceAll(first.nonce!, 'N'));
  });

  it('where hits are sent compressed (EDGE_CACHE_GZIP, deployed environments), sends one gzip-encoded to a client that takes gzip, and as text to one that does not', async () => {
    const deployed = { ...env, EDGE_CACHE_GZIP: 'on' } as Env;
    const through = createApp({ edgeCache: true });
    const path = await productPath();
    const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
    const first = await get(`http://es.localhost${path}`, browser, through, deployed);
    expect(first.cache).toBe('MISS');
    expect(first.headers.get('Vary')).toBe('Accept-Encoding');
    expect(first.headers.get('Content-Encoding')).toBeNull();
    const ctx = createExecutionContext();
    const response = await through.fetch(new Request(`http://es.localhost${path}`, { headers: browser }), deployed, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.headers.get('X-Cache')).toBe('HIT');
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    const compressed = new Uint8Array(await response.arrayBuffer());
    expect([compressed[0], compressed[1]]).toEqual([0x1f, 0x8b]);
    const html = await new Response(new Blob([compressed]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(compressed.byteLength).toBeLessThan(new TextEncoder().encode(html).byteLength / 4);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')![1]!;
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.replaceAll(nonce, 'N')).toBe(first.html.replaceAll(first.nonce!, 'N'));
    for (const refused of [{}, { 'Accept-Encoding': 'br, gzip;q=0' }] as Record<string, string>[]) {
      const plain = await get(`http://es.localhost${path}`, refused, through, deployed);
      expect(plain.cache).toBe('HIT');
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(plain.html.replaceAll(plain.nonce!, 'N')).toBe(first.html.replaceAll(first.nonce!, 'N'));
    }
  });

  it('where hits are sent compressed, sends a copy taken from the Cache API as text, and compresses it for the next hits once the answer is out', async () => {
    const deployed = { ...env, EDGE_CACHE_GZIP: 'on' } as Env;
    const path = await productPath();
    const browser = { 'Accept-Encoding': 'gzip' };
    expect((await get(`http://es.localhost${path}`, browser, createApp({ edgeCache: true }), deployed)).cache).toBe('MISS');
    // Another isolate finds it in the Cache API: no compressing before it answers.
    const other = createApp({ edgeCache: true });
    const edge = await get(`http://es.localhost${path}`, browser, other, deployed);
    expect([edge.cache, edge.tier]).toEqual(['HIT', 'edge']);
    expect(edge.headers.get('Content-Encoding')).toBeNull();
    expect(edge.html).toContain(`nonce="${edge.nonce}"`);
    // get() waited for the answer's background work: the memory copy is now compressed.
    const ctx = createExecutionContext();
    const memory = await other.fetch(new Request(`http://es.localhost${path}`, { headers: browser }), deployed, ctx);
    await waitOnExecutionContext(ctx);
    expect([memory.headers.get('X-Cache'), memory.headers.get('X-Cache-Tier'), memory.headers.get('Content-Encoding')]).toEqual(['HIT', 'memory', 'gzip']);
    const html = await new Response(new Blob([await memory.arrayBuffer()]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    const nonce = /'nonce-([^']+)'/.exec(memory.headers.get('Content-Security-Policy') ?? '')![1]!;
    expect(html.replaceAll(nonce, 'N')).toBe(edge.html.replaceAll(edge.nonce!, 'N'));
  });

  it('in development, sends hits as text even to a client that takes gzip', async () => {
    const path = await productPath();
    const local = { ...env, ENVIRONMENT: 'development' } as Env;
    const through = createApp({ edgeCache: true });
    await get(`http://es.localhost${path}`, {}, through, local);
    const hit = await get(`http://es.localhost${path}`, { 'Accept-Encoding': 'br, gzip' }, through, local);
    expect(hit.cache).toBe('HIT');
    expect(hit.headers.get('Content-Encoding')).toBeNull();
    expect(hit.html).toContain(`nonce="${hit.nonce}"`);
  });

  it('stores the copy as public, s-maxage=300 under a versioned synthetic key', async () => {
    await get('http://es.localhost/');
    const version = (await env.CACHE.get(CATALOGUE_VERSION_KEY))!;
    const stored = await (caches as CacheStorage & { default: Cache }).default.match(edgeCacheKey(new URL('http://es.localhost/'), 'ES', 'es_ES', version));
    expect(stored).toBeDefined();
    expect(stored!.headers.get('Cache-Control')).toBe('public, s-maxage=300');
    expect(stored!.headers.get('Content-Security-Policy')).toBeNull();
    await stored!.text();
  });

  it('rewrites every nonce on a HIT to a fresh one that matches the CSP header', async () => {
    const stored = await get('http://fr.localhost/');
    expect(stored.cache).toBe('MISS');
    for (let i = 0; i < 2; i++) {
      const hit = await get('http://fr.localhost/');
      expect(hit.cache).toBe('HIT');
      expect(hit.nonce).toBeTruthy();
      expect(hit.nonce).not.toBe(stored.nonce);
      const tagged = [...hit.html.matchAll(/<(script|link|style)\b[^>]*\snonce="([^"]*)"/g)];
      expect(tagged.length).toBeGreaterThan(1); // the entry script and the JSON-LD at least
      for (const [, , nonce] of tagged) expect(nonce).toBe(hit.nonce);
      expect(hit.html).not.toContain(stored.nonce!);
      expect(hit.headers.get('Content-Security-Policy')).toContain(`'nonce-${hit.nonce}'`);
    }
  });

  it('keeps languages, channels, hosts and queries apart', async () => {
    const path = await productPath('en_EN');
    await get(`http://es.localhost/en${path}`);
    expect((await get(`http://es.localhost/en${path}`)).cache).toBe('HIT');
    expect((await get(`http://pt.localhost/en${path}`)).cache).toBe('MISS');
    expect((await get(`http://es.localhost/en${path}?page=2`)).cache).toBe('MISS');
    expect((await get(`http://localhost/en${path}`)).cache).toBe('MISS');
    expect((await get(`http://es.localhost${await productPath()}`)).cache).toBe('MISS');
    const keys = new Set([
      edgeCacheKey(new URL('http://es.localhost/x'), 'ES', 'es_ES', '1'),
      edgeCacheKey(new URL('http://es.localhost/en/x'), 'ES', 'en_EN', '1'),
      edgeCacheKey(new URL('http://pt.localhost/x'), 'PT', 'pt_PT', '1'),
      edgeCacheKey(new URL('http://es.localhost/x?page=2'), 'ES', 'es_ES', '1'),
      edgeCacheKey(new URL('http://es.localhost/x'), 'ES', 'es_ES', '2'),
    ]);
    expect(keys.size).toBe(5);
  });

  it('never serves or stores a request with a session cookie', async () => {
    for (const cookie of ['__Host-session=abc', 'theme=dark; session=xyz']) {
      const first = await get('http://it.localhost/', { Cookie: cookie });
      expect(first.cache).toBe('BYPASS');
      expect((await get('http://it.localhost/', { Cookie: cookie })).cache).toBe('BYPASS');
    }
    // Nothing was stored by those: an anonymous visitor still misses first.
    expect((await get('http://it.localhost/')).cache).toBe('MISS');
    // A cookie that is not a session does not stop caching.
    expect((await get('http://it.localhost/', { Cookie: 'theme=dark' })).cache).toBe('HIT');
  });

  it('does not store a 404', async () => {
    expect((await get('http://de.localhost/no-such-product-anywhere')).cache).toBe('MISS');
    const again = await get('http://de.localhost/no-such-product-anywhere');
    expect(again.status).toBe(404);
    expect(again.cache).toBe('MISS');
  });

  it('a version bump turns the next request into a MISS', async () => {
    await get('http://de.localhost/');
    expect((await get('http://de.localhost/')).cache).toBe('HIT');
    await bumpCatalogueVersion(env.CACHE);
    expect((await get('http://de.localhost/')).cache).toBe('MISS');
    expect((await get('http://de.localhost/')).cache).toBe('HIT');
  });

  it('bypasses account, checkout and preview paths, and non-GET requests', async () => {
    for (const path of ['/usuarios/panel', '/cart/shopping_basket', '/cms-preview/1', '/en/account/my-details']) {
      expect((await get(`http://es.localhost${path}`)).cache, path).toBe('BYPASS');
    }
    const ctx = createExecutionContext();
    const head = await app.fetch(new Request('http://es.localhost/', { method: 'HEAD' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(head.headers.get('X-Cache')).toBe('BYPASS');
  });

  it('keeps search results per query: the same query is a hit, another query or a signed-in visitor is not', async () => {
    const first = await get('http://es.localhost/search?query=tv');
    expect([first.status, first.cache]).toEqual([200, 'MISS']);
    const again = await get('http://es.localhost/search?query=tv');
    expect([again.cache, again.tier]).toEqual(['HIT', 'memory']);
    expect(again.html.replaceAll(again.nonce!, 'N')).toBe(first.html.replaceAll(first.nonce!, 'N'));
    expect((await get('http://es.localhost/search?query=portatil')).cache).toBe('MISS');
    expect((await get('http://es.localhost/en/search?query=tv')).cache).toBe('MISS');
    expect((await get('http://es.localhost/search?query=tv', { Cookie: '__Host-session=abc' })).cache).toBe('BYPASS');
  });

  it('serves a hit from the isolate’s memory, and fills memory from the Cache API', async () => {
    const path = await productPath();
    expect((await get(`http://es.localhost${path}`)).cache).toBe('MISS');
    const memory = await get(`http://es.localhost${path}`);
    expect([memory.cache, memory.tier]).toEqual(['HIT', 'memory']);
    // Another isolate's app (its own memory) finds the page in the shared Cache API, then in its memory.
    const other = createApp({ edgeCache: true });
    const edge = await get(`http://es.localhost${path}`, {}, other);
    expect([edge.cache, edge.tier]).toEqual(['HIT', 'edge']);
    const again = await get(`http://es.localhost${path}`, {}, other);
    expect([again.cache, again.tier]).toEqual(['HIT', 'memory']);
    expect(again.html.replaceAll(again.nonce!, 'N')).toBe(memory.html.replaceAll(memory.nonce!, 'N'));
    expect(edge.html.replaceAll(edge.nonce!, 'N')).toBe(memory.html.replaceAll(memory.nonce!, 'N'));
  });

  it('answers a memory hit without any KV or D1 read', async () => {
    const calls = { kv: 0, d1: 0 };
    const counted = <T extends object>(target: T, field: keyof typeof calls): T =>
      new Proxy(target, {
        get(object, property) {
          calls[field]++;
          const value = Reflect.get(object, property) as unknown;
          return typeof value === 'function' ? value.bind(object) : value;
        },
      });
    const bindings = { ...env, CACHE: counted(env.CACHE, 'kv'), CONFIG: counted(env.CONFIG, 'kv'), DB: counted(env.DB, 'd1') };
    const isolated = createApp({ edgeCache: true });
    const first = await get('http://de.localhost/', {}, isolated, bindings);
    expect(first.cache).toBe('MISS');
    expect(calls.kv).toBeGreaterThan(0);
    expect(calls.d1).toBeGreaterThan(0);
    const before = { ...calls };
    const hit = await get('http://de.localhost/', {}, isolated, bindings);
    expect([hit.cache, hit.tier]).toEqual(['HIT', 'memory']);
    expect(calls).toEqual(before);
  });

  it('leaves the memory copy behind when the catalogue version changes', async () => {
    await get('http://pt.localhost/');
    expect((await get('http://pt.localhost/')).tier).toBe('memory');
    await bumpCatalogueVersion(env.CACHE);
    const after = await get('http://pt.localhost/');
    expect(after.cache).toBe('MISS');
    expect((await get('http://pt.localhost/')).tier).toBe('memory');
  });

  it('trusts the version it read for a few seconds, then reads KV again', async () => {
    const t = Date.now() + 3_600_000; // a clock of our own, ahead of any memo the requests left
    const kv = env.CACHE;
    const seen = await catalogueVersion(kv, t);
    await kv.put(CATALOGUE_VERSION_KEY, 'changed-elsewhere');
    expect(await catalogueVersion(kv, t + VERSION_MEMO_MS - 1)).toBe(seen);
    expect(await catalogueVersion(kv, t + VERSION_MEMO_MS)).toBe('changed-elsewhere');
    // A bump made in this isolate is seen at once.
    const bumped = await bumpCatalogueVersion(kv);
    expect(await catalogueVersion(kv)).toBe(bumped);
  });

  it('caches the sitemaps too', async () => {
    expect((await get('http://es.localhost/sitemap.xml')).cache).toBe('MISS');
    const hit = await get('http://es.localhost/sitemap.xml');
    expect(hit.cache).toBe('HIT');
    expect(hit.html).toContain('<sitemapindex');
  });

  it('does not store a page whose render failed after the shell was sent', async () => {
    // A bare app around the middleware: the page handler marks the response as the renderer's onError would.
    const bare = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('channel', DEFAULT_CHANNELS.ES);
        c.set('language', 'es_ES');
        c.set('nonce', 'n');
        await next();
      })
      .get('*', edgeCache({ enabled: true }), (c) => {
        if (c.req.query('broken')) skipEdgeCache(c);
        return c.html('<p>page</p>');
      });
    const fetchTwice = async (url: string) => {
      const seen: (string | null)[] = [];
      for (let i = 0; i < 2; i++) {
        const ctx = createExecutionContext();
        const response = await bare.fetch(new Request(url), env, ctx);
        await response.text();
        await waitOnExecutionContext(ctx);
        seen.push(response.headers.get('X-Cache'));
      }
      return seen;
    };
    expect(await fetchTwice('http://es.localhost/bare-page?broken=1')).toEqual(['MISS', 'MISS']);
    expect(await fetchTwice('http://es.localhost/bare-page')).toEqual(['MISS', 'HIT']);
  });

  it('serves the page uncached when the version cannot be read', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const brokenKv = { get: async () => Promise.reject(new Error('KV is down')) } as unknown as KVNamespace;
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request('http://es.localhost/'), { ...env, CACHE: brokenKv }, ctx);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Cache')).toBe('BYPASS');
      await response.text();
      await waitOnExecutionContext(ctx);
    } finally {
      console.error = original;
    }
  });

  it('is off in development unless asked for', async () => {
    const response = await createApp().fetch(new Request('http://es.localhost/'), env, createExecutionContext());
    expect(response.headers.get('X-Cache')).toBeNull();
    await response.text();
  });
});

describe('category menu of the isolate', () => {
  it('is read once per language, channel and catalogue version, frozen, and read again after a bump or a minute', async () => {
    const db = dbFor(env.DB);
    const t = Date.now();
    const first = await cachedMenu(env.DB, env.CACHE, db, 'fr_FR', 'FR', t);
    expect(first.length).toBeGreaterThan(3);
    expect(await cachedMenu(env.DB, env.CACHE, db, 'fr_FR', 'FR', t + 1)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0]) && Object.isFrozen(first[0]!.children)).toBe(true);
    expect(Object.isFrozen(first[0]!.featuredBrands) && Object.isFrozen(first[0]!.featuredBrands![0])).toBe(true);
    expect(await cachedMenu(env.DB, env.CACHE, db, 'de_DE', 'FR', t + 1)).not.toBe(first);
    // Featured brands are the channel's: the same language on another channel is its own copy.
    expect(await cachedMenu(env.DB, env.CACHE, db, 'fr_FR', 'ES', t + 1)).not.toBe(first);
    expect(await cachedMenu(env.DB, env.CACHE, db, 'fr_FR', 'FR', t + MENU_TTL_MS)).not.toBe(first);
    const fresh = await cachedMenu(env.DB, env.CACHE, db, 'it_IT', 'IT');
    await bumpCatalogueVersion(env.CACHE);
    const after = await cachedMenu(env.DB, env.CACHE, db, 'it_IT', 'IT');
    expect(after).not.toBe(fresh);
    expect(after).toEqual(fresh);
  });
});

describe('edge cache rules', () => {
  const ES = DEFAULT_CHANNELS.ES;

  it('knows which paths are shared content', () => {
    for (const path of ['/', '/en/', '/search', '/en/search', '/portatiles', '/en/laptops-12', '/blog', '/blog/una-guia', '/blog/tag/guias', '/comprar/portatil', '/sitemap.xml', '/sitemaps/products-3.xml']) {
      expect(isCacheablePath(path, ES), path).toBe(true);
    }
    for (const path of ['/usuarios/panel', '/usuarios/panel/mis-datos', '/en/account', '/cart', '/cart/ok', '/en/cart/address', '/cms-preview/3', '/api/x', '/login', '/a/b/c', '/es/portatiles']) {
      expect(isCacheablePath(path, ES), path).toBe(false);
    }
  });

  it('treats __Host-session and session cookies as personal, and nothing else', () => {
    expect(hasSessionCookie('__Host-session=1')).toBe(true);
    expect(hasSessionCookie('a=1; session=2')).toBe(true);
    expect(hasSessionCookie('__Secure-session=2')).toBe(true);
    expect(hasSessionCookie('sessionid=2; theme=dark')).toBe(false);
    expect(hasSessionCookie('')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });

});
