/**
 * The comparator's reads: the compared articles as cards (price and availability from their
 * `listings` row on the channel, like every card) with their category, technical sheet, slugs
 * and the offer "add to basket" sells (the buy box over their offers, as the product page picks
 * it) — the cards and one D1 batch, side by side; the category of an address; the articles a fixed comparison's slug names;
 * and the category's best-rated products to add or to compare.
 */
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import { buybox, type OfferCondition } from '../domain/catalogue/buybox';
import { cardsByIds } from './catalogue';
import type { Db } from './client';
import { inList } from './limits';
import { articles, articleTranslations, categoryTranslations, listings, offers, sellers, slugs } from './schema';

export interface ComparedArticle extends ProductCard {
  categoryId: number;
  specs: Record<string, string>;
  /** The article's slug in every language (the fixed comparison's address in each language). */
  slugs: Partial<Record<Language, string>>;
  /** The offer "add to basket" puts in the basket: the buy-box winner; null when none can be bought. */
  offerId: number | null;
}

/** The articles of `ids` the catalogue knows, in the order asked. */
export async function comparedArticles(db: Db, language: Language, channel: ChannelId, ids: readonly number[]): Promise<ComparedArticle[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  // The cards as every card is read, beside one batch of what only the comparison needs.
  const [cards, [sheets, offerRows, slugRows]] = await Promise.all([
    cardsByIds(db, language, channel, list),
    db.batch([
      db.select({ id: articles.id, categoryId: articles.categoryId, specs: articles.specs }).from(articles).where(inList(articles.id, list)),
      db
        .select({
          articleId: offers.articleId,
          offerId: offers.id,
          sellerId: offers.sellerId,
          sellerKind: sellers.kind,
          sellerTier: sellers.tier,
          sellerGrade: sellers.grade,
          price: offers.price,
          minShippingPrice: offers.minShippingPrice,
          condition: offers.condition,
          availabilityCode: offers.availabilityCode,
          deliveryMaxDays: offers.deliveryMaxDays,
        })
        .from(offers)
        .innerJoin(sellers, eq(sellers.id, offers.sellerId))
        .where(and(inList(offers.articleId, list), eq(offers.channel, channel))),
      db.select({ articleId: articleTranslations.articleId, lang: articleTranslations.lang, slug: articleTranslations.slug }).from(articleTranslations).where(inList(articleTranslations.articleId, list)),
    ]),
  ]);
  const sheetOf = new Map(sheets.map((sheet) => [sheet.id, sheet]));
  return cards.flatMap((card) => {
    const id = card.id;
    const sheet = sheetOf.get(id);
    if (!sheet) return [];
    const own = offerRows.filter((offer) => offer.articleId === id).map((offer) => ({ ...offer, condition: offer.condition as OfferCondition }));
    return [
      {
        ...card,
        categoryId: sheet.categoryId,
        specs: sheet.specs,
        offerId: buybox(own)?.winner.offerId ?? null,
        slugs: Object.fromEntries(slugRows.filter((row) => row.articleId === id).map((row) => [row.lang, row.slug])),
      },
    ];
  });
}

export interface ComparatorCategory {
  id: number;
  name: string;
  slug: string;
  /** Its slug in every language. */
  slugs: Partial<Record<Language, string>>;
}

/** The category a comparator address names by its slug in the language; undefined when none. */
export async function comparatorCategory(db: Db, language: Language, slug: string): Promise<ComparatorCategory | undefined> {
  const rows = await db
    .select({ id: categoryTranslations.categoryId, lang: categoryTranslations.lang, name: categoryTranslations.name, slug: categoryTranslations.slug })
    .from(slugs)
    .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, slugs.entityId))
    .where(and(eq(slugs.lang, language), eq(slugs.slug, slug), eq(slugs.kind, 'category')));
  const own = rows.find((row) => row.lang === language);
  if (!own) return undefined;
  return { id: own.id, name: own.name, slug: own.slug, slugs: Object.fromEntries(rows.map((row) => [row.lang, row.slug])) };
}

/** The ids of the products whose slugs (in the language) are given, in their order; undefined for an unknown slug. */
export async function articleIdsBySlugs(db: Db, language: Language, names: readonly string[]): Promise<(number | undefined)[]> {
  const rows = await db
    .select({ slug: slugs.slug, id: slugs.entityId })
    .from(slugs)
    .where(and(eq(slugs.lang, language), eq(slugs.kind, 'product'), inList(slugs.slug, [...names])));
  const bySlug = new Map(rows.map((row) => [row.slug, row.id]));
  return names.map((name) => bySlug.get(name));
}

/** The category's best-rated products that can be bought on the channel: candidates to add, and the popular comparisons. */
export async function comparisonCandidates(db: Db, language: Language, channel: ChannelId, categoryId: number, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .select({ id: listings.articleId })
    .from(listings)
    .where(and(eq(listings.channel, channel), eq(listings.categoryId, categoryId), isNotNull(listings.price), lte(listings.availabilityCode, 5)))
    .orderBy(desc(listings.ratingCount), desc(listings.ratingAverage), asc(listings.articleId))
    .limit(limit);
  return cardsByIds(db, language, channel, rows.map((row) => row.id));
}

