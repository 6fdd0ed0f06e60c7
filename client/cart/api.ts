/**
 * The basket from the browser: the caller's cart id (GET /api/checkout/cart/token creates the
 * anonymous cart on first use) and the cart calls of spec §7. The header's count follows the
 * `ampora_cart_units` cookie the server sets on every cart answer.
 */
import { api, unwrap, type ApiData } from '../api';
import { refreshBasketCount } from '../header-state';

export { refreshBasketCount };

/** The cart as every cart call answers it (worker/cart/view-types.ts CartView); GET /api/checkout/orders/{id}/cart adds the checkout's extras. */
export type CartViewData = ApiData<typeof api.orders[':id']['cart']['articles']['$post']>;

export type CartLineView = CartViewData['articles'][number];

/** Spec §3 deliveryDate: the local date of the earliest delivery, and local midnights (ISO instants) of the first and last delivery days. */
export type DeliveryDateView = NonNullable<CartLineView['deliveryDate']>;

/** Another seller's offer of the same article (worker/domain/checkout/offer-match.ts). */
export type OfferView = CartLineView['buyboxOffers'][number];

/** The installation an article carries (worker/cart/view-types.ts). */
export type InstallationChoiceView = NonNullable<CartLineView['installationService']>;

/** The answer of GET /api/checkout/articles/installation/data (spec §7). */
export type InstallationQuoteView = ApiData<typeof api.checkout.articles.installation.data.$get>;

/** A cart's own critical error (spec §3 criticalErrors): 1145 OEM without assembly and 1146 article alone block; 1147 a better offer warns. */
export type CriticalErrorView = CartViewData['criticalErrors'][number];

let cartId: Promise<string> | undefined;

export function myCartId(): Promise<string> {
  cartId ??= unwrap(api.checkout.cart.token.$get()).then((token) => token.idCart);
  return cartId;
}

export async function addToCart(idArticle: number, idOffer: number, qty = 1): Promise<CartViewData> {
  const id = await myCartId();
  const cart = await unwrap(api.orders[':id'].cart.articles.$post({ param: { id }, json: { articles: [{ idArticle, idOffer, qty }] } }));
  refreshBasketCount();
  return cart;
}
