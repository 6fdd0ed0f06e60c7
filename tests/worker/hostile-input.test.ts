// No API route or page answers 5xx for the hostile inputs of tests/hostile/corpus.ts: every API
// route of the Hono app (enumerated from the app, not listed by hand) with hostile path
// parameters, query strings, bodies and headers, signed in with a cart so the calls reach past
// the session check; and pages of every channel with hostile paths and query strings. API
// failures must be the §7 envelope.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ROUTE_IDS, href } from '../../client/routes';
import type { Language } from '../../client/i18n/languages';
import { createApp } from '../../worker/app';
import { CHANNEL_IDS, DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { HOSTILE_BODIES, HOSTILE_HEADERS, HOSTILE_QUERIES, HOSTILE_RAW_SEGMENTS, HOSTILE_VALUES } from '../hostile/corpus';
import { signUp, TestBrowser } from './browser';
import { host, request } from './helpers';

interface Probe {
  method: string;
  url: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Failure {
  probe: string;
  status: number;
  why: string;
}

/** Every route of the app once: the API, the alerts, images, sitemaps… (middleware entries and the page catch-all left out). */
function appRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const { method, path } of createApp().routes) {
    if (method === 'ALL' || path.includes('*')) continue;
    const key = `${method} ${path}`;
    if (!seen.has(key)) routes.push({ method, path });
    seen.add(key);
  }
  // Signing out last keeps the session for the others.
  return routes.sort((a, b) => Number(a.path.includes('logout')) - Number(b.path.includes('logout')));
}

/** The path with every `:param` (optional or with a pattern) replaced by `value(name)`. */
const fill = (path: string, value: (name: string) => string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => value(name));

const parseEnvelope = (text: string) => JSON.parse(text) as { ok: boolean; data: unknown; err: { message: string } | null };

/** Why an answer breaks the rules (5xx, or an API answer that is not the §7 envelope), or null. */
function problem(probe: Probe, status: number, contentType: string, text: string): string | null {
  if (status >= 500) return text.slice(0, 300);
  const path = new URL(probe.url).pathname;
  if (!/^\/(api|alerts)(\/|$)/.test(path) || status < 400) return null;
  if (!contentType.includes('application/json')) return `not JSON: ${contentType}`;
  try {
    const envelope = parseEnvelope(text);
    const err = JSON.parse(envelope.err?.message ?? 'null') as { type?: unknown; code?: unknown; message?: unknown } | null;
    if (envelope.ok !== false || envelope.data !== null || !err || typeof err.type !== 'string' || err.code === undefined || typeof err.message !== 'string') return `not the §7 envelope: ${text.slice(0, 200)}`;
  } catch {
    return `not the §7 envelope: ${text.slice(0, 200)}`;
  }
  return null;
}

/** Sends the probes a few at a time; returns the ones that broke the rules, and how many got each status. */
async function run(probes: Probe[], browser?: TestBrowser): Promise<Failure[] & { statuses: Map<number, number> }> {
  const failures = Object.assign([] as Failure[], { statuses: new Map<number, number>() });
  const send = async (probe: Probe) => {
    const headers = new Headers(probe.headers);
    if (browser && !headers.has('Cookie') && browser.cookies.size) headers.set('Cookie', [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', browser?.ip ?? '198.51.100.7');
    if (probe.method !== 'GET' && probe.method !== 'HEAD') {
      headers.set('Origin', new URL(probe.url).origin);
      headers.set('Sec-Fetch-Site', 'same-origin');
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const response = await request(probe.url, { method: probe.method, headers, body: probe.body, redirect: 'manual' });
    const text = await response.text();
    failures.statuses.set(response.status, (failures.statuses.get(response.status) ?? 0) + 1);
    const why = problem(probe, response.status, response.headers.get('Content-Type') ?? '', text);
    if (why !== null) failures.push({ probe: `${probe.method} ${probe.url.slice(0, 200)}${probe.body ? ` body ${probe.body.slice(0, 80)}` : ''}${probe.headers ? ` headers ${JSON.stringify(probe.headers).slice(0, 120)}` : ''}`, status: response.status, why });
  };
  for (let i = 0; i < probes.length; i += 8) await Promise.all(probes.slice(i, i + 8).map(send));
  return failures;
}

describe('hostile input on the API and other routes', () => {
  it('finds the routes in the app', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/checkout/orders/:id/place' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/catalogue/listing' });
    expect(routes).toContainEqual({ method: 'GET', path: '/images/:preset/:file' });
  });

  it('answers every route with a 4xx envelope or success, never a 5xx', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const offer = (await env.DB.prepare("SELECT id, article_id FROM offers WHERE channel = 'ES' AND availability_code <= 3 AND stock > 2 ORDER BY id LIMIT 1").first<{ id: number; article_id: number }>())!;
    await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    const lineId = (await browser.api<{ articles: { idLine: number }[] }>('GET', `/api/checkout/orders/${cartId}/cart`)).data.articles[0]!.idLine;
    const benign = (name: string) => (name === 'id' ? cartId : name === 'lineId' ? String(lineId) : name === 'preset' ? '300' : name === 'file' ? `${offer.article_id}.svg` : '1');
    const origin = host('ES');

    const probes: Probe[] = [];
    for (const [i, { method, path }] of appRoutes().entries()) {
      const base = origin + fill(path, benign);
      const body = method === 'GET' ? undefined : '{}';
      if (/:\w/.test(path)) {
        for (const value of HOSTILE_VALUES) probes.push({ method, url: origin + fill(path, () => encodeURIComponent(value)), body });
        for (const raw of HOSTILE_RAW_SEGMENTS) probes.push({ method, url: origin + fill(path, () => raw), body });
      }
      for (const query of HOSTILE_QUERIES) probes.push({ method, url: `${base}?${query}`, body });
      if (method !== 'GET') for (const hostile of HOSTILE_BODIES) probes.push({ method, url: base, body: hostile });
      // Headers meet the same middleware on every route: each route takes a quarter of them, in turn.
      for (const headers of HOSTILE_HEADERS.filter((_, h) => (h + i) % 4 === 0)) probes.push({ method, url: base, body, headers });
    }
    const failures = await run(probes, browser);
    expect([...failures]).toEqual([]);
    // The probes got past the session and same-origin checks: many were judged by the routes themselves.
    const { statuses } = failures;
    expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(100);
    expect(statuses.get(400) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(500);
  }, 240_000);
});

