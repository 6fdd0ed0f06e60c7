/**
 * PayPal (Orders v2) through the store and the PayPal sandbox (docs/payments-paypal.md): the order
 * created with its approval link, the shopper's return captured (the capture's status decides),
 * declines, the shopper's cancel, an approval never completed (the scheduled check), webhooks
 * verified by verify-webhook-signature and applied once, PayPal-Request-Id replays, and refunds
 * settled by PayPal's refund webhook.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { maybeGatewayOf } from '../../worker/payments/providers';
import { runPaymentChecks, STUCK_PAYMENT_MS } from '../../worker/payments/scheduled';
import { PaypalGateway } from '../../worker/payments/paypal/client';
import { paypalConfig } from '../../worker/payments/paypal/config';
import { refundOrder } from '../../worker/refunds/refunds';
import {
  channelShopper,
  deliverNotification,
  gatewayStatus,
  offerBetween,
  paymentState,
  placeWith,
  returnFromGateway,
  sandboxFetch,
  sandboxOutbox,
  startGateway,
  type GatewayOrder,
  type OutboxNotification,
} from './gateways-helpers';

const db = createDb(env.DB);
let skip = 0;

/** A French shopper's order of one offer, paid with PayPal (each test its own offer). */
async function paypalOrder(): Promise<GatewayOrder> {
  const offer = await offerBetween('FR', 1000, 50_000, skip++ % 20);
  return placeWith('paypal', offer, await channelShopper('FR'));
}

/** Starts the payment: the answer redirects to the sandbox's approval page for the PayPal order (token). */
async function start(order: GatewayOrder) {
  const started = await startGateway(order);
  expect(started.status, JSON.stringify(started.error)).toBe(200);
  const action = started.data.action as { type: string; url: string; method: string };
  expect(action).toMatchObject({ type: 'redirect', method: 'GET' });
  const url = new URL(action.url);
  expect(url.pathname).toBe('/paypal/checkoutnow');
  return { answer: started.data, token: url.searchParams.get('token')! };
}

/** The buyer presses a button on the approval page; where PayPal sends them back. */
async function buyer(token: string, choice: 'approve' | 'cancel' | 'capture-declined' | 'instrument-declined' | 'capture-pending'): Promise<URL> {
  const response = await sandboxFetch('paypal', `/checkoutnow/${choice}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${token}` });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** What the return page posts: its query without orderId, provider and hash. */
function returnParams(location: URL): Record<string, string> {
  const params = Object.fromEntries(location.searchParams);
  delete params['orderId'];
  delete params['provider'];
  delete params['hash'];
  return params;
}

/** The sandbox's webhooks of one type (drained for PayPal: call once per test step). */
async function webhooks(): Promise<(OutboxNotification & { event: { event_type: string; resource: Record<string, unknown> } })[]> {
  return (await sandboxOutbox('paypal')).map((n) => ({ ...n, event: JSON.parse(n.body) }));
}

const ofType = (list: Awaited<ReturnType<typeof webhooks>>, type: string, id: string) =>
  list.filter((n) => n.event.event_type === type && JSON.stringify(n.event.resource).includes(id));

async function storedEvents(psp: string): Promise<{ event_code: string; psp_reference: string; applied: number }[]> {
  return (await env.DB.prepare('SELECT event_code, psp_reference, applied FROM payment_events WHERE payment_psp_reference = ? ORDER BY rowid').bind(psp).all<{ event_code: string; psp_reference: string; applied: number }>()).results;
}

/** A paid order: approved, back, captured. */
async function paidOrder() {
  const order = await paypalOrder();
  const { token } = await start(order);
  const back = await buyer(token, 'approve');
  const answer = await returnFromGateway(order, 'paypal', returnParams(back));
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  expect(answer.data.paymentResult).toBe('PROCESSED');
  return { order, token };
}

