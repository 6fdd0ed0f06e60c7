/**
 * The demo-catalogue generator (scripts/seed) and the generated product images: determinism,
 * coverage of the spec's enumerations, referential integrity, and SQL that loads into SQLite
 * with the real migration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../client/i18n/languages';
import { ROUTE_TABLE } from '../../client/route-table';
import { generateCatalogue, type SeedRow } from '../../scripts/seed/generate';
import { MAX_STATEMENT_BYTES, toSqlStatements, utf8Length } from '../../scripts/seed/sql';
import { GIFT_CARDS } from '../../worker/domain/content/gift-cards';
import { IMAGE_PRESETS, renderProductImage } from '../../worker/media/product-image';

const ARTICLES = 1500;
const LANGS = ['es_ES', 'en_EN', 'fr_FR', 'pt_PT', 'it_IT', 'de_DE'];
const CHANNELS = ['ES', 'PT', 'FR', 'IT', 'DE'];
const ARTICLE_TYPES = ['normal', 'digital', 'drop-shipping', 'compound', 'deal', 'reaconditioned', 'refurbished', 'recertified', 'cpo', 'own-stock', 'own-stock-variation', 'marketplace-offer'];
const CONDITIONS = ['new', 'Reaconditioned-A', 'Reaconditioned-B', 'Reaconditioned-C'];

const catalogue = generateCatalogue({ articles: ARTICLES });
const rows = (table: string): SeedRow[] => {
  const found = catalogue.find((t) => t.table === table);
  if (!found) throw new Error(`missing table ${table}`);
  return found.rows;
};
const ids = (table: string): Set<unknown> => new Set(rows(table).map((r) => r.id));

describe('generateCatalogue', () => {
  it('is deterministic for the same options and changes with the seed', () => {
    const again = generateCatalogue({ articles: ARTICLES });
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue));
    const other = generateCatalogue({ articles: 50, seed: 2 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(generateCatalogue({ articles: 50 })));
    // The catalogue carries its seeded user content (tens of thousands of rows): generating it twice takes seconds.
  }, 30_000);

  it('holds the expected amounts of everything', () => {
    expect(rows('articles')).toHaveLength(ARTICLES);
    expect(rows('article_translations')).toHaveLength(ARTICLES * 6);
    expect(rows('categories').length).toBeGreaterThanOrEqual(25);
    expect(rows('brands').length).toBeGreaterThanOrEqual(60);
    const sellers = rows('sellers');
    expect(sellers.filter((s) => s.kind === 'own')).toEqual([expect.objectContaining({ id: 0, name: 'Ampora', tier: 'premium' })]);
    expect(sellers.filter((s) => s.kind === 'marketplace').length).toBeGreaterThanOrEqual(15);
    expect(sellers.filter((s) => s.kind === 'dropshipping').length).toBeGreaterThanOrEqual(4);
    for (const s of sellers.filter((s) => s.kind !== 'own')) expect(Number(s.grade)).toBeGreaterThanOrEqual(1);
    const collections = rows('collections');
    expect(collections.length).toBeGreaterThanOrEqual(6);
    expect(collections.filter((c) => c.campaign === 'black-friday')).toHaveLength(5);
    expect(collections.some((c) => c.featured === 1)).toBe(true);
    const posts = rows('posts');
    expect(posts.filter((p) => p.kind === 'blog').length).toBeGreaterThanOrEqual(20);
    expect(posts.filter((p) => p.kind === 'cms').length).toBeGreaterThanOrEqual(5);
    expect(rows('post_translations')).toHaveLength(posts.length * 6);
    expect(rows('tags').length).toBeGreaterThanOrEqual(8);
    expect(rows('tag_translations')).toHaveLength(rows('tags').length * 6);
  });

  it('builds a 2–3 level category tree whose leaves hold the articles', () => {
    const categories = rows('categories');
    const byId = new Map(categories.map((c) => [c.id, c]));
    for (const c of categories) {
      if (c.level === 1) expect(c.parent_id).toBeNull();
      else expect(byId.get(c.parent_id)?.level).toBe(Number(c.level) - 1);
    }
    expect(new Set(categories.map((c) => c.level))).toEqual(new Set([1, 2, 3]));
    const parents = new Set(categories.map((c) => c.parent_id));
    const leafLevels = new Set(categories.filter((c) => !parents.has(c.id)).map((c) => c.level));
    expect(leafLevels).toEqual(new Set([2, 3]));
    for (const a of rows('articles')) expect(parents.has(a.category_id)).toBe(false);
    expect(rows('category_translations')).toHaveLength(categories.length * 6);
  });

  it('gives every article six translations with unique (lang, slug) and valid data', () => {
    const perArticle = new Map<unknown, string[]>();
    const slugs = new Set<string>();
    for (const t of rows('article_translations')) {
      perArticle.set(t.article_id, [...(perArticle.get(t.article_id) ?? []), String(t.lang)]);
      const key = `${t.lang}/${t.slug}`;
      expect(slugs.has(key)).toBe(false);
      slugs.add(key);
      expect(t.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(String(t.description).length).toBeGreaterThan(80);
    }
    for (const langs of perArticle.values()) expect(langs.sort()).toEqual([...LANGS].sort());
    for (const a of rows('articles')) {
      expect(a.ean).toMatch(/^\d{13}$/);
      const digits = String(a.ean).split('').map(Number);
      const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 ? 3 : 1), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
      expect(Number(a.rating_count) === 0 ? a.rating_average === 0 : Number(a.rating_average) >= 1 && Number(a.rating_average) <= 10).toBe(true);
      expect(() => JSON.parse(String(a.specs))).not.toThrow();
    }
  });

  it('uses every article type and condition of spec §3', () => {
    expect(new Set(rows('articles').map((a) => a.type))).toEqual(new Set(ARTICLE_TYPES));
    expect(new Set(rows('articles').map((a) => a.condition))).toEqual(new Set(CONDITIONS));
  });

  it('offers every article on every channel, with several sellers for some', () => {
    const offers = rows('offers');
    const channels = new Map<unknown, Set<unknown>>();
    const sellers = new Map<unknown, Set<unknown>>();
    const unique = new Set<string>();
    for (const o of offers) {
      channels.set(o.article_id, (channels.get(o.article_id) ?? new Set()).add(o.channel));
      sellers.set(o.article_id, (sellers.get(o.article_id) ?? new Set()).add(o.seller_id));
      const key = `${o.article_id}/${o.seller_id}/${o.channel}/${o.condition}`;
      expect(unique.has(key)).toBe(false);
      unique.add(key);
      if (Number(o.availability_code) >= 4) expect(o.stock).toBe(0);
      if (o.original_price !== null) expect(Number(o.original_price)).toBeGreaterThan(Number(o.price));
    }
    expect(channels.size).toBe(ARTICLES);
    for (const set of channels.values()) expect([...set].sort()).toEqual([...CHANNELS].sort());
    expect([...sellers.values()].filter((s) => s.size >= 2).length).toBeGreaterThan(ARTICLES * 0.15);
    const codes = new Set(offers.map((o) => o.availability_code));
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 9876, 9999]) expect(codes.has(code)).toBe(true);
    const discounts = offers.filter((o) => o.original_price !== null).map((o) => (Number(o.original_price) - Number(o.price)) / Number(o.original_price));
    expect(discounts.some((d) => d < 0.05)).toBe(true);
    expect(discounts.some((d) => d >= 0.05)).toBe(true);
  });

  it('ends each price history on the current retailer price', () => {
    const current = new Map(rows('offers').filter((o) => o.seller_id === 0).map((o) => [`${o.article_id}/${o.channel}`, o.price]));
    const last = new Map<string, SeedRow>();
    for (const h of rows('price_history')) {
      expect(h.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const key = `${h.article_id}/${h.channel}`;
      const previous = last.get(key);
      if (previous) expect(String(h.day) > String(previous.day)).toBe(true);
      last.set(key, h);
    }
    expect(last.size).toBe(current.size);
    for (const [key, h] of last) expect(h.price).toBe(current.get(key));
  });

  it('has the four physical shops of spec §9 in the right provinces', () => {
    const provinces = new Map(rows('provinces').map((p) => [p.id, p]));
    const shops = new Map(rows('physical_shops').map((s) => [s.id, s]));
    expect([...shops.keys()].sort((a, b) => Number(a) - Number(b))).toEqual([1, 30, 71, 80]);
    expect(provinces.get(shops.get(30)!.province_id)?.name).toBe('Madrid');
    expect(provinces.get(shops.get(1)!.province_id)?.name).toBe('Murcia');
    expect(provinces.get(shops.get(80)!.province_id)?.name).toBe('Murcia');
    expect(provinces.get(shops.get(71)!.province_id)?.name).toBe('Barcelona');
    for (const s of shops.values()) {
      expect(s.phone).toMatch(/^\+34 /);
      expect(Array.isArray(JSON.parse(String(s.opening_hours)))).toBe(true);
    }
    const articleIds = ids('articles');
    for (const s of rows('physical_shop_stock')) expect(shops.has(s.shop_id) && articleIds.has(s.article_id)).toBe(true);
  });

  it('lists countries and provinces with their postal prefixes and customs zones', () => {
    const countries = new Map(rows('countries').map((c) => [c.iso, c]));
    expect(Object.fromEntries(['ES', 'PT', 'FR', 'IT', 'DE', 'AD'].map((iso) => [iso, countries.get(iso)?.phone_prefix]))).toEqual({ ES: '+34', PT: '+351', FR: '+33', IT: '+39', DE: '+49', AD: '+376' });
    const perCountry = (iso: string) => rows('provinces').filter((p) => p.country_id === countries.get(iso)!.id);
    expect(perCountry('ES')).toHaveLength(52);
    expect(perCountry('PT')).toHaveLength(20);
    expect(perCountry('FR')).toHaveLength(101);
    expect(perCountry('IT')).toHaveLength(107);
    expect(perCountry('DE')).toHaveLength(16);
    const es = new Map(perCountry('ES').map((p) => [p.code, p]));
    expect(es.get('28')).toMatchObject({ name: 'Madrid', postal_prefixes: '28', customs_zone: null });
    expect(['35', '38', '51', '52'].map((c) => es.get(c)?.customs_zone)).toEqual(['canarias', 'canarias', 'ceuta', 'melilla']);
    expect(perCountry('FR').find((p) => p.code === '2A')?.postal_prefixes).toBe('200,201');
    expect(rows('country_translations')).toHaveLength(rows('countries').length * 6);
  });

  it('keeps (lang, slug) unique in slugs and points every slug at an existing entity', () => {
    const targets: Record<string, Set<unknown>> = {
      category: ids('categories'), brand: ids('brands'), product: ids('articles'), seller: ids('sellers'), collection: ids('collections'),
      cms: new Set(rows('posts').filter((p) => p.kind === 'cms').map((p) => p.id)), 'buy-keyword': ids('categories'),
      configurator: ids('configurator_presets'),
    };
    const seen = new Set<string>();
    for (const s of rows('slugs')) {
      const key = `${s.lang}/${s.slug}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(targets[String(s.kind)]?.has(s.entity_id), key).toBe(true);
      expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(rows('slugs').filter((s) => s.kind === 'product')).toHaveLength(ARTICLES * 6);
    const kinds = new Set(rows('slugs').map((s) => s.kind));
    for (const kind of Object.keys(targets)) expect(kinds.has(kind)).toBe(true);
  });

  it('gives no slug the address of a screen of the route table (the table would hide it)', () => {
    for (const lang of LANGS) {
      const screens = new Set(Object.values(ROUTE_TABLE).map((paths) => paths[lang as Language]).filter((path) => /^\/[a-z0-9-]+$/.test(path)).map((path) => path.slice(1)));
      expect(screens.size).toBeGreaterThan(5);
      for (const s of rows('slugs')) if (s.lang === lang) expect(screens.has(String(s.slug)), `${lang}/${s.slug}`).toBe(false);
    }
  });

  it('seeds category promotions in six languages whose links lead to pages of that language', () => {
    const now = Date.UTC(2026, 10, 1) / 1000;
    const promotions = rows('category_promotions');
    const categories = ids('categories');
    for (const p of promotions) expect(categories.has(p.category_id)).toBe(true);
    const live = (p: SeedRow) => (p.starts_at === null || Number(p.starts_at) <= now) && (p.ends_at === null || now < Number(p.ends_at));
    expect(promotions.filter((p) => p.starts_at !== null && live(p)).length).toBeGreaterThan(0);
    expect(promotions.filter((p) => p.ends_at !== null && Number(p.ends_at) <= now).length).toBeGreaterThan(0);
    expect(promotions.filter((p) => p.starts_at !== null && Number(p.starts_at) > now).length).toBeGreaterThan(0);
    const translations = rows('category_promotion_translations');
    expect(translations).toHaveLength(promotions.length * 6);
    for (const t of translations) {
      const path = String(t.link);
      const slugExists = rows('slugs').some((s) => s.lang === t.lang && `/${s.slug}` === path);
      const screenExists = Object.values(ROUTE_TABLE).some((paths) => paths[t.lang as Language] === path);
      expect(slugExists || screenExists, `${t.lang} ${path}`).toBe(true);
      expect(String(t.title).length).toBeGreaterThan(0);
    }
  });

  it('seeds configurator presets with compatible catalogue parts in their roles', () => {
    const presets = rows('configurator_presets');
    expect(presets.length).toBeGreaterThanOrEqual(3);
    expect(rows('configurator_preset_translations')).toHaveLength(presets.length * 6);
    const articles = new Map(rows('articles').map((a) => [a.id, a]));
    const categoryOf = new Map(rows('category_translations').filter((c) => c.lang === 'en_EN').map((c) => [c.category_id, c.name]));
    const expectedCategory: Record<string, string> = { cpu: 'Processors', motherboard: 'Motherboards', ram: 'Memory (RAM)', gpu: 'Graphics cards', storage: 'SSDs', psu: 'Power supplies' };
    for (const preset of presets) {
      const parts = rows('configurator_preset_components').filter((c) => c.preset_id === preset.id);
      expect(parts.map((c) => c.role)).toEqual(expect.arrayContaining(['cpu', 'motherboard', 'ram', 'storage', 'psu']));
      for (const part of parts) expect(categoryOf.get(articles.get(part.article_id)!.category_id), String(part.role)).toBe(expectedCategory[String(part.role)]);
      const specs = (role: string) => JSON.parse(String(articles.get(parts.find((c) => c.role === role)!.article_id)!.specs)) as Record<string, string>;
      expect(specs('motherboard').chipset).toContain(`(${specs('cpu').socket})`);
      expect(specs('ram').memtype).toMatch(/^DDR5/);
    }
  });

  it('schedules content and publishes one blog post in the future', () => {
    const now = Date.UTC(2026, 10, 1) / 1000;
    expect(rows('posts').filter((p) => p.kind === 'blog' && Number(p.published_at) > now)).toHaveLength(1);
    const scheduled = rows('scheduled_content');
    expect(scheduled.length).toBeGreaterThan(0);
    const cms = new Set(rows('posts').filter((p) => p.kind === 'cms').map((p) => p.id));
    for (const s of scheduled) expect(cms.has(s.post_id) && Number(s.publish_at) > now).toBe(true);
  });
});

describe('toSqlStatements', () => {
  const statements = toSqlStatements(catalogue, { clear: true });

  it('keeps every statement under the D1 limit and deletes before inserting', () => {
    for (const s of statements) expect(utf8Length(s)).toBeLessThan(MAX_STATEMENT_BYTES);
    expect(statements.slice(0, catalogue.length).every((s) => s.startsWith('DELETE FROM'))).toBe(true);
  });

  it('escapes quotes, NULLs and integers', () => {
    const [sql] = toSqlStatements([{ table: 'brands', rows: [{ id: 7, name: "De'Longhi", slug: null }] }]);
    expect(sql).toBe(`INSERT INTO "brands" ("id", "name", "slug") VALUES\n(7, 'De''Longhi', NULL);`);
    expect(() => toSqlStatements([{ table: 't', rows: [{ x: 1.5 }] }])).toThrow();
  });

  it('loads into SQLite with the real migrations and round-trips quoted names', async () => {
    const sqlite = await import('node:sqlite');
    const db = new sqlite.DatabaseSync(':memory:');
    const dir = new URL('../../migrations/', import.meta.url);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql')).sort()) {
      const migration = readFileSync(new URL(file, dir), 'utf8');
      for (const part of migration.split('--> statement-breakpoint')) if (part.trim()) db.exec(part);
    }
    for (const s of statements) db.exec(s);
    // The generated articles (the gift cards the store sells have ids of their own, scripts/seed/gift-cards.ts).
    const count = db.prepare('SELECT count(*) AS n FROM article_translations WHERE article_id <= ?').get(ARTICLES) as { n: number };
    expect(count.n).toBe(ARTICLES * 6);
    expect(db.prepare('SELECT count(*) AS n FROM gift_card_articles g JOIN article_translations t ON t.article_id = g.article_id').get()).toEqual({ n: GIFT_CARDS.amounts.length * 6 });
    expect(db.prepare("SELECT name FROM brands WHERE slug = 'delonghi'").get()).toEqual(expect.objectContaining({ name: "De'Longhi" }));
    expect(db.prepare("SELECT name FROM provinces WHERE code = '21' AND country_id = 3").get()).toEqual(expect.objectContaining({ name: "Côte-d'Or" }));
    db.close();
  }, 30_000);
});

describe('renderProductImage', () => {
  it('returns an SVG document of the requested size, deterministic per key', () => {
    const svg = renderProductImage('laptop-42', IMAGE_PRESETS.medium, 'Lenovo')!;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300" viewBox="0 0 100 100"/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('>Lenovo</text>');
    expect(renderProductImage('laptop-42', 300, 'Lenovo')).toBe(svg);
    expect(renderProductImage('laptop-43', 300, 'Lenovo')).not.toBe(svg);
  });

  it('escapes the label and leaves it out of tiny images', () => {
    const svg = renderProductImage('coffee-7', IMAGE_PRESETS.large, `De'Longhi <&> "Co"`);
    expect(svg).toContain('De&apos;Longhi &lt;&amp;&gt; &quot;Co&quot;');
    expect(svg).not.toContain('<&>');
    expect(renderProductImage('coffee-7', IMAGE_PRESETS.tiny, 'Krups')).not.toContain('<text');
  });
});
