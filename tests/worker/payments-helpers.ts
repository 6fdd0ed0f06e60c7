// Shared set-up of the payment worker tests: orders placed by card, the sandbox's outbox and payment list.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { AdyenGateway } from '../../worker/payments/adyen/client';
import { adyenConfig } from '../../worker/payments/adyen/config';
import { hmacSignature, signedString } from '../../worker/payments/adyen/hmac';
import type { PaymentAnswer } from '../../worker/payments/answer';
import type { TestBrowser } from './browser';
import { add, checkoutOffers, shopper, type OfferRow } from './checkout-helpers';
import { host, request } from './helpers';

/** adyen-web's `state.data.paymentMethod` for a sandbox test card (the sandbox's `test_` encryption). */
export function card(number: string, holderName = 'Ana García', extra: Record<string, string> = {}) {
  return { type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName, ...extra };
}

export const VISA = '4111111111111111';
/** 3-D Secure 2 challenge (password "password"). */
export const VISA_3DS = '4917610000000000';
/** 3-D Secure 2 frictionless. */
export const MC_FRICTIONLESS = '5201281505129736';

export interface CardOrder {
  browser: TestBrowser;
  cartId: string;
  orderNumbers: string[];
  reference: string;
  amount: number;
  offer: OfferRow;
}

let offerIndex = 0;

/** A signed-up shopper's checkout placed with the card provider (`adyen`): orders awaiting payment. */
export async function placeByCard(qty = 1, method = 'adyen', who?: Awaited<ReturnType<typeof shopper>>): Promise<CardOrder> {
  const { browser, cartId, address } = who ?? (await shopper());
  const { own } = await checkoutOffers();
  const offer = own[offerIndex++ % own.length]!;
  await add(browser, cartId, offer, qty);
  const placed = await browser.api<{ orders: { orderNumber: string; state: string; total: number }[]; payment: { orderId: string; amount: { value: number } } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: method, conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  return { browser, cartId, orderNumbers: placed.data.orders.map((o) => o.orderNumber), reference: placed.data.payment.orderId, amount: placed.data.payment.amount.value, offer };
}

export async function payData(browser: TestBrowser, orderId: string, body: Record<string, unknown>) {
  return browser.api<PaymentAnswer>('POST', `/api/orders/payment/adyen/data?orderId=${orderId}`, body);
}

export async function authorise3d(browser: TestBrowser, orderId: string, details: Record<string, unknown>) {
  return browser.api<PaymentAnswer>('POST', '/api/orders/payment/adyen/authorise3d', { orderId, details });
}

/** The standard notification bodies the sandbox would have sent for this merchant reference. */
export async function sandboxNotifications(reference: string): Promise<{ notificationItems: { NotificationRequestItem: Record<string, unknown> }[] }[]> {
  const response = await fetch(`${env.ADYEN_SANDBOX_URL}/__sandbox/notifications?reference=${encodeURIComponent(reference)}`);
  return response.json();
}

/** The payments the sandbox holds for this merchant reference (each a charge attempt). */
export async function sandboxPayments(reference: string): Promise<{ pspReference: string; status: string; amount: { value: number }; refunded: number }[]> {
  const response = await fetch(`${env.ADYEN_SANDBOX_URL}/__sandbox/payments?reference=${encodeURIComponent(reference)}`);
  return response.json();
}

export const NOTIFICATION_URL = `${host('ES')}/api/paymentGateway/adyen/notification`;

export function deliver(body: unknown) {
  return request(NOTIFICATION_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, text: await r.text() }));
}

const formAction = (page: string) => {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  expect(action).toBeTruthy();
  return action!;
};

/**
 * Completes a 3-D Secure challenge as the shopper's browser does and returns the `details` the
 * browser then sends: for a redirect, the challenge page's form and the return URL's redirectResult;
 * for the in-page threeDS2 challenge, adyen-web's creq to the ACS, the password form, and the
 * threeDSResult it builds from the cres.
 */
export async function completeChallenge(action: Record<string, unknown>, password = 'password', button: 'submit' | 'cancel' = 'submit'): Promise<Record<string, string>> {
  const form = new URLSearchParams({ password, action: button }).toString();
  const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (action['type'] === 'redirect') {
    const url = String(action['url']);
    const page = await (await fetch(url)).text();
    const response = await fetch(new URL(formAction(page), url), { method: 'POST', headers: formHeaders, body: form, redirect: 'manual' });
    expect(response.status).toBe(302);
    return { redirectResult: new URL(response.headers.get('location')!).searchParams.get('redirectResult')! };
  }
  const token = JSON.parse(atob(String(action['token']))) as { acsURL: string; acsTransID: string; messageVersion: string; threeDSServerTransID: string };
  const creq = btoa(JSON.stringify({ acsTransID: token.acsTransID, challengeWindowSize: '05', messageType: 'CReq', messageVersion: token.messageVersion, threeDSServerTransID: token.threeDSServerTransID })).replace(/=+$/, '');
  const challenge = await (await fetch(token.acsURL, { method: 'POST', headers: formHeaders, body: new URLSearchParams({ creq }).toString() })).text();
  const answered = await (await fetch(new URL(formAction(challenge), token.acsURL), { method: 'POST', headers: formHeaders, body: form })).text();
  const cres = /name="cres" value="([^"]+)"/.exec(answered)![1]!;
  const { transStatus } = JSON.parse(atob(cres.replace(/-/g, '+').replace(/_/g, '/'))) as { transStatus: string };
  return { threeDSResult: btoa(JSON.stringify({ transStatus, authorisationToken: action['authorisationToken'] })) };
}

export async function orderStates(orderNumbers: string[]): Promise<string[]> {
  const rows = await Promise.all(orderNumbers.map((n) => env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(n).first<string>('state')));
  return rows.map((s) => s ?? 'missing');
}

export async function orderEventsOf(orderNumber: string): Promise<string[]> {
  return (await env.DB.prepare('SELECT state FROM order_events WHERE order_number = ? ORDER BY id').bind(orderNumber).all<{ state: string }>()).results.map((r) => r.state);
}

export async function paymentRows(reference: string) {
  return (await env.DB.prepare('SELECT attempt, psp_reference, state, stage, amount, refunded_amount, version FROM payments WHERE reference = ? ORDER BY attempt').bind(reference).all<{ attempt: number; psp_reference: string | null; state: string; stage: string; amount: number; refunded_amount: number; version: number }>()).results;
}

export async function stockOf(offerId: number): Promise<number> {
  return (await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offerId).first<number>('stock'))!;
}

/** The Worker's own gateway to the test sandbox (refunds, wrapped gateways). */
export const testGateway = () => new AdyenGateway(adyenConfig(env)!);

/** A notification signed with our key, as the provider would send it for an event it decided. */
export async function signedNotification(item: { pspReference: string; originalReference?: string; merchantReference: string; eventCode: string; success: boolean; value: number }) {
  const fields = { pspReference: item.pspReference, originalReference: item.originalReference ?? '', merchantAccountCode: env.ADYEN_MERCHANT_ACCOUNT, merchantReference: item.merchantReference, amount: { value: item.value, currency: 'EUR' }, eventCode: item.eventCode, success: item.success ? 'true' : 'false', eventDate: '2026-11-24T10:00:00+01:00', reason: '' };
  return { live: 'false', notificationItems: [{ NotificationRequestItem: { ...fields, additionalData: { hmacSignature: await hmacSignature(env.ADYEN_HMAC_KEY, signedString(fields)) } } }] };
}

export { applePayTestToken, googlePayTestToken } from '../../scripts/sandboxes/adyen/wallets';
