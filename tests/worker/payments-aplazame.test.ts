/**
 * Paying with Aplazame (docs/payments-aplazame.md) against its sandbox: the start through the spec's
 * init call (695102 when Aplazame cannot open a checkout just now), the shopper on Aplazame's page
 * with its test documents (accepted, refused, identity challenge, back to the store), Aplazame's
 * notifications verified by our key and answered ok / ko, each applied once, expiry, refunds and
 * the instalment limits.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '../../worker/payments/answer';
import { PROVIDERS } from '../../worker/payments/providers';
import { refundOrder } from '../../worker/refunds/refunds';
import { dbFor } from '../../worker/db/client';
import { GatewayError } from '../../worker/payments/port';
import { channelShopper, deliverNotification, gatewayStatus, offerBetween, paymentState, placeWith, returnFromGateway, sandboxFetch, sandboxOutbox, type GatewayOrder, type OutboxNotification } from './gateways-helpers';

const ACCEPTED_DOCUMENT = '12345678Z';
const REFUSED_DOCUMENT = '99999998T';
const CHALLENGE_DOCUMENT = '99999995C';

/** Each test its own offer within the limits of 10–4,000 €, so stock never runs out between tests. */
let offers = 0;
const placeAplazame = async (): Promise<GatewayOrder> => placeWith('aplazame', await offerBetween('ES', 2_000, 200_000, offers++));

function init(order: GatewayOrder) {
  return order.browser.api<PaymentAnswer>('POST', `/api/orders/transaction/aplazame/init/${order.reference}`, {});
}

/** Starts the payment and returns the checkout the answer opens (its id and page). */
async function started(order: GatewayOrder): Promise<{ checkoutId: string; url: string; mid: string }> {
  const answer = await init(order);
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  expect(answer.data.paymentResult).toBe('PENDING');
  const action = answer.data.action as { type: string; url: string; method: string; display: string; checkoutId: string };
  expect(action).toMatchObject({ type: 'redirect', method: 'GET', display: 'iframe' });
  const url = new URL(action.url);
  expect(url.pathname).toBe('/aplazame/checkout-page/');
  expect(url.searchParams.get('order')).toBe(action.checkoutId);
  expect(url.searchParams.get('public-key')).toBe(env.APLAZAME_PUBLIC_KEY);
  expect(url.searchParams.get('sandbox')).toBe('true');
  const { payments } = await paymentState(order.reference, order.orderNumbers);
  const latest = payments.at(-1) as { psp_reference: string; stage: string; provider: string };
  expect(latest).toMatchObject({ provider: 'aplazame', stage: 'action' });
  return { checkoutId: action.checkoutId, url: action.url, mid: latest.psp_reference };
}

