/**
 * The catalogue as the cart sees it, read from D1 on every mutation and view: an offer's price,
 * stock and availability on the channel, and for display the article's name, slug, brand,
 * family and seller. Adding by article (no offer named) takes the buy-box winner. Beside a
 * line's own offer, the cart shows the units of the article in our shops and the article's other
 * offers (`articleExtrasRead`: two statements for the whole cart).
 */
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { jsonList } from '../db/limits';
import { readOne, rowsRead, constantRead, type Read } from '../db/raw';
import { buybox, OWN_SELLER_ID, type OfferCondition } from '../domain/catalogue/buybox';
import type { ArticleOffer } from '../domain/checkout/offer-match';
import { LAST_PURCHASABLE_CODE, LAST_STOCKED_CODE, type OfferFact } from './rules';

// The statements below are written out once (worker/db/raw.ts `readAll`): the cart reads them on
// every mutation and view. Lists of ids are one JSON parameter (worker/db/limits.ts `inList`).

const FACT_COLUMNS = 'o.id AS offerId, o.article_id AS articleId, o.price, o.stock, o.availability_code AS availabilityCode, o.condition, a.type';

/** ?1 the offer ids, ?2 the channel. */
const FACTS_SQL = `SELECT ${FACT_COLUMNS} FROM offers o JOIN articles a ON a.id = o.article_id
  WHERE o.id IN (SELECT value FROM json_each(?1)) AND o.channel = ?2`;

/** The offers' facts on the channel, by offer id. */
export function factsRead(channel: string, offerIds: readonly number[]): Read<Map<number, OfferFact>> {
  if (offerIds.length === 0) return constantRead(new Map());
  return rowsRead(FACTS_SQL, [jsonList(offerIds), channel], (rows: OfferFact[]) => new Map(rows.map((row) => [row.offerId, row])));
}

export async function factsForOffers(db: Db, channel: string, offerIds: readonly number[]): Promise<Map<number, OfferFact>> {
  return readOne(db, factsRead(channel, offerIds));
}

/** ?1 the article, ?2 the channel. */
const ARTICLE_OFFERS_SQL = `SELECT ${FACT_COLUMNS}, o.seller_id AS sellerId, s.kind AS sellerKind, s.tier AS sellerTier, s.grade AS sellerGrade,
    o.min_shipping_price AS minShippingPrice, o.delivery_max_days AS deliveryMaxDays
  FROM offers o JOIN articles a ON a.id = o.article_id JOIN sellers s ON s.id = o.seller_id
  WHERE o.article_id = ?1 AND o.channel = ?2`;

type ArticleOfferRow = OfferFact & Omit<Parameters<typeof buybox>[0][number], 'condition'>;

/** The offers of an article on the channel, with what the buy box weighs (`pickOffer` chooses). */
export function articleOffersRead(channel: string, articleId: number): Read<ArticleOfferRow[]> {
  return rowsRead(ARTICLE_OFFERS_SQL, [articleId, channel], (rows: ArticleOfferRow[]) => rows);
}

/** The offer to add among an article's: the one named (it must be the article's, on this channel) or the buy-box winner. */
export function pickOffer(rows: readonly ArticleOfferRow[], offerId?: number): OfferFact | undefined {
  if (offerId !== undefined) return rows.find((row) => row.offerId === offerId);
  const winner = buybox(rows.map((row) => ({ ...row, condition: row.condition as OfferCondition })))?.winner;
  // Nothing purchasable: the first offer still answers "cannot be added" (1125) rather than "not found".
  return winner ?? rows[0];
}

