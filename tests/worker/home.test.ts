// The home page's merchandising through the real app with an injected clock: banners only
// inside their windows and on their channels (the campaign banner only while the campaign of
// the channel configuration runs, in its flag's colours), the edge cache never keeping a copy
// past a banner's change, the top offers (discounted, in stock, biggest discount first), the
// category tiles' pictures, and GET /api/catalogue/cards for the recently-viewed strip.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createApp } from '../../worker/app';
import type { AppEnv } from '../../worker/http/context';
import { bumpCatalogueVersion, catalogueVersion, edgeCache, edgeCacheKey, limitEdgeCache } from '../../worker/ssr/edge-cache';
import { BLACK_FRIDAY_2025 } from '../../worker/domain/catalogue/campaign';
import { liveBanners, nextBannerChange, prefersLightInk, type BannerRecord } from '../../worker/domain/catalogue/home-banners';
import { apiCall, host, pageAt, SEED_NOW } from './helpers';

const DAY = 86_400_000;
/** Inside the Black Friday 2025 window of the default channel configuration. */
const BLACK_FRIDAY = new Date(Date.UTC(2025, 10, 20));

const first = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<T>())!;
const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

const bannerIds = (html: string) => [...html.matchAll(/data-banner-id="(\d+)"/g)].map((m) => Number(m[1]));
/** The banner with an English title (seeded ids are not assumed). */
const bannerId = async (title: string) => (await first<{ id: number }>(`SELECT banner_id AS id FROM home_banner_translations WHERE lang = 'en_EN' AND title = ?`, title)).id;
const section = (html: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';
const cardSlugs = (html: string) => [...html.matchAll(/<article class="product-card[^"]*"><a href="\/(?:en\/)?([^"]+)"/g)].map((m) => m[1]!);

describe('home banners', () => {
  it('shows the Black Friday banner only while the campaign runs, first, in its flag colours', async () => {
    const blackFriday = await bannerId('Black Friday: the best prices of the year');
    const during = await pageAt(BLACK_FRIDAY, `${host('ES')}/en`);
    expect(during.status).toBe(200);
    expect(bannerIds(during.html)[0]).toBe(blackFriday);
    const banner = /<li class="banner banner--campaign ([^"]+)" data-banner-id="\d+">([\s\S]*?)<\/li>/.exec(during.html)!;
    // Black flag, white text: the art is painted with the flag's colours and the words are white HTML.
    expect(banner[1]).toBe('banner--light-ink');
    expect(banner[2]).toContain(`fill="${BLACK_FRIDAY_2025.flag.background}"`);
    expect(banner[2]).toContain('<h3 class="banner__title">Black Friday: the best prices of the year</h3>');
    expect(banner[2]).toMatch(/<a class="banner__cta" href="\/en\/black-friday-laptop-deals">See the deals<\/a>/);
    const beforeStart = await pageAt(new Date(Date.parse(BLACK_FRIDAY_2025.startsAt) - 1), `${host('ES')}/en`);
    expect(bannerIds(beforeStart.html)).not.toContain(blackFriday);
    const atEnd = await pageAt(new Date(BLACK_FRIDAY_2025.endsAt), `${host('ES')}/en`);
    expect(bannerIds(atEnd.html)).not.toContain(blackFriday);
    const lastMoment = await pageAt(new Date(Date.parse(BLACK_FRIDAY_2025.endsAt) - 1), `${host('ES')}/en`);
    expect(bannerIds(lastMoment.html)).toContain(blackFriday);
  });

  it('shows a dated banner from its start (inclusive) to its end (exclusive)', async () => {
    const christmas = await bannerId('Christmas gifts for everyone');
    const { starts_at: startsAt, ends_at: endsAt } = await first<{ starts_at: number; ends_at: number }>(`SELECT starts_at, ends_at FROM home_banners WHERE id = ?`, christmas);
    const at = (seconds: number) => pageAt(new Date(seconds * 1000), `${host('ES')}/`);
    expect(bannerIds((await at(startsAt - 1)).html)).not.toContain(christmas);
    expect(bannerIds((await at(startsAt)).html)).toContain(christmas);
    expect(bannerIds((await at(endsAt - 1)).html)).toContain(christmas);
    expect(bannerIds((await at(endsAt)).html)).not.toContain(christmas);
    // One that ended before the catalogue's today is gone.
    const backToSchool = await bannerId('Back to school');
    expect(bannerIds((await pageAt(SEED_NOW, `${host('ES')}/`)).html)).not.toContain(backToSchool);
  });

  it('shows a channel’s own banner on that channel only, in the visitor’s language', async () => {
    const portugal = await bannerId('Free delivery and installation');
    const pt = await pageAt(SEED_NOW, `${host('PT')}/`);
    expect(bannerIds(pt.html)).toContain(portugal);
    expect(pt.html).toContain('Entrega e instalação grátis');
    const ptEnglish = await pageAt(SEED_NOW, `${host('PT')}/en`);
    expect(ptEnglish.html).toContain('<h3 class="banner__title">Free delivery and installation</h3>');
    for (const channel of ['ES', 'FR', 'IT', 'DE']) expect(bannerIds((await pageAt(SEED_NOW, `${host(channel)}/`)).html)).not.toContain(portugal);
  });

  it('renders the banners as HTML over generated art, with no image file and no script', async () => {
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/`);
    const row = section(html, 'banners-title');
    expect(bannerIds(row).length).toBeGreaterThan(0);
    expect(row).toMatch(/<svg class="banner__art" aria-hidden="true"/);
    expect(row).not.toMatch(/<img|<script|data-island|loading="lazy"/);
    // In the page before the category tiles.
    expect(html.indexOf('class="banners"')).toBeLessThan(html.indexOf('class="category-tiles"'));
  });
});

describe('banner rule', () => {
  const record = (over: Partial<BannerRecord>): BannerRecord => ({
    id: 1, channel: null, campaign: null, tone: 'brand', motif: '', startsAt: null, endsAt: null, position: 0, title: 'T', text: '', linkLabel: 'L', link: '/x', ...over,
  });

  it('tells when the home next changes: the nearest start or end ahead, of a banner or of a campaign on the channel', () => {
    const now = new Date(Date.UTC(2025, 10, 10));
    const soon = new Date(now.getTime() + DAY);
    const later = new Date(now.getTime() + 5 * DAY);
    expect(nextBannerChange([record({ endsAt: later }), record({ id: 2, startsAt: soon })], [], 'ES', now)).toEqual(soon);
    expect(nextBannerChange([record({ campaign: 'black-friday' })], [BLACK_FRIDAY_2025], 'ES', now)).toEqual(new Date(BLACK_FRIDAY_2025.endsAt));
    expect(nextBannerChange([], [BLACK_FRIDAY_2025], 'ES', new Date(Date.UTC(2025, 9, 1)))).toEqual(new Date(BLACK_FRIDAY_2025.startsAt));
    expect(nextBannerChange([], [{ ...BLACK_FRIDAY_2025, channels: ['PT'] }], 'ES', now)).toBeNull();
    // Another channel's banner, and past instants, do not count.
    expect(nextBannerChange([record({ channel: 'PT', endsAt: soon }), record({ id: 2, endsAt: new Date(now.getTime() - DAY) })], [], 'ES', now)).toBeNull();
  });

  it('drops links that are neither a path nor https, and campaigns of other channels', () => {
    const now = BLACK_FRIDAY;
    expect(liveBanners([record({ link: 'javascript:alert(1)' }), record({ id: 2, link: '//evil.example' })], [], 'ES', now, '')).toEqual([]);
    const onlyPt = { ...BLACK_FRIDAY_2025, channels: ['PT' as const] };
    expect(liveBanners([record({ campaign: 'black-friday' })], [onlyPt], 'ES', now, '')).toEqual([]);
    expect(liveBanners([record({ campaign: 'black-friday' })], [onlyPt], 'PT', now, '/en')[0]).toMatchObject({ href: '/en/x', flag: onlyPt.flag, ink: 'light' });
  });

  it('picks the ink with the higher contrast', () => {
    expect(prefersLightInk('#000000')).toBe(true);
    expect(prefersLightInk('#ffffff')).toBe(false);
    expect(prefersLightInk('#ffd700')).toBe(false);
    expect(prefersLightInk('#1d5fd1')).toBe(true);
  });
});

describe('home edge cache and banner windows', () => {
  const cache = () => (caches as unknown as { default: Cache }).default;
  const stored = async (url: string, channel: string, language: string) => cache().match(edgeCacheKey(new URL(url), channel, language, await catalogueVersion(env.CACHE)));

  it('keeps no cached copy of a page past the instant its loader gives', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('channel', { id: 'ES', defaultLanguage: 'es_ES', languages: ['es_ES'] } as unknown as AppEnv['Variables']['channel']);
      c.set('language', 'es_ES');
      c.set('nonce', 'n');
      await next();
    });
    app.get('*', edgeCache({ enabled: true, memory: false }), (c) => {
      const ahead = Number(new URL(c.req.url).searchParams.get('ahead'));
      limitEdgeCache(c, new Date(Date.now() + ahead));
      limitEdgeCache(c, new Date(Date.now() + 3_600_000)); // a later cap does not lift the earlier one
      return c.html('<p>page</p>');
    });
    const fetchOnce = async (url: string) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(url), env, ctx);
      await response.text();
      await waitOnExecutionContext(ctx);
      return response.headers.get('X-Cache');
    };
    const soon = `http://es.localhost/?ahead=1500&t=${crypto.randomUUID()}`;
    expect(await fetchOnce(soon)).toBe('MISS');
    const copy = await stored(soon, 'ES', 'es_ES');
    expect(copy?.headers.get('Cache-Control')).toBe('public, s-maxage=2');
    await copy?.text();
    expect(await fetchOnce(soon)).toBe('HIT');
    // A change already due: nothing is stored, every request renders.
    const past = `http://es.localhost/?ahead=-1000&t=${crypto.randomUUID()}`;
    expect(await fetchOnce(past)).toBe('MISS');
    expect(await stored(past, 'ES', 'es_ES')).toBeUndefined();
    expect(await fetchOnce(past)).toBe('MISS');
  });

  it('caps the cached home at the next banner change of its channel', async () => {
    const id = 900_001;
    const endsAt = Math.floor(Date.now() / 1000) + 120;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO home_banners (id, channel, tone, motif, starts_at, ends_at, position) VALUES (?, 'DE', 'brand', 'gift', NULL, ?, -1)`).bind(id, endsAt),
      env.DB.prepare(`INSERT INTO home_banner_translations (banner_id, lang, title, text, link_label, link) VALUES (?, 'de_DE', 'Nur kurz', '', 'Ansehen', '/x')`).bind(id),
    ]);
    // A change to what pages show comes with a new catalogue version (the isolate keeps the home's blocks per version).
    await bumpCatalogueVersion(env.CACHE);
    try {
      const url = `${host('DE')}/?t=${crypto.randomUUID()}`;
      const ctx = createExecutionContext();
      const response = await createApp({ edgeCache: true }).fetch(new Request(url), env, ctx);
      expect(await response.text()).toContain('Nur kurz');
      await waitOnExecutionContext(ctx);
      const copy = await stored(url, 'DE', 'de_DE');
      const maxAge = Number(/s-maxage=(\d+)/.exec(copy?.headers.get('Cache-Control') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(120);
      await copy?.text();
      // Other channels keep the usual lifetime.
      const es = `${host('ES')}/?t=${crypto.randomUUID()}`;
      const esCtx = createExecutionContext();
      await (await createApp({ edgeCache: true }).fetch(new Request(es), env, esCtx)).text();
      await waitOnExecutionContext(esCtx);
      const esCopy = await stored(es, 'ES', 'es_ES');
      expect(Number(/s-maxage=(\d+)/.exec(esCopy?.headers.get('Cache-Control') ?? '')?.[1])).toBeGreaterThan(120);
      await esCopy?.text();
    } finally {
      await env.DB.batch([env.DB.prepare('DELETE FROM home_banners WHERE id = ?').bind(id), env.DB.prepare('DELETE FROM home_banner_translations WHERE banner_id = ?').bind(id)]);
      await bumpCatalogueVersion(env.CACHE);
    }
  });
});

describe('featured collections', () => {
  it('features a campaign’s collection only while the campaign runs', async () => {
    const { name } = await first<{ name: string }>(`SELECT t.name FROM collections c JOIN collection_translations t ON t.collection_id = c.id AND t.lang = 'en_EN' WHERE c.featured = 1 AND c.campaign = 'black-friday' ORDER BY c.position LIMIT 1`);
    const heading = new RegExp(`<h2 id="collection-\\d+"><a href="[^"]+">${name}</a></h2>`);
    expect((await pageAt(BLACK_FRIDAY, `${host('ES')}/en`)).html).toMatch(heading);
    expect((await pageAt(SEED_NOW, `${host('ES')}/en`)).html).not.toMatch(heading);
  });
});

