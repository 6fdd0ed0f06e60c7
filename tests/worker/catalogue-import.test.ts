// Catalogue imports end to end: the import API (validation, recording, queueing), the queue
// consumer (worker/jobs/catalogue-updates.ts, called as the Worker's `queue` handler with a batch
// of the messages the API sent), the incremental refresh against the full one, and the edge
// cache retiring exactly the pages that show the changed articles.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/i18n/format';
import { createApp } from '../../worker/app';
import worker from '../../worker/index';
import { REFRESH_CATALOGUE_SQL } from '../../worker/db/refresh';
import { searchFacetsSql } from '../../worker/db/search-facets';
import type { CatalogueUpdateMessage } from '../../worker/jobs/catalogue-updates';
import { bumpCatalogueVersion, CATALOGUE_VERSION_KEY } from '../../worker/ssr/edge-cache';
import { invalidationLog, VERSION_MEMO_MS } from '../../worker/ssr/catalogue-version';

const IMPORTS = 'http://es.localhost/api/ops/catalogue/imports';
const OPS = { Authorization: `Bearer ${env.OPS_API_TOKEN}` };

/** The queue as the API sees it: what it sends is kept here and delivered by `deliver()`. */
const sent: CatalogueUpdateMessage[] = [];
const queue = {
  async send(body: CatalogueUpdateMessage) {
    sent.push(body);
  },
  async sendBatch(messages: Iterable<{ body: CatalogueUpdateMessage }>) {
    for (const { body } of messages) sent.push(body);
  },
};
const bindings = { ...env, CATALOGUE_UPDATES: queue as unknown as Queue } as Env;
const app = createApp({ edgeCache: true });

