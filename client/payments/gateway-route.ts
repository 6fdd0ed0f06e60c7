/**
 * Which checkout page pays an order placed with each gateway method (spec §2 gateway pages). The
 * card provider's own methods pay on the summary itself (their 3-D Secure step in an iframe); the
 * others on their page: Aplazame, MB WAY, financing and Lendismart have their own, and every other
 * redirect or form method (PayPal, the card redirect, Bizum, open banking, Oney, Multibanco) the
 * form-type page. Pure; the server's page loaders use it to send an order to its own page.
 */
import type { RouteId } from '../routes';

/** Paid on the summary page through adyen-web. */
export const CARD_FORM_METHODS: ReadonlySet<string> = new Set(['adyen', 'click-to-pay', 'adyen-googlepay', 'adyen-applepay']);

const OWN_PAGES: Readonly<Record<string, RouteId>> = {
  aplazame: 'gatewayAplazame',
  mbway: 'gatewayMbWay',
  financiacion12: 'gatewayFinancing',
  payPerUsage: 'gatewayFinancing',
  lendismart: 'gatewayLendismart',
};

/** The gateway page of `method`: its own page, or /cart/payment/form-type/gw. */
export const gatewayRoute = (method: string): RouteId => OWN_PAGES[method] ?? 'gatewayFormType';
