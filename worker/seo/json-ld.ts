/**
 * schema.org documents for the pages (JSON-LD): Product with its offers and rating, the
 * breadcrumb trail and the Organization. Pure builders; the document renders them with
 * `serializeJsonLd` inside `<script type="application/ld+json">`.
 */
import { productImageUrl } from '../../client/components/product-bits';
import type { Language } from '../../client/i18n/languages';
import { slugHref, type RoutingChannel } from '../../client/routes';
import { isLanguage, LANGUAGE_INFO } from '../../client/i18n/languages';
import type { ProductDetail, ProductOffer } from '../../client/types';
import type { ReviewSummaryView, ReviewView } from '../../client/ugc/review-card';
import { viewsOf } from '../media/views';

const CONTEXT = 'https://schema.org';
const SCHEMA = 'https://schema.org/';

export type JsonLd = Record<string, unknown>;

/** Cents as euros with two decimals, as schema.org wants prices: 129900 → "1299.00". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** schema.org availability of a stock code (spec §3: 0–7, 9876 zone not available, 9999 discontinued). */
export function availabilityOf(code: number): string {
  if (code >= 0 && code <= 3) return `${SCHEMA}InStock`;
  if (code === 4) return `${SCHEMA}BackOrder`;
  if (code === 5) return `${SCHEMA}PreOrder`;
  if (code === 9999) return `${SCHEMA}Discontinued`;
  return `${SCHEMA}OutOfStock`; // 6, 7, 9876 and anything unknown: not buyable
}

/** schema.org condition: `new` is new, every reconditioned grade is refurbished. */
export function conditionOf(condition: string): string {
  return condition.toLowerCase() === 'new' ? `${SCHEMA}NewCondition` : `${SCHEMA}RefurbishedCondition`;
}

/** Codes 0–5 can be bought (in stock, supplier stock, on order, pre-order). */
const purchasable = (offer: ProductOffer) => offer.availabilityCode >= 0 && offer.availabilityCode <= 5;

function offersJsonLd(offers: readonly ProductOffer[], url: string, featured?: ProductOffer | null): JsonLd | undefined {
  const buyable = offers.filter(purchasable);
  // Nothing to buy: still say so (out of stock, discontinued) with the offers there are.
  const shown = buyable.length > 0 ? buyable : offers;
  if (shown.length === 0) return undefined;
  const cheapest = shown.reduce((best, offer) => (offer.price < best.price ? offer : best));
  const bestCode = Math.min(...shown.map((offer) => offer.availabilityCode));
  const sellers = new Set(shown.map((offer) => offer.sellerId));
  if (sellers.size === 1) {
    // The price must match the one the page shows first: the buy-box winner when there is one.
    const shownFirst = featured && shown.some((offer) => offer.offerId === featured.offerId) ? featured : cheapest;
    return {
      '@type': 'Offer',
      url,
      price: euros(shownFirst.price),
      priceCurrency: 'EUR',
      availability: availabilityOf(shownFirst.availabilityCode),
      itemCondition: conditionOf(shownFirst.condition),
      seller: { '@type': 'Organization', name: shownFirst.sellerName },
    };
  }
  return {
    '@type': 'AggregateOffer',
    url,
    lowPrice: euros(cheapest.price),
    highPrice: euros(Math.max(...shown.map((offer) => offer.price))),
    offerCount: shown.length,
    priceCurrency: 'EUR',
    availability: availabilityOf(bestCode),
  };
}

export interface ProductJsonLdAt {
  /** Origin of the channel the page is on (`https://www.ampora.es`). */
  origin: string;
  language: Language;
  channel: RoutingChannel;
  /** The offer the page shows first (the buy-box winner); a single seller's Offer describes it. */
  featured?: ProductOffer | null;
  /**
   * The article's real reviews: the summary of its OK reviews and the ones the page shows. The
   * rating and the reviews come only from here (never from stored averages), so a product
   * without an OK review has no aggregateRating.
   */
  reviews?: { summary: ReviewSummaryView; items: readonly ReviewView[] };
}

/** Reviews listed in a Product document at most (the reviews page shows 10). */
export const JSON_LD_MAX_REVIEWS = 10;

/** A published review as a schema.org Review, stars on the 1–5 scale. */
export function reviewJsonLd(review: ReviewView): JsonLd {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.nick },
    datePublished: (review.publishedAt ?? review.createdAt).slice(0, 10),
    ...(review.title ? { name: review.title } : {}),
    reviewBody: review.body,
    ...(isLanguage(review.language) ? { inLanguage: LANGUAGE_INFO[review.language].tag } : {}),
    reviewRating: { '@type': 'Rating', ratingValue: review.stars, bestRating: 5, worstRating: 0.5 },
  };
}

function ratingJsonLd(reviews: ProductJsonLdAt['reviews']): JsonLd {
  if (!reviews || reviews.summary.count === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.stars,
      ratingCount: reviews.summary.count,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 0.5,
    },
    ...(reviews.items.length > 0 ? { review: reviews.items.slice(0, JSON_LD_MAX_REVIEWS).map(reviewJsonLd) } : {}),
  };
}

/**
 * A Product: brand, sku and mpn (the reference), gtin13 (the EAN), image, condition, the
 * offers on the channel (one seller: Offer, the featured one or the cheapest; several:
 * AggregateOffer over what can be bought, or over every offer when nothing can) and, from the
 * article's OK reviews only, the rating in stars and the reviews shown (scores are stored on the
 * doubled 1–10 scale: a review's lowest, 1, is half a star).
 */
export function productJsonLd(product: ProductDetail, at: ProductJsonLdAt): JsonLd {
  const url = at.origin + slugHref(product.slug, at.language, at.channel);
  const offers = offersJsonLd(product.offers, url, at.featured);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url,
    // Every view of the gallery, main image first.
    image: viewsOf(product.imageKey).map((view) => at.origin + productImageUrl(product.imageKey, 'large', product.brand, view)),
    sku: product.reference,
    mpn: product.reference,
    ...(/^\d{13}$/.test(product.ean) ? { gtin13: product.ean } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    ...(product.category ? { category: product.category.name } : {}),
    itemCondition: conditionOf(product.condition),
    ...(offers ? { offers } : {}),
    ...ratingJsonLd(at.reviews),
  };
}

export interface Breadcrumb {
  name: string;
  /** Path on the page's channel (`/en/laptops`). */
  path: string;
}

/** The trail as a BreadcrumbList, positions from 1, items as absolute URLs. */
export function breadcrumbJsonLd(items: readonly Breadcrumb[], origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: origin + item.path })),
  };
}

/** The store as an Organization, for the home page. */
export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: 'Ampora',
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` becomes `\u003c`, so no value can close
 * the script element or open a comment, whatever text a product or page name holds.
 */
export function serializeJsonLd(document: object): string {
  return JSON.stringify(document).replace(/</g, '\\u003c');
}
