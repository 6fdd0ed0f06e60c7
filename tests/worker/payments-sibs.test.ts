/**
 * MB WAY and Multibanco through the SIBS gateway adapter (worker/payments/sibs/) against the SIBS
 * sandbox (scripts/sandboxes/sibs/): the MB WAY debit, polling, accept / refuse on the shopper's
 * phone page, lapsed requests, the phone check; the Multibanco reference shown on the answer,
 * /cart/ok and the account, paid later at the "ATM", expiry (webhook and scheduled check) and a
 * late expiry after payment; encrypted webhooks (forged refused, duplicates applied once, answered
 * with the echoed notificationID); refunds settled by SIBS' RFND notification.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { href } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { createDb } from '../../worker/db/client';
import type { PaymentAnswer } from '../../worker/payments/answer';
import { maybeGatewayOf } from '../../worker/payments/providers';
import { runPaymentChecks } from '../../worker/payments/scheduled';
import { decryptWebhook, encryptWebhook } from '../../worker/payments/sibs/webhook-crypto';
import { refundOrder } from '../../worker/refunds/refunds';
import { TestBrowser, signUp } from './browser';
import { channelShopper, deliverNotification, offerBetween, paymentState, placeWith, sandboxFetch, sandboxOutbox, startGateway, type GatewayOrder, type OutboxNotification } from './gateways-helpers';

const KEY = Uint8Array.from(atob(env.SIBS_WEBHOOK_SECRET!), (ch) => ch.charCodeAt(0));
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
let offerSkip = 0;

/** `skip` picks an offer of its own (the scheduled check may cancel other tests' unpaid orders of a shared one). */
async function placePT(method: 'mbway' | 'multibanco', skip = offerSkip++ % 8): Promise<GatewayOrder & { offerId: number }> {
  const offer = await offerBetween('PT', 500, 50_000, skip);
  const order = await placeWith(method, offer, await channelShopper('PT'));
  return { ...order, offerId: offer.id };
}

const debit = (order: Pick<GatewayOrder, 'browser' | 'reference'>, phone: string) => order.browser.api<PaymentAnswer>('POST', '/api/orders/payment/sibs/mbway/debit', { orderId: order.reference, phone });
const transaction = (order: Pick<GatewayOrder, 'browser' | 'reference'>) => order.browser.api<PaymentAnswer>('GET', `/api/orders/payment/sibs/transaction/${order.reference}`);

async function latestPsp(order: GatewayOrder): Promise<string> {
  const { payments } = await paymentState(order.reference, order.orderNumbers);
  return String(payments.at(-1)!['psp_reference']);
}

const answerOnPhone = (psp: string, answer: 'accept' | 'refuse', phone = '912345678') => sandboxFetch('sibs', `/mbway/phone/${encodeURIComponent(psp)}/${answer}`, { method: 'POST', headers: FORM, body: `phone=${phone}` });
const expireNow = (psp: string) => sandboxFetch('sibs', '/__sandbox/expire', { method: 'POST', body: JSON.stringify({ transactionID: psp }) });
const payAtAtm = (entity: string, reference: string) => sandboxFetch('sibs', '/atm', { method: 'POST', headers: FORM, body: `entity=${entity}&reference=${reference}` });

interface Clear {
  notificationID: string;
  transactionID: string;
  paymentStatus: string;
  paymentType: string;
  originalTransaction?: { id: string };
}

/** Drained notifications not yet claimed by a test, decrypted. */
const kept: { note: OutboxNotification; clear: Clear }[] = [];

/** The sandbox's notifications about `psp` (the payment, or a refund of it), in the order sent. */
async function notificationsFor(psp: string): Promise<{ note: OutboxNotification; clear: Clear }[]> {
  for (const note of await sandboxOutbox('sibs')) {
    const clear = await decryptWebhook(KEY, note.body, note.headers['X-Initialization-Vector'] ?? null, note.headers['X-Authentication-Tag'] ?? null);
    expect(clear, 'every sandbox notification decrypts with the shared key').toBeDefined();
    kept.push({ note, clear: JSON.parse(clear!) as Clear });
  }
  const mine = kept.filter((k) => k.clear.transactionID === psp || k.clear.originalTransaction?.id === psp);
  for (const k of mine) kept.splice(kept.indexOf(k), 1);
  return mine;
}

