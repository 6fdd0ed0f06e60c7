// Open banking (Inespay) through the real Worker and the Inespay sandbox (docs/payments-inespay.md):
// the shopper chooses a bank and authorises at it (paid), the bank refuses, the shopper cancels at
// the bank, a transfer left pending and settled later, signed callbacks (forged, malformed, repeated),
// an attempt that never completes given up by the scheduled check, our cancel of a given-up attempt,
// and refunds, which Inespay cannot make (the money goes back by balance or by staff transfer).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { signCallback } from '../../worker/payments/inespay/protocol';
import { maybeGatewayOf } from '../../worker/payments/providers';
import { runPaymentChecks, STUCK_PAYMENT_MS } from '../../worker/payments/scheduled';
import { refundableAmount, refundOrder } from '../../worker/refunds/refunds';
import { deliverNotification, gatewayStatus, offerBetween, paymentState, placeWith, returnFromGateway, sandboxFetch, sandboxOutbox, startGateway, type GatewayOrder } from './gateways-helpers';
import { host } from './helpers';

const NOTIFICATION_PATH = '/api/paymentGateway/inespay/notification';
const OTP = { authorise: '123456', reject: '111111', pending: '222222' };

interface SandboxPayment {
  paymentId: string;
  transactionStatus: string;
  amount: string;
  reference: string;
  bank: string | null;
  history: string[];
}

async function placeInespay(skip: number): Promise<GatewayOrder> {
  return placeWith('inespay', await offerBetween('ES', 1_000, 90_000, skip));
}

/** Starts the payment: the redirect to Inespay's bank selection, and the paymentId. */
async function start(order: GatewayOrder): Promise<{ url: string; paymentId: string }> {
  const started = await startGateway(order);
  expect(started.status, JSON.stringify(started.error)).toBe(200);
  expect(started.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET' } });
  const url = String(started.data.action!['url']);
  const paymentId = /\/inespay\/pay\/([A-Z0-9]+)$/.exec(url)?.[1];
  expect(paymentId, url).toBeTruthy();
  return { url, paymentId: paymentId! };
}

const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

/** The shopper on Inespay's pages: chooses a bank, then answers the bank's SCA page; the store URL they are sent back to. */
async function atTheBank(paymentId: string, answer: { otp: string } | 'cancel', bank = 'caixabank'): Promise<URL> {
  const selection = await sandboxFetch('inespay', `/pay/${paymentId}`);
  expect(selection.status).toBe(200);
  expect(await selection.text()).toContain('value="caixabank"');
  const chosen = await sandboxFetch('inespay', `/pay/${paymentId}`, form({ bank, action: 'continue' }));
  expect(chosen.status).toBe(303);
  expect(new URL(chosen.headers.get('Location')!).pathname).toBe(`/inespay/pay/${paymentId}/sca`);
  const done = await sandboxFetch('inespay', `/pay/${paymentId}/sca`, form(answer === 'cancel' ? { action: 'cancel' } : { user: 'ana', password: 'secret', otp: answer.otp, action: 'authorise' }));
  expect(done.status).toBe(303);
  return new URL(done.headers.get('Location')!);
}

/** The query the return page posts: everything but orderId, provider and hash. */
function returnParams(url: URL): Record<string, string> {
  const params = Object.fromEntries(url.searchParams);
  delete params['orderId'];
  delete params['provider'];
  delete params['hash'];
  return params;
}

async function sandboxPayment(paymentId: string): Promise<SandboxPayment> {
  return (await sandboxFetch('inespay', `/__sandbox/payments/${paymentId}`)).json();
}

/** The callbacks the sandbox sent for `paymentId` (the outbox is drained; others' are dropped). */
async function callbacksOf(paymentId: string) {
  return (await sandboxOutbox('inespay')).filter((n) => JSON.parse(n.body).paymentId === paymentId);
}

async function eventCount(psp: string): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_events WHERE psp_reference = ?').bind(psp).first<number>('n'))!;
}

async function confirmedEvents(orderNumber: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM order_events WHERE order_number = ? AND state = 'confirmed'").bind(orderNumber).first<number>('n'))!;
}

async function signed(body: Record<string, unknown>, secret = env.INESPAY_CALLBACK_SECRET!) {
  const text = JSON.stringify(body);
  return { url: `${host('ES')}${NOTIFICATION_PATH}`, headers: { 'Content-Type': 'application/json', 'X-Inespay-Signature': await signCallback(text, secret) }, body: text };
}

