// Listing highlights and category promotions through the real app with an injected clock:
// what shows on the first page, the rule behind the highlights, promotion windows on both
// sides of each boundary, per-channel promotions, and nothing of it on later pages.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { host, pageAt, SEED_NOW } from './helpers';

/** Inside the Black Friday 2025 window of the default channel configuration. */
const BLACK_FRIDAY = new Date(Date.UTC(2025, 10, 20));

const first = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<T>())!;
const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

/** A category's id and slug in a language, by its English name. */
async function category(english: string, lang = 'es_ES') {
  const { id } = await first<{ id: number }>(`SELECT category_id AS id FROM category_translations WHERE lang = 'en_EN' AND name = ?`, english);
  const { slug } = await first<{ slug: string }>(`SELECT slug FROM category_translations WHERE category_id = ? AND lang = ?`, id, lang);
  return { id, slug };
}

const section = (html: string, cls: string) => new RegExp(`<section class="${cls}"[^>]*>([\\s\\S]*?)</section>`).exec(html)?.[1];
const promotionIds = (html: string) => [...(section(html, 'promotions') ?? '').matchAll(/data-promotion-id="(\d+)"/g)].map((m) => Number(m[1]));
const highlightedSlugs = (html: string) => [...(section(html, 'highlights') ?? '').matchAll(/<article class="product-card"><a href="\/(?:en\/)?([^"]+)">/g)].map((m) => m[1]!);

async function slugsOf(ids: number[], lang = 'es_ES') {
  return Promise.all(ids.map(async (id) => (await first<{ slug: string }>(`SELECT slug FROM article_translations WHERE article_id = ? AND lang = ?`, id, lang)).slug));
}

/** The highlight rule, written again as one query: in stock (0–3) with a price, ≥ 5 ratings, best rated first. */
async function expectedHighlights(categoryId: number, channel = 'ES') {
  const rows = await all<{ id: number }>(
    `WITH RECURSIVE sub(id) AS (SELECT ?1 UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
     SELECT article_id AS id FROM listings WHERE channel = ?2 AND category_id IN (SELECT id FROM sub)
       AND price IS NOT NULL AND availability_code BETWEEN 0 AND 3 AND rating_count >= 5
     ORDER BY rating_average DESC, rating_count DESC, article_id LIMIT 4`,
    categoryId,
    channel,
  );
  return rows.map((r) => r.id);
}

async function promotion(id: number) {
  return first<{ starts_at: number | null; ends_at: number | null; category_id: number }>(`SELECT starts_at, ends_at, category_id FROM category_promotions WHERE id = ?`, id);
}

describe('listing highlights', () => {
  it('shows the best-rated in-stock products of the category above the list, on the first page only', async () => {
    const components = await category('PC components');
    const expected = await expectedHighlights(components.id);
    expect(expected.length).toBeGreaterThan(0);
    const { status, html } = await pageAt(SEED_NOW, `${host('ES')}/${components.slug}`);
    expect(status).toBe(200);
    expect(html).toContain('<h2 id="highlights-title">Destacados</h2>');
    expect(highlightedSlugs(html)).toEqual(await slugsOf(expected));
    // Above the product list, and rendered without any island or script of its own.
    expect(html.indexOf('class="highlights"')).toBeLessThan(html.indexOf('class="listing__results"'));
    expect(section(html, 'highlights')).not.toMatch(/data-island|<script/);
    const second = await pageAt(SEED_NOW, `${host('ES')}/${components.slug}?page=2`);
    expect(second.status).toBe(200);
    expect(second.html).not.toContain('class="highlights"');
    expect(second.html).not.toContain('class="promotions"');
  });

  it('highlights a brand’s products on its page', async () => {
    const brand = await first<{ id: number; slug: string }>(
      `SELECT b.id, b.slug FROM brands b JOIN listings l ON l.brand_id = b.id AND l.channel = 'ES'
       WHERE l.rating_count >= 5 AND l.availability_code <= 3 AND l.price IS NOT NULL GROUP BY b.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const expected = await all<{ id: number }>(
      `SELECT article_id AS id FROM listings WHERE channel = 'ES' AND brand_id = ? AND price IS NOT NULL AND availability_code BETWEEN 0 AND 3 AND rating_count >= 5
       ORDER BY rating_average DESC, rating_count DESC, article_id LIMIT 4`,
      brand.id,
    );
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/en/${brand.slug}`);
    expect(html).toContain('<h2 id="highlights-title">Featured</h2>');
    expect(highlightedSlugs(html)).toEqual(await slugsOf(expected.map((r) => r.id), 'en_EN'));
    expect(html).not.toContain('class="promotions"');
  });

  it('puts products of a running campaign first, and only while it runs', async () => {
    const laptops = await category('Laptops');
    const members = new Set(
      (await all<{ id: number }>(`SELECT ca.article_id AS id FROM collection_articles ca JOIN collections c ON c.id = ca.collection_id WHERE c.campaign = 'black-friday'`)).map((r) => r.id),
    );
    const during = highlightedSlugs((await pageAt(BLACK_FRIDAY, `${host('ES')}/${laptops.slug}`)).html);
    const memberSlugs = new Set(await slugsOf([...members]));
    expect(during.length).toBeGreaterThan(0);
    expect(memberSlugs.has(during[0]!)).toBe(true);
    const after = highlightedSlugs((await pageAt(SEED_NOW, `${host('ES')}/${laptops.slug}`)).html);
    expect(after).toEqual(await slugsOf(await expectedHighlights(laptops.id)));
    expect(after).not.toEqual(during);
  });
});