/** The shopper on Aplazame's page: confirms with a document (303 to the store's page), or goes back to the store. */
async function shopper(checkoutId: string, action: 'complete' | 'dismiss', document = ACCEPTED_DOCUMENT): Promise<URL> {
  const response = await sandboxFetch('aplazame', `/checkout-page/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order: checkoutId, document, instalments: '3' }).toString() });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('Location')!);
}

const back = (order: GatewayOrder, location: URL) => {
  const params = Object.fromEntries([...location.searchParams].filter(([key]) => key !== 'orderId' && key !== 'provider'));
  return returnFromGateway(order, 'aplazame', params);
};

/** The one notification Aplazame sent about `mid` since the last call (the outbox is drained). */
async function onlyNotification(mid: string): Promise<OutboxNotification & { payload: { mid: string; status: string; status_reason: string | null } }> {
  const sent = (await sandboxOutbox('aplazame')).map((n) => ({ ...n, payload: JSON.parse(n.body) })).filter((n) => n.payload.mid === mid);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

/** Tells the sandbox what the store answered to a confirmation a test delivered (the sandbox could not reach the Worker itself). */
const storeAnswered = (mid: string, status: string) => sandboxFetch('aplazame', `/__sandbox/orders/${encodeURIComponent(mid)}/confirmation`, { method: 'POST', body: JSON.stringify({ status }) });

const eventCount = async (mid: string) => env.DB.prepare('SELECT count(*) AS n FROM payment_events WHERE psp_reference = ?').bind(mid).first<number>('n');

describe('Aplazame', () => {
  it('accepted: the confirmation is answered ok once, the orders are paid, Aplazame’s final ok captures; repeats change nothing', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    expect(mid).toBe(`${order.reference}-1`);
    // What Aplazame got: our order id, the amount in cents, the articles and the store's URLs.
    const [checkout] = (await (await sandboxFetch('aplazame', `/__sandbox/orders?mid=${order.reference}`)).json()) as { mid: string; total_amount: number; currency: { code: string }; status: string; status_reason: string }[];
    expect(checkout).toMatchObject({ mid, total_amount: order.amount, currency: { code: 'EUR' }, status: 'pending', status_reason: 'in_process' });

    const location = await shopper(checkoutId, 'complete');
    expect(location.pathname).toBe('/cart/order/securePayment');
    expect(location.searchParams.get('mid')).toBe(mid);
    const confirmation = await onlyNotification(mid);
    expect(confirmation.headers['Authorization']).toBe(`Bearer ${env.APLAZAME_PRIVATE_KEY}`);
    expect(confirmation.payload).toMatchObject({ mid, status: 'pending', status_reason: 'confirmation_required', total_amount: order.amount });

    // Back on our page before the notification arrived: Aplazame waits for our confirmation, so do we.
    const returned = await back(order, location);
    expect(returned.data).toMatchObject({ paymentResult: 'PENDING', next: expect.stringContaining('/cart/ok') });

    const answered = await deliverNotification(confirmation);
    expect(answered).toEqual({ status: 200, text: '{"status":"ok"}' });
    expect(await paymentState(order.reference, order.orderNumbers)).toMatchObject({ orders: order.orderNumbers.map(() => 'confirmed'), payments: [{ state: 'authorised' }] });
    // Aplazame retries the same confirmation: the same answer, applied once.
    expect(await deliverNotification(confirmation)).toEqual({ status: 200, text: '{"status":"ok"}' });
    expect(await eventCount(mid)).toBe(1);

    await storeAnswered(mid, 'ok');
    const final = await onlyNotification(mid);
    expect(final.payload).toMatchObject({ mid, status: 'ok' });
    expect(await deliverNotification(final)).toEqual({ status: 200, text: '{"status":"ok"}' });
    expect(await deliverNotification(final)).toEqual({ status: 200, text: '{"status":"ok"}' });
    expect(await eventCount(mid)).toBe(2);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'captured' }]);
    expect((await gatewayStatus(order)).data.paymentResult).toBe('PROCESSED');
    // Starting again after paying charges nothing.
    expect((await init(order)).data.paymentResult).toBe('PROCESSED');
  });

  it('refused identity (99999998T): the shopper lands on the failure, the orders stay payable, and a new try opens a new checkout', async () => {
    const order = await placeAplazame();
    const first = await started(order);
    const location = await shopper(first.checkoutId, 'complete', REFUSED_DOCUMENT);
    const refusal = await onlyNotification(first.mid);
    expect(refusal.payload).toMatchObject({ status: 'ko', status_reason: 'ko_generic' });
    expect(await deliverNotification(refusal)).toEqual({ status: 200, text: '{"status":"ok"}' });
    const returned = await back(order, location);
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', next: expect.stringContaining('/cart/ko') });
    expect(await paymentState(order.reference, order.orderNumbers)).toMatchObject({ orders: order.orderNumbers.map(() => 'awaiting_payment'), payments: [{ state: 'refused' }] });
    // The same start again is a new attempt with its own Aplazame order id, not the refused one replayed.
    const second = await started(order);
    expect(second.mid).toBe(`${order.reference}-2`);
    expect(second.checkoutId).not.toBe(first.checkoutId);
  });

  it('identity challenge (99999995C): pending until the shopper passes it, then confirmed; a failed challenge refuses', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    const location = await shopper(checkoutId, 'complete', CHALLENGE_DOCUMENT);
    const pending = await onlyNotification(mid);
    expect(pending.payload).toMatchObject({ status: 'pending', status_reason: 'challenge_required' });
    expect(await deliverNotification(pending)).toEqual({ status: 200, text: '{"status":"ok"}' });
    expect((await back(order, location)).data.paymentResult).toBe('PENDING');
    expect(await paymentState(order.reference, order.orderNumbers)).toMatchObject({ orders: order.orderNumbers.map(() => 'awaiting_payment'), payments: [{ state: 'pending' }] });
    // The status call asks Aplazame: still waiting for the challenge.
    expect((await gatewayStatus(order)).data.paymentResult).toBe('PENDING');

    await sandboxFetch('aplazame', `/__sandbox/orders/${mid}/challenge`, { method: 'POST', body: JSON.stringify({ result: 'ok' }) });
    const confirmation = await onlyNotification(mid);
    expect(confirmation.payload).toMatchObject({ status: 'pending', status_reason: 'confirmation_required' });
    expect((await deliverNotification(confirmation)).text).toBe('{"status":"ok"}');
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(order.orderNumbers.map(() => 'confirmed'));

    const failing = await placeAplazame();
    const other = await started(failing);
    await shopper(other.checkoutId, 'complete', CHALLENGE_DOCUMENT);
    await deliverNotification(await onlyNotification(other.mid));
    await sandboxFetch('aplazame', `/__sandbox/orders/${other.mid}/challenge`, { method: 'POST', body: JSON.stringify({ result: 'ko' }) });
    const failed = await onlyNotification(other.mid);
    expect(failed.payload).toMatchObject({ status: 'ko', status_reason: 'failed_challenge' });
    await deliverNotification(failed);
    expect(await paymentState(failing.reference, failing.orderNumbers)).toMatchObject({ orders: failing.orderNumbers.map(() => 'awaiting_payment'), payments: [{ state: 'refused' }] });
  });

  it('the shopper goes back to the store: the attempt is given up, the orders stay payable, and a late confirmation is answered ko', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    const location = await shopper(checkoutId, 'dismiss');
    expect(location.searchParams.get('cancelled')).toBe('1');
    const returned = await back(order, location);
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' });
    expect(await paymentState(order.reference, order.orderNumbers)).toMatchObject({ orders: order.orderNumbers.map(() => 'awaiting_payment'), payments: [{ state: 'cancelled' }] });
    // Aplazame's page was still open in another tab and the shopper finished there: we no longer take it.
    await shopper(checkoutId, 'complete');
    const confirmation = await onlyNotification(mid);
    expect(await deliverNotification(confirmation)).toEqual({ status: 200, text: '{"status":"ko"}' });
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'cancelled' }]);
    await storeAnswered(mid, 'ko');
    const rejected = await onlyNotification(mid);
    expect(rejected.payload).toMatchObject({ status: 'ko', status_reason: 'confirmation_rejected_by_merchant' });
    expect((await deliverNotification(rejected)).text).toBe('{"status":"ok"}');
  });

  it('a confirmation for an order cancelled meanwhile is answered ko and confirms nothing', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    await shopper(checkoutId, 'complete');
    const cancelled = await order.browser.api('POST', `/api/user/orders/${order.orderNumbers[0]}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(await deliverNotification(await onlyNotification(mid))).toEqual({ status: 200, text: '{"status":"ko"}' });
    expect((await paymentState(order.reference, order.orderNumbers)).orders[0]).toBe('cancelled');
  });

  it('a notification without our key, or with another key, is refused with 401 and nothing is stored', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    await shopper(checkoutId, 'complete');
    const confirmation = await onlyNotification(mid);
    for (const headers of <Record<string, string>[]>[{ 'Content-Type': 'application/json' }, { 'Content-Type': 'application/json', Authorization: 'Bearer not-our-key' }, { 'Content-Type': 'application/json', Authorization: `Basic ${env.APLAZAME_PRIVATE_KEY}` }]) {
      const refused = await deliverNotification({ ...confirmation, headers });
      expect(refused.status).toBe(401);
      expect(JSON.parse(JSON.parse(refused.text).err.message).code).toBe('PAYMENT_NOTIFICATION_INVALID');
    }
    // A forged "accepted" with a made-up amount and no key changes nothing either.
    await deliverNotification({ ...confirmation, headers: {}, body: JSON.stringify({ ...confirmation.payload, total_amount: 1 }) });
    expect(await eventCount(mid)).toBe(0);
    expect(await paymentState(order.reference, order.orderNumbers)).toMatchObject({ orders: order.orderNumbers.map(() => 'awaiting_payment'), payments: [{ state: 'pending' }] });
  });

  it('Aplazame cannot open a checkout just now: 695102 (409), and the retry opens one', async () => {
    const order = await placeAplazame();
    await sandboxFetch('aplazame', '/__sandbox/fail-next', { method: 'POST', body: JSON.stringify({ orderPrefix: order.reference, status: 503 }) });
    const failed = await init(order);
    expect(failed.status).toBe(409);
    expect(failed.error).toMatchObject({ code: 695102, type: 'conflict' });
    expect(failed.data).toBeNull();
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ attempt: 1, state: 'refused', stage: 'done', psp_reference: null }]);
    const retried = await started(order);
    expect(retried.mid).toBe(`${order.reference}-2`);
  });

  it('the checkout lapses at Aplazame: EXPIRE cancels the orders and frees their stock', async () => {
    const order = await placeAplazame();
    const { mid } = await started(order);
    await sandboxFetch('aplazame', `/__sandbox/orders/${mid}/expire`, { method: 'POST' });
    const expired = await onlyNotification(mid);
    expect(expired.payload).toMatchObject({ status: 'ko', status_reason: 'expired' });
    expect((await deliverNotification(expired)).text).toBe('{"status":"ok"}');
    expect(await paymentState(order.reference, order.orderNumbers)).toMatchObject({ orders: order.orderNumbers.map(() => 'cancelled'), payments: [{ state: 'expired' }] });
  });

  it('refunds at Aplazame: a part, then what remains; never more than remains', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    await shopper(checkoutId, 'complete');
    await deliverNotification(await onlyNotification(mid));
    await storeAnswered(mid, 'ok');
    await deliverNotification(await onlyNotification(mid));
    const gateway = PROVIDERS.aplazame.gateway(env)!;
    const part = Math.floor(order.amount / 3);
    const receipt = await gateway.refund({ pspReference: mid, amount: { value: part, currency: 'EUR' }, reference: 'R-1', idempotencyKey: 'a'.repeat(64) });
    expect(receipt).toMatchObject({ status: 'settled', pspReference: expect.stringContaining(mid) });
    const remaining = async () => ((await (await sandboxFetch('aplazame', `/__sandbox/orders?mid=${mid}`)).json()) as { refunded: number }[])[0]!.refunded;
    expect(await remaining()).toBe(part);
    await expect(gateway.refund({ pspReference: mid, amount: { value: order.amount, currency: 'EUR' }, reference: 'R-2', idempotencyKey: 'b'.repeat(64) })).rejects.toMatchObject({ kind: 'validation', httpStatus: 400 });
    await gateway.refund({ pspReference: mid, amount: { value: order.amount - part, currency: 'EUR' }, reference: 'R-3', idempotencyKey: 'c'.repeat(64) });
    expect(await remaining()).toBe(order.amount);
    await expect(gateway.refund({ pspReference: `${order.reference}-9`, amount: { value: 100, currency: 'EUR' }, reference: 'R-4', idempotencyKey: 'd'.repeat(64) })).rejects.toBeInstanceOf(GatewayError);
  });

  it('a refund of the store is settled by Aplazame’s answer itself (it sends no refund notification), once', async () => {
    const order = await placeAplazame();
    const { checkoutId, mid } = await started(order);
    await shopper(checkoutId, 'complete');
    await deliverNotification(await onlyNotification(mid));
    await storeAnswered(mid, 'ok');
    await deliverNotification(await onlyNotification(mid));
    const number = order.orderNumbers[0]!;
    const input = { orderNumber: number, amount: 500, method: 'original' as const, reason: 'goodwill', idempotencyKey: `aplazame-goodwill-${number}` };
    const refund = await refundOrder({ db: dbFor(env.DB), env, now: new Date() }, input);
    expect(refund.state).toBe('refunded');
    // Asked again with the same key: the same refund, nothing more at Aplazame.
    expect((await refundOrder({ db: dbFor(env.DB), env, now: new Date() }, input)).id).toBe(refund.id);
    expect(((await (await sandboxFetch('aplazame', `/__sandbox/orders?mid=${mid}`)).json()) as { refunded: number }[])[0]!.refunded).toBe(500);
    expect(await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(mid).first()).toEqual({ state: 'partially_refunded', refunded_amount: 500 });
  });

  it.each([
    [999, { error_code: 32011, amount: 1_000 }],
    [1_000, undefined],
  ])('limits (spec §5): an order of %i cents is offered Aplazame from 10 € (the 4,000 € top, which needs a tax id at checkout, is in tests/unit/checkout/payments.test.ts); below, placing with it is refused (1109)', async (total, refusal) => {
    const buyer = await channelShopper('ES');
    const offer = await offerBetween('ES', 500, 200_000, offers++);
    expect((await buyer.browser.api('POST', `/api/orders/${buyer.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] })).status).toBe(200);
    const quote = () => buyer.browser.api<{ totals: { totalToPay: number }; payments: { slug: string }[]; paymentsNotAllowed: { slug: string; unavailableData: unknown }[] }>('GET', `/api/checkout/orders/${buyer.cartId}/quote?shippingType=1&shippingAddressId=${buyer.address}`);
    // Shipping may depend on the price: the offer's price is moved until the total is the one wanted.
    let now = await quote();
    for (let round = 0; round < 3 && now.data.totals.totalToPay !== total; round++) {
      await env.DB.prepare('UPDATE offers SET price = price + ? WHERE id = ?').bind(total - now.data.totals.totalToPay, offer.id).run();
      now = await quote();
    }
    expect(now.data.totals.totalToPay).toBe(total);
    expect(now.data.payments.some((p) => p.slug === 'aplazame')).toBe(refusal === undefined);
    expect(now.data.paymentsNotAllowed.find((p) => p.slug === 'aplazame')?.unavailableData).toEqual(refusal);
    if (!refusal) return;
    const placed = await buyer.browser.api('POST', `/api/checkout/orders/${buyer.cartId}/place`, { shippingType: 1, shippingAddressId: buyer.address, paymentMethod: 'aplazame', conditionsAccepted: true });
    expect(placed.error?.code).toBe(1109);
  });
});