const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('inespay: paying from the bank account', () => {
  it('authorised: the shopper chooses a bank and authorises, the return asks the status, and the callback is applied once', async () => {
    const order = await placeInespay(0);
    const { paymentId } = await start(order);
    const initiated = await sandboxPayment(paymentId);
    expect(initiated).toMatchObject({ transactionStatus: 'RCVD', amount: euros(order.amount), reference: order.reference });

    const back = await atTheBank(paymentId, { otp: OTP.authorise });
    expect(back.pathname).toBe('/cart/order/securePayment');
    expect(back.searchParams.get('provider')).toBe('inespay');
    expect(back.searchParams.get('paymentId')).toBe(paymentId);
    const returned = await returnFromGateway(order, 'inespay', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect(returned.data.next).toMatch(/^\/cart\/ok\?orderId=/);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders.every((s) => s === 'confirmed')).toBe(true);
    expect(state.payments).toMatchObject([{ provider: 'inespay', psp_reference: paymentId, state: 'authorised', method: 'inespay', amount: order.amount }]);
    expect((await sandboxPayment(paymentId)).bank).toBe('caixabank');

    // Inespay's ACSC callback, delivered after the return, and again (a retry): no second confirmation.
    const [callback, ...more] = await callbacksOf(paymentId);
    expect(more).toEqual([]);
    expect(JSON.parse(callback!.body)).toEqual({ paymentId, transactionStatus: 'ACSC', amount: euros(order.amount), currency: 'EUR', reference: order.reference });
    for (let i = 0; i < 2; i++) expect(await deliverNotification(callback!)).toEqual({ status: 200, text: 'OK' });
    expect(await eventCount(paymentId)).toBe(1);
    expect(await confirmedEvents(order.orderNumbers[0]!)).toBe(1);
    // The same return again answers what the first got, without asking anything.
    expect((await returnFromGateway(order, 'inespay', returnParams(back))).data).toMatchObject({ paymentResult: 'PROCESSED' });
  });

  it('rejected by the bank: the payment is refused, the orders stay payable and a new attempt is a new payment', async () => {
    const order = await placeInespay(1);
    const { paymentId } = await start(order);
    const returned = await returnFromGateway(order, 'inespay', returnParams(await atTheBank(paymentId, { otp: OTP.reject }, 'santander')));
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused' });
    expect(returned.data.next).toMatch(/^\/cart\/ko\?orderId=/);
    const [rejected] = await callbacksOf(paymentId);
    expect(JSON.parse(rejected!.body).transactionStatus).toBe('RJCT');
    expect(await deliverNotification(rejected!)).toEqual({ status: 200, text: 'OK' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    expect(state.payments).toMatchObject([{ psp_reference: paymentId, state: 'refused' }]);

    const again = await start(order);
    expect(again.paymentId).not.toBe(paymentId);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ attempt: 1, state: 'refused' }, { attempt: 2, psp_reference: again.paymentId, state: 'pending' }]);
  });

  it('cancelled by the shopper at the bank: back at the cancel address, the attempt is cancelled and the orders stay payable', async () => {
    const order = await placeInespay(2);
    const { paymentId } = await start(order);
    const back = await atTheBank(paymentId, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(back.searchParams.get('paymentId')).toBe(paymentId);
    const returned = await returnFromGateway(order, 'inespay', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' });
    const [cancelled, ...more] = await callbacksOf(paymentId);
    expect(more).toEqual([]);
    expect(JSON.parse(cancelled!.body).transactionStatus).toBe('CANC');
    expect(await deliverNotification(cancelled!)).toEqual({ status: 200, text: 'OK' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ psp_reference: paymentId, state: 'cancelled' }]);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
  });

  it('a transfer the bank holds (PDNG) waits, then its settlement callback pays the orders once, however often and however concurrently it comes', async () => {
    const order = await placeInespay(3);
    const { paymentId } = await start(order);
    const returned = await returnFromGateway(order, 'inespay', returnParams(await atTheBank(paymentId, { otp: OTP.pending })));
    expect(returned.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'Pending' });
    expect((await gatewayStatus(order)).data).toMatchObject({ paymentResult: 'PENDING' });

    const settled = await sandboxFetch('inespay', `/__sandbox/payments/${paymentId}/status`, { method: 'POST', body: JSON.stringify({ transactionStatus: 'ACSP' }) });
    expect(settled.status).toBe(200);
    const callbacks = await callbacksOf(paymentId);
    expect(callbacks.map((n) => JSON.parse(n.body).transactionStatus)).toEqual(['PDNG', 'ACSP']);
    // The waiting status carries no event; the settlement, delivered five times at once, is applied once.
    expect(await deliverNotification(callbacks[0]!)).toEqual({ status: 200, text: 'OK' });
    expect(await eventCount(paymentId)).toBe(0);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverNotification(callbacks[1]!)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await eventCount(paymentId)).toBe(1);
    expect(await confirmedEvents(order.orderNumbers[0]!)).toBe(1);
    expect((await paymentState(order.reference, order.orderNumbers)).orders.every((s) => s === 'confirmed')).toBe(true);
    expect((await gatewayStatus(order)).data).toMatchObject({ paymentResult: 'PROCESSED' });
  });

  it('refuses a forged callback (401, nothing stored) and a signed one that is not a callback (400)', async () => {
    const order = await placeInespay(4);
    const { paymentId } = await start(order);
    const body = { paymentId, transactionStatus: 'ACSC', amount: euros(order.amount), currency: 'EUR', reference: order.reference };
    const forged = [
      await signed(body, 'not-the-callback-secret'),
      { ...(await signed(body)), body: JSON.stringify({ ...body, amount: '0.01' }) },
      { ...(await signed(body)), headers: { 'Content-Type': 'application/json' } },
    ];
    for (const notification of forged) {
      const answer = await deliverNotification(notification);
      expect(answer.status).toBe(401);
      expect(JSON.parse(JSON.parse(answer.text).err.message).code).toBe('PAYMENT_NOTIFICATION_INVALID');
    }
    const malformed = await deliverNotification(await signed({ ...body, amount: 12.5 }));
    expect(malformed.status).toBe(400);
    expect(await eventCount(paymentId)).toBe(0);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ state: 'pending' }]);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
  });

  it('an attempt never completed is asked of Inespay, cancelled there and expired by the scheduled check; a late CANC changes nothing', async () => {
    const order = await placeInespay(5);
    const { paymentId } = await start(order);
    const startedAt = (await paymentState(order.reference, order.orderNumbers)).payments[0] as { expires_at: number | null };
    expect(startedAt.expires_at).toBeNull();
    // Not yet stuck: nothing happens.
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now() + 60_000);
    expect((await sandboxPayment(paymentId)).transactionStatus).toBe('RCVD');
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now() + STUCK_PAYMENT_MS + 60_000);
    expect((await sandboxPayment(paymentId)).transactionStatus).toBe('CANC');
    const [late] = await callbacksOf(paymentId);
    expect(JSON.parse(late!.body).transactionStatus).toBe('CANC');
    expect(await deliverNotification(late!)).toEqual({ status: 200, text: 'OK' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ psp_reference: paymentId, state: 'expired' }]);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);
    // The bank page no longer takes the shopper.
    expect(await (await sandboxFetch('inespay', `/pay/${paymentId}`)).text()).toContain('This payment is closed');
  });

  it('a shopper who leaves the bank page for "pay later" has the attempt cancelled at Inespay (DELETE)', async () => {
    const order = await placeInespay(6);
    const { paymentId } = await start(order);
    const left = await order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {});
    expect(left.status, JSON.stringify(left.error)).toBe(200);
    expect((await sandboxPayment(paymentId)).history).toEqual(['RCVD', 'CANC']);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ psp_reference: paymentId, state: 'cancelled' }]);
    // Its bank page, opened afterwards, cannot pay it any more.
    const chosen = await sandboxFetch('inespay', `/pay/${paymentId}`, form({ bank: 'bbva', action: 'continue' }));
    expect(await chosen.text()).toContain('This payment is closed');
  });

  it('a return naming another payment is refused and settles nothing', async () => {
    const mine = await placeInespay(7);
    const other = await placeInespay(8);
    const { paymentId: theirs } = await start(other);
    await atTheBank(theirs, { otp: OTP.authorise });
    const { paymentId } = await start(mine);
    const refused = await returnFromGateway(mine, 'inespay', { paymentId: theirs });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('PAYMENT_DETAILS_MISMATCH');
    expect((await paymentState(mine.reference, mine.orderNumbers)).payments).toMatchObject([{ psp_reference: paymentId, state: 'pending', stage: 'action' }]);
    await callbacksOf(theirs);
  });

  it('refunds: Inespay cannot send a transfer back, so the card part fails, stays refundable and goes back to the balance', async () => {
    const order = await placeInespay(9);
    const { paymentId } = await start(order);
    await returnFromGateway(order, 'inespay', returnParams(await atTheBank(paymentId, { otp: OTP.authorise })));
    await callbacksOf(paymentId);
    const db = createDb(env.DB);
    const number = order.orderNumbers[0]!;
    const total = await refundableAmount(db, number);
    expect(total).toBeGreaterThan(0);
    const part = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount: 100, method: 'original', reason: 'goodwill', idempotencyKey: `inespay-goodwill-${number}` });
    expect(part).toMatchObject({ state: 'failed', cardAmount: 100, pspReference: null });
    expect(await refundableAmount(db, number)).toBe(total);
    // The whole amount (which the refund code voids, as for a payment only authorised): refused too.
    const whole = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount: total, method: 'original', reason: 'cancel', idempotencyKey: `inespay-cancel-${number}` });
    expect(whole).toMatchObject({ state: 'failed', cardAmount: total });
    expect((await sandboxPayment(paymentId)).transactionStatus).toBe('ACSC');
    // The way it goes back: the store balance (or a transfer by staff, recorded outside the store).
    const toBalance = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount: total, method: 'balance', reason: 'open banking refund', idempotencyKey: `inespay-balance-${number}` });
    expect(toBalance).toMatchObject({ state: 'refunded', balanceAmount: total, cardAmount: 0 });
    expect(await refundableAmount(db, number)).toBe(0);
  });
});
