/**
 * How derived listing rows are numbered and how their facet values are read: shared by the
 * refresh SQL (./refresh.ts, ./search-facets.ts) and the listing and search queries.
 */
import { PRICE_BUCKET_CENTS } from '../domain/catalogue/price-buckets';

/**
 * Listing row ids are channel-major: channel index × 10⁹ + article id. A channel's rows are then
 * contiguous in article order, the order full-text matches come in, so joining matches to their
 * listing rows walks the table forwards instead of seeking from the root for each one.
 */
export const LISTING_ID_STRIDE = 1_000_000_000;

/** SQL: the listing row id of an article id on a channel index. */
export const listingIdSql = (articleId: string, channelIndex: string | number): string => `${channelIndex} * ${LISTING_ID_STRIDE} + ${articleId}`;

/** SQL: the article id of a listing row id (read from any index, which all carry the rowid). */
export const articleOfListingSql = (id: string): string => `(${id} % ${LISTING_ID_STRIDE})`;

/** SQL: the price-range bucket (spec §9: 50 €) of a price column in cents. */
export const priceBucketSql = (price: string): string => `${price} / ${PRICE_BUCKET_CENTS}`;

/**
 * The facets counted ahead of time (listing_facets, search_facets) as (facet, value of a
 * `listings` row, condition for being counted), over unqualified `listings` columns.
 */
export const FACET_VALUES: [facet: string, value: string, where?: string][] = [
  ['brand', 'brand_id'],
  ['price', priceBucketSql('price'), 'price IS NOT NULL'],
  ['combo', 'combo'],
];
