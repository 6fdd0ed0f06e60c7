/**
 * The catalogue as the cart sees it, read from D1 on every mutation and view: an offer's price,
 * stock and availability on the channel, and for display the article's name, slug, brand,
 * family and seller. Adding by article (no offer named) takes the buy-box winner. Beside a
 * line's own offer, the cart shows the units of the article in our shops and the article's other
 * offers (`articleExtras`: two statements in one D1 batch for the whole cart).
 */
import { and, asc, between, eq, gt, inArray, ne, or } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { inList } from '../db/limits';
import { articles, articleTranslations, brands, categoryTranslations, giftCardArticles, offers, physicalShops, physicalShopStock, sellers, subscriptionPlans } from '../db/schema';
import { buybox, OWN_SELLER_ID, type OfferCondition } from '../domain/catalogue/buybox';
import type { ArticleOffer } from '../domain/checkout/offer-match';
import { LAST_PURCHASABLE_CODE, LAST_STOCKED_CODE, type OfferFact } from './rules';

const factColumns = {
  offerId: offers.id,
  articleId: offers.articleId,
  price: offers.price,
  stock: offers.stock,
  availabilityCode: offers.availabilityCode,
  condition: offers.condition,
  type: articles.type,
};

export async function factsForOffers(db: Db, channel: string, offerIds: readonly number[]): Promise<Map<number, OfferFact>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select(factColumns)
    .from(offers)
    .innerJoin(articles, eq(articles.id, offers.articleId))
    .where(and(inList(offers.id, offerIds), eq(offers.channel, channel)));
  return new Map(rows.map((row) => [row.offerId, row]));
}

/** The offer to add for an article: the one named (it must be the article's, on this channel) or the buy-box winner. */
export async function factForArticle(db: Db, channel: string, articleId: number, offerId?: number): Promise<OfferFact | undefined> {
  const rows = await db
    .select({ ...factColumns, sellerId: offers.sellerId, sellerKind: sellers.kind, sellerTier: sellers.tier, sellerGrade: sellers.grade, minShippingPrice: offers.minShippingPrice, deliveryMaxDays: offers.deliveryMaxDays })
    .from(offers)
    .innerJoin(articles, eq(articles.id, offers.articleId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(and(eq(offers.articleId, articleId), eq(offers.channel, channel)));
  if (offerId !== undefined) return rows.find((row) => row.offerId === offerId);
  const winner = buybox(rows.map((row) => ({ ...row, condition: row.condition as OfferCondition })))?.winner;
  // Nothing purchasable: the first offer still answers "cannot be added" (1125) rather than "not found".
  return winner ?? rows[0];
}

export interface LineDetail {
  offerId: number;
  articleId: number;
  name: string;
  slug: string;
  ean: string;
  brand: string;
  brandId: number;
  family: string;
  familyId: number;
  imageKey: string;
  type: string;
  condition: string;
  price: number;
  originalPrice: number | null;
  recommendedPrice: number | null;
  availabilityCode: number;
  stock: number;
  deliveryMinDays: number;
  deliveryMaxDays: number;
  minShippingPrice: number;
  weightGrams: number;
  ratingAverage: number;
  ratingCount: number;
  /** Spec §8 1145/1146: 'oem' only with the assembly service, 'companion' never alone. */
  saleRestriction: 'oem' | 'companion' | null;
  /** A gift card (worker/gift-cards): its units become cards for the line's recipient. */
  isGiftCard?: boolean;
  /** Sold as a subscription (worker/subscriptions): the months of each period, null otherwise. */
  subscriptionMonths?: number | null;
  seller: { id: number; name: string; slug: string; kind: 'own' | 'marketplace' | 'dropshipping'; sentBy: 'seller' | 'retailer' };
}

/**
 * What names and shows an article on a cart line (its translation, brand and family joined in
 * the visitor's language): the offers' lines here, a standalone insurance's covered article
 * (worker/insurances/covered.ts).
 */
export const ARTICLE_IDENTITY_COLUMNS = {
  name: articleTranslations.name,
  slug: articleTranslations.slug,
  ean: articles.ean,
  brand: brands.name,
  brandId: brands.id,
  family: categoryTranslations.name,
  familyId: articles.categoryId,
  imageKey: articles.imageKey,
};

/** Everything the cart shows about its lines' offers, in the visitor's language. */
export async function lineDetails(db: Db, channel: string, language: Language, offerIds: readonly number[]): Promise<Map<number, LineDetail>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      offerId: offers.id,
      articleId: offers.articleId,
      ...ARTICLE_IDENTITY_COLUMNS,
      type: articles.type,
      condition: offers.condition,
      price: offers.price,
      originalPrice: offers.originalPrice,
      recommendedPrice: articles.recommendedPrice,
      availabilityCode: offers.availabilityCode,
      stock: offers.stock,
      deliveryMinDays: offers.deliveryMinDays,
      deliveryMaxDays: offers.deliveryMaxDays,
      minShippingPrice: offers.minShippingPrice,
      weightGrams: articles.weightGrams,
      ratingAverage: articles.ratingAverage,
      ratingCount: articles.ratingCount,
      saleRestriction: articles.saleRestriction,
      sellerId: sellers.id,
      sellerName: sellers.name,
      sellerSlug: sellers.slug,
      sellerKind: sellers.kind,
      sentBy: offers.sentBy,
      giftCardAmount: giftCardArticles.amount,
      subscriptionMonths: subscriptionPlans.periodMonths,
    })
    .from(offers)
    .innerJoin(articles, eq(articles.id, offers.articleId))
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
    .innerJoin(brands, eq(brands.id, articles.brandId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, articles.categoryId), eq(categoryTranslations.lang, language)))
    .leftJoin(giftCardArticles, eq(giftCardArticles.articleId, articles.id))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.articleId, articles.id))
    .where(and(inList(offers.id, offerIds), eq(offers.channel, channel)));
  return new Map(
    rows.map(({ sellerId, sellerName, sellerSlug, sellerKind, sentBy, family, giftCardAmount, ...row }) => [
      row.offerId,
      { ...row, family: family ?? '', isGiftCard: giftCardAmount !== null, seller: { id: sellerId, name: sellerName, slug: sellerSlug, kind: sellerKind, sentBy } },
    ]),
  );
}

