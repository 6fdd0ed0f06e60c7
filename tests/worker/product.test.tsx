// Product pages through the real app with an injected clock (createApp({ now })).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import ProductPage, { type ProductData } from '../../client/pages/product';
import type { StoreContextValue } from '../../client/components/store-context';
import { createApp } from '../../worker/app';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { dbFor } from '../../worker/db/client';
import { i18nFor } from '../../worker/i18n/catalogs';
import { catalogueSlugPages } from '../../worker/ssr/pages/catalogue';
import { renderDocument } from '../../worker/ssr/render';
import { fragmentRenderer } from '../../worker/ssr/static-parts';
import { BLACK_FRIDAY_2025 } from '../../worker/domain/catalogue/campaign';
import { invalidationLog, pruneUserContentInvalidations, VERSION_MEMO_MS } from '../../worker/ssr/catalogue-version';
import { bumpCatalogueVersion } from '../../worker/ssr/edge-cache';

async function productPage(host: string, path: string, at: string) {
  const app = createApp({ now: () => new Date(at) });
  const response = await app.fetch(new Request(`http://${host}${path}`), env, { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext);
  return { status: response.status, html: await response.text() };
}

async function slugOf(sql: string, lang = 'es_ES'): Promise<string> {
  const row = await env.DB.prepare(`SELECT t.slug FROM article_translations t WHERE t.lang = ? AND t.article_id = (${sql})`).bind(lang).first<{ slug: string }>();
  if (!row) throw new Error(`no article for ${sql}`);
  return row.slug;
}

/** Ops move the IT campaign window; written before the first request, as channel config is cached per isolate. */
const MOVED_WINDOW = { ...BLACK_FRIDAY_2025, startsAt: '2026-11-27T00:00:00Z', endsAt: '2026-11-30T23:00:00Z' };
beforeAll(async () => {
  await env.CONFIG.put('config:channel:IT', JSON.stringify({ campaigns: [MOVED_WINDOW] }));
});

const BLACK_FRIDAY_ARTICLE = `SELECT ca.article_id FROM collection_articles ca JOIN collections c ON c.id = ca.collection_id
  JOIN offers o ON o.article_id = ca.article_id AND o.channel = 'ES' AND o.availability_code <= 5
  WHERE c.campaign = 'black-friday' ORDER BY ca.article_id LIMIT 1`;

describe('Black Friday flag (campaign as data)', () => {
  let path: string;
  beforeAll(async () => {
    path = `/${await slugOf(BLACK_FRIDAY_ARTICLE)}`;
  });

  it.each([
    ['2025-11-02T16:59:59Z', false],
    ['2025-11-02T17:00:00Z', true],
    ['2025-11-20T12:00:00Z', true],
    ['2025-12-01T07:29:59Z', true],
    ['2025-12-01T07:30:00Z', false],
  ])('at %s the flag shows: %s', async (at, shown) => {
    const { status, html } = await productPage('es.localhost', path, at);
    expect(status).toBe(200);
    expect(html.includes('class="campaign-flag"')).toBe(shown);
  });

  it('follows a window that ops set through channel configuration', async () => {
    const itPath = `/${await slugOf(BLACK_FRIDAY_ARTICLE, 'it_IT')}`;
    expect((await productPage('it.localhost', itPath, '2025-11-20T12:00:00Z')).html).not.toContain('class="campaign-flag"');
    expect((await productPage('it.localhost', itPath, '2026-11-26T23:59:59Z')).html).not.toContain('class="campaign-flag"');
    expect((await productPage('it.localhost', itPath, '2026-11-27T00:00:00Z')).html).toContain('class="campaign-flag"');
  });
});

describe('delivery wording', () => {
  const SAME_DAY = `SELECT o.article_id FROM offers o WHERE o.channel = 'ES' AND o.seller_id = 0 AND o.delivery_min_days = 0 AND o.availability_code <= 1
    AND NOT EXISTS (SELECT 1 FROM offers x WHERE x.article_id = o.article_id AND x.channel = 'ES' AND x.seller_id <> 0) ORDER BY o.article_id LIMIT 1`;

  it("says 'today' with the minutes left rounded up to 5 only before 10:00 in Madrid", async () => {
    const path = `/en/${await slugOf(SAME_DAY, 'en_EN')}`;
    // Wednesday 2026-11-18, 09:41:10 in Madrid (UTC+1) → 18 min 50 s left → 20 min.
    const early = await productPage('es.localhost', path, '2026-11-18T08:41:10Z');
    expect(early.html).toContain('Get it today if you order within 20 min');
    const late = await productPage('es.localhost', path, '2026-11-18T09:00:00Z');
    expect(late.html).not.toContain('Get it today');
    expect(late.html).toMatch(/Get it (tomorrow|on|between)/);
  });
});

describe('offers of several sellers', () => {
  it('shows one buy-box winner and lists every other offer with its seller', async () => {
    const row = await env.DB.prepare(
      `SELECT article_id, count(*) AS n FROM offers WHERE channel = 'ES' GROUP BY article_id HAVING count(DISTINCT seller_id) >= 3 ORDER BY article_id LIMIT 1`,
    ).first<{ article_id: number; n: number }>();
    const path = `/en/${await slugOf(String(row!.article_id), 'en_EN')}`;
    const { html } = await productPage('es.localhost', path, '2026-11-18T12:00:00Z');
    expect(html.match(/class="sold-by"/g)).toHaveLength(1);
    const rows = html.split('<tbody>')[1]!.split('</tbody>')[0]!.match(/<tr>/g) ?? [];
    expect(rows).toHaveLength(row!.n - 1);
  });
});

describe('layout markup: technical sheet, reviews summary, the phones’ add-to-basket bar', () => {
  // A laptop (screen and processor: two spec groups) with reviews that the store sells in Spain now.
  const LAPTOP = `SELECT a.id FROM articles a JOIN offers o ON o.article_id = a.id AND o.channel = 'ES' AND o.availability_code <= 1
    WHERE a.specs LIKE '%"screen"%' AND a.specs LIKE '%"cpu"%' AND a.rating_count > 0 ORDER BY a.id LIMIT 1`;
  // Offered in Spain, but by no offer that can be bought.
  const NOT_BUYABLE = `SELECT o.article_id FROM offers o WHERE o.channel = 'ES' GROUP BY o.article_id HAVING min(o.availability_code) > 5 ORDER BY o.article_id LIMIT 1`;

  it('groups the specs into disclosures, only the first open, then the identifiers; the summary links to the reviews section', async () => {
    const { status, html } = await productPage('es.localhost', `/en/${await slugOf(LAPTOP, 'en_EN')}`, '2026-11-18T12:00:00Z');
    expect(status).toBe(200);
    const groups = html.match(/<details class="specs-group"[^>]*>\s*<summary>[^<]*/g) ?? [];
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups[0]).toContain('open=""');
    expect(groups.filter((group) => group.includes('open=""'))).toHaveLength(1);
    expect(groups.map((group) => group.replace(/^.*<summary>/s, ''))).toEqual(expect.arrayContaining(['Display and image', 'Performance and storage', 'General']));
    expect(groups.at(-1)).toContain('General');
    expect(html).toContain('href="#reviews"');
    expect(html).toContain('<section id="reviews"');
    // One bar, outside the buying block (whose button tests and shoppers address as the main one).
    expect(html.match(/class="buy-bar"/g)).toHaveLength(1);
    expect(html.indexOf('class="buy-bar"')).toBeGreaterThan(html.indexOf('id="specs-title"'));
  });

  it('has no bar when no offer can be bought', async () => {
    const { status, html } = await productPage('es.localhost', `/en/${await slugOf(NOT_BUYABLE, 'en_EN')}`, '2026-11-18T12:00:00Z');
    expect(status).toBe(200);
    expect(html).not.toContain('class="buy-bar"');
    expect(html).not.toContain('class="buy-box__cta"');
  });
});