const eventsOf = async (psp: string) => (await env.DB.prepare('SELECT event_code, success, applied FROM payment_events WHERE psp_reference = ? ORDER BY event_code').bind(psp).all<{ event_code: string; success: number; applied: number }>()).results;
const stockOf = async (offerId: number) => (await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offerId).first<number>('stock'))!;
const confirmedEvents = async (orderNumber: string) => (await env.DB.prepare("SELECT count(*) AS n FROM order_events WHERE order_number = ? AND state = 'confirmed'").bind(orderNumber).first<number>('n'))!;

async function expectEcho(delivered: { status: number; text: string }, notificationID: string) {
  expect(delivered.status, delivered.text).toBe(200);
  expect(JSON.parse(delivered.text)).toEqual({ statusCode: '200', statusMsg: 'Success', notificationID });
}

/** An MB WAY order paid: debit, accepted on the phone, seen by polling. */
async function paidByMbWay() {
  const order = await placePT('mbway');
  expect((await debit(order, '912345678')).status).toBe(200);
  const psp = await latestPsp(order);
  expect((await answerOnPhone(psp, 'accept')).status).toBe(303);
  expect((await transaction(order)).data.paymentResult).toBe('PROCESSED');
  return { order, psp };
}

describe('MB WAY', () => {
  it('is paid when the shopper accepts in the app, as the polled transaction call sees', async () => {
    const order = await placePT('mbway');
    const before = Date.now();
    const sent = await debit(order, '+351 912 345 678');
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.data.paymentResult).toBe('PENDING');
    expect(sent.data.action).toMatchObject({ type: 'await', paymentMethodType: 'mbway', phoneEnding: '678' });
    const expiresAt = Number(sent.data.action!['expiresAt']);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    const { payments } = await paymentState(order.reference, order.orderNumbers);
    expect(payments).toEqual([expect.objectContaining({ attempt: 1, provider: 'sibs', method: 'mbway', state: 'pending', stage: 'action', expires_at: expiresAt })]);
    const psp = String(payments[0]!['psp_reference']);
    // SIBS got the alias "351#9…" and its amount in euros.
    const atSibs = (await (await sandboxFetch('sibs', `/__sandbox/transactions/${encodeURIComponent(psp)}`)).json()) as { phone: string; amount: { value: number }; paymentStatus: string };
    expect(atSibs).toMatchObject({ phone: '912345678', amount: { value: order.amount / 100 }, paymentStatus: 'Pending' });
    // The phone page lists the request.
    const phonePage = await (await sandboxFetch('sibs', '/mbway/phone?phone=912345678')).text();
    expect(phonePage).toContain(psp);

    expect((await transaction(order)).data).toMatchObject({ paymentResult: 'PENDING', action: { type: 'await' } });
    expect((await answerOnPhone(psp, 'accept')).status).toBe(303);
    const paid = await transaction(order);
    expect(paid.data.paymentResult).toBe('PROCESSED');
    expect(paid.data.next).toContain('/cart/ok?orderId=');
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(order.orderNumbers.map(() => 'confirmed'));

    // SIBS' own notification of the same payment changes nothing more.
    const [success] = await notificationsFor(psp);
    expect(success!.clear).toMatchObject({ paymentStatus: 'Success', paymentType: 'PURS' });
    await expectEcho(await deliverNotification(success!.note), success!.clear.notificationID);
    expect(await eventsOf(psp)).toEqual([{ event_code: 'AUTHORISATION', success: 1, applied: 1 }]);
    expect(await confirmedEvents(order.orderNumbers[0]!)).toBe(1);
  });

  it('a request declined at once is a refusal, and the shopper may send another', async () => {
    const order = await placePT('mbway');
    const declined = await debit(order, '919999999');
    expect(declined.status).toBe(200);
    expect(declined.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused' });
    let state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'refused' });
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
    const again = await debit(order, '912345678');
    expect(again.data).toMatchObject({ paymentResult: 'PENDING', action: { type: 'await' } });
    state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments.map((p) => p['attempt'])).toEqual([1, 2]);
  });

  it('a request refused in the app is a refusal; the order stays payable', async () => {
    const order = await placePT('mbway');
    await debit(order, '912345678');
    const psp = await latestPsp(order);
    expect((await answerOnPhone(psp, 'refuse')).status).toBe(303);
    expect((await transaction(order)).data).toMatchObject({ paymentResult: 'REJECTED_USER' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'refused' });
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
    // Answering twice is refused by the phone.
    expect((await answerOnPhone(psp, 'accept')).status).toBe(409);
  });

  it('a request left unanswered lapses as a refusal, not an expiry: the order keeps its stock and stays payable', async () => {
    const order = await placePT('mbway');
    const stock = await stockOf(order.offerId);
    await debit(order, '912345678');
    const psp = await latestPsp(order);
    expect((await expireNow(psp)).status).toBe(200);
    expect((await transaction(order)).data).toMatchObject({ paymentResult: 'REJECTED_USER' });
    const [lapsed] = await notificationsFor(psp);
    expect(lapsed!.clear.paymentStatus).toBe('Expired');
    await expectEcho(await deliverNotification(lapsed!.note), lapsed!.clear.notificationID);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'refused' });
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
    expect(await stockOf(order.offerId)).toBe(stock);
    expect((await debit(order, '912345678')).data.paymentResult).toBe('PENDING');
  });

  it('a request the shopper gives up for another phone is withdrawn at SIBS', async () => {
    const order = await placePT('mbway');
    await debit(order, '912345678');
    const first = await latestPsp(order);
    const again = await debit(order, '961234567');
    expect(again.data).toMatchObject({ paymentResult: 'PENDING', action: { phoneEnding: '567' } });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments.map((p) => [p['attempt'], p['state']])).toEqual([
      [1, 'cancelled'],
      [2, 'pending'],
    ]);
    const atSibs = (await (await sandboxFetch('sibs', `/__sandbox/transactions/${encodeURIComponent(first)}`)).json()) as { paymentStatus: string };
    expect(atSibs.paymentStatus).toBe('Canceled');
    expect(await (await sandboxFetch('sibs', '/mbway/phone?phone=912345678')).text()).not.toContain(first);
    expect((await answerOnPhone(first, 'accept')).status).toBe(409);
    // Leaving the gateway step (unpaid) withdraws the second one too.
    const second = await latestPsp(order);
    expect((await order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {})).status).toBe(200);
    const withdrawn = (await (await sandboxFetch('sibs', `/__sandbox/transactions/${encodeURIComponent(second)}`)).json()) as { paymentStatus: string };
    expect(withdrawn.paymentStatus).toBe('Canceled');
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
  });

  it('refuses a phone that is not a Portuguese mobile with 400, and claims nothing', async () => {
    const order = await placePT('mbway');
    for (const phone of ['612345678', '91234567', '+34 912 345 678', '']) {
      const refused = await debit(order, phone);
      expect(refused.status, phone).toBe(400);
      expect(refused.error).toMatchObject({ code: 'INVALID_REQUEST' });
    }
    // The generic start takes the same field, checked the same way.
    expect((await startGateway(order, { phone: '212345678' })).status).toBe(400);
    expect((await startGateway(order, {})).status).toBe(400);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toEqual([]);
  });

  it('answers the debit and the transaction call only to the order\'s owner', async () => {
    const order = await placePT('mbway');
    const other = new TestBrowser(order.browser.origin);
    await signUp(other);
    expect((await debit({ browser: other, reference: order.reference }, '912345678')).status).toBe(404);
    expect((await transaction({ browser: other, reference: order.reference })).status).toBe(404);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toEqual([]);
  });

  it('refuses a notification that does not decrypt; applies a duplicate once; answers each with its notificationID', async () => {
    const order = await placePT('mbway');
    await debit(order, '912345678');
    const psp = await latestPsp(order);
    await answerOnPhone(psp, 'accept');
    const [success] = await notificationsFor(psp);
    const { note, clear } = success!;
    // One character of the body changed, a tag of another message, no tag: not SIBS'.
    const flipped = note.body.slice(0, 10) + (note.body[10] === 'A' ? 'B' : 'A') + note.body.slice(11);
    const other = await encryptWebhook(KEY, JSON.stringify({ ...clear, paymentStatus: 'Declined' }));
    for (const forged of [
      { ...note, body: flipped },
      { ...note, headers: { ...note.headers, 'X-Authentication-Tag': other.tag } },
      { ...note, headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': note.headers['X-Initialization-Vector']! } },
    ]) {
      const refused = await deliverNotification(forged);
      expect(refused.status, refused.text).toBe(401);
      expect(JSON.parse(JSON.parse(refused.text).err.message).code).toBe('PAYMENT_NOTIFICATION_INVALID');
    }
    // Encrypted under another key: refused too.
    const stranger = await encryptWebhook(crypto.getRandomValues(new Uint8Array(32)), JSON.stringify(clear));
    expect((await deliverNotification({ url: note.url, body: stranger.body, headers: { 'X-Initialization-Vector': stranger.iv, 'X-Authentication-Tag': stranger.tag } })).status).toBe(401);
    expect(await eventsOf(psp)).toEqual([]);
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));

    await expectEcho(await deliverNotification(note), clear.notificationID);
    await expectEcho(await deliverNotification(note), clear.notificationID);
    expect(await eventsOf(psp)).toEqual([{ event_code: 'AUTHORISATION', success: 1, applied: 1 }]);
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(order.orderNumbers.map(() => 'confirmed'));
    expect(await confirmedEvents(order.orderNumbers[0]!)).toBe(1);
    // Polling afterwards answers the payment without asking anything new.
    expect((await transaction(order)).data.paymentResult).toBe('PROCESSED');
  });
});