describe('category promotions', () => {
  it('shows the category’s promotions with their localized link, the closest category first', async () => {
    const gpu = await category('Graphics cards');
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/${gpu.slug}`);
    // The graphics cards' own promotion (2), then the one of PC components above it (1).
    expect(promotionIds(html)).toEqual([2, 1]);
    expect(section(html, 'promotions')).toContain('href="/fuentes-de-alimentacion"');
    expect(section(html, 'promotions')).toContain('href="/configuracion-pc-gaming"');
    expect(html.indexOf('class="promotions"')).toBeLessThan(html.indexOf('class="highlights"'));
    const en = await pageAt(SEED_NOW, `${host('FR')}/en/${(await category('Graphics cards', 'en_EN')).slug}`);
    expect(section(en.html, 'promotions')).toContain('New graphics card? Check your power supply');
    expect(section(en.html, 'promotions')).toContain('href="/en/power-supplies"');
    expect(section(en.html, 'promotions')).toContain('href="/en/gaming-pc-build"');
  });

  it('the promotion link leads to a real page', async () => {
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/${(await category('Graphics cards')).slug}`);
    const link = /<li class="promotion" data-promotion-id="2">[\s\S]*?<a class="button" href="([^"]+)"/.exec(html)![1]!;
    expect((await pageAt(SEED_NOW, `${host('ES')}${link}`)).status).toBe(200);
  });

  it('shows a windowed promotion from its start (inclusive) until its end (exclusive)', async () => {
    const { starts_at, ends_at, category_id } = await promotion(3);
    expect(starts_at).not.toBeNull();
    expect(ends_at).not.toBeNull();
    const { slug } = await first<{ slug: string }>(`SELECT slug FROM category_translations WHERE category_id = ? AND lang = 'es_ES'`, category_id);
    const url = `${host('ES')}/${slug}`;
    const shown = async (ms: number) => promotionIds((await pageAt(new Date(ms), url)).html).includes(3);
    expect(await shown(starts_at! * 1000 - 1)).toBe(false);
    expect(await shown(starts_at! * 1000)).toBe(true);
    expect(await shown(ends_at! * 1000 - 1)).toBe(true);
    expect(await shown(ends_at! * 1000)).toBe(false);
  });

  it('hides promotions that are over or still to come at the request’s time', async () => {
    for (const id of [4, 5]) {
      const { starts_at, ends_at, category_id } = await promotion(id);
      const { slug } = await first<{ slug: string }>(`SELECT slug FROM category_translations WHERE category_id = ? AND lang = 'es_ES'`, category_id);
      const now = SEED_NOW.getTime() / 1000;
      expect(id === 4 ? ends_at! <= now : starts_at! > now).toBe(true);
      expect(promotionIds((await pageAt(SEED_NOW, `${host('ES')}/${slug}`)).html)).not.toContain(id);
      const inside = new Date(((starts_at ?? now) + 3600) * 1000);
      expect(promotionIds((await pageAt(inside, `${host('ES')}/${slug}`)).html)).toContain(id);
    }
  });

  it('shows a promotion of one channel only there', async () => {
    const pt = await category('Large appliances', 'pt_PT');
    expect(promotionIds((await pageAt(SEED_NOW, `${host('PT')}/${pt.slug}`)).html)).toContain(6);
    const es = await category('Large appliances');
    expect(promotionIds((await pageAt(SEED_NOW, `${host('ES')}/${es.slug}`)).html)).not.toContain(6);
  });
});