describe('top offers and category tiles', () => {
  it('lists the biggest discounts in stock on the channel, discounted and buyable', async () => {
    for (const [channel, path] of [['ES', '/'], ['PT', '/en']] as const) {
      const expected = await all<{ slug: string }>(
        `SELECT t.slug FROM listings l JOIN article_translations t ON t.article_id = l.article_id AND t.lang = ?
         WHERE l.channel = ? AND l.price IS NOT NULL AND l.original_price > l.price AND l.availability_code BETWEEN 0 AND 3
         ORDER BY (l.original_price - l.price) * 1.0 / l.original_price DESC, l.original_price - l.price DESC, l.article_id LIMIT 8`,
        path === '/' ? 'es_ES' : 'en_EN',
        channel,
      );
      expect(expected.length).toBeGreaterThan(0);
      const { html } = await pageAt(SEED_NOW, `${host(channel)}${path}`);
      expect(cardSlugs(section(html, 'top-offers-title'))).toEqual(expected.map((row) => row.slug));
    }
    // Every card of the strip shows its discount: a crossed-out price and the badge.
    const cards = section((await pageAt(SEED_NOW, `${host('ES')}/`)).html, 'top-offers-title').split('<article').slice(1);
    expect(cards.length).toBe(8);
    for (const card of cards) expect(card).toMatch(/class="price__was"[\s\S]*/);
  });

  it('draws each top category’s tile with a product of that category, lazily', async () => {
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/`);
    const tiles = section(html, 'categories-title');
    const images = [...tiles.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThan(3);
    for (const image of images) {
      expect(image).toMatch(/width="\d+"/);
      expect(image).toMatch(/height="\d+"/);
      expect(image).toContain('loading="lazy"');
    }
  });

  it('keeps the recently-viewed strip hidden in the server’s HTML, its island hydrating when visible', async () => {
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/`);
    expect(html).toMatch(/<section class="home-strip recently-viewed" aria-labelledby="recently-viewed-title" data-recently-viewed-strip="true" hidden="">/);
    expect(html).toContain('data-island="recently-viewed" data-hydrate="visible"');
  });
});

