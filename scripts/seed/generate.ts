/**
 * The deterministic demo catalogue: every table of migrations/0000_catalogue.sql and
 * 0004_catalogue_extras.sql (category promotions, configurator presets), rows keyed by SQL
 * column name, tables in an order safe for insertion. Pure (no I/O, no clock): it runs in
 * Node and in workerd alike, and the same options always give the same rows.
 *
 * `catalogueTables` is lazy (rows are produced while iterating), so 100,000 articles stream
 * through in constant memory; `generateCatalogue` materialises the same rows as arrays.
 */
import { serviceTables } from './services';
import { subscriptionPlanRows } from './subscriptions';
import { BLOCKED_POSTAL_CODES } from './blocked-postal-codes';
import { articleDescription, articleName, articleSlug } from './article-texts';
import { articleAt, type Article, type CatalogueContext } from './articles';
import { categoryTexts, guidePost } from './category-texts';
import { PRESETS, presetComponents } from './configurator';
import { CMS_PAGES, SCHEDULED_UPDATES } from './content-cms';
import { GUIDE_KINDS, TAGS, THEMED_POSTS } from './content-posts';
import { COUNTRIES, PROVINCES } from './geo';
import { BRANDS, CATEGORIES, KINDS, categoryByKey } from './kinds';
import { BUY_KEYWORDS, COLLECTIONS, SELLERS, SHOPS } from './merchants';
import { offersOf, priceHistoryOf } from './offers';
import { BANNERS } from './home';
import { PROMOTIONS } from './promotions';
import { postalCodeLocationRows, shippingPointRows } from './shipping-points';
import { int, streamFor, unit } from './random';
import { CHANNELS, LANGS, fill, slugify, type L6 } from './text';
import { ugcTables } from './ugc';
import { giftCardTables } from './gift-cards';
import { digitalTables } from './digital';
import { pcPartTables } from './pc-part-tables';

export type SeedValue = string | number | null;
export type SeedRow = Record<string, SeedValue>;
/**
 * How a table is loaded besides plain INSERTs (scripts/seed/sql.ts): `clear`, a SQL condition,
 * deletes only matching rows; `after`, statements run after its INSERTs; `select`, rows are keys
 * joined to ids the database assigned (seeded user content, ./ugc.ts); `oneStatement`, one INSERT.
 */
interface SeedTableExtras {
  clear?: string;
  after?: Iterable<string>;
  select?: { with?: string; columns: readonly string[]; select: string };
  oneStatement?: boolean;
}
export interface SeedTable extends SeedTableExtras {
  table: string;
  rows: SeedRow[];
}
/** A table whose rows are produced on each iteration (re-iterable). */
export interface LazySeedTable extends SeedTableExtras {
  table: string;
  rows: Iterable<SeedRow>;
}
export interface CatalogueOptions {
  articles: number;
  seed?: number;
  /** The catalogue's "today"; defaults to 2026-11-01T00:00:00Z. */
  now?: Date;
}

const DEFAULT_NOW = Date.UTC(2026, 10, 1);

/** A demo tax id per seller in its country's format (printed on the seller's own documents, worker/documents). */
function sellerTaxId(id: number, country: string): string {
  const digits = String(30_000_000 + id * 7_919).padStart(8, '0');
  if (country === 'ES') return `B${digits}`;
  if (country === 'PT') return `5${digits}`;
  if (country === 'FR') return `FR00${digits}0`;
  if (country === 'IT') return `IT${digits}001`;
  return `DE${digits}0`;
}
const DAY = 86_400;
const lazy = (produce: () => Iterator<SeedRow>): Iterable<SeedRow> => ({ [Symbol.iterator]: produce });
const perLang = <T>(texts: L6, row: (text: string, lang: (typeof LANGS)[number]) => T): T[] => LANGS.map((lang, i) => row(texts[i]!, lang));

/** Blog posts in id order: guides and themed posts, the last one published in the future. */
function blogPosts(ctx: CatalogueContext) {
  const year = String(new Date(ctx.now * 1000).getUTCFullYear());
  const guides = GUIDE_KINDS.map(([key, tag]) => {
    const kind = KINDS.find((k) => k.def.key === key)!;
    return { tags: ['buying-guides', tag], text: (lang: (typeof LANGS)[number]) => guidePost(kind, lang) };
  });
  const themed = THEMED_POSTS.map((p) => ({
    tags: p.tags,
    text: (lang: (typeof LANGS)[number]) => {
      const i = LANGS.indexOf(lang);
      return { title: fill(p.title[i]!, { year }), excerpt: p.excerpt[i]!, body: p.body[i]! };
    },
  }));
  const ordered = [...guides.slice(0, -1), ...themed, guides[guides.length - 1]!];
  return ordered.map((post, i) => {
    const id = i + 1;
    const last = id === ordered.length;
    const publishedAt = last ? ctx.now + 5 * DAY : ctx.now - (ordered.length - id) * 12 * DAY + 9 * 3600;
    return { id, publishedAt, ...post };
  });
}