describe('PayPal payments', () => {
  it('creates the order, approves it on the sandbox page, captures on return and pays the orders; the capture webhook twice changes nothing', async () => {
    const order = await paypalOrder();
    const { token, answer } = await start(order);
    expect(answer.resultCode).toBe('RedirectShopper');
    // The sandbox keeps the order PayPal made: our reference, the amount as a decimal string.
    const page = await sandboxFetch('paypal', `/checkoutnow?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.reference);
    expect(html).toContain(`${Math.floor(order.amount / 100)}.${String(order.amount % 100).padStart(2, '0')} EUR`);
    // The same start again (a double click) answers the same redirect, no second order.
    const again = await startGateway(order);
    expect((again.data.action as { url: string }).url).toContain(`token=${token}`);

    const back = await buyer(token, 'approve');
    expect(back.searchParams.get('orderId')).toBe(order.reference);
    expect(back.searchParams.get('token')).toBe(token);
    expect(back.searchParams.get('PayerID')).toBeTruthy();
    expect(back.searchParams.get('provider')).toBe('paypal');
    const paid = await returnFromGateway(order, 'paypal', returnParams(back));
    expect(paid.status, JSON.stringify(paid.error)).toBe(200);
    expect(paid.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toEqual([expect.objectContaining({ provider: 'paypal', psp_reference: token, state: 'authorised', method: 'paypal', amount: order.amount })]);
    expect(state.orders.every((s) => s !== 'awaiting_payment')).toBe(true);

    // The same return again (a reload): the stored answer, no second capture.
    const reload = await returnFromGateway(order, 'paypal', returnParams(back));
    expect(reload.data.paymentResult).toBe('PROCESSED');

    const sent = await webhooks();
    const completed = ofType(sent, 'PAYMENT.CAPTURE.COMPLETED', token);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.event.resource['supplementary_data']).toEqual({ related_ids: { order_id: token } });
    expect((await deliverNotification(completed[0]!)).status).toBe(200);
    expect((await deliverNotification(completed[0]!)).status).toBe(200);
    expect(await storedEvents(token)).toEqual([expect.objectContaining({ event_code: 'AUTHORISATION', psp_reference: token, applied: 1 })]);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toHaveLength(1);
    // The approval's own webhook names no payment change.
    const approved = ofType(sent, 'CHECKOUT.ORDER.APPROVED', token);
    expect(approved).toHaveLength(1);
    expect((await deliverNotification(approved[0]!)).status).toBe(200);
    expect(await storedEvents(token)).toHaveLength(1);
  });

  it('a capture PayPal declines refuses the payment (the COMPLETED order is no proof); the orders stay payable', async () => {
    const order = await paypalOrder();
    const { token } = await start(order);
    const back = await buyer(token, 'capture-declined');
    const refused = await returnFromGateway(order, 'paypal', returnParams(back));
    expect(refused.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'refused', psp_reference: token });
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    // PayPal's order is COMPLETED all the same; its capture is DECLINED.
    const gateway = maybeGatewayOf(env, 'paypal')!;
    expect(await gateway.paymentStatus!({ pspReference: token, reference: order.reference })).toMatchObject({ status: 'refused' });
    const declined = ofType(await webhooks(), 'PAYMENT.CAPTURE.DECLINED', token);
    expect(declined).toHaveLength(1);
    expect((await deliverNotification(declined[0]!)).status).toBe(200);
    expect((await paymentState(order.reference, order.orderNumbers)).payments[0]).toMatchObject({ state: 'refused' });

    // A new attempt makes a new PayPal order, which pays.
    const second = await start(order);
    expect(second.token).not.toBe(token);
    const paid = await returnFromGateway(order, 'paypal', returnParams(await buyer(second.token, 'approve')));
    expect(paid.data.paymentResult).toBe('PROCESSED');
  });

  it('a funding source PayPal refuses at capture (422 INSTRUMENT_DECLINED) is a refusal', async () => {
    const order = await paypalOrder();
    const { token } = await start(order);
    const refused = await returnFromGateway(order, 'paypal', returnParams(await buyer(token, 'instrument-declined')));
    expect(refused.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused' });
    expect((await paymentState(order.reference, order.orderNumbers)).payments[0]).toMatchObject({ state: 'refused' });
  });

  it('the shopper cancels on PayPal: the attempt is cancelled, nothing is called at PayPal, the orders stay payable', async () => {
    const order = await paypalOrder();
    const { token } = await start(order);
    const back = await buyer(token, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(back.searchParams.get('token')).toBe(token);
    const cancelled = await returnFromGateway(order, 'paypal', returnParams(back));
    expect(cancelled.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'cancelled' });
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    // PayPal's order is simply left to lapse, unapproved.
    const gateway = maybeGatewayOf(env, 'paypal')!;
    expect(await gateway.paymentStatus!({ pspReference: token, reference: order.reference })).toMatchObject({ status: 'pending' });
  });

  it('an approval never completed is given up by the scheduled check; an approval whose shopper never came back is captured by it', async () => {
    const left = await paypalOrder();
    const leftStart = await start(left);
    const approvedOnly = await paypalOrder();
    const approvedStart = await start(approvedOnly);
    await buyer(approvedStart.token, 'approve');
    // While waiting, the status call asks PayPal: not approved yet, still the redirect.
    const waiting = await gatewayStatus(left);
    expect(waiting.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'RedirectShopper' });

    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now() + STUCK_PAYMENT_MS + 60_000);
    const gaveUp = await paymentState(left.reference, left.orderNumbers);
    expect(gaveUp.payments[0]).toMatchObject({ state: 'expired', psp_reference: leftStart.token });
    expect(gaveUp.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    const captured = await paymentState(approvedOnly.reference, approvedOnly.orderNumbers);
    expect(captured.payments[0]).toMatchObject({ state: 'authorised', psp_reference: approvedStart.token });
    expect(captured.orders.every((s) => s !== 'awaiting_payment')).toBe(true);
  });

  it('a capture held for review stays pending until PayPal settles it by webhook', async () => {
    const order = await paypalOrder();
    const { token } = await start(order);
    const pending = await returnFromGateway(order, 'paypal', returnParams(await buyer(token, 'capture-pending')));
    expect(pending.data).toMatchObject({ paymentResult: 'PENDING' });
    const sent = await webhooks();
    expect(ofType(sent, 'PAYMENT.CAPTURE.PENDING', token)).toHaveLength(1);
    expect((await deliverNotification(ofType(sent, 'PAYMENT.CAPTURE.PENDING', token)[0]!)).status).toBe(200);
    expect((await paymentState(order.reference, order.orderNumbers)).payments[0]).toMatchObject({ state: 'pending' });
    const captureId = (ofType(sent, 'PAYMENT.CAPTURE.PENDING', token)[0]!.event.resource as { id: string }).id;
    expect((await sandboxFetch('paypal', `/__sandbox/captures/${captureId}/complete`, { method: 'POST' })).status).toBe(200);
    const completed = ofType(await webhooks(), 'PAYMENT.CAPTURE.COMPLETED', token);
    expect((await deliverNotification(completed[0]!)).status).toBe(200);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'authorised' });
    expect(state.orders.every((s) => s !== 'awaiting_payment')).toBe(true);
  });
});

describe('PayPal webhooks', () => {
  it('refuses a forged webhook (verification FAILURE): altered body, another signature or time, missing headers; nothing is stored', async () => {
    const order = await paypalOrder();
    const { token } = await start(order);
    await buyer(token, 'capture-declined');
    // Approved but not yet back: a forged "completed" for it must not pay it.
    const approved = ofType(await webhooks(), 'CHECKOUT.ORDER.APPROVED', token)[0]!;
    const forgedEvent = { ...approved.event, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', resource: { id: 'FORGED00000000001', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '1.00' }, supplementary_data: { related_ids: { order_id: token } } } };
    const forged = { ...approved, body: JSON.stringify(forgedEvent) };
    expect((await deliverNotification(forged)).status).toBe(401);
    const otherSig = { ...approved, headers: { ...approved.headers, 'PAYPAL-TRANSMISSION-SIG': Buffer.from('x'.repeat(256)).toString('base64') } };
    expect((await deliverNotification(otherSig)).status).toBe(401);
    const otherTime = { ...approved, headers: { ...approved.headers, 'PAYPAL-TRANSMISSION-TIME': new Date(Date.now() + 1000).toISOString() } };
    expect((await deliverNotification(otherTime)).status).toBe(401);
    const { ['PAYPAL-TRANSMISSION-SIG']: _dropped, ...unsigned } = approved.headers;
    expect((await deliverNotification({ ...approved, headers: unsigned })).status).toBe(401);
    const notJson = await deliverNotification({ ...approved, body: '{not json' });
    expect(notJson.status).toBe(400);
    expect(await storedEvents(token)).toEqual([]);
    expect((await paymentState(order.reference, order.orderNumbers)).payments[0]).toMatchObject({ state: 'pending' });
  });

  it('the same PayPal-Request-Id replays the capture: one capture, answered 200 the second time', async () => {
    const order = await paypalOrder();
    const { token } = await start(order);
    await buyer(token, 'approve');
    const config = paypalConfig(env)!;
    const tokenAnswer = await fetch(`${config.baseUrl}/v1/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    const { access_token: bearer } = (await tokenAnswer.json()) as { access_token: string };
    const capture = () => fetch(`${config.baseUrl}/v2/checkout/orders/${token}/capture`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', 'PayPal-Request-Id': `replay-${token}` }, body: '{}' });
    const first = await capture();
    expect(first.status).toBe(201);
    const again = await capture();
    expect(again.status).toBe(200);
    type Captured = { purchase_units: { payments: { captures: { id: string }[] } }[] };
    const firstId = ((await first.json()) as Captured).purchase_units[0]!.payments.captures[0]!.id;
    expect(((await again.json()) as Captured).purchase_units[0]!.payments.captures[0]!.id).toBe(firstId);
    // Another request id: ORDER_ALREADY_CAPTURED, which the adapter answers from the order's capture.
    const other = await fetch(`${config.baseUrl}/v2/checkout/orders/${token}/capture`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', 'PayPal-Request-Id': `other-${token}` }, body: '{}' });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { details: { issue: string }[] }).details[0]!.issue).toBe('ORDER_ALREADY_CAPTURED');
    const gateway = new PaypalGateway(config);
    expect(await gateway.submitDetails({ details: { token, PayerID: 'X' }, idempotencyKey: `third-${token}` })).toMatchObject({ status: 'authorised', pspReference: token, merchantReference: order.reference });
    // The store's own return: authorised, one capture at PayPal.
    const back = await returnFromGateway(order, 'paypal', { token, PayerID: 'X' });
    expect(back.data.paymentResult).toBe('PROCESSED');
    expect(ofType(await webhooks(), 'PAYMENT.CAPTURE.COMPLETED', token)).toHaveLength(1);
  });
});

describe('PayPal refunds', () => {
  it('a partial refund goes to the order capture and is settled by the PAYMENT.CAPTURE.REFUNDED webhook, once', async () => {
    const { order, token } = await paidOrder();
    await webhooks();
    const number = order.orderNumbers[0]!;
    const deps = { db, env, now: new Date() };
    const refund = await refundOrder(deps, { orderNumber: number, amount: 500, method: 'original', reason: 'goodwill', idempotencyKey: `paypal-goodwill-${number}` });
    expect(refund.state).toBe('sent');
    const refunded = (await webhooks()).filter((n) => n.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && n.event.resource['id'] === refund.pspReference);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.event.resource['amount']).toEqual({ currency_code: 'EUR', value: '5.00' });
    expect((await deliverNotification(refunded[0]!)).status).toBe(200);
    expect((await deliverNotification(refunded[0]!)).status).toBe(200);
    const row = await env.DB.prepare('SELECT state, psp_reference FROM refunds WHERE id = ?').bind(refund.id).first<{ state: string; psp_reference: string }>();
    expect(row).toEqual({ state: 'refunded', psp_reference: refund.pspReference });
    const payment = await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(token).first();
    expect(payment).toEqual({ state: 'partially_refunded', refunded_amount: 500 });
    expect((await storedEvents(token)).filter((e) => e.event_code === 'REFUND')).toHaveLength(1);
  });

  it('giving all of it back (the store "voids" an authorised payment) refunds the PayPal capture whole', async () => {
    const { order, token } = await paidOrder();
    await webhooks();
    const number = order.orderNumbers[0]!;
    const refund = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount: order.amount, method: 'original', reason: 'cancel', idempotencyKey: `paypal-whole-${number}` });
    expect(refund.state).toBe('sent');
    const mine = (await webhooks()).filter((n) => n.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && n.event.resource['id'] === refund.pspReference);
    expect(mine).toHaveLength(1);
    expect((await deliverNotification(mine[0]!)).status).toBe(200);
    expect(await env.DB.prepare('SELECT state FROM refunds WHERE id = ?').bind(refund.id).first('state')).toBe('refunded');
    expect(await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(token).first()).toEqual({ state: 'refunded', refunded_amount: order.amount });
  });
});
