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