describe('hostile input on pages', () => {
  /** The path of every screen of the route table in a language, parameters set to `value`. */
  const screens = (language: Language, channelId: (typeof CHANNEL_IDS)[number], value: string) =>
    ROUTE_IDS.map((id) => {
      const channel = DEFAULT_CHANNELS[channelId];
      try {
        return href(id, language, channel);
      } catch {
        // A screen with parameters: every parameter set to the value.
        return href(id, language, channel, new Proxy({}, { get: () => value }));
      }
    });

  it('answers a path with a malformed percent-escape with the 404 page', async () => {
    for (const path of ['/%ZZ', '/%E0%A4%A', '/en/%ZZ', '/%', '/%C0%AF']) {
      const response = await request(host('ES') + path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).toContain('text/html');
      await response.text();
    }
  });

  it('answers every screen of every channel and language without a 5xx', async () => {
    const probes: Probe[] = [];
    for (const id of CHANNEL_IDS) {
      for (const language of DEFAULT_CHANNELS[id].languages) for (const path of new Set(screens(language, id, '1'))) probes.push({ method: 'GET', url: host(id) + path });
    }
    expect([...(await run(probes))]).toEqual([]);
  }, 120_000);

  it('answers hostile paths, parameters and query strings on every channel without a 5xx', async () => {
    const slugs = (await env.DB.prepare("SELECT kind, slug, lang FROM slugs WHERE kind IN ('category', 'product', 'brand') GROUP BY kind, lang").all<{ kind: string; slug: string; lang: string }>()).results;
    const probes: Probe[] = [];
    for (const id of CHANNEL_IDS) {
      const channel = DEFAULT_CHANNELS[id];
      const origin = host(id);
      const own = slugs.filter((s) => s.lang === channel.defaultLanguage).map((s) => `/${s.slug}`);
      const prefixes = ['', ...channel.languages.filter((l) => l !== channel.defaultLanguage).map((l) => `/${l.slice(0, 2)}`)];
      for (const raw of HOSTILE_RAW_SEGMENTS) for (const prefix of prefixes) probes.push({ method: 'GET', url: `${origin}${prefix}/${raw}` });
      if (id !== 'ES') {
        // The other channels run the same code on other data: the home with every query string is enough.
        for (const query of HOSTILE_QUERIES) probes.push({ method: 'GET', url: `${origin}/?${query}` });
        continue;
      }
      for (const raw of HOSTILE_RAW_SEGMENTS) {
        probes.push({ method: 'GET', url: `${origin}${own[0] ?? ''}/${raw}` }, { method: 'GET', url: `${origin}/blog/${raw}` }, { method: 'GET', url: `${origin}/images/${raw}` }, { method: 'GET', url: `${origin}/sitemaps/${raw}` });
      }
      for (const value of HOSTILE_VALUES) probes.push({ method: 'GET', url: `${origin}/${encodeURIComponent(value)}` });
      const pages = ['/', href('search', channel.defaultLanguage, channel), href('login', channel.defaultLanguage, channel), ...own];
      for (const path of pages) for (const query of HOSTILE_QUERIES) probes.push({ method: 'GET', url: `${origin}${path}?${query}` });
      for (const path of pages.slice(0, 3)) for (const headers of HOSTILE_HEADERS) probes.push({ method: 'GET', url: `${origin}${path}`, headers });
    }
    // Screens with parameters, each parameter hostile (one channel is enough: the table is the same).
    const marker = 'zzparamzz';
    const withParams = screens('es_ES', 'ES', marker).filter((path) => path.includes(marker));
    for (const value of [...HOSTILE_VALUES.filter((_, i) => i % 4 === 0).map(encodeURIComponent), ...HOSTILE_RAW_SEGMENTS.filter((_, i) => i % 2 === 0)]) {
      for (const path of withParams) probes.push({ method: 'GET', url: host('ES') + path.replaceAll(marker, value) });
    }
    expect([...(await run(probes))]).toEqual([]);
  }, 240_000);
});
