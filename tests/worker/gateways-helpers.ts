// Shared set-up of the gateway payment worker tests (PayPal, Redsys, Aplazame, SIBS, Inespay,
// financing, Oney): a shopper of any channel, an order placed with a method, the gateway calls,
// and the sandbox's outbox of notifications, delivered to the Worker as the provider would.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { PaymentAnswer } from '../../worker/payments/answer';
import { signUp, TestBrowser } from './browser';
import { host, request } from './helpers';

export type Channel = 'ES' | 'PT' | 'FR' | 'IT' | 'DE';

const ADDRESSES: Record<Channel, { address: Record<string, unknown>; province: [string, string] }> = {
  ES: { address: { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', countryIso: 'ES', phone: '612345678' }, province: ['ES', '28'] },
  PT: { address: { name: 'Ana', surname: 'Silva', address: 'Rua Augusta', streetNumber: '1', city: 'Lisboa', postalCode: '1100-048', countryIso: 'PT', phone: '912345678' }, province: ['PT', '11'] },
  FR: { address: { name: 'Marie', surname: 'Dupont', address: 'rue de Rivoli', streetNumber: '42', city: 'Paris', postalCode: '75001', countryIso: 'FR', phone: '612345678' }, province: ['FR', '75'] },
  IT: { address: { name: 'Giulia', surname: 'Rossi', address: 'Via Roma', streetNumber: '10', city: 'Milano', postalCode: '20121', countryIso: 'IT', phone: '3123456789' }, province: ['IT', 'MI'] },
  DE: { address: { name: 'Lena', surname: 'Müller', address: 'Unter den Linden', streetNumber: '5', city: 'Berlin', postalCode: '10117', countryIso: 'DE', phone: '15123456789' }, province: ['DE', 'BE'] },
};

export interface GatewayShopper {
  browser: TestBrowser;
  cartId: string;
  address: number;
  channel: Channel;
}

/** A signed-up shopper of `channel` with a home address in its country. */
export async function channelShopper(channel: Channel = 'ES'): Promise<GatewayShopper> {
  const browser = new TestBrowser(host(channel));
  await signUp(browser);
  const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
  const { address, province } = ADDRESSES[channel];
  const provinceId = await env.DB.prepare('SELECT p.id FROM provinces p JOIN countries c ON c.id = p.country_id WHERE c.iso = ? AND p.code = ?').bind(...province).first<number>('id');
  const created = await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...address, ...(provinceId ? { provinceId } : {}) });
  expect(created.status, JSON.stringify(created.error)).toBe(201);
  return { browser, cartId, address: created.data.id, channel };
}

export interface OfferRow {
  id: number;
  article_id: number;
  price: number;
}

/**
 * Our own new offers on `channel` with stock, priced within [min, max] cents (each gateway has its
 * limits), cheapest first; `skip` takes a different one per test.
 */
export async function offerBetween(channel: Channel, min: number, max: number, skip = 0): Promise<OfferRow> {
  const offer = await env.DB.prepare(
    `SELECT o.id, o.article_id, o.price FROM offers o JOIN articles a ON a.id = o.article_id
     WHERE o.channel = ? AND o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock')
       AND o.availability_code <= 3 AND o.stock >= 5 AND a.weight_grams < 20000 AND a.sale_restriction IS NULL AND o.price BETWEEN ? AND ?
     ORDER BY o.price, o.id LIMIT 1 OFFSET ?`,
  )
    .bind(channel, min, max, skip)
    .first<OfferRow>();
  expect(offer, `an offer on ${channel} between ${min} and ${max}`).toBeTruthy();
  return offer!;
}

export interface GatewayOrder extends GatewayShopper {
  orderNumbers: string[];
  /** The payment reference (the checkout's first order number). */
  reference: string;
  amount: number;
}

/** Places `offer` (qty 1) with `method` for home delivery; the orders await payment. */
export async function placeWith(method: string, offer: OfferRow, who?: GatewayShopper): Promise<GatewayOrder> {
  const shopper = who ?? (await channelShopper());
  const added = await shopper.browser.api('POST', `/api/orders/${shopper.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
  expect(added.status, JSON.stringify(added.error)).toBe(200);
  const placed = await shopper.browser.api<{ orders: { orderNumber: string; state: string }[]; payment: { orderId: string; amount: { value: number }; method: string } }>('POST', `/api/checkout/orders/${shopper.cartId}/place`, {
    shippingType: 1,
    shippingAddressId: shopper.address,
    paymentMethod: method,
    conditionsAccepted: true,
  });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  expect(placed.data.orders.every((o) => o.state === 'awaiting_payment')).toBe(true);
  expect(placed.data.payment.method).toBe(method);
  return { ...shopper, orderNumbers: placed.data.orders.map((o) => o.orderNumber), reference: placed.data.payment.orderId, amount: placed.data.payment.amount.value };
}

/** POST /api/orders/payment/gateway/start for the order, with the method's fields. */
export function startGateway(order: Pick<GatewayOrder, 'browser' | 'reference'>, fields: Record<string, unknown> = {}) {
  return order.browser.api<PaymentAnswer>('POST', `/api/orders/payment/gateway/start?orderId=${order.reference}`, { fields });
}

/** POST /api/orders/payment/gateway/return: the shopper is back at /cart/order/securePayment with `params` in the query. */
export function returnFromGateway(order: Pick<GatewayOrder, 'browser' | 'reference'>, provider: string, params: Record<string, string>) {
  return order.browser.api<PaymentAnswer>('POST', '/api/orders/payment/gateway/return', { orderId: order.reference, provider, params });
}

/** GET /api/orders/payment/gateway/status. */
export function gatewayStatus(order: Pick<GatewayOrder, 'browser' | 'reference'>) {
  return order.browser.api<PaymentAnswer>('GET', `/api/orders/payment/gateway/status?orderId=${order.reference}`);
}

export interface OutboxNotification {
  provider: string;
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/**
 * The notifications the sandbox would have sent for `provider` since the last call (drained).
 * Test files run at the same time against the one sandbox (vitest.worker.config.ts), so each
 * provider's outbox is read by one file only (payments-<provider>.test.ts): a second file reading
 * it would take the first's notifications.
 */
export async function sandboxOutbox(provider: string): Promise<OutboxNotification[]> {
  const response = await fetch(`${env.GATEWAYS_SANDBOX_URL}/__sandbox/notifications?provider=${provider}`);
  return response.json();
}

/** Delivers a notification to the Worker at its own path, as the provider would; the Worker's answer. */
export async function deliverNotification(notification: Pick<OutboxNotification, 'url' | 'headers' | 'body'>): Promise<{ status: number; text: string }> {
  const path = new URL(notification.url).pathname;
  const response = await request(`${host('ES')}${path}`, { method: 'POST', headers: notification.headers, body: notification.body });
  return { status: response.status, text: await response.text() };
}

/** A call to the sandbox itself (its shopper pages and test controls), as the shopper's browser or a test would. */
export function sandboxFetch(provider: string, path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${env.GATEWAYS_SANDBOX_URL}/${provider}${path}`, { redirect: 'manual', ...init });
}

/** The orders' states and the payment attempts of a reference. */
export async function paymentState(reference: string, orderNumbers: string[]) {
  const orders = await Promise.all(orderNumbers.map((n) => env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(n).first<string>('state')));
  const payments = (await env.DB.prepare('SELECT attempt, provider, psp_reference, state, stage, amount, method, expires_at FROM payments WHERE reference = ? ORDER BY attempt').bind(reference).all()).results;
  return { orders, payments };
}