/** Units of an article in one of our physical shops (spec §3 storeAvailability). */
export interface StoreAvailability {
  shopId: number;
  shopName: string;
  qty: number;
}

/** What the cart shows about its articles beyond their own offers, keyed by article id. */
export interface ArticleExtras {
  /** Units in our shops of the articles we sell ourselves, shops by name; shops without units are left out. */
  shopStock: Map<number, StoreAvailability[]>;
  /** Every offer of the article on the channel that can be bought now (the lines' own included), cheapest first. */
  offers: Map<number, ArticleOffer[]>;
}

/**
 * The shop stock and purchasable offers of the articles of the cart's offers, in one D1 batch
 * whatever the number of lines. "Purchasable" is the cart's rule (./rules.ts `isPurchasable`):
 * availability code 0–5, with stock on hand for codes 0–3. Shops are in Spain and serve every
 * channel, as on the product page.
 */
export async function articleExtras(db: Db, channel: string, offerIds: readonly number[]): Promise<ArticleExtras> {
  if (offerIds.length === 0) return { shopStock: new Map(), offers: new Map() };
  const cartArticles = db.select({ articleId: offers.articleId }).from(offers).where(and(inList(offers.id, offerIds), eq(offers.channel, channel)));
  const ownArticles = db.select({ articleId: offers.articleId }).from(offers).where(and(inList(offers.id, offerIds), eq(offers.channel, channel), eq(offers.sellerId, OWN_SELLER_ID)));
  // Column names stay distinct within each statement: a batch maps its rows by name.
  const [stockRows, offerRows] = await db.batch([
    db
      .select({ articleId: physicalShopStock.articleId, shopId: physicalShopStock.shopId, shopName: physicalShops.name, qty: physicalShopStock.qty })
      .from(physicalShopStock)
      .innerJoin(physicalShops, eq(physicalShops.id, physicalShopStock.shopId))
      .where(and(inArray(physicalShopStock.articleId, ownArticles), gt(physicalShopStock.qty, 0)))
      .orderBy(asc(physicalShops.name)),
    db
      .select({ idOffer: offers.id, articleId: offers.articleId, shopId: offers.sellerId, shopName: sellers.name, price: offers.price, condition: offers.condition, availabilityCode: offers.availabilityCode })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .where(and(eq(offers.channel, channel), inArray(offers.articleId, cartArticles), between(offers.availabilityCode, 0, LAST_PURCHASABLE_CODE), or(gt(offers.availabilityCode, LAST_STOCKED_CODE), gt(offers.stock, 0))))
      .orderBy(asc(offers.price), asc(offers.id)),
  ]);
  return { shopStock: byArticle(stockRows), offers: byArticle(offerRows) };
}

/** Rows grouped by their article, each group in the rows' order. */
function byArticle<R extends { articleId: number }>(rows: readonly R[]): Map<number, Omit<R, 'articleId'>[]> {
  const groups = new Map<number, Omit<R, 'articleId'>[]>();
  for (const { articleId, ...row } of rows) {
    const group = groups.get(articleId);
    if (group) group.push(row);
    else groups.set(articleId, [row]);
  }
  return groups;
}

/** A cart line's offer on another channel than the request's (the account's cart is shared by every store). */
export interface OfferElsewhere {
  offerId: number;
  articleId: number;
  channel: string;
  /** The article's name in the visitor's language. */
  name: string;
}

/** The offers among `offerIds` that belong to another channel, by offer id (lines kept for the store they were added on). */
export async function offersElsewhere(db: Db, channel: string, language: Language, offerIds: readonly number[]): Promise<Map<number, OfferElsewhere>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({ offerId: offers.id, articleId: offers.articleId, channel: offers.channel, name: articleTranslations.name })
    .from(offers)
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, offers.articleId), eq(articleTranslations.lang, language)))
    .where(and(inList(offers.id, offerIds), ne(offers.channel, channel)));
  return new Map(rows.map((row) => [row.offerId, row]));
}
