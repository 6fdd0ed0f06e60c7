// Financing (financiacion12, Lendismart, pay per use) through the real Worker and the financing
// sandbox (docs/payments-financing.md): the application on the provider's page, its decision
// (approved, denied, pending review decided later by callback), the shopper cancelling, signed
// callbacks (forged, stale and repeated), the 90 € limit and refunds.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../worker/payments/financing/signature';
import { financingProvider } from '../../worker/payments/financing';
import { channelShopper, deliverNotification, gatewayStatus, offerBetween, paymentState, placeWith, returnFromGateway, sandboxFetch, sandboxOutbox, startGateway, type GatewayOrder } from './gateways-helpers';
import { host, request } from './helpers';

const APPROVED = '00000000T';
const DENIED = '11111111H';
const REVIEW = '22222222J';
const NOTIFICATION_PATH = '/api/paymentGateway/financing/notification';

interface SandboxApplication {
  id: string;
  status: string;
  reference: string;
  amount: number;
  term_months: number;
  product: string;
}

/** A Spanish shopper's order of one offer within Lendismart's limits, placed with `method`. */
async function placeFinancing(method: 'lendismart' | 'financiacion12', skip: number): Promise<GatewayOrder> {
  const shopper = await channelShopper('ES');
  if (method === 'financiacion12') {
    // Twelve interest-free months are a Premium perk (worker/domain/checkout/payments.ts).
    const info = await shopper.browser.api<{ email: string }>('POST', '/api/users/info');
    await env.DB.prepare('UPDATE users SET is_premium = 1 WHERE email = ?').bind(info.data.email).run();
  }
  return placeWith(method, await offerBetween('ES', 9_000, 250_000, skip), shopper);
}

/** Starts the payment: the redirect to the application page, and the application's id. */
async function startApplication(order: GatewayOrder, fields: Record<string, unknown> = {}): Promise<{ url: string; id: string }> {
  const started = await startGateway(order, fields);
  expect(started.status, JSON.stringify(started.error)).toBe(200);
  expect(started.data.action).toMatchObject({ type: 'redirect', method: 'GET' });
  const url = String(started.data.action!['url']);
  const id = /\/financing\/apply\/(app_[0-9a-f]+)$/.exec(url)?.[1];
  expect(id, url).toBeTruthy();
  return { url, id: id! };
}

/** Fills the application on the sandbox's page as the shopper would; the store URL it sends them back to. */
async function fillApplication(id: string, documentId: string, action: 'submit' | 'cancel' = 'submit'): Promise<URL> {
  const page = await sandboxFetch('financing', `/apply/${id}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<label for="document_id">');
  const form = new URLSearchParams({ document_id: documentId, monthly_income: '1800', iban: 'ES9121000418450200051332', action });
  const answer = await sandboxFetch('financing', `/apply/${id}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('Location')!);
}

/** The query the return page posts: everything but orderId, provider and hash. */
function returnParams(url: URL): Record<string, string> {
  const params = Object.fromEntries(url.searchParams);
  delete params['orderId'];
  delete params['provider'];
  delete params['hash'];
  return params;
}

async function applicationsOf(reference: string): Promise<SandboxApplication[]> {
  return (await sandboxFetch('financing', `/__sandbox/applications?reference=${reference}`)).json();
}

async function eventCount(psp: string): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_events WHERE psp_reference = ? OR original_reference = ?').bind(psp, psp).first<number>('n'))!;
}

async function paidEvents(orderNumber: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM order_events WHERE order_number = ? AND state = 'confirmed'").bind(orderNumber).first<number>('n'))!;
}

/** A callback signed with the shared secret at `timestamp` (unix seconds). */
async function signedCallback(body: Record<string, unknown>, timestamp = Math.floor(Date.now() / 1000), secret = env.FINANCING_WEBHOOK_SECRET!) {
  const text = JSON.stringify(body);
  return { url: `${host('ES')}${NOTIFICATION_PATH}`, headers: { 'Content-Type': 'application/json', 'X-Signature': await signatureHeader(secret, text, timestamp) }, body: text };
}

