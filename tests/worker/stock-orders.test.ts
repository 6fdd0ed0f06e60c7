// Stock falling and coming back with orders shows on the store as an import's change does
// (worker/db/stock-codes.ts): an order taking an offer's last units on hand turns it out of stock
// in the same batch, refreshes the article's listing and search rows and retires the cached pages
// that show it; a cancellation giving the units back reverses it all.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { createDb } from '../../worker/db/client';
import { REFRESH_CATALOGUE_SQL } from '../../worker/db/refresh';
import { searchFacetsSql } from '../../worker/db/search-facets';
import { OversoldError, placeOrders, type PlaceInput } from '../../worker/orders/place';
import { transitionOrder } from '../../worker/orders/transitions';
import { HOLD_WINDOW_MS, runPaymentChecks } from '../../worker/payments/scheduled';
import { newUser, placeInput } from './order-helpers';
import { bumpCatalogueVersion } from '../../worker/ssr/edge-cache';
import { invalidationLog, VERSION_MEMO_MS } from '../../worker/ssr/catalogue-version';

const db = createDb(env.DB);
const app = createApp({ edgeCache: true });

async function fetchApp(url: string, through = app) {
  const ctx = createExecutionContext();
  const response = await through.fetch(new Request(url), env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

async function page(url: string) {
  const { response, text } = await fetchApp(url);
  return { html: text, cache: response.headers.get('X-Cache') };
}

interface Card {
  id: number;
  price: number | null;
  availabilityCode: number | null;
}
async function cards(query: string): Promise<Card[]> {
  const { text } = await fetchApp(`http://es.localhost/api/catalogue/listing?${query}`);
  return (JSON.parse(text) as { data: { items: Card[] } }).data.items;
}
async function cardById(id: number): Promise<Card> {
  const { text } = await fetchApp(`http://es.localhost/api/catalogue/cards?ids=${id}`);
  return (JSON.parse(text) as { data: Card[] }).data[0]!;
}

/** The clock the isolate's invalidation log is read at: past its last memo each time. */
let logClock = 0;
/** As if VERSION_MEMO_MS had passed: the isolate reads the new invalidations. */
async function isolatesCatchUp() {
  logClock = Math.max(logClock, Date.now()) + VERSION_MEMO_MS;
  await invalidationLog(env.DB, logClock);
}

interface Article {
  id: number;
  offer: number;
  price: number;
  code: number;
  category: number;
  reference: string;
  category_slug: string;
  slug_es: string;
  slug_en: string;
}

/** Articles sold on ES by the store alone (one new offer, in stock on hand), in different categories. */
async function soleOwnOffers(): Promise<Article[]> {
  const { results } = await env.DB.prepare(
    `SELECT l.article_id AS id, o.id AS offer, o.price, o.availability_code AS code, l.category_id AS category, a.reference, ct.slug AS category_slug, es.slug AS slug_es, en.slug AS slug_en
     FROM listings l JOIN articles a ON a.id = l.article_id JOIN offers o ON o.article_id = l.article_id AND o.channel = 'ES'
     JOIN category_translations ct ON ct.category_id = l.category_id AND ct.lang = 'es_ES'
     JOIN article_translations es ON es.article_id = l.article_id AND es.lang = 'es_ES'
     JOIN article_translations en ON en.article_id = l.article_id AND en.lang = 'en_EN'
     WHERE l.channel = 'ES' AND l.offer_count = 1 AND l.seller_id = 0 AND l.availability_code <= 1 AND l.price > 5000 AND a.type = 'normal'
     ORDER BY l.category_id, l.article_id`,
  ).all<Article>();
  const byCategory = new Map(results.map((row) => [row.category, row]));
  return [...byCategory.values()];
}

const offerOf = (id: number) => env.DB.prepare('SELECT stock, availability_code, sold_out_code FROM offers WHERE id = ?1').bind(id).first<{ stock: number; availability_code: number; sold_out_code: number | null }>();
const setStock = (offer: number, stock: number) => env.DB.prepare('UPDATE offers SET stock = ?1 WHERE id = ?2').bind(stock, offer).run();
const invalidations = async () => (await env.DB.prepare('SELECT article_ids FROM catalogue_invalidations ORDER BY seq').all<{ article_ids: string }>()).results.map((row) => JSON.parse(row.article_ids) as number[]);

function order(userId: number, article: Article, qty: number, extra: Partial<PlaceInput> = {}): PlaceInput {
  return placeInput(userId, { articleId: article.id, offerId: article.offer, qty, unitPrice: article.price, availabilityCode: article.code }, `stock-${crypto.randomUUID()}:1`, extra);
}

const DERIVED = {
  listings: 'SELECT * FROM listings ORDER BY id',
  listing_sellers: 'SELECT * FROM listing_sellers ORDER BY channel, seller_id, article_id',
  listing_facets: 'SELECT * FROM listing_facets ORDER BY channel, category_id, facet, value',
  search_facets: 'SELECT * FROM search_facets ORDER BY channel, lang, key, facet, value',
  search_probe: 'SELECT rowid FROM search_probe',
  search_probe_listings: 'SELECT * FROM search_probe_listings',
  refresh_articles: 'SELECT * FROM refresh_articles',
};
/** Broad searches in the test catalogue, so that their counts have rows to keep (as in catalogue-import.test.ts). */
const FULL_REFRESH = [...REFRESH_CATALOGUE_SQL, ...searchFacetsSql(25)];
async function derivedTables(): Promise<Record<string, unknown[]>> {
  return Object.fromEntries(await Promise.all(Object.entries(DERIVED).map(async ([name, sql]) => [name, (await env.DB.prepare(sql).all()).results] as const)));
}
/** The derived tables as the order's batch left them equal a full rebuild's. */
async function expectFullRefreshEqual(label: string) {
  const incremental = await derivedTables();
  for (const sql of FULL_REFRESH) await env.DB.prepare(sql).run();
  const full = await derivedTables();
  for (const table of Object.keys(DERIVED)) expect(incremental[table], `${table} ${label}`).toEqual(full[table]);
}

beforeEach(async () => {
  await bumpCatalogueVersion(env.CACHE);
  for (const sql of FULL_REFRESH) await env.DB.prepare(sql).run();
  await isolatesCatchUp();
});

describe('stock falling and coming back with orders', () => {
  it('an order taking the last units shows out of stock on the product page, cards, listing and search, retiring only its pages; a cancellation reverses it', async () => {
    const [a, b] = await soleOwnOffers();
    await setStock(a!.offer, 2);
    expect((await derivedTables()).search_facets!.length).toBeGreaterThan(1000);
    const pages = {
      a: `http://es.localhost/${a!.slug_es}`,
      aEnglish: `http://es.localhost/en/${a!.slug_en}`,
      aCategory: `http://es.localhost/${a!.category_slug}?pageSize=100`,
      b: `http://es.localhost/${b!.slug_es}`,
      bCategory: `http://es.localhost/${b!.category_slug}?pageSize=100`,
    };
    for (const url of Object.values(pages)) {
      expect((await page(url)).cache, url).toBe('MISS');
      expect((await page(url)).cache, url).toBe('HIT');
    }
    expect((await page(pages.a)).html).not.toContain('Agotado temporalmente');
    const before = await invalidations();

    const userId = await newUser();
    const placed = await placeOrders(db, order(userId, a!, 2));
    // Out of stock on hand: temporarily out of stock, the code it promised kept for the stock's return.
    expect(await offerOf(a!.offer)).toEqual({ stock: 0, availability_code: 6, sold_out_code: a!.code });
    // One invalidation row, written with the stock change, naming the article alone.
    expect(await invalidations()).toEqual([...before, [a!.id]]);
    await isolatesCatchUp();

    // The API reads D1: the card, the category listing and the search say out of stock, with nothing to buy.
    expect(await cardById(a!.id)).toMatchObject({ price: null, availabilityCode: 6 });
    expect((await cards(`category=${a!.category}&pageSize=100`)).find((card) => card.id === a!.id)).toMatchObject({ price: null, availabilityCode: 6 });
    expect((await cards(`query=${encodeURIComponent(a!.reference)}`)).find((card) => card.id === a!.id)).toMatchObject({ price: null, availabilityCode: 6 });
    expect((await cards(`category=${a!.category}&pageSize=100&availability=in-stock`)).some((card) => card.id === a!.id)).toBe(false);
    // The pages showing it are rendered again, out of stock; the others are still served from the cache.
    for (const url of [pages.a, pages.aEnglish, pages.aCategory]) expect((await page(url)).cache, url).toBe('MISS');
    expect((await page(pages.a)).html).toContain('Agotado temporalmente');
    expect((await page(pages.aEnglish)).html).toContain('Temporarily out of stock');
    expect((await page(pages.b)).cache).toBe('HIT');
    expect((await page(pages.bCategory)).cache).toBe('HIT');
    await expectFullRefreshEqual('after the order');

    // Cancelled: the units come back and the article promises its code again, everywhere.
    for (const url of [pages.a, pages.aCategory]) await page(url);
    expect((await page(pages.a)).cache).toBe('HIT');
    await transitionOrder(db, { orderNumber: placed.orders[0]!.orderNumber, event: 'cancel', now: new Date(), actor: { kind: 'staff' } });
    expect(await offerOf(a!.offer)).toEqual({ stock: 2, availability_code: a!.code, sold_out_code: null });
    expect(await invalidations()).toEqual([...before, [a!.id], [a!.id]]);
    await isolatesCatchUp();
    expect(await cardById(a!.id)).toMatchObject({ price: a!.price, availabilityCode: a!.code });
    expect((await cards(`query=${encodeURIComponent(a!.reference)}`)).find((card) => card.id === a!.id)).toMatchObject({ price: a!.price, availabilityCode: a!.code });
    expect((await cards(`category=${a!.category}&pageSize=100&availability=in-stock`)).some((card) => card.id === a!.id)).toBe(true);
    const product = await page(pages.a);
    expect(product.cache).toBe('MISS');
    expect(product.html).not.toContain('Agotado temporalmente');
    expect((await page(pages.aCategory)).cache).toBe('MISS');
    expect((await page(pages.b)).cache).toBe('HIT');
    await expectFullRefreshEqual('after the cancellation');
  });

  it('writes no invalidation row for an order that leaves units on hand, and none for its cancellation', async () => {
    const [, , c] = await soleOwnOffers();
    await setStock(c!.offer, 5);
    const url = `http://es.localhost/${c!.slug_es}`;
    await page(url);
    const before = await invalidations();
    const placed = await placeOrders(db, order(await newUser(), c!, 2));
    expect(await offerOf(c!.offer)).toEqual({ stock: 3, availability_code: c!.code, sold_out_code: null });
    await transitionOrder(db, { orderNumber: placed.orders[0]!.orderNumber, event: 'cancel', now: new Date(), actor: { kind: 'staff' } });
    expect(await offerOf(c!.offer)).toEqual({ stock: 5, availability_code: c!.code, sold_out_code: null });
    expect(await invalidations()).toEqual(before);
    await isolatesCatchUp();
    expect((await page(url)).cache).toBe('HIT');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM refresh_articles').first<number>('n')).toBe(0);
  });

  it('sells the last unit once when two orders race for it, and turns the offer out of stock once', async () => {
    const [, , , d] = await soleOwnOffers();
    await setStock(d!.offer, 1);
    const before = await invalidations();
    const results = await Promise.allSettled([placeOrders(db, order(await newUser(), d!, 1)), placeOrders(db, order(await newUser(), d!, 1))]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason)).toEqual([expect.any(OversoldError)]);
    expect(await offerOf(d!.offer)).toEqual({ stock: 0, availability_code: 6, sold_out_code: d!.code });
    expect(await invalidations()).toEqual([...before, [d!.id]]);
    expect(await cardById(d!.id)).toMatchObject({ availabilityCode: 6 });
  });

  it('gives the units of a changed order back before the new order takes its own, in the same batch', async () => {
    const [, , , , e, f] = await soleOwnOffers();
    await setStock(e!.offer, 1);
    await setStock(f!.offer, 4);
    const userId = await newUser();
    const first = await placeOrders(db, order(userId, e!, 1));
    expect(await cardById(e!.id)).toMatchObject({ availabilityCode: 6 });
    const before = await invalidations();
    // The order changed: the new cart holds another article instead.
    await placeOrders(db, order(userId, f!, 1, { replaces: { orderNumber: first.orders[0]!.orderNumber, credit: 0 } }));
    expect(await offerOf(e!.offer)).toEqual({ stock: 1, availability_code: e!.code, sold_out_code: null });
    expect(await offerOf(f!.offer)).toEqual({ stock: 3, availability_code: f!.code, sold_out_code: null });
    expect(await cardById(e!.id)).toMatchObject({ price: e!.price, availabilityCode: e!.code });
    expect(await invalidations()).toEqual([...before, [e!.id]]);
    await expectFullRefreshEqual('after the change');
  });

  it('gives expired orders’ last units back when the payment checks cancel them, each article refreshed and its pages retired', async () => {
    const [, , , , , f, g] = await soleOwnOffers();
    await setStock(f!.offer, 1);
    await setStock(g!.offer, 1);
    // Card orders whose hold window has passed with no payment alive: the checks cancel them.
    const long = new Date(Date.now() - HOLD_WINDOW_MS - 60_000);
    for (const article of [f!, g!]) await placeOrders(db, order(await newUser(), article, 1, { paymentMethod: 'tarjeta', now: long }));
    expect(await offerOf(f!.offer)).toEqual({ stock: 0, availability_code: 6, sold_out_code: f!.code });
    const seq = await env.DB.prepare('SELECT max(seq) AS seq FROM catalogue_invalidations').first<number>('seq');
    const result = await runPaymentChecks(env.DB, undefined, Date.now());
    expect(result.cancelledOrders).toBe(2);
    expect(await offerOf(f!.offer)).toEqual({ stock: 1, availability_code: f!.code, sold_out_code: null });
    expect(await offerOf(g!.offer)).toEqual({ stock: 1, availability_code: g!.code, sold_out_code: null });
    const written = await env.DB.prepare('SELECT article_ids FROM catalogue_invalidations WHERE seq > ?1 ORDER BY seq').bind(seq).all<{ article_ids: string }>();
    expect(written.results.map((row) => JSON.parse(row.article_ids) as number[])).toEqual([[f!.id], [g!.id]]);
    await isolatesCatchUp();
    expect(await cardById(g!.id)).toMatchObject({ price: g!.price, availabilityCode: g!.code });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM refresh_articles').first<number>('n')).toBe(0);
    await expectFullRefreshEqual('after the payment checks');
  });
});