describe('GET /api/catalogue/cards', () => {
  it('answers the cards of the ids asked, in that order, each once, with the channel’s prices', async () => {
    const ids = (await all<{ id: number }>(`SELECT article_id AS id FROM listings WHERE channel = 'PT' AND price IS NOT NULL ORDER BY article_id DESC LIMIT 3`)).map((r) => r.id);
    const asked = [ids[1]!, ids[0]!, ids[2]!, ids[1]!];
    const { status, body } = await apiCall<{ id: number; price: number }[]>(`${host('PT')}/api/catalogue/cards?ids=${asked.join(',')}`, { headers: { 'X-Selected-Language': 'en_EN' } });
    expect(status).toBe(200);
    expect(body.data!.map((card) => card.id)).toEqual([ids[1], ids[0], ids[2]]);
    for (const card of body.data!) {
      expect(card.price).toBe((await first<{ price: number }>(`SELECT price FROM listings WHERE channel = 'PT' AND article_id = ?`, card.id)).price);
    }
    const unknown = await apiCall<unknown[]>(`${host('ES')}/api/catalogue/cards?ids=999999999`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual([]);
  });

  it.each([
    ['no ids', ''],
    ['an empty list', '?ids='],
    ['a word', '?ids=abc'],
    ['a negative id', '?ids=-4'],
    ['a zero id', '?ids=0'],
    ['an empty item', '?ids=1,,2'],
    ['a huge id', '?ids=12345678901'],
    ['21 ids', `?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`],
  ])('refuses %s with the §7 envelope (400)', async (_, query) => {
    const { status, body, error } = await apiCall(`${host('ES')}/api/catalogue/cards${query}`);
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.data).toBeNull();
    expect(error).toMatchObject({ type: expect.any(String), code: expect.anything(), message: expect.any(String) });
  });

  it('accepts 20 ids', async () => {
    const { status } = await apiCall(`${host('ES')}/api/catalogue/cards?ids=${Array.from({ length: 20 }, (_, i) => i + 1).join(',')}`);
    expect(status).toBe(200);
  });
});
