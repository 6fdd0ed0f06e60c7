/**
 * The configurator's seeded rows, after the generated catalogue: the new categories (cases, CPU
 * coolers, operating systems under "PC components") and the extra parts (./pc-parts-extra.ts) as
 * articles like any other — translations and slugs in six languages, the retailer's offer and a
 * price history on each channel, so listings, search and product pages show them — then
 * `pc_components`: the data of every generated component (./pc-parts.ts) and of every extra part.
 *
 * Separate table entries of their own (the loader deletes every table before inserting), so the
 * generated tables' rows stay exactly as they were.
 */
import { NOUN_FIRST, articleSlug } from './article-texts';
import { withCheckDigit, type Article, type CatalogueContext } from './articles';
import { categoryTexts } from './category-texts';
import type { LazySeedTable, SeedRow } from './generate';
import { BRANDS, CATEGORIES, categoryByKey, type Category } from './kinds';
import { OWN_SELLER_ID } from './merchants';
import { CHANNEL_FACTOR, DELIVERY_BY_CODE, EXTRA_DAYS, isoDay, shippingCents } from './offers';
import { generatedPart } from './pc-parts';
import { COOLING_WORDS, EXTRA_CATEGORIES, EXTRA_DESCRIPTIONS, EXTRA_NOUNS, EXTRA_PARTS, EXTRA_PARTS_FIRST_ID, EXTRA_PARTS_FIRST_OFFER_ID, type ExtraPart } from './pc-parts-extra';
import { CHANNELS, LANGS, fill, slugify, titleCase, type Lang } from './text';

const DAY = 86_400;
const STOCK = 25;

/** The new categories, numbered after the generated tree and placed after the components' own leaves. */
export function extraCategories(): Category[] {
  const parent = categoryByKey('components');
  const siblings = CATEGORIES.filter((c) => c.parentId === parent.id).length;
  return EXTRA_CATEGORIES.map((c, i) => ({ id: CATEGORIES.length + i + 1, key: c.key, parentId: parent.id, level: parent.level + 1, position: siblings + i, icon: c.icon, name: c.name }));
}

export interface ExtraArticle extends ExtraPart {
  id: number;
  categoryId: number;
  brandId: number;
}

export function extraArticles(): ExtraArticle[] {
  const categories = extraCategories();
  return EXTRA_PARTS.map((p, i) => {
    const brandId = BRANDS.indexOf(p.brand) + 1;
    if (!brandId) throw new Error(`pc-parts: unknown brand ${p.brand}`);
    const categoryId = p.category === 'motherboard' ? categoryByKey('motherboard').id : categories.find((c) => c.key === p.category)!.id;
    return { ...p, id: EXTRA_PARTS_FIRST_ID + i, categoryId, brandId };
  });
}

function nameOf(p: ExtraArticle, lang: Lang): string {
  const li = LANGS.indexOf(lang);
  const nouns = p.part.slot === 'motherboard' ? categoryByKey('motherboard').kind!.def.noun : EXTRA_NOUNS[p.part.slot];
  const noun = lang === 'en_EN' ? titleCase(nouns[li]!) : nouns[li]!;
  const model = `${p.brand} ${p.model}`;
  const tail = p.part.slot === 'cooler' && p.part.data.type === 'liquid' ? ` ${COOLING_WORDS.liquid[li]}` : p.part.slot === 'motherboard' ? ` ${p.specs.chipset} ${p.specs.form}` : '';
  return (NOUN_FIRST[lang] ? `${noun} ${model}` : `${model} ${noun}`) + tail;
}

function descriptionOf(p: ExtraArticle, lang: Lang): string {
  const li = LANGS.indexOf(lang);
  const model = `${p.brand} ${p.model}`;
  const template = EXTRA_DESCRIPTIONS[p.part.slot][li]!;
  const { part } = p;
  switch (part.slot) {
    case 'case':
      return fill(template, { model, forms: part.data.formFactors.join(', '), gpu: String(part.data.maxGpuLengthMm), cooler: String(part.data.maxCoolerHeightMm) });
    case 'cooler':
      return fill(template, { model, type: COOLING_WORDS[part.data.type][li]!, tdp: String(part.data.tdpW), sockets: part.data.sockets.join(', '), height: String(part.data.heightMm) });
    case 'os':
      return fill(template, { model, memory: String(part.data.maxMemoryGB) });
    case 'motherboard': {
      const d = part.data;
      return fill(template, { model, chipset: d.chipset, socket: d.socket, memtype: d.memoryType, slots: String(d.memorySlots), m2: String(d.m2Slots), sata: String(d.sataPorts) });
    }
  }
}

