/** Shapes the server hands to pages and islands. Money is integer cents. */
import type { Language } from './i18n/languages';

export interface MenuCategory {
  id: number;
  name: string;
  slug: string;
  icon: string;
  children: MenuCategory[];
  /** Top categories only: the brands with most listings in the category on the channel (the mega-menu's). */
  featuredBrands?: MenuBrand[];
}

export interface MenuBrand {
  id: number;
  name: string;
  slug: string;
  /** Listings of the brand in the category on the channel. */
  count: number;
}

export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  brand: string;
  imageKey: string;
  /** The price of the offer the product page sells by default (the buy box), or null when none can be bought. */
  price: number | null;
  originalPrice: number | null;
  availabilityCode: number | null;
  ratingAverage: number;
  ratingCount: number;
  /** The article's condition: 'new' or a refurbished grade ('Reaconditioned-A' … 'C'). */
  condition?: string;
  /** The slug of the article's category in the card's language (its "add to compare" link). */
  categorySlug?: string;
  /** The buy-box offer's seller when it is a marketplace seller (the card says who sells it). */
  sellerName?: string | null;
  /** Slugs of the campaigns the article's collections belong to (collections.campaign). */
  campaignSlugs?: string[];
  /** The flag of a campaign running now that the article belongs to, colours from the campaign's data. */
  campaignFlag?: { background: string; text: string; label?: string } | null;
}

export interface ProductOffer {
  offerId: number;
  sellerId: number;
  sellerName: string;
  sellerSlug: string;
  sellerKind: 'own' | 'marketplace' | 'dropshipping';
  sellerTier: 'standard' | 'premium';
  /** Seller grade on the doubled 1–10 scale; 0 when not graded yet. */
  sellerGrade: number;
  sellerEvaluations: number;
  price: number;
  originalPrice: number | null;
  condition: 'new' | 'Reaconditioned-A' | 'Reaconditioned-B' | 'Reaconditioned-C';
  availabilityCode: number;
  stock: number;
  deliveryMinDays: number;
  deliveryMaxDays: number;
  minShippingPrice: number;
  sentBy: 'seller' | 'retailer';
}

/** When an offer arrives, worked out on the server for the channel's time zone (ISO dates). */
export interface DeliveryInfo {
  kind: 'today' | 'tomorrow' | 'date' | 'range';
  from: string;
  to: string;
  /** Minutes left to order for same-day delivery, rounded up to 5. */
  minutesLeft?: number;
  timeZone: string;
}

export interface PricedOffer extends ProductOffer {
  delivery: DeliveryInfo;
}

/** What the product page shows above the fold, all decided on the server. */
export interface ProductBuyInfo {
  /** The buy-box winner, or null when no offer can be bought. */
  winner: PricedOffer | null;
  others: PricedOffer[];
  /** Offers that cannot be bought now (out of stock, zone, discontinued). */
  unavailable: PricedOffer[];
  reference: { kind: 'crossedOut' | 'original' | 'recommended'; price: number } | null;
  discount: { percent: number; amount: number } | null;
  lowestPriceLabel: 'historical' | 90 | 60 | 30 | null;
  campaignFlag: { background: string; text: string; label?: string } | null;
  shopStock: { shopId: number; name: string; slug: string; qty: number }[];
}

export interface ProductDetail extends ProductCard {
  reference: string;
  ean: string;
  description: string;
  type: string;
  condition: string;
  specs: Record<string, string>;
  category: { id: number; name: string; slug: string } | null;
  recommendedPrice: number | null;
  offers: ProductOffer[];
  /** The product's slug in every language, for the language switcher and alternates. */
  slugs: Partial<Record<Language, string>>;
}

export interface CollectionTeaser {
  id: number;
  name: string;
  slug: string;
  description: string;
  products: ProductCard[];
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Sort options of a product listing (spec §3: relevance, new, old; price both ways as shoppers expect). */
export const SORT_OPTIONS = ['relevance', 'new', 'old', 'price-asc', 'price-desc'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/**
 * A listing's state as carried by its query string (spec §7): `sort`, `page`, `pageSize`,
 * `query`, term filters as `key=a,b` and range filters as `key_from` / `key_to` (euros for price).
 */
export interface ListingQuery {
  sort: SortOption;
  page: number;
  pageSize: number;
  query: string;
  filters: Record<string, string[]>;
  ranges: Record<string, { from?: number; to?: number }>;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  key: string;
  label: string;
  kind: 'terms' | 'range';
  values: FacetValue[];
}

export interface ListingResult extends Paged<ProductCard> {
  query: ListingQuery;
  facets: Facet[];
  /** The corrected query a typo-tolerant search used instead of the one typed, if any. */
  correctedQuery?: string;
}