describe('Multibanco', () => {
  async function withReference(skip?: number) {
    const order = await placePT('multibanco', skip);
    const before = Date.now();
    const started = await startGateway(order);
    expect(started.status, JSON.stringify(started.error)).toBe(200);
    expect(started.data.paymentResult).toBe('PENDING');
    const action = started.data.action!;
    expect(action).toMatchObject({ type: 'voucher', paymentMethodType: 'multibanco', entity: env.SIBS_ENTITY, amount: order.amount, currency: 'EUR' });
    expect(String(action['reference'])).toMatch(/^\d{9}$/);
    expect(Number(action['expiresAt'])).toBeGreaterThanOrEqual(before + 3 * 86_400_000 - 1000);
    expect(Number(action['expiresAt'])).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000 + 1000);
    return { order, entity: String(action['entity']), reference: String(action['reference']), psp: await latestPsp(order), expiresAt: Number(action['expiresAt']) };
  }

  const pt = DEFAULT_CHANNELS.PT;
  const cartOk = (order: GatewayOrder) => order.browser.fetch(`${href('cartOk', 'pt_PT', pt)}?orderId=${order.reference}`).then((r) => r.text());
  const orderDetail = (order: GatewayOrder) => order.browser.fetch(`${href('accountOrderDetail', 'pt_PT', pt)}?order=${order.orderNumbers[0]}`).then((r) => r.text());

  it('gives a reference shown by the start, /cart/ok and the account; paid later at an ATM, its notification confirms the orders', async () => {
    const { order, entity, reference, psp } = await withReference();
    // The same request again is the same reference.
    expect((await startGateway(order)).data.action).toMatchObject({ reference });
    expect((await transaction(order)).data).toMatchObject({ paymentResult: 'PENDING', action: { type: 'voucher', reference } });
    expect(await cartOk(order)).toContain(`data-multibanco-reference="${reference}"`);
    const detail = await orderDetail(order);
    expect(detail).toContain(`data-multibanco-reference="${reference}"`);
    expect(detail).toContain(`>${entity}<`);

    const atm = await payAtAtm(entity, reference);
    expect(atm.status).toBe(200);
    const [paid] = await notificationsFor(psp);
    expect(paid!.clear).toMatchObject({ paymentStatus: 'Success' });
    await expectEcho(await deliverNotification(paid!.note), paid!.clear.notificationID);
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(order.orderNumbers.map(() => 'confirmed'));
    expect(await cartOk(order)).not.toContain('data-multibanco-reference');
    expect(await orderDetail(order)).not.toContain('data-multibanco-reference');
    // Paying the same reference twice is refused by the ATM.
    expect((await payAtAtm(entity, reference)).status).toBe(409);
  });

  it('the MB WAY debit refuses a Multibanco order (1109) and claims nothing', async () => {
    const order = await placePT('multibanco');
    const refused = await debit(order, '912345678');
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 1109 });
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toEqual([]);
  });

  it('an unpaid reference that expires cancels the orders and gives their stock back, once', async () => {
    const { order, psp } = await withReference();
    const stock = await stockOf(order.offerId);
    expect((await expireNow(psp)).status).toBe(200);
    const [expired] = await notificationsFor(psp);
    expect(expired!.clear.paymentStatus).toBe('Expired');
    await expectEcho(await deliverNotification(expired!.note), expired!.clear.notificationID);
    await expectEcho(await deliverNotification(expired!.note), expired!.clear.notificationID);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'expired' });
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'cancelled'));
    expect(await stockOf(order.offerId)).toBe(stock + 1);
    expect(await cartOk(order)).not.toContain('data-multibanco-reference');
  });

  it('a late expiry after the payment changes nothing', async () => {
    const { order, entity, reference, psp } = await withReference();
    await payAtAtm(entity, reference);
    const [paid] = await notificationsFor(psp);
    await deliverNotification(paid!.note);
    const stock = await stockOf(order.offerId);
    // An Expired for the same transaction, sealed with the right key, arriving late.
    const late = await encryptWebhook(KEY, JSON.stringify({ ...paid!.clear, paymentStatus: 'Expired', notificationID: crypto.randomUUID() }));
    const answer = await deliverNotification({ url: paid!.note.url, body: late.body, headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': late.iv, 'X-Authentication-Tag': late.tag } });
    expect(answer.status).toBe(200);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'authorised' });
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'confirmed'));
    expect(await stockOf(order.offerId)).toBe(stock);
  });

  it('the scheduled check asks SIBS once the reference is past its expiry and cancels the unpaid orders', async () => {
    const { order, psp, expiresAt } = await withReference(12);
    const stock = await stockOf(order.offerId);
    await expireNow(psp);
    await notificationsFor(psp); // Lost on its way: the check must find out by itself.
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), expiresAt + 1000);
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments[0]).toMatchObject({ state: 'expired' });
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'cancelled'));
    expect(await stockOf(order.offerId)).toBe(stock + 1);
  });
});