async function fetchApp(url: string, init: RequestInit = {}, through = app) {
  const ctx = createExecutionContext();
  const response = await through.fetch(new Request(url, init), bindings, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

async function api<T = Record<string, unknown>>(url: string, init: RequestInit = {}) {
  const { response, text } = await fetchApp(url, init);
  const body = JSON.parse(text) as { ok: boolean; data: T; err: { message: string } | null };
  const error = body.err ? (JSON.parse(body.err.message) as { code: string; message: string; details: { badLineCount: number; lines: { line: number; errors: { field: string; message: string }[] }[] } }) : null;
  return { status: response.status, data: body.data, error };
}

const jsonl = (lines: object[]) => lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
const postImport = (body: string, headers: Record<string, string> = OPS) => api<{ importId: number; lines: number; queued: number; duplicates: number }>(IMPORTS, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/x-ndjson' }, body });

/** The clock the isolate's invalidation log is read at: past its last memo each time. */
let logClock = 0;

/** Delivers every message sent so far as one batch to the Worker's queue handler; returns the batch (to deliver it again). */
async function deliver(messages = sent.splice(0)): Promise<CatalogueUpdateMessage[]> {
  const batch = createMessageBatch<CatalogueUpdateMessage>(
    'ampora-catalogue-updates',
    messages.map((body, index) => ({ id: `m-${index}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await (worker.queue as ExportedHandlerQueueHandler<Env>)(batch as MessageBatch<unknown>, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.ackAll).toBe(true);
  expect(result.retryBatch.retry).toBe(false);
  // As if VERSION_MEMO_MS had passed: isolates read the new invalidations.
  logClock = Math.max(logClock, Date.now()) + VERSION_MEMO_MS;
  await invalidationLog(env.DB, logClock);
  return messages;
}

async function page(url: string, through = app) {
  const { response, text } = await fetchApp(url, {}, through);
  return { status: response.status, html: text, cache: response.headers.get('X-Cache'), tier: response.headers.get('X-Cache-Tier') };
}

let keySeq = 0;
const key = (label: string) => `${label}-${Date.now().toString(36)}-${keySeq++}`;

interface Offer {
  article_id: number;
  seller_id: number;
  channel: string;
  condition: string;
  price: number;
  original_price: number | null;
  stock: number;
  availability_code: number;
  sold_out_code: number | null;
}

/** Articles sold on ES by the store alone (one new offer, in stock), each with its category's slug, its product slug in two languages, and its reference. */
async function soleOwnOffers(limit: number) {
  const { results } = await env.DB.prepare(
    `SELECT l.article_id AS id, l.category_id AS category, a.reference, ct.slug AS category_slug, es.slug AS slug_es, en.slug AS slug_en
     FROM listings l JOIN articles a ON a.id = l.article_id
     JOIN category_translations ct ON ct.category_id = l.category_id AND ct.lang = 'es_ES'
     JOIN article_translations es ON es.article_id = l.article_id AND es.lang = 'es_ES'
     JOIN article_translations en ON en.article_id = l.article_id AND en.lang = 'en_EN'
     WHERE l.channel = 'ES' AND l.offer_count = 1 AND l.seller_id = 0 AND l.availability_code <= 1 AND l.price > 5000
       AND (SELECT count(*) FROM offers o WHERE o.article_id = l.article_id AND o.channel = 'ES' AND o.condition = 'new') = 1
     ORDER BY l.category_id, l.article_id LIMIT ?1`,
  )
    .bind(limit)
    .all<{ id: number; category: number; reference: string; category_slug: string; slug_es: string; slug_en: string }>();
  return results;
}

const offerOf = (article: number, channel = 'ES', seller = 0) =>
  env.DB.prepare("SELECT * FROM offers WHERE article_id = ?1 AND channel = ?2 AND seller_id = ?3 AND condition = 'new'").bind(article, channel, seller).first<Offer>();

interface Card {
  id: number;
  price: number | null;
  availabilityCode: number | null;
}
const listingApi = (query: string) => api<{ items: Card[]; total: number }>(`http://es.localhost/api/catalogue/listing?${query}`);

beforeEach(async () => {
  sent.length = 0;
  await bumpCatalogueVersion(env.CACHE);
});

describe('the import API', () => {
  it('answers 401 without the operations token, and queues nothing', async () => {
    const body = jsonl([{ id: key('auth'), op: 'update', article: 1, seller: 0, channel: 'ES', price: 1000 }]);
    for (const headers of [{} as Record<string, string>, { Authorization: 'Bearer not-the-token-but-long-enough-0000000000' }, { Authorization: env.OPS_API_TOKEN! }]) {
      const answer = await postImport(body, headers);
      expect(answer.status).toBe(401);
      expect(answer.error?.code).toBe('OPS_TOKEN_INVALID');
    }
    expect((await api(`${IMPORTS}/1`)).status).toBe(401);
    // Production refuses the development token of wrangler.toml. Production answers on its own host
    // only, and the secrets guard (production-secrets.test.ts) would answer 503 first: here the
    // import call's own refusal.
    const ctx = createExecutionContext();
    const production = await createApp({ secretsGuard: false }).fetch(new Request(IMPORTS.replace('http://es.localhost', 'https://www.ampora.es'), { method: 'POST', headers: OPS, body }), { ...bindings, ENVIRONMENT: 'production' }, ctx);
    await production.text();
    await waitOnExecutionContext(ctx);
    expect(production.status).toBe(401);
    expect(sent).toEqual([]);
  });

  it('refuses a file with bad lines, naming each with its field errors, and records, queues and applies nothing', async () => {
    const [article] = await soleOwnOffers(1);
    const before = await offerOf(article!.id);
    const imports = await env.DB.prepare('SELECT count(*) AS n FROM catalogue_imports').first<number>('n');
    const good = { id: key('good'), op: 'update', article: article!.id, seller: 0, channel: 'ES', price: before!.price - 100 };
    const body = [
      JSON.stringify(good),
      '{"id": "broken", "op": "update",', // 2: not JSON
      JSON.stringify({ id: key('neg'), op: 'update', article: article!.id, seller: 0, channel: 'ES', price: -5 }), // 3: price below 1
      '', // 4: blank, skipped
      JSON.stringify({ id: key('nothing'), op: 'update', article: article!.id, seller: 0, channel: 'ES' }), // 5: nothing to change
      JSON.stringify({ id: key('chan'), op: 'update', article: article!.id, seller: 0, channel: 'UK', stock: 1, colour: 'red' }), // 6: channel, unknown field
      JSON.stringify({ ...good, price: before!.price - 50 }), // 7: the id of line 1 again
      JSON.stringify({ id: key('create'), op: 'create', article: article!.id, seller: 0, channel: 'PT', price: 1000, stock: 1, availabilityCode: 0, deliveryMinDays: 5, deliveryMaxDays: 2 }), // 8: delivery range
    ].join('\n');
    const answer = await postImport(body);
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('CATALOGUE_IMPORT_INVALID');
    const lines = answer.error!.details.lines;
    expect(lines.map((line) => line.line)).toEqual([2, 3, 5, 6, 7, 8]);
    expect(answer.error!.details.badLineCount).toBe(6);
    const fields = Object.fromEntries(lines.map((line) => [line.line, line.errors.map((error) => error.field).sort()]));
    expect(fields).toEqual({ 2: [''], 3: ['price'], 5: ['op'], 6: ['', 'channel'], 7: ['id'], 8: ['deliveryMaxDays'] });
    // Messages in the request's language (Spanish on es.localhost), not zod's English.
    expect(lines.find((line) => line.line === 3)!.errors[0]!.message).toMatch(/número/);
    expect(sent).toEqual([]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM catalogue_imports').first<number>('n')).toBe(imports);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM catalogue_import_lines WHERE key = ?1').bind(good.id).first<number>('n')).toBe(0);
    expect(await offerOf(article!.id)).toEqual(before);
  });

  it('refuses lines about an article, seller or offer the catalogue does not have', async () => {
    const [article] = await soleOwnOffers(1);
    const body = jsonl([
      { id: key('ok'), op: 'update', article: article!.id, seller: 0, channel: 'ES', stock: 3 },
      { id: key('art'), op: 'update', article: 99_999_999, seller: 0, channel: 'ES', stock: 3 },
      { id: key('sel'), op: 'create', article: article!.id, seller: 987_654, channel: 'ES', price: 1000, stock: 1, availabilityCode: 0, deliveryMinDays: 1, deliveryMaxDays: 2 },
      { id: key('off'), op: 'withdraw', article: article!.id, seller: 0, channel: 'ES', condition: 'Reaconditioned-C' },
      // An offer created on an earlier line may be updated on a later one.
      { id: key('new'), op: 'create', article: article!.id, seller: 0, channel: 'ES', condition: 'Reaconditioned-B', price: 1000, stock: 1, availabilityCode: 0, deliveryMinDays: 1, deliveryMaxDays: 2 },
      { id: key('upd'), op: 'update', article: article!.id, seller: 0, channel: 'ES', condition: 'Reaconditioned-B', price: 900 },
    ]);
    const answer = await postImport(body);
    expect(answer.status).toBe(400);
    expect(answer.error!.details.lines.map((line) => [line.line, line.errors.map((error) => error.field)])).toEqual([
      [2, ['article']],
      [3, ['seller']],
      [4, ['article']],
    ]);
    expect(answer.error!.details.lines[0]!.errors[0]!.message).toBe('Este producto no existe.');
    expect(sent).toEqual([]);
  });

  it('refuses an empty file and one over the size limit', async () => {
    expect((await postImport('\n\n')).error?.code).toBe('CATALOGUE_IMPORT_EMPTY');
    const huge = 'x'.repeat(2 * 1024 * 1024 + 1);
    const answer = await postImport(huge);
    expect(answer.status).toBe(413);
    expect(sent).toEqual([]);
  });
});

describe('applying an import', () => {
  it('changes price and stock incrementally: listing, search and the cached product page show it, other cached pages stay hits', async () => {
    const rows = await soleOwnOffers(40);
    const a = rows[0]!;
    const b = rows.find((row) => row.category !== a.category)!;
    const aCard = async () => (await listingApi(`category=${a.category}&pageSize=100`)).data.items.find((card) => card.id === a.id);
    expect(await aCard()).toBeDefined();
    const version = await env.CACHE.get(CATALOGUE_VERSION_KEY);
    const pages = {
      a: `http://es.localhost/${a.slug_es}`,
      aEnglish: `http://es.localhost/en/${a.slug_en}`,
      b: `http://es.localhost/${b.slug_es}`,
      aCategory: `http://es.localhost/${a.category_slug}?pageSize=100`,
      aSearch: `http://es.localhost/search?query=${encodeURIComponent(a.reference)}`,
      bCategory: `http://es.localhost/${b.category_slug}?pageSize=100`,
    };
    for (const url of Object.values(pages)) {
      expect((await page(url)).cache, url).toBe('MISS');
      expect((await page(url)).cache, url).toBe('HIT');
    }
    const before = (await offerOf(a.id))!;
    const price = before.price - 1234;
    const imported = await postImport(jsonl([{ id: key('price'), op: 'update', article: a.id, seller: 0, channel: 'ES', price, stock: 7 }]));
    expect(imported.status).toBe(202);
    expect(imported.data).toMatchObject({ lines: 1, queued: 1, duplicates: 0 });
    expect(sent).toHaveLength(1);
    // Queued, not applied yet.
    expect((await offerOf(a.id))!.price).toBe(before.price);
    expect((await api(`${IMPORTS}/${imported.data.importId}`, { headers: OPS })).data).toMatchObject({ state: 'queued', waiting: 1, applied: 0 });

    await deliver();
    expect(await offerOf(a.id)).toMatchObject({ price, stock: 7, availability_code: before.availability_code });
    expect((await api(`${IMPORTS}/${imported.data.importId}`, { headers: OPS })).data).toMatchObject({ state: 'applied', waiting: 0, applied: 1, failed: 0 });

    // Listing and search read the new price.
    expect(await aCard()).toMatchObject({ price });
    const search = await listingApi(`query=${encodeURIComponent(a.reference)}`);
    expect(search.data.items.find((card) => card.id === a.id)).toMatchObject({ price });
    // The product page in both languages and the category page showing it are rendered again, with the new price.
    for (const url of [pages.a, pages.aEnglish, pages.aCategory, pages.aSearch]) {
      const fresh = await page(url);
      expect(fresh.cache, url).toBe('MISS');
    }
    expect((await page(pages.a)).html).toContain(formatMoney(price, 'es_ES'));
    expect((await page(pages.aEnglish)).html).toContain(formatMoney(price, 'en_EN'));
    // The category page's listing, kept per catalogue version in the isolate (worker/ssr/version-memo.ts), follows the update too.
    expect((await page(pages.aCategory)).html).toContain(formatMoney(price, 'es_ES'));
    expect((await page(pages.aSearch)).html).toContain(formatMoney(price, 'es_ES'));
    // Pages that do not show the article are still served from the cache.
    expect((await page(pages.b)).cache).toBe('HIT');
    expect((await page(pages.bCategory)).cache).toBe('HIT');
    // Another isolate (empty memory) finds the same in the Cache API: A's copy is stale, B's is not.
    const other = createApp({ edgeCache: true });
    expect((await page(pages.b, other)).tier).toBe('edge');
    // The global catalogue version did not move.
    expect(await env.CACHE.get(CATALOGUE_VERSION_KEY)).toBe(version);
  });

  it('shows a stock drop to 0 as out of stock on the product page and the card', async () => {
    const [, , c] = await soleOwnOffers(3);
    const url = `http://es.localhost/${c!.slug_es}`;
    await page(url);
    expect((await page(url)).cache).toBe('HIT');
    const imported = await postImport(jsonl([{ id: key('zero'), op: 'update', article: c!.id, seller: 0, channel: 'ES', stock: 0 }]));
    expect(imported.status).toBe(202);
    await deliver();
    // An offer promising stock on hand becomes "temporarily out of stock" (6) at stock 0.
    expect(await offerOf(c!.id)).toMatchObject({ stock: 0, availability_code: 6 });
    const product = await page(url);
    expect(product.cache).toBe('MISS');
    expect(product.html).toContain('Agotado temporalmente');
    const card = (await listingApi(`category=${c!.category}&pageSize=100`)).data.items.find((item) => item.id === c!.id);
    expect(card).toMatchObject({ price: null, availabilityCode: 6 });
    const cards = await api<Card[]>(`http://es.localhost/api/catalogue/cards?ids=${c!.id}`);
    expect(cards.data[0]).toMatchObject({ id: c!.id, price: null, availabilityCode: 6 });
  });

  it('gives an offer run out of stock its code back with its stock, unless a line sets a code', async () => {
    const [, , , , , , g] = await soleOwnOffers(7);
    const code = (await offerOf(g!.id))!.availability_code;
    await postImport(jsonl([{ id: key('out'), op: 'update', article: g!.id, seller: 0, channel: 'ES', stock: 0 }]));
    await deliver();
    expect(await offerOf(g!.id)).toMatchObject({ stock: 0, availability_code: 6, sold_out_code: code });
    await postImport(jsonl([{ id: key('back'), op: 'update', article: g!.id, seller: 0, channel: 'ES', stock: 4 }]));
    await deliver();
    expect(await offerOf(g!.id)).toMatchObject({ stock: 4, availability_code: code, sold_out_code: null });
    expect((await listingApi(`category=${g!.category}&pageSize=100`)).data.items.find((item) => item.id === g!.id)).toMatchObject({ availabilityCode: code });
    // A code given with the stock wins, and nothing is kept to come back.
    await postImport(jsonl([{ id: key('out2'), op: 'update', article: g!.id, seller: 0, channel: 'ES', stock: 0 }]));
    await postImport(jsonl([{ id: key('code'), op: 'update', article: g!.id, seller: 0, channel: 'ES', availabilityCode: 7 }]));
    await postImport(jsonl([{ id: key('back2'), op: 'update', article: g!.id, seller: 0, channel: 'ES', stock: 3 }]));
    await deliver();
    expect(await offerOf(g!.id)).toMatchObject({ stock: 3, availability_code: 7, sold_out_code: null });
  });

  it('applies a line once: a message delivered again and a file sent again change nothing', async () => {
    const [, , , d] = await soleOwnOffers(4);
    const first = key('once');
    await postImport(jsonl([{ id: first, op: 'update', article: d!.id, seller: 0, channel: 'ES', price: 4321 }]));
    const batch = await deliver();
    expect((await offerOf(d!.id))!.price).toBe(4321);
    await postImport(jsonl([{ id: key('later'), op: 'update', article: d!.id, seller: 0, channel: 'ES', price: 5555 }]));
    await deliver();
    const invalidations = await env.DB.prepare('SELECT count(*) AS n FROM catalogue_invalidations').first<number>('n');
    // The first batch again (a redelivery after its commit): no change, no invalidation.
    await deliver(batch);
    expect((await offerOf(d!.id))!.price).toBe(5555);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM catalogue_invalidations').first<number>('n')).toBe(invalidations);
    // The first file again: its line is a duplicate, not queued.
    const again = await postImport(jsonl([{ id: first, op: 'update', article: d!.id, seller: 0, channel: 'ES', price: 4321 }]));
    expect(again.status).toBe(202);
    expect(again.data).toMatchObject({ queued: 0, duplicates: 1 });
    expect(sent).toEqual([]);
    expect((await offerOf(d!.id))!.price).toBe(5555);
  });

  it('queues a line again when its file is sent again while it still waits (its message lost to the dead-letter queue)', async () => {
    const [, , , , , f] = await soleOwnOffers(6);
    const body = jsonl([{ id: key('lost'), op: 'update', article: f!.id, seller: 0, channel: 'ES', price: 3333 }]);
    const first = await postImport(body);
    sent.length = 0; // never delivered
    const again = await postImport(body);
    expect(again.data).toMatchObject({ queued: 0, duplicates: 1, requeued: 1 });
    expect(sent).toEqual([expect.objectContaining({ importId: first.data.importId, line: 1 })]);
    await deliver();
    expect((await offerOf(f!.id))!.price).toBe(3333);
    expect((await api(`${IMPORTS}/${first.data.importId}`, { headers: OPS })).data).toMatchObject({ state: 'applied', applied: 1 });
  });

  it('never lets an older line overwrite a newer one, and reports lines that fail when applied', async () => {
    const [, , , , e] = await soleOwnOffers(5);
    const answer = await postImport(
      jsonl([
        { id: key('old'), op: 'update', article: e!.id, seller: 0, channel: 'ES', price: 7000 },
        { id: key('new'), op: 'update', article: e!.id, seller: 0, channel: 'ES', price: 6000 },
      ]),
    );
    const [older, newer] = sent.splice(0);
    await deliver([newer!]);
    await deliver([older!]);
    expect((await offerOf(e!.id))!.price).toBe(6000);
    expect((await api(`${IMPORTS}/${answer.data.importId}`, { headers: OPS })).data).toMatchObject({ applied: 1, superseded: 1, failed: 0, state: 'applied' });

    // A withdraw applied before an update that was valid when it was sent: the update fails, with its line.
    const withdraw = await postImport(jsonl([{ id: key('gone'), op: 'withdraw', article: e!.id, seller: 0, channel: 'ES' }]));
    const update = await postImport(jsonl([{ id: key('late'), op: 'update', article: e!.id, seller: 0, channel: 'ES', stock: 4 }]));
    await deliver();
    expect(await offerOf(e!.id)).toBeNull();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM listings WHERE article_id = ?1 AND channel = 'ES'").bind(e!.id).first<number>('n')).toBe(0);
    expect((await api(`${IMPORTS}/${withdraw.data.importId}`, { headers: OPS })).data).toMatchObject({ applied: 1 });
    const state = (await api<{ failed: number; failures: { line: number; error: string }[] }>(`${IMPORTS}/${update.data.importId}`, { headers: OPS })).data;
    expect(state).toMatchObject({ failed: 1, failures: [{ line: 1, error: 'offer not found' }] });
  });
});

/** A seeded PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const DERIVED = {
  listings: 'SELECT * FROM listings ORDER BY id',
  attribute_values: 'SELECT * FROM attribute_values ORDER BY id',
  listing_sellers: 'SELECT * FROM listing_sellers ORDER BY channel, seller_id, article_id',
  listing_facets: 'SELECT * FROM listing_facets ORDER BY channel, category_id, facet, value',
  search_keys: 'SELECT * FROM search_keys ORDER BY channel, lang, key',
  search_facets: 'SELECT * FROM search_facets ORDER BY channel, lang, key, facet, value',
  search_probe: 'SELECT rowid FROM search_probe',
  search_probe_listings: 'SELECT * FROM search_probe_listings',
};

/** Broad searches in the test catalogue: so that search_facets has rows to keep (the real threshold is more than the catalogue has). */
const BROAD_SEARCH = 25;
const FULL_REFRESH = [...REFRESH_CATALOGUE_SQL, ...searchFacetsSql(BROAD_SEARCH)];

async function derivedTables(): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(Object.entries(DERIVED).map(async ([name, sql]) => [name, (await env.DB.prepare(sql).all()).results] as const));
  return Object.fromEntries(entries);
}

describe('incremental refresh', () => {
  it('leaves the derived tables equal to a full rebuild after random updates, creates and withdrawals', async () => {
    const sellers = (await env.DB.prepare('SELECT id FROM sellers ORDER BY id').all<{ id: number }>()).results.map((row) => row.id);
    const articles = (await env.DB.prepare('SELECT id FROM articles ORDER BY id').all<{ id: number }>()).results.map((row) => row.id);
    const channels = ['ES', 'PT', 'FR', 'IT', 'DE'];
    for (const sql of FULL_REFRESH) await env.DB.prepare(sql).run();
    expect((await derivedTables()).search_facets!.length).toBeGreaterThan(1000);
    for (const seed of [1, 2, 3]) {
      const offers = (await env.DB.prepare('SELECT article_id, seller_id, channel, condition, price FROM offers ORDER BY id').all<Offer>()).results;
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
      const lines: object[] = [];
      const used = new Set<string>();
      while (lines.length < 40) {
        const roll = next();
        const offer = pick(offers);
        const target = `${offer.article_id}|${offer.seller_id}|${offer.channel}|${offer.condition}`;
        if (roll < 0.55 && !used.has(target)) {
          used.add(target);
          const change: Record<string, unknown> = {};
          if (next() < 0.7) change.price = 500 + Math.floor(next() * 400_000);
          if (next() < 0.5) change.stock = next() < 0.4 ? 0 : Math.floor(next() * 50);
          if (next() < 0.3) change.availabilityCode = pick([0, 1, 2, 3, 4, 5, 6, 7, 9876, 9999]);
          if (Object.keys(change).length === 0) change.originalPrice = null;
          lines.push({ id: key(`r${seed}`), op: 'update', article: offer.article_id, seller: offer.seller_id, channel: offer.channel, condition: offer.condition, ...change });
        } else if (roll < 0.7 && !used.has(target)) {
          used.add(target);
          lines.push({ id: key(`w${seed}`), op: 'withdraw', article: offer.article_id, seller: offer.seller_id, channel: offer.channel, condition: offer.condition });
        } else {
          const article = pick(articles);
          const seller = pick(sellers);
          const channel = pick(channels);
          const condition = pick(['new', 'new', 'Reaconditioned-A']);
          const created = `${article}|${seller}|${channel}|${condition}`;
          if (used.has(created)) continue;
          used.add(created);
          const price = 500 + Math.floor(next() * 400_000);
          lines.push({
            id: key(`c${seed}`),
            op: 'create',
            article,
            seller,
            channel,
            condition,
            price,
            originalPrice: next() < 0.3 ? price + 1000 : null,
            stock: Math.floor(next() * 20),
            availabilityCode: pick([0, 1, 2, 4, 6, 9999]),
            deliveryMinDays: 1,
            deliveryMaxDays: 1 + Math.floor(next() * 10),
            minShippingPrice: pick([0, 0, 499]),
            sentBy: pick(['seller', 'retailer']),
          });
        }
      }
      const answer = await postImport(jsonl(lines));
      expect(answer.status, JSON.stringify(answer.error)).toBe(202);
      // In two batches, as the queue may deliver them.
      const messages = sent.splice(0);
      await deliver(messages.slice(0, 25));
      await deliver(messages.slice(25));
      const incremental = await derivedTables();
      for (const sql of FULL_REFRESH) await env.DB.prepare(sql).run();
      const full = await derivedTables();
      for (const table of Object.keys(DERIVED)) expect(incremental[table], `${table} after seed ${seed}`).toEqual(full[table]);
    }
  });
});