describe('financing: the application decides the payment', () => {
  it('approved: Lendismart over the chosen term pays the orders, and its callback is applied once however often it comes', async () => {
    const order = await placeFinancing('lendismart', 0);
    const { id } = await startApplication(order, { termMonths: 24 });
    const [app] = await applicationsOf(order.reference);
    expect(app).toMatchObject({ id, product: 'LENDISMART', amount: order.amount, term_months: 24, status: 'pending_application' });

    const back = await fillApplication(id, APPROVED);
    expect(back.pathname).toBe('/cart/order/securePayment');
    expect(back.searchParams.get('provider')).toBe('financing');
    const returned = await returnFromGateway(order, 'financing', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect((await paymentState(order.reference, order.orderNumbers)).orders.every((s) => s === 'confirmed')).toBe(true);

    // The provider's callback, delivered twice (a retry): one AUTHORISATION, one confirmation.
    const outbox = await sandboxOutbox('financing');
    const approved = outbox.filter((n) => JSON.parse(n.body).id === id);
    expect(approved.map((n) => JSON.parse(n.body).event)).toEqual(['application.approved']);
    for (let i = 0; i < 2; i++) {
      const delivered = await deliverNotification(approved[0]!);
      expect(delivered).toEqual({ status: 200, text: '{"received":true}' });
    }
    expect(await eventCount(id)).toBe(1);
    expect(await paidEvents(order.orderNumbers[0]!)).toBe(1);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ provider: 'financing', psp_reference: id, state: 'authorised', method: 'lendismart' }]);
  });

  it('denied: the payment is refused, the orders stay payable and a new application can start', async () => {
    const order = await placeFinancing('lendismart', 1);
    const { id } = await startApplication(order);
    const returned = await returnFromGateway(order, 'financing', returnParams(await fillApplication(id, DENIED)));
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused' });
    const [denied] = (await sandboxOutbox('financing')).filter((n) => JSON.parse(n.body).id === id);
    expect(JSON.parse(denied!.body)).toMatchObject({ event: 'application.denied', reference: order.reference });
    expect((await deliverNotification(denied!)).status).toBe(200);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    expect(state.payments).toMatchObject([{ psp_reference: id, state: 'refused' }]);

    const again = await startApplication(order);
    expect(again.id).not.toBe(id);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toHaveLength(2);
  });

  it('pending review: financiacion12 waits (the shopper sees it pending), then the staff approval by callback pays it', async () => {
    const order = await placeFinancing('financiacion12', 2);
    const { id } = await startApplication(order);
    const [app] = await applicationsOf(order.reference);
    expect(app).toMatchObject({ product: 'FIN12', term_months: 12 });

    const back = await fillApplication(id, REVIEW);
    expect(back.searchParams.get('status')).toBe('pending_review');
    const returned = await returnFromGateway(order, 'financing', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'Pending' });
    expect(returned.data.next).toContain('/cart/ok');
    let state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    expect(state.payments).toMatchObject([{ state: 'pending', stage: 'done' }]);
    // The review's own window (two days) keeps the scheduled check from giving it up after an hour.
    expect(Number(state.payments[0]!['expires_at'])).toBeGreaterThan(Date.now() + 47 * 60 * 60 * 1000);
    expect((await gatewayStatus(order)).data.paymentResult).toBe('PENDING');
    expect(await sandboxOutbox('financing').then((all) => all.filter((n) => JSON.parse(n.body).id === id))).toEqual([]);

    // A person at the provider approves it on the staff page; the callback settles the order.
    const reviews = await (await sandboxFetch('financing', '/__sandbox/reviews')).text();
    expect(reviews).toContain(`Approve ${id}`);
    const decided = await sandboxFetch('financing', `/__sandbox/applications/${id}/decision`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'decision=approve' });
    expect(decided.status).toBe(303);
    const [approved] = (await sandboxOutbox('financing')).filter((n) => JSON.parse(n.body).id === id);
    expect(JSON.parse(approved!.body).event).toBe('application.approved');
    expect((await deliverNotification(approved!)).status).toBe(200);
    state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders.every((s) => s === 'confirmed')).toBe(true);
    expect(state.payments).toMatchObject([{ state: 'authorised' }]);
    expect((await gatewayStatus(order)).data.paymentResult).toBe('PROCESSED');
  });

  it('pending review that nobody decides lapses: the expiry callback cancels the orders and gives their stock back once', async () => {
    const order = await placeFinancing('lendismart', 3);
    const offerId = await env.DB.prepare('SELECT offer_id FROM order_lines WHERE order_number = ?').bind(order.orderNumbers[0]).first<number>('offer_id');
    const stockBefore = await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offerId).first<number>('stock');
    const { id } = await startApplication(order);
    await returnFromGateway(order, 'financing', returnParams(await fillApplication(id, REVIEW)));
    const expired = await sandboxFetch('financing', `/__sandbox/applications/${id}/expire`, { method: 'POST' });
    expect(((await expired.json()) as SandboxApplication).status).toBe('expired');
    const [lapsed] = (await sandboxOutbox('financing')).filter((n) => JSON.parse(n.body).id === id);
    expect(JSON.parse(lapsed!.body).event).toBe('application.expired');
    for (let i = 0; i < 2; i++) expect((await deliverNotification(lapsed!)).status).toBe(200);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ state: 'expired' }]);
    expect(state.orders.every((s) => s === 'cancelled')).toBe(true);
    expect(await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offerId).first<number>('stock')).toBe(stockBefore! + 1);
  });

  it('the shopper cancels on the application page: the attempt is cancelled here and there, and the orders stay payable', async () => {
    const order = await placeFinancing('lendismart', 4);
    const { id } = await startApplication(order);
    const back = await fillApplication(id, APPROVED, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    const returned = await returnFromGateway(order, 'financing', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' });
    const [app] = await applicationsOf(order.reference);
    expect(app!.status).toBe('cancelled');
    for (const n of (await sandboxOutbox('financing')).filter((x) => JSON.parse(x.body).id === id)) {
      expect(JSON.parse(n.body).event).toBe('application.cancelled');
      expect((await deliverNotification(n)).status).toBe(200);
    }
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ state: 'cancelled' }]);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
  });

  it('a return naming another shopper’s application settles nothing', async () => {
    const mine = await placeFinancing('lendismart', 5);
    const theirs = await placeFinancing('lendismart', 6);
    await startApplication(mine);
    const other = await startApplication(theirs);
    const back = await fillApplication(other.id, APPROVED);
    const replayed = await returnFromGateway(mine, 'financing', returnParams(back));
    expect(replayed.status).toBe(400);
    expect((await paymentState(mine.reference, mine.orderNumbers)).payments).toMatchObject([{ state: 'pending', stage: 'action' }]);
    await sandboxOutbox('financing');
  });
});