/** The Spanish price at each channel's level, still ending in .99. */
const channelPrice = (price: number, ch: number): number => Math.round(((price + 1) * CHANNEL_FACTOR[ch]!) / 100) * 100 - 1;

function offerRows(ctx: CatalogueContext, p: ExtraArticle, ch: number): { offer: SeedRow; history: SeedRow } {
  const price = channelPrice(p.price, ch);
  const id = EXTRA_PARTS_FIRST_OFFER_ID + (p.id - EXTRA_PARTS_FIRST_ID) * CHANNELS.length + ch;
  const [min, max] = DELIVERY_BY_CODE[0]!;
  return {
    offer: {
      id, article_id: p.id, seller_id: OWN_SELLER_ID, channel: CHANNELS[ch]!, price, original_price: null, condition: 'new', availability_code: 0, stock: STOCK,
      delivery_min_days: min + EXTRA_DAYS[ch]!, delivery_max_days: max + EXTRA_DAYS[ch]!, min_shipping_price: shippingCents(p.weight, price, ch), sent_by: 'retailer',
    },
    history: { article_id: p.id, channel: CHANNELS[ch]!, day: isoDay(Math.floor(ctx.now / DAY) - 30), price },
  };
}

const iterable = (produce: () => Iterable<SeedRow>): Iterable<SeedRow> => ({ [Symbol.iterator]: () => produce()[Symbol.iterator]() });
const partRow = (articleId: number, part: { slot: string; data: unknown }): SeedRow => ({ article_id: articleId, slot: part.slot, data: JSON.stringify(part.data) });

export function pcPartTables(ctx: CatalogueContext, ids: () => Iterable<Article>): LazySeedTable[] {
  const categories = extraCategories();
  const extras = extraArticles();
  const perChannel = (row: (p: ExtraArticle, ch: number) => SeedRow) => extras.flatMap((p) => CHANNELS.map((_, ch) => row(p, ch)));
  const table = (name: string, rows: () => Iterable<SeedRow>): LazySeedTable => ({ table: name, rows: iterable(rows) });
  return [
    table('categories', () => categories.map((c) => ({ id: c.id, parent_id: c.parentId, level: c.level, position: c.position, icon: c.icon }))),
    table('category_translations', () => categories.flatMap((c) => LANGS.map((lang, li) => ({ category_id: c.id, lang, name: c.name[li]!, slug: slugify(c.name[li]!, lang), ...seoOf(c, lang) })))),
    table('articles', () => extras.map((p) => ({
      id: p.id, reference: `AMP-${p.id}`, ean: withCheckDigit(`842${String(p.id).padStart(9, '0')}`), brand_id: p.brandId, category_id: p.categoryId, type: 'normal', condition: 'new',
      weight_grams: p.weight, recommended_price: null, rating_average: 0, rating_count: 0, image_key: `${p.icon}-${p.id}`, specs: JSON.stringify(p.specs),
      created_at: ctx.now - 45 * DAY, sale_restriction: null,
    }))),
    table('article_translations', () => extras.flatMap((p) => LANGS.map((lang) => {
      const name = nameOf(p, lang);
      return { article_id: p.id, lang, name, slug: articleSlug(p, name, lang), description: descriptionOf(p, lang) };
    }))),
    table('offers', () => perChannel((p, ch) => offerRows(ctx, p, ch).offer)),
    table('price_history', () => perChannel((p, ch) => offerRows(ctx, p, ch).history)),
    table('slugs', () => [
      ...categories.flatMap((c) => LANGS.map((lang, li) => ({ lang, slug: slugify(c.name[li]!, lang), kind: 'category', entity_id: c.id }))),
      ...extras.flatMap((p) => LANGS.map((lang) => ({ lang, slug: articleSlug(p, nameOf(p, lang), lang), kind: 'product', entity_id: p.id }))),
    ]),
    table('pc_components', function* () {
      for (const a of ids()) {
        const part = generatedPart(a);
        if (part) yield partRow(a.id, part);
      }
      for (const p of extras) yield partRow(p.id, p.part);
    }),
  ];
}

function seoOf(c: Category, lang: Lang): { description: string; seo_text: string } {
  const { description, seoText } = categoryTexts(c, lang);
  return { description, seo_text: seoText };
}