/** Every slug of the resolver except products, checked for clashes. */
function staticSlugs(): SeedRow[] {
  const rows: SeedRow[] = [];
  for (const c of CATEGORIES) rows.push(...perLang(c.name, (name, lang) => ({ lang, slug: slugify(name, lang), kind: 'category', entity_id: c.id })));
  BRANDS.forEach((brand, i) => LANGS.forEach((lang) => rows.push({ lang, slug: slugify(brand), kind: 'brand', entity_id: i + 1 })));
  for (const s of SELLERS) if (s.kind !== 'own') LANGS.forEach((lang) => rows.push({ lang, slug: slugify(s.name), kind: 'seller', entity_id: s.id }));
  COLLECTIONS.forEach((c, i) => rows.push(...perLang(c.name, (name, lang) => ({ lang, slug: slugify(name, lang), kind: 'collection', entity_id: i + 1 }))));
  CMS_PAGES.forEach((p, i) => rows.push(...perLang(p.slug, (slug, lang) => ({ lang, slug, kind: 'cms', entity_id: cmsPostId(i) }))));
  for (const k of BUY_KEYWORDS) rows.push(...perLang(k.slugs, (slug, lang) => ({ lang, slug, kind: 'buy-keyword', entity_id: categoryByKey(k.category).id })));
  PRESETS.forEach((p, i) => rows.push(...perLang(p.slug, (slug, lang) => ({ lang, slug, kind: 'configurator', entity_id: i + 1 }))));
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.lang}/${r.slug}`;
    // Product slugs end in "-<id>"; no other slug may, so the two can never collide.
    if (seen.has(key) || /-\d+$/.test(String(r.slug))) throw new Error(`Slug clash or reserved shape: ${key}`);
    seen.add(key);
  }
  return rows;
}

const cmsPostId = (index: number): number => blogCount + index + 1;
const blogCount = GUIDE_KINDS.length + THEMED_POSTS.length;

/** Article ids of each collection, in COLLECTIONS order. */
function collectionMembers(ctx: CatalogueContext): number[][] {
  const members: number[][] = COLLECTIONS.map(() => []);
  const school = new Set(['everyday-laptop', 'convertible', 'tablet', 'printer', 'headphones']);
  const gaming = new Set(['gaming-laptop', 'monitor', 'keyboard', 'mouse', 'gamepad', 'gaming-chair', 'console']);
  const wants: Record<string, (a: Article) => boolean> = {
    'new-arrivals': (a) => a.hasRetailerOffer && a.createdAt > ctx.now - 60 * DAY,
    'best-sellers': (a) => a.ratingCount >= 15 && a.ratingAverage >= 8,
    refurbished: (a) => a.condition !== 'new',
    'back-to-school': (a) => school.has(a.kind.def.key) && unit(ctx.seed, 'school', a.id) < 0.35,
    'gaming-setup': (a) => gaming.has(a.kind.def.key) && unit(ctx.seed, 'gaming', a.id) < 0.35,
  };
  for (let id = 1; id <= ctx.articles; id++) {
    const a = articleAt(ctx, id);
    COLLECTIONS.forEach((c, i) => {
      const inIt = c.campaign === 'black-friday' ? a.blackFriday === i : wants[c.key]!(a) && members[i]!.length < (c.cap ?? Infinity);
      if (inIt) members[i]!.push(id);
    });
  }
  return members;
}

/** The catalogue as lazy tables, in insertion order. */
export function catalogueTables(options: CatalogueOptions): LazySeedTable[] {
  if (!Number.isInteger(options.articles) || options.articles < 1) throw new Error('articles must be a positive integer');
  const ctx: CatalogueContext = { seed: options.seed ?? 1, now: Math.floor((options.now?.getTime() ?? DEFAULT_NOW) / 1000), articles: options.articles };
  const ids = function* () {
    for (let id = 1; id <= ctx.articles; id++) yield articleAt(ctx, id);
  };
  const posts = blogPosts(ctx);
  const slugRows = staticSlugs();

  const tables: [string, () => Iterable<SeedRow>][] = [
    ['countries', () => COUNTRIES.map((c, i) => ({ id: c.id, iso: c.iso, phone_prefix: c.phonePrefix, position: i }))],
    ['country_translations', () => COUNTRIES.flatMap((c) => perLang(c.name, (name, lang) => ({ country_id: c.id, lang, name })))],
    ['provinces', () => PROVINCES.map((p) => ({ id: p.id, country_id: p.countryId, code: p.code, name: p.name, postal_prefixes: p.postalPrefixes, customs_zone: p.customsZone }))],
    ['categories', () => CATEGORIES.map((c) => ({ id: c.id, parent_id: c.parentId, level: c.level, position: c.position, icon: c.icon }))],
    ['category_translations', () => CATEGORIES.flatMap((c) => perLang(c.name, (name, lang) => {
      const { description, seoText } = categoryTexts(c, lang);
      return { category_id: c.id, lang, name, slug: slugify(name, lang), description, seo_text: seoText };
    }))],
    ['brands', () => BRANDS.map((name, i) => ({ id: i + 1, name, slug: slugify(name) }))],
    ['sellers', () => SELLERS.map((s) => ({ id: s.id, name: s.name, slug: slugify(s.name), kind: s.kind, tier: s.tier, grade: s.grade, evaluation_count: s.evaluations, country: s.country, tax_id: sellerTaxId(s.id, s.country) }))],
    ['physical_shops', () => SHOPS.map((s) => ({
      id: s.id, name: s.name, slug: s.slug, address: s.address, city: s.city, postal_code: s.postalCode, province_id: s.provinceId, phone: s.phone,
      opening_hours: JSON.stringify(s.openingHours), latitude_e6: Math.round(s.latitude * 1e6), longitude_e6: Math.round(s.longitude * 1e6),
    }))],
    ['extended_insurances', () => serviceTables().insurances],
    ['extra_services', () => serviceTables().services],
    ['installation_services', () => serviceTables().installations],
    ['blocked_postal_codes', () => BLOCKED_POSTAL_CODES],
    ['shipping_points', shippingPointRows],
    ['postal_code_locations', postalCodeLocationRows],
    ['articles', function* () {
      for (const a of ids()) {
        yield {
          id: a.id, reference: a.reference, ean: a.ean, brand_id: a.brandId, category_id: a.kind.categoryId, type: a.type, condition: a.condition,
          weight_grams: a.weight, recommended_price: a.recommendedPrice, rating_average: a.ratingAverage, rating_count: a.ratingCount,
          image_key: a.imageKey, specs: JSON.stringify(a.specs), created_at: a.createdAt, sale_restriction: a.saleRestriction,
        };
      }
    }],
    ['article_translations', function* () {
      for (const a of ids()) {
        for (const lang of LANGS) {
          const name = articleName(a, lang);
          yield { article_id: a.id, lang, name, slug: articleSlug(a, name, lang), description: articleDescription(a, lang) };
        }
      }
    }],
    ['offers', function* () {
      let id = 0;
      for (const a of ids()) for (const offer of offersOf(ctx, a)) yield { id: ++id, ...offer };
    }],
    ['price_history', function* () {
      for (const a of ids()) {
        for (let ch = 0; ch < CHANNELS.length; ch++) {
          for (const h of priceHistoryOf(ctx, a, ch)) yield { article_id: a.id, channel: CHANNELS[ch]!, day: h.day, price: h.price };
        }
      }
    }],
    ['physical_shop_stock', function* () {
      for (const a of ids()) {
        if (!a.hasRetailerOffer || a.kind.def.digital || a.discontinued || unit(ctx.seed, 'shop-stock', a.id) >= 0.3) continue;
        const rng = streamFor(ctx.seed, 'shop-qty', a.id);
        for (const shop of SHOPS) if (unit(ctx.seed, 'shop', a.id, shop.id) < shop.coverage) yield { shop_id: shop.id, article_id: a.id, qty: int(rng, 1, 15) };
      }
    }],
    ['collections', () => COLLECTIONS.map((c, i) => ({ id: i + 1, featured: c.featured ? 1 : 0, campaign: c.campaign, position: i }))],
    ['collection_translations', () => COLLECTIONS.flatMap((c, i) => perLang(c.name, (name, lang) => ({
      collection_id: i + 1, lang, name, slug: slugify(name, lang), description: c.description[LANGS.indexOf(lang)]!,
    })))],
    ['collection_articles', function* () {
      const members = collectionMembers(ctx);
      for (let i = 0; i < members.length; i++) {
        for (let p = 0; p < members[i]!.length; p++) yield { collection_id: i + 1, article_id: members[i]![p]!, position: p };
      }
    }],
    ['category_promotions', () => PROMOTIONS.map((p, i) => ({
      id: i + 1, category_id: categoryByKey(p.category).id, channel: p.channel ?? null,
      starts_at: p.window?.from === undefined ? null : ctx.now + p.window.from * DAY,
      ends_at: p.window?.to === undefined ? null : ctx.now + p.window.to * DAY, position: i,
    }))],
    ['category_promotion_translations', () => PROMOTIONS.flatMap((p, i) => LANGS.map((lang, li) => ({
      promotion_id: i + 1, lang, title: p.title[li]!, text: p.text[li]!, link_label: p.linkLabel[li]!, link: p.link(li),
    })))],
    ['home_banners', () => BANNERS.map((b, i) => ({
      id: i + 1, channel: b.channel ?? null, campaign: b.campaign ?? null, tone: b.tone, motif: b.motif,
      starts_at: b.window?.from === undefined ? null : ctx.now + b.window.from * DAY,
      ends_at: b.window?.to === undefined ? null : ctx.now + b.window.to * DAY, position: i,
    }))],
    ['home_banner_translations', () => BANNERS.flatMap((b, i) => LANGS.map((lang, li) => ({
      banner_id: i + 1, lang, title: b.title[li]!, text: b.text[li]!, link_label: b.linkLabel[li]!, link: b.link(li),
    })))],
    ['configurator_presets', () => PRESETS.map((_, i) => ({ id: i + 1, position: i }))],
    ['configurator_preset_translations', () => PRESETS.flatMap((p, i) => perLang(p.name, (name, lang) => ({
      preset_id: i + 1, lang, name, slug: p.slug[LANGS.indexOf(lang)]!, description: p.description[LANGS.indexOf(lang)]!,
    })))],
    ['configurator_preset_components', () => presetComponents(ctx).flatMap((components, i) => components.map((c, position) => ({
      preset_id: i + 1, position, role: c.role, article_id: c.articleId, qty: c.qty,
    })))],
    ['subscription_plans', () => subscriptionPlanRows(ids())],
    ['tags', () => TAGS.map((_, i) => ({ id: i + 1 }))],
    ['tag_translations', () => TAGS.flatMap((t, i) => perLang(t.name, (name, lang) => ({ tag_id: i + 1, lang, name, slug: slugify(name, lang) })))],
    ['posts', () => [
      ...posts.map((p) => ({ id: p.id, kind: 'blog', published_at: p.publishedAt, image_key: `blog-${p.id}` })),
      ...CMS_PAGES.map((_, i) => ({ id: cmsPostId(i), kind: 'cms', published_at: ctx.now - 500 * DAY, image_key: '' })),
    ]],
    ['post_translations', () => [
      ...posts.flatMap((p) => LANGS.map((lang) => {
        const { title, excerpt, body } = p.text(lang);
        return { post_id: p.id, lang, title, slug: slugify(title, lang), excerpt, body };
      })),
      ...CMS_PAGES.flatMap((page, i) => LANGS.map((lang, li) => ({
        post_id: cmsPostId(i), lang, title: page.title[li]!, slug: page.slug[li]!, excerpt: '', body: page.body[li]!,
      }))),
    ]],
    ['post_tags', () => posts.flatMap((p) => p.tags.map((tag) => ({ post_id: p.id, tag_id: TAGS.findIndex((t) => t.key === tag) + 1 })))],
    ['scheduled_content', () => SCHEDULED_UPDATES.flatMap((u, ui) => {
      const pageIndex = CMS_PAGES.findIndex((p) => p.key === u.page);
      const page = CMS_PAGES[pageIndex]!;
      return LANGS.map((lang, li) => ({
        id: ui * LANGS.length + li + 1, post_id: cmsPostId(pageIndex), lang, publish_at: ctx.now + u.daysAhead * DAY,
        title: page.title[li]!, body: page.body[li]! + u.addition[li]!,
      }));
    })],
    ['slugs', function* () {
      yield* slugRows;
      for (const a of ids()) for (const lang of LANGS) yield { lang, slug: articleSlug(a, articleName(a, lang), lang), kind: 'product', entity_id: a.id };
    }],
  ];
  const catalogue: LazySeedTable[] = tables.map(([table, produce]) => ({ table, rows: lazy(() => produce()[Symbol.iterator]()) }));
  // Community users and their reviews, questions, answers, votes and points (after the articles they are about).
  for (const t of ugcTables(ctx, ids)) {
    const { produce, after, ...extras } = t;
    catalogue.push({ ...extras, rows: lazy(() => produce()[Symbol.iterator]()), ...(after ? { after: { [Symbol.iterator]: () => after()[Symbol.iterator]() } } : {}) });
  }
  catalogue.push(...digitalTables(ctx, ids));
  // The configurator's categories, extra parts and component data (after the generated catalogue, which they leave as it was).
  catalogue.push(...pcPartTables(ctx, ids));
  for (const t of giftCardTables(ctx.now)) catalogue.push({ ...t, rows: t.rows });
  return catalogue;
}

/** The whole catalogue with rows as arrays (fine for the default 1,500 articles and for tests). */
export function generateCatalogue(options: CatalogueOptions): SeedTable[] {
  return catalogueTables(options).map((t) => ({ ...t, rows: [...t.rows] }));
}