describe('financing: callbacks are verified', () => {
  it('refuses a forged signature and a stale (replayed) one with 401, storing nothing; a malformed body signed right is 400', async () => {
    const order = await placeFinancing('lendismart', 7);
    const { id } = await startApplication(order);
    const body = { id, event: 'application.approved', reference: order.reference, amount: order.amount, currency: 'EUR' };

    const forged = await signedCallback(body, undefined, 'not-the-secret');
    expect((await deliverNotification(forged)).status).toBe(401);
    const unsigned = await request(`${host('ES')}${NOTIFICATION_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(unsigned.status).toBe(401);
    // Genuine, but signed ten minutes ago: a captured callback replayed later.
    const stale = await signedCallback(body, Math.floor(Date.now() / 1000) - 600);
    const refused = await deliverNotification(stale);
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('PAYMENT_NOTIFICATION_INVALID');
    // The same bytes with the signature's body changed after signing.
    const tampered = await signedCallback(body);
    expect((await deliverNotification({ ...tampered, body: tampered.body.replace(String(order.amount), '1') })).status).toBe(401);
    expect(await eventCount(id)).toBe(0);
    expect((await paymentState(order.reference, order.orderNumbers)).orders.every((s) => s === 'awaiting_payment')).toBe(true);

    const malformed = await signedCallback({ id, event: 'application.approved' });
    expect((await deliverNotification(malformed)).status).toBe(400);

    // Fresh and genuine: applied.
    expect((await deliverNotification(await signedCallback(body))).status).toBe(200);
    expect((await paymentState(order.reference, order.orderNumbers)).orders.every((s) => s === 'confirmed')).toBe(true);
  });
});

describe('financing: limits and terms', () => {
  it('Lendismart starts from 90 €: an order under it cannot be placed with it', async () => {
    const shopper = await channelShopper('ES');
    const offer = await offerBetween('ES', 2_000, 8_999);
    const added = await shopper.browser.api('POST', `/api/orders/${shopper.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    expect(added.status).toBe(200);
    const placed = await shopper.browser.api('POST', `/api/checkout/orders/${shopper.cartId}/place`, { shippingType: 1, shippingAddressId: shopper.address, paymentMethod: 'lendismart', conditionsAccepted: true });
    expect(placed.status).toBeGreaterThanOrEqual(400);
    expect(placed.status).toBeLessThan(500);
  });

  it('a term Lendismart does not offer is refused before anything starts; financiacion12 takes no term', async () => {
    const order = await placeFinancing('lendismart', 8);
    const refused = await startGateway(order, { termMonths: 7 });
    expect(refused.status).toBe(400);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toEqual([]);
    const fin12 = await placeFinancing('financiacion12', 9);
    expect((await startGateway(fin12, { termMonths: 24 })).status).toBe(400);
  });
});

describe('financing: refunds', () => {
  it('refunds part of an approved loan, once per key, settled by the loan.refunded callback', async () => {
    const order = await placeFinancing('lendismart', 10);
    const { id } = await startApplication(order);
    await returnFromGateway(order, 'financing', returnParams(await fillApplication(id, APPROVED)));
    await sandboxOutbox('financing');
    const gateway = financingProvider.gateway(env)!;
    const refund = { pspReference: id, reference: `${order.orderNumbers[0]}-R1`, idempotencyKey: `refund-${order.reference}-1`, amount: { value: 1_000, currency: 'EUR' } };
    const receipt = await gateway.refund(refund);
    expect(await gateway.refund(refund)).toEqual(receipt);
    const refunded = (await sandboxOutbox('financing')).filter((n) => JSON.parse(n.body).id === id);
    expect(refunded.map((n) => JSON.parse(n.body))).toMatchObject([{ event: 'loan.refunded', refund: { id: receipt.pspReference, amount: 1_000, status: 'succeeded' } }]);
    for (let i = 0; i < 2; i++) expect((await deliverNotification(refunded[0]!)).status).toBe(200);
    const payment = await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(id).first<{ state: string; refunded_amount: number }>();
    expect(payment).toEqual({ state: 'partially_refunded', refunded_amount: 1_000 });
    // More than is left is the provider's 409, a validation refusal here.
    await expect(gateway.refund({ ...refund, idempotencyKey: 'refund-too-much', amount: { value: order.amount, currency: 'EUR' } })).rejects.toMatchObject({ kind: 'validation', errorCode: 'amount_exceeds_refundable' });
  });
});

describe('financing: the gateway pages', () => {
  it('Lendismart’s page offers its terms in Spanish, nothing checked but the default; financiacion12 goes to /cart/payment/financing/gw', async () => {
    const order = await placeFinancing('lendismart', 11);
    const response = await order.browser.fetch(`/cart/payment/lendismart/gw?orderId=${order.reference}&start=1`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('data-island="gateway-financing"');
    expect(body).toContain('Número de cuotas mensuales');
    expect(body.match(/type="radio" name="termMonths"/g)).toHaveLength(7);
    expect(body.match(/checked=""/g)).toHaveLength(1);
    expect(body).toContain(`checked="" value="12"`);
    expect(body).toContain('Continuar en Lendismart');
    const fin12 = await placeFinancing('financiacion12', 12);
    const page = await fin12.browser.fetch(`/cart/payment/financing/gw?orderId=${fin12.reference}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('data-island="gateway-financing"');
    expect(text).toContain('cuotas mensuales sin intereses');
  });
});
