/**
 * The basket from the browser: the caller's cart id (GET /api/checkout/cart/token creates the
 * anonymous cart on first use) and the cart calls of spec §7. The header's count follows the
 * `ampora_cart_units` cookie the server sets on every cart answer.
 */
import type { InstallationChoice } from '../../worker/cart/view-types';
import type { ArticleOffer } from '../../worker/domain/checkout/offer-match';
import { callApi } from '../api';
import { refreshBasketCount } from '../header-state';

export { refreshBasketCount };

export interface CartLineView {
  idLine: number;
  idArticle: number;
  name: string;
  slug: string;
  trademark: string;
  articleImage: string;
  unitPrice: number;
  totalPrice: number;
  crossedOutPrice: number | null;
  qty: number;
  maxQty: number;
  condition: string;
  availabilityCode: number;
  mpOffer: { shopName: string } | null;
  articleReference: number;
  canAddGiftPaper: boolean;
  giftPaper: boolean;
  /** A subscription line: the months of each period it renews for; null otherwise. */
  subscriptionMonths?: number | null;
  service: { kind: 'insurance' | 'service' | 'installation'; id: number } | null;
  extendedInsurances: { id: number; name: string; price: number; years?: number; text: string }[];
  extraServices: { id: number; name: string; price: number; text: string }[];
  /** Installation services the article may have; their price depends on the postal code. */
  installationOptions: { id: number; name: string; summary: string }[];
  /** The installation chosen (on its article and on the installation line itself). */
  installationService: InstallationChoiceView | null;
  /** When it arrives, for the channel's time zone; null on service lines. */
  deliveryDate: DeliveryDateView | null;
  /** Units in our shops (only on lines we sell ourselves). */
  storeAvailability: { shopId: number; shopName: string; qty: number }[];
  /** On a gift-card line: who the cards are for (null: added without a recipient, they go to the buyer). */
  giftCard?: { recipientName: string; recipientEmail: string; message: string; senderName: string } | null;
  /** On a standalone insurance line (a renewal or a new policy): the earlier purchase it covers. */
  coverage?: { coversOrderNumber: string; coversArticleId: number; articleName: string; renewsPolicyId?: number };
  /** The article's other offers that can be bought, cheapest first (at most 5). */
  buyboxOffers: OfferView[];
  /** On a marketplace line: a cheaper offer in the same condition from another seller (1147). */
  betterOffer: OfferView | null;
}

/** Spec §3 deliveryDate: the local date of the earliest delivery, and local midnights (ISO instants) of the first and last delivery days. */
export interface DeliveryDateView {
  strDeliveryDate: string;
  isSameDay: boolean;
  minDate: string;
  maxDate: string;
}

/** Another seller's offer of the same article (worker/domain/checkout/offer-match.ts). */
export type OfferView = ArticleOffer;

/** The installation an article carries (worker/cart/view-types.ts). */
export type InstallationChoiceView = InstallationChoice;

/** The answer of GET /api/checkout/articles/installation/data (spec §7). */
export interface InstallationQuoteView {
  installationServiceId: number;
  name: string;
  summary: string;
  postalCode: string;
  price: number;
}

/** A cart's own critical error (spec §3 criticalErrors): 1145 OEM without assembly and 1146 article alone block; 1147 a better offer warns. */
export interface CriticalErrorView {
  code: number;
  articleName?: string;
}

export interface CartViewData {
  idCart: string;
  articles: CartLineView[];
  /** Lines added on another store: kept for it, not sold here, outside the totals (worker/cart/view-types.ts). */
  otherChannelArticles?: { idLine: number; idArticle: number; idOffer: number; qty: number; name: string; channel: string; country: string }[];
  units: number;
  totals: { articlesSubtotal: number; totalDiscountInCart: number; totalPrice: number; totalToPay: number; totalInstallationPrice: number };
  notices: { code: number; articleNames: string[] }[];
  outOfStock: { modifiedArticles: { name: string; qty: number }[]; removedArticles: { name: string }[]; emptyCart: boolean } | null;
  criticalErrors: CriticalErrorView[];
}

let cartId: Promise<string> | undefined;

export function myCartId(): Promise<string> {
  cartId ??= callApi<{ idCart: string }>('GET', '/api/checkout/cart/token').then((token) => token.idCart);
  return cartId;
}

export async function addToCart(idArticle: number, idOffer: number, qty = 1): Promise<CartViewData> {
  const id = await myCartId();
  const cart = await callApi<CartViewData>('POST', `/api/orders/${id}/cart/articles`, { articles: [{ idArticle, idOffer, qty }] });
  refreshBasketCount();
  return cart;
}
