/**
 * The shapes of the cart view (spec §3 cart article, cart totals, out-of-stock info) and of what
 * builds it; ./view.ts builds it.
 */
import type { CriticalError } from '../domain/checkout/alerts';
import type { ArticleOffer } from '../domain/checkout/offer-match';
import type { SaleRestriction } from '../domain/checkout/sale-restrictions';
import type { GiftCardDetails } from '../gift-cards/rules';
import type { StoreAvailability } from './facts';
import type { InstallationOffer, ProvincePrefixes } from './installation';
import type { CartCode } from './rules';
import type { ExtraServiceOffer, InsuranceOffer } from './services';

/** The services a view can offer and show (worker/cart/services.ts, ./installation.ts), and whether insurance may be offered. */
export interface ServiceContext {
  insurances: readonly InsuranceOffer[];
  services: readonly ExtraServiceOffer[];
  /** Business customers may not buy extended insurance (spec §5). */
  insuranceAllowed: boolean;
  installations: readonly InstallationOffer[];
  /** The channel's country: installation services are offered in their own country only. */
  countryIso: string;
  /** Provinces with their postal prefixes by country, for the countries of the installation lines. */
  provinces: ReadonlyMap<string, readonly ProvincePrefixes[]>;
}

/** An installation service an article may have; its price depends on the postal code (spec §7 installation data). */
export interface InstallationOption {
  id: number;
  name: string;
  summary: string;
}

/** The installation chosen for an article (spec §3 installationService), priced from D1 at its postal code. */
export interface InstallationChoice {
  /** The installation line. */
  idLine: number;
  installationServiceId: number;
  name: string;
  summary: string;
  postalCode: string;
  /** Per unit of the article, in cents. */
  price: number;
  totalPrice: number;
}

/** When an article line arrives (spec §3 deliveryDate), from its offer's delivery days. */
export interface CartDeliveryDate {
  /** The channel's local date (YYYY-MM-DD) of the earliest delivery. */
  strDeliveryDate: string;
  /** The earliest delivery is today (same-day offer, ordered before 10:00 local, not a Sunday). */
  isSameDay: boolean;
  /** Local midnight of the earliest delivery day, as an ISO instant. */
  minDate: string;
  /** Local midnight of the latest delivery day, as an ISO instant. */
  maxDate: string;
}

/** Most other offers listed on a line (spec §3 buybox offers). */
export const MAX_BUYBOX_OFFERS = 5;

export interface ServiceOption {
  id: number;
  name: string;
  price: number;
  years?: number;
  text: string;
}

export interface CartArticle {
  idLine: number;
  idArticle: number;
  idOffer: number;
  /** Who sells it: the store itself (seller 0), a marketplace shop or a dropshipper. */
  seller: { id: number; kind: 'own' | 'marketplace' | 'dropshipping'; minShippingPrice: number };
  weightGrams: number;
  articleReference: number;
  name: string;
  slug: string;
  ean: string;
  trademark: string;
  trademarkRef: number;
  family: string;
  familyId: number;
  articleImage: string;
  unitPrice: number;
  totalPrice: number;
  basePrice: number;
  originalPrice: number | null;
  crossedOutPrice: number | null;
  recommendedPrice: number | null;
  qty: number;
  maxQty: number;
  type: string;
  condition: string;
  availabilityCode: number;
  canAddGiftPaper: boolean;
  giftPaper: boolean;
  isSubscription: boolean;
  /** A subscription line: the months of each period it renews for (worker/subscriptions); null otherwise. */
  subscriptionMonths: number | null;
  delivery: { minDays: number; maxDays: number };
  /** Null on service lines, which ship nothing. */
  deliveryDate: CartDeliveryDate | null;
  mpOffer: { idOffer: number; shopId: number; shopName: string; shopSlug: string; sentBy: string; deliveryKey: string } | null;
  valoration: { average: number; count: number };
  /** How the article may be sold (spec §8 1145, 1146); always null on service lines. */
  saleRestriction: SaleRestriction | null;
  /** For a service line (articleReference ≠ 0): what it is (for an installation, the installation service id). */
  service: { kind: 'insurance' | 'service' | 'installation'; id: number } | null;
  /**
   * On a standalone insurance line only (a renewal or a new policy, which has no article line in
   * the cart): the earlier purchase it covers and, for a renewal, the policy it continues.
   */
  coverage?: { coversOrderNumber: string; coversArticleId: number; articleName: string; renewsPolicyId?: number };
  /**
   * On a gift-card line only: who the cards are for (null when it was added without a recipient:
   * they then go to the buyer). Absent on every other line.
   */
  giftCard?: GiftCardDetails | null;
  /** For an article line: the insurance plans, extra services and installation services it may carry (spec §3). */
  extendedInsurances: ServiceOption[];
  extraServices: ServiceOption[];
  installationOptions: InstallationOption[];
  /** On an article line, the installation it carries; on an installation line, that installation; else null. */
  installationService: InstallationChoice | null;
  /** Units in our physical shops, only on lines we sell ourselves (seller 0); else empty. */
  storeAvailability: StoreAvailability[];
  /** The article's other offers that can be bought now on the channel, cheapest first, at most MAX_BUYBOX_OFFERS; the line's own is not among them. */
  buyboxOffers: ArticleOffer[];
  /** On a marketplace line, the cheapest other seller's offer in the same condition for less (1147); else null. */
  betterOffer: ArticleOffer | null;
}

export interface OutOfStockInfo {
  modifiedArticles: { idArticle: number; name: string; qty: number }[];
  removedArticles: { idArticle: number; name: string }[];
  emptyCart: boolean;
}

export interface CartNotice {
  code: CartCode;
  articleNames: string[];
}

/**
 * A line added on another channel (the account's cart is shared by every store): its offer is
 * not sold on this one, so it is shown apart, left out of the totals and of the order, and kept
 * for the store it was added on. The shopper may remove it here.
 */
export interface OtherChannelArticle {
  idLine: number;
  idArticle: number;
  idOffer: number;
  qty: number;
  /** The article's name in the visitor's language. */
  name: string;
  /** The channel it was added on, and that channel's country (ISO 3166-1 alpha-2). */
  channel: string;
  country: string;
}

export interface CartView {
  idCart: string;
  articles: CartArticle[];
  /** Lines of other channels, kept but not sellable here (not in `articles`, totals or units). */
  otherChannelArticles: OtherChannelArticle[];
  units: number;
  totals: {
    articlesSubtotal: number;
    totalDiscountInCart: number;
    shippingCost: number | null;
    marketPlaceShippingCost: number | null;
    dropShippingShippingCost: number | null;
    totalPrice: number;
    totalToPay: number;
    /** The installation lines' part of articlesSubtotal. */
    totalInstallationPrice: number;
    cartShops: { shopId: number; shopName: string; kind: string; articlesSubtotal: number }[];
  };
  notices: CartNotice[];
  outOfStock: OutOfStockInfo | null;
  /**
   * The cart's own critical errors (spec §3 criticalErrors): OEM without assembly (1145) and
   * article alone (1146), which block, then marketplace offer match (1147), a warning.
   */
  criticalErrors: CriticalError[];
  updatedAt: number;
}