describe('what the product page reads again', () => {
  it('keeps the catalogue part per catalogue version and the reviews until a change to them is logged', async () => {
    const article = await env.DB.prepare(
      "SELECT l.article_id AS id, t.slug FROM listings l JOIN article_translations t ON t.article_id = l.article_id AND t.lang = 'es_ES' WHERE l.channel = 'ES' ORDER BY l.article_id DESC LIMIT 1",
    ).first<{ id: number; slug: string }>();
    const at = '2026-11-18T10:00:00Z';
    const first = await productPage('es.localhost', `/${article!.slug}`, at);
    expect(first.status).toBe(200);
    // Changed without a catalogue version bump: the kept detail still shows the old name.
    await env.DB.prepare("UPDATE article_translations SET name = name || ' Edición kept-test' WHERE article_id = ? AND lang = 'es_ES'").bind(article!.id).run();
    // Published by another isolate (or a script): a trigger logs the article.
    const user = await env.DB.prepare('SELECT id FROM users ORDER BY id LIMIT 1').first<{ id: number }>();
    const time = Date.parse(at) - 3_600_000;
    await env.DB.prepare(
      `INSERT INTO product_reviews (user_id, article_id, rating, created_at, title, body, language, channel, state, verified_order, helpful_count, unhelpful_count, updated_at, published_at)
       VALUES (?, ?, 5, ?, 'Reseña recién publicada', 'Funciona de maravilla desde el primer día.', 'es_ES', 'ES', 'OK', NULL, 0, 0, ?, ?)`,
    ).bind(user!.id, article!.id, time, time, time).run();
    // This isolate reads the log at most every VERSION_MEMO_MS (of its own clock): read it as it will then.
    expect((await productPage('es.localhost', `/${article!.slug}`, at)).html).not.toContain('Reseña recién publicada');
    await invalidationLog(env.DB, Date.now() + VERSION_MEMO_MS, 'user_content_invalidations');
    const second = await productPage('es.localhost', `/${article!.slug}`, at);
    expect(second.html).not.toContain('Edición kept-test');
    expect(second.html).toContain('Reseña recién publicada');
    await bumpCatalogueVersion(env.CACHE);
    expect((await productPage('es.localhost', `/${article!.slug}`, at)).html).toContain('Edición kept-test');
  });

  it('shows a change at once after a request of its own that may have written, and only then', async () => {
    const article = await env.DB.prepare(
      "SELECT r.article_id AS id, t.slug FROM product_reviews r JOIN article_translations t ON t.article_id = r.article_id AND t.lang = 'es_ES' JOIN listings l ON l.article_id = r.article_id AND l.channel = 'ES' WHERE r.state = 'OK' ORDER BY r.article_id LIMIT 1",
    ).first<{ id: number; slug: string }>();
    const at = '2026-11-18T11:00:00Z';
    expect((await productPage('es.localhost', `/${article!.slug}`, at)).html).not.toContain('Título cambiado ahora');
    await env.DB.prepare("UPDATE product_reviews SET title = 'Título cambiado ahora', helpful_count = helpful_count + 1000 WHERE article_id = ? AND state = 'OK'").bind(article!.id).run();
    const app = createApp({ now: () => new Date(at) });
    const call = (path: string, body: unknown) =>
      app.fetch(
        new Request(`http://es.localhost${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
        env,
        { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
      );
    // A request that writes nothing (one the API refuses) leaves the isolate's copy alone.
    expect((await call('/api/users/signup', { email: 'not an address' })).status).toBe(400);
    expect((await productPage('es.localhost', `/${article!.slug}`, at)).html).not.toContain('Título cambiado ahora');
    // One that runs a statement that may change rows makes this isolate read the log again: here
    // an UPDATE using up a confirmation link, which matches none (so the API refuses the link).
    expect((await call('/api/users/signup/confirm', { token: 'x'.repeat(43) })).status).toBe(400);
    expect((await productPage('es.localhost', `/${article!.slug}`, at)).html).toContain('Título cambiado ahora');
  });

  it('logs every change to the reviews, the questions and the nicks they show', async () => {
    const logged = async (change: string, ...values: unknown[]) => {
      const before = (await env.DB.prepare('SELECT coalesce(max(seq), 0) AS seq FROM user_content_invalidations').first<number>('seq'))!;
      await env.DB.prepare(change).bind(...values).run();
      const rows = await env.DB.prepare('SELECT article_ids FROM user_content_invalidations WHERE seq > ? ORDER BY seq').bind(before).all<{ article_ids: string }>();
      return rows.results.map((row) => JSON.parse(row.article_ids) as number[]);
    };
    const review = await env.DB.prepare("SELECT id, article_id AS articleId, user_id AS userId FROM product_reviews WHERE state = 'OK' ORDER BY id LIMIT 1").first<{ id: number; articleId: number; userId: number }>();
    expect(await logged('UPDATE product_reviews SET helpful_count = helpful_count + 1 WHERE id = ?', review!.id)).toEqual([[review!.articleId]]);
    expect(await logged("UPDATE users SET nick = 'Renombrado' || id WHERE id = ?", review!.userId)).toEqual([expect.arrayContaining([review!.articleId])]);
    expect(await logged('UPDATE users SET email = email WHERE id = ?', review!.userId)).toEqual([]);
    const question = await env.DB.prepare('SELECT id, article_id AS articleId FROM questions ORDER BY id LIMIT 1').first<{ id: number; articleId: number }>();
    if (question) expect(await logged('UPDATE questions SET answer_count = answer_count WHERE id = ?', question.id)).toEqual([[question.articleId]]);
    expect(await logged('DELETE FROM product_reviews WHERE id = ?', review!.id)).toEqual([[review!.articleId]]);
    // The scheduled job keeps a day of them.
    await pruneUserContentInvalidations(env.DB, Date.now());
    expect(await env.DB.prepare('SELECT count(*) AS n FROM user_content_invalidations').first<number>('n')).toBeGreaterThan(0);
    await pruneUserContentInvalidations(env.DB, Date.now() + 86_400_001);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM user_content_invalidations').first<number>('n')).toBe(0);
  });
});

describe('the gallery, a pre-rendered part', () => {
  it("keeps its first image's preload in the head, once, and its markup in the page, on every request", async () => {
    const article = await env.DB.prepare(
      "SELECT l.article_id AS id, t.slug, a.image_key AS imageKey FROM listings l JOIN article_translations t ON t.article_id = l.article_id AND t.lang = 'es_ES' JOIN articles a ON a.id = l.article_id WHERE l.channel = 'ES' ORDER BY l.article_id LIMIT 1 OFFSET 3",
    ).first<{ id: number; slug: string; imageKey: string }>();
    for (let request = 0; request < 2; request++) {
      const { html } = await productPage('es.localhost', `/${article!.slug}`, '2026-11-18T10:00:00Z');
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toContain(`/images/large/${article!.imageKey}.svg`);
      expect(preloads[0]).toContain('fetchPriority="high"');
      const body = html.slice(html.indexOf('</head>'));
      expect(body).not.toContain('<link rel="preload"');
      expect(body).toContain('data-island="product-gallery"');
      expect(body).toContain(`src="/images/large/${article!.imageKey}.svg`);
    }
  });
});

describe('the page, a pre-rendered part', () => {
  // Several sellers (an offers table) and OK reviews: most of what the page can show.
  const RICH = `SELECT o.article_id FROM offers o JOIN listings l ON l.article_id = o.article_id AND l.channel = 'ES'
    WHERE o.channel = 'ES' AND EXISTS (SELECT 1 FROM product_reviews r WHERE r.article_id = o.article_id AND r.state = 'OK')
    GROUP BY o.article_id HAVING count(DISTINCT o.seller_id) >= 2 ORDER BY o.article_id LIMIT 1`;

  async function loadAt(id: number, slug: string, at: string) {
    const db = dbFor(env.DB);
    const context = { db, channel: DEFAULT_CHANNELS.ES, language: 'es_ES' as const, i18n: i18nFor('es_ES'), params: {}, url: new URL(`http://es.localhost/${slug}`), menu: [], entityId: id, now: new Date(at), user: null, http: undefined as never, env };
    const loaded = await catalogueSlugPages.product.load(context);
    if (!loaded || !('data' in loaded)) throw new Error('no product');
    return loaded.data as ProductData;
  }

  async function html(data: ProductData, parts: boolean) {
    const store: StoreContextValue = { channel: DEFAULT_CHANNELS.ES, language: 'es_ES', menu: [], alternates: {}, currentPath: '/' };
    if (parts) store.fragment = fragmentRenderer(store, i18nFor('es_ES'));
    const response = await renderDocument({ status: 200, meta: { title: 'Product' }, body: <ProductPage data={data} />, store, i18n: i18nFor('es_ES'), nonce: 'abc', complete: true });
    return response.text();
  }

  it('is the markup a full render gives, kept per different data (the clock moves the delivery estimates)', async () => {
    const id = Number(await env.DB.prepare(RICH).first<number>('article_id'));
    const slug = await slugOf(String(id));
    const morning = await loadAt(id, slug, '2026-11-18T08:00:00Z');
    expect(await loadAt(id, slug, '2026-11-18T08:00:00Z')).toBe(morning);
    const full = await html(morning, false);
    expect(full).toContain('class="offers"');
    expect(full).toContain('class="review-card"');
    expect(await html(morning, true)).toBe(full);
    expect(await html(morning, true)).toBe(full);
    // A day later the estimates say other dates: other data, another part.
    const nextDay = await loadAt(id, slug, '2026-11-19T08:00:00Z');
    expect(nextDay).not.toBe(morning);
    const nextDayFull = await html(nextDay, false);
    expect(nextDayFull).not.toBe(full);
    expect(await html(nextDay, true)).toBe(nextDayFull);
  });
});
