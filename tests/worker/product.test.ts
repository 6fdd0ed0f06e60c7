// Product pages through the real app with an injected clock (createApp({ now })).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { BLACK_FRIDAY_2025 } from '../../worker/domain/catalogue/campaign';
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
  it('keeps the catalogue part per catalogue version and reads the reviews on every request', async () => {
    const article = await env.DB.prepare(
      "SELECT l.article_id AS id, t.slug FROM listings l JOIN article_translations t ON t.article_id = l.article_id AND t.lang = 'es_ES' WHERE l.channel = 'ES' ORDER BY l.article_id DESC LIMIT 1",
    ).first<{ id: number; slug: string }>();
    const at = '2026-11-18T10:00:00Z';
    const first = await productPage('es.localhost', `/${article!.slug}`, at);
    expect(first.status).toBe(200);
    // Changed without a catalogue version bump: the kept detail still shows the old name.
    await env.DB.prepare("UPDATE article_translations SET name = name || ' Edición kept-test' WHERE article_id = ? AND lang = 'es_ES'").bind(article!.id).run();
    const user = await env.DB.prepare('SELECT id FROM users ORDER BY id LIMIT 1').first<{ id: number }>();
    const time = Date.parse(at) - 3_600_000;
    await env.DB.prepare(
      `INSERT INTO product_reviews (user_id, article_id, rating, created_at, title, body, language, channel, state, verified_order, helpful_count, unhelpful_count, updated_at, published_at)
       VALUES (?, ?, 5, ?, 'Reseña recién publicada', 'Funciona de maravilla desde el primer día.', 'es_ES', 'ES', 'OK', NULL, 0, 0, ?, ?)`,
    ).bind(user!.id, article!.id, time, time, time).run();
    const second = await productPage('es.localhost', `/${article!.slug}`, at);
    expect(second.html).not.toContain('Edición kept-test');
    expect(second.html).toContain('Reseña recién publicada');
    await bumpCatalogueVersion(env.CACHE);
    expect((await productPage('es.localhost', `/${article!.slug}`, at)).html).toContain('Edición kept-test');
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