describe('refunds', () => {
  const deps = () => ({ db: createDb(env.DB), env, now: new Date() });

  it('refunds part of an MB WAY payment at SIBS; the RFND notification settles it', async () => {
    const { order, psp } = await paidByMbWay();
    await notificationsFor(psp);
    const number = order.orderNumbers[0]!;
    const refund = await refundOrder(deps(), { orderNumber: number, amount: 100, method: 'original', reason: 'goodwill', idempotencyKey: `sibs-part-${number}` });
    expect(refund.state).toBe('sent');
    const atSibs = (await (await sandboxFetch('sibs', `/__sandbox/transactions/${encodeURIComponent(psp)}`)).json()) as { refunded: number };
    expect(atSibs.refunded).toBe(1);
    const [rfnd] = await notificationsFor(psp);
    expect(rfnd!.clear).toMatchObject({ paymentType: 'RFND', paymentStatus: 'Success', transactionID: refund.pspReference, originalTransaction: { id: psp } });
    await expectEcho(await deliverNotification(rfnd!.note), rfnd!.clear.notificationID);
    const row = await env.DB.prepare('SELECT state FROM refunds WHERE id = ?').bind(refund.id).first<string>('state');
    expect(row).toBe('refunded');
    expect((await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(psp).first())).toMatchObject({ state: 'partially_refunded', refunded_amount: 100 });
  });

  it('gives a whole MB WAY payment back as a refund (a SIBS purchase cannot be voided once paid)', async () => {
    const { order, psp } = await paidByMbWay();
    await notificationsFor(psp);
    const number = order.orderNumbers[0]!;
    const refund = await refundOrder(deps(), { orderNumber: number, amount: order.amount, method: 'original', reason: 'cancel', idempotencyKey: `sibs-whole-${number}` });
    expect(refund.state).toBe('sent');
    const [rfnd] = await notificationsFor(psp);
    expect(rfnd!.clear).toMatchObject({ paymentType: 'RFND', transactionID: refund.pspReference });
    await deliverNotification(rfnd!.note);
    expect(await env.DB.prepare('SELECT state FROM refunds WHERE id = ?').bind(refund.id).first<string>('state')).toBe('refunded');
    expect((await env.DB.prepare('SELECT state FROM payments WHERE psp_reference = ?').bind(psp).first<string>('state'))).toBe('refunded');
  });
});
