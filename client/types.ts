/** Shapes the server hands to pages and islands. Money is integer cents. */
import type { Language } from './i18n/languages';

export interface MenuCategory {
  id: number;
  name: string;
  slug: string;
  icon: string;
  children: MenuCategory[];
}

export interface ProductCard {
  id: number;
  name: string;
  slug: string;
  brand: string;
  imageKey: string;
  /** Best price on the channel, or null when no seller offers it there. */
  price: number | null;
  originalPrice: number | null;
  availabilityCode: number | null;
  ratingAverage: number;
  ratingCount: number;
}

export interface ProductOffer {
  offerId: number;
  sellerId: number;
  sellerName: string;
  sellerKind: 'own' | 'marketplace' | 'dropshipping';
  price: number;
  originalPrice: number | null;
  condition: string;
  availabilityCode: number;
  stock: number;
  deliveryMinDays: number;
  deliveryMaxDays: number;
}

export interface ProductDetail extends ProductCard {
  reference: string;
  ean: string;
  description: string;
  type: string;
  condition: string;
  specs: Record<string, string>;
  category: { id: number; name: string; slug: string } | null;
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