export async function factForArticle(db: Db, channel: string, articleId: number, offerId?: number): Promise<OfferFact | undefined> {
  return pickOffer(await readOne(db, articleOffersRead(channel, articleId)), offerId);
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
 * What names and shows an article `a` on a cart line (its translation, brand and family joined
 * in the language ?1): the offers' lines here, a standalone insurance's covered article
 * (worker/insurances/covered.ts).
 */
export const ARTICLE_IDENTITY_COLUMNS = 't.name, t.slug, a.ean, b.name AS brand, b.id AS brandId, ct.name AS family, a.category_id AS familyId, a.image_key AS imageKey';
export const ARTICLE_IDENTITY_JOINS = `JOIN article_translations t ON t.article_id = a.id AND t.lang = ?1
  JOIN brands b ON b.id = a.brand_id
  LEFT JOIN category_translations ct ON ct.category_id = a.category_id AND ct.lang = ?1`;

/** ?1 the language, ?2 the offer ids, ?3 the channel. */
const LINE_DETAILS_SQL = `SELECT o.id AS offerId, o.article_id AS articleId, ${ARTICLE_IDENTITY_COLUMNS}, a.type, o.condition, o.price,
    o.original_price AS originalPrice, a.recommended_price AS recommendedPrice, o.availability_code AS availabilityCode, o.stock,
    o.delivery_min_days AS deliveryMinDays, o.delivery_max_days AS deliveryMaxDays, o.min_shipping_price AS minShippingPrice,
    a.weight_grams AS weightGrams, a.rating_average AS ratingAverage, a.rating_count AS ratingCount, a.sale_restriction AS saleRestriction,
    s.id AS sellerId, s.name AS sellerName, s.slug AS sellerSlug, s.kind AS sellerKind, o.sent_by AS sentBy,
    g.amount AS giftCardAmount, p.period_months AS subscriptionMonths
  FROM offers o JOIN articles a ON a.id = o.article_id
  ${ARTICLE_IDENTITY_JOINS}
  JOIN sellers s ON s.id = o.seller_id
  LEFT JOIN gift_card_articles g ON g.article_id = a.id
  LEFT JOIN subscription_plans p ON p.article_id = a.id
  WHERE o.id IN (SELECT value FROM json_each(?2)) AND o.channel = ?3`;

type LineDetailRow = Omit<LineDetail, 'family' | 'isGiftCard' | 'seller'> & {
  family: string | null;
  sellerId: number;
  sellerName: string;
  sellerSlug: string;
  sellerKind: LineDetail['seller']['kind'];
  sentBy: LineDetail['seller']['sentBy'];
  giftCardAmount: number | null;
};

/** Everything the cart shows about its lines' offers, in the visitor's language, by offer id. */
export function lineDetailsRead(channel: string, language: Language, offerIds: readonly number[]): Read<Map<number, LineDetail>> {
  if (offerIds.length === 0) return constantRead(new Map());
  return rowsRead(LINE_DETAILS_SQL, [language, jsonList(offerIds), channel], (rows: LineDetailRow[]) =>
    new Map(
      rows.map(({ sellerId, sellerName, sellerSlug, sellerKind, sentBy, family, giftCardAmount, ...row }) => [
        row.offerId,
        { ...row, family: family ?? '', isGiftCard: giftCardAmount !== null, seller: { id: sellerId, name: sellerName, slug: sellerSlug, kind: sellerKind, sentBy } },
      ]),
    ),
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

/** ?1 the offer ids, ?2 the channel: the articles of the cart's offers. */
const CART_ARTICLES = 'SELECT article_id FROM offers WHERE id IN (SELECT value FROM json_each(?1)) AND channel = ?2';
const SHOP_STOCK_SQL = `SELECT st.article_id AS articleId, st.shop_id AS shopId, sh.name AS shopName, st.qty
  FROM physical_shop_stock st JOIN physical_shops sh ON sh.id = st.shop_id
  WHERE st.article_id IN (${CART_ARTICLES} AND seller_id = ${OWN_SELLER_ID}) AND st.qty > 0
  ORDER BY sh.name`;
const PURCHASABLE_OFFERS_SQL = `SELECT o.id AS idOffer, o.article_id AS articleId, o.seller_id AS shopId, s.name AS shopName, o.price, o.condition, o.availability_code AS availabilityCode
  FROM offers o JOIN sellers s ON s.id = o.seller_id
  WHERE o.channel = ?2 AND o.article_id IN (${CART_ARTICLES})
    AND o.availability_code BETWEEN 0 AND ${LAST_PURCHASABLE_CODE} AND (o.availability_code > ${LAST_STOCKED_CODE} OR o.stock > 0)
  ORDER BY o.price, o.id`;

/**
 * The shop stock and purchasable offers of the articles of the cart's offers, two statements
 * whatever the number of lines. "Purchasable" is the cart's rule (./rules.ts `isPurchasable`):
 * availability code 0–5, with stock on hand for codes 0–3. Shops are in Spain and serve every
 * channel, as on the product page.
 */
export function articleExtrasRead(channel: string, offerIds: readonly number[]): Read<ArticleExtras> {
  if (offerIds.length === 0) return constantRead({ shopStock: new Map(), offers: new Map() });
  const params = [jsonList(offerIds), channel];
  return {
    statements: [
      { sql: SHOP_STOCK_SQL, params },
      { sql: PURCHASABLE_OFFERS_SQL, params },
    ],
    value: ([stockRows, offerRows]) => ({
      shopStock: byArticle(stockRows as unknown as (StoreAvailability & { articleId: number })[]),
      offers: byArticle(offerRows as unknown as (ArticleOffer & { articleId: number })[]),
    }),
  };
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

/** ?1 the language, ?2 the offer ids, ?3 the channel. */
const OFFERS_ELSEWHERE_SQL = `SELECT o.id AS offerId, o.article_id AS articleId, o.channel, t.name
  FROM offers o JOIN article_translations t ON t.article_id = o.article_id AND t.lang = ?1
  WHERE o.id IN (SELECT value FROM json_each(?2)) AND o.channel <> ?3`;

/** The offers among `offerIds` that belong to another channel, by offer id (lines kept for the store they were added on). */
export function offersElsewhereRead(channel: string, language: Language, offerIds: readonly number[]): Read<Map<number, OfferElsewhere>> {
  if (offerIds.length === 0) return constantRead(new Map());
  return rowsRead(OFFERS_ELSEWHERE_SQL, [language, jsonList(offerIds), channel], (rows: OfferElsewhere[]) => new Map(rows.map((row) => [row.offerId, row])));
}
