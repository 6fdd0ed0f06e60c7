/**
 * Money moves once: concurrent pay requests, a refresh that pays twice, webhooks repeated and out
 * of order, an expiry after the payment, a partial refund, a tampered notification, 31008.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { scopeOf, startPayment, submitDetails } from '../../worker/payments/attempts';
import type { PaymentGateway } from '../../worker/payments/port';
import {
  authorise3d,
  card,
  completeChallenge,
  deliver,
  orderEventsOf,
  orderStates,
  payData,
  paymentRows,
  placeByCard,
  sandboxNotifications,
  sandboxPayments,
  signedNotification,
  stockOf,
  testGateway,
  VISA,
  VISA_3DS,
} from './payments-helpers';

describe('concurrent and repeated pay requests', () => {
  it('20 identical pay requests at once: one provider call, one charge, the others get the same answer or 31008', async () => {
    const order = await placeByCard();
    const body = { paymentMethod: card(VISA) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => payData(order.browser, order.reference, body)));
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.every((a) => a.data.paymentResult === 'PROCESSED')).toBe(true);
    expect(busy.every((a) => a.error?.code === 31008 && a.data === null)).toBe(true);
    expect(await sandboxPayments(order.reference)).toHaveLength(1);
    expect(await paymentRows(order.reference)).toMatchObject([{ attempt: 1, state: 'authorised' }]);
    expect(await orderEventsOf(order.reference)).toEqual(['awaiting_payment', 'confirmed']);
  });

  it('20 different pay requests at once (two tabs, several cards): still one charge', async () => {
    const order = await placeByCard();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => payData(order.browser, order.reference, { paymentMethod: card(VISA, `Ana ${i}`) })));
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.error?.code === 31008))).toBe(true);
    expect((await sandboxPayments(order.reference)).filter((p) => p.status === 'authorised')).toHaveLength(1);
    expect(await sandboxPayments(order.reference)).toHaveLength(1);
  });

  it('a refresh that pays again after the payment: PROCESSED, no second charge', async () => {
    const order = await placeByCard();
    expect((await payData(order.browser, order.reference, { paymentMethod: card(VISA) })).data.paymentResult).toBe('PROCESSED');
    const again = await payData(order.browser, order.reference, { paymentMethod: card('5555444433331111') });
    expect(again.status).toBe(200);
    expect(again.data.paymentResult).toBe('PROCESSED');
    expect(await sandboxPayments(order.reference)).toHaveLength(1);
  });

  it('31008 while the provider call of another attempt is in flight, and while a details call is', async () => {
    const order = await placeByCard();
    const real = testGateway();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    const slow: PaymentGateway = Object.assign(Object.create(real) as PaymentGateway, {
      startPayment: async (input: Parameters<PaymentGateway['startPayment']>[0]) => {
        entered();
        await held;
        return real.startPayment(input);
      },
    });
    const scope = (await scopeOf(env.DB, order.reference))!;
    const first = startPayment(env.DB, slow, { scope, hash: 'slow', currency: 'EUR', request: { paymentMethod: card(VISA_3DS), returnUrl: 'http://es.localhost/cart/order/securePayment' }, pages: { ok: '/ok', ko: '/ko' }, now: Date.now() });
    await inFlight;
    const second = await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    expect(second).toMatchObject({ status: 409, data: null, error: { code: 31008 } });
    expect((await order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {})).error?.code).toBe(31008);
    release();
    const started = await first;
    expect(started).toMatchObject({ kind: 'answer', answer: { resultCode: 'ChallengeShopper' } });
    // The details call in flight: held the same way.
    let releaseDetails!: () => void;
    const heldDetails = new Promise<void>((resolve) => (releaseDetails = resolve));
    let enteredDetails!: () => void;
    const detailsInFlight = new Promise<void>((resolve) => (enteredDetails = resolve));
    const slowDetails: PaymentGateway = Object.assign(Object.create(real) as PaymentGateway, {
      submitDetails: async (input: Parameters<PaymentGateway['submitDetails']>[0]) => {
        enteredDetails();
        await heldDetails;
        return real.submitDetails(input);
      },
    });
    const details = await completeChallenge((started as { answer: { action: Record<string, unknown> } }).answer.action);
    const completing = submitDetails(env.DB, slowDetails, { scope, details, pages: { ok: '/ok', ko: '/ko' }, now: Date.now() });
    await detailsInFlight;
    expect((await authorise3d(order.browser, order.reference, details)).error?.code).toBe(31008);
    expect((await payData(order.browser, order.reference, { paymentMethod: card(VISA) })).error?.code).toBe(31008);
    releaseDetails();
    expect(await completing).toMatchObject({ kind: 'answer', answer: { paymentResult: 'PROCESSED' } });
    expect(await sandboxPayments(order.reference)).toHaveLength(1);
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
  });
});

describe('webhooks', () => {
  it('the notifications of a payment and its partial refund, 50 times at once in reverse order: one transition each; the refund refunds only its amount', async () => {
    const order = await placeByCard(2);
    await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    const [payment] = await paymentRows(order.reference);
    await testGateway().refund({ pspReference: payment!.psp_reference!, reference: `${order.reference}-R1`, idempotencyKey: `refund-${order.reference}`, amount: { value: 1_000, currency: 'EUR' } });
    const notifications = await sandboxNotifications(order.reference);
    expect(notifications.map((n) => n.notificationItems[0]!.NotificationRequestItem['eventCode'])).toEqual(['AUTHORISATION', 'REFUND']);
    const reversed = [...notifications].reverse();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => deliver(reversed[i % 2])));
    expect(answers.every((a) => a.status === 200 && a.text === '[accepted]')).toBe(true);
    expect(await paymentRows(order.reference)).toMatchObject([{ state: 'partially_refunded', refunded_amount: 1_000, amount: order.amount, version: 2 }]);
    expect(await orderEventsOf(order.reference)).toEqual(['awaiting_payment', 'confirmed']);
    expect((await sandboxPayments(order.reference))[0]!.refunded).toBe(1_000);
  });

  it('an EXPIRE after the AUTHORISATION does not cancel the paid order nor give its stock back', async () => {
    const order = await placeByCard();
    await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    const stock = await stockOf(order.offer.id);
    const [payment] = await paymentRows(order.reference);
    const expire = await signedNotification({ pspReference: payment!.psp_reference!, merchantReference: order.reference, eventCode: 'EXPIRE', success: true, value: order.amount });
    expect((await Promise.all([deliver(expire), deliver(expire)])).map((a) => a.text)).toEqual(['[accepted]', '[accepted]']);
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
    expect(await paymentRows(order.reference)).toMatchObject([{ state: 'authorised' }]);
    expect(await stockOf(order.offer.id)).toBe(stock);
  });

  it('a tampered notification is refused (401) and changes nothing', async () => {
    const order = await placeByCard();
    const started = await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    expect(started.data.resultCode).toBe('ChallengeShopper');
    const [payment] = await paymentRows(order.reference);
    const genuine = await signedNotification({ pspReference: payment!.psp_reference!, merchantReference: order.reference, eventCode: 'AUTHORISATION', success: false, value: order.amount });
    const tampered = structuredClone(genuine);
    tampered.notificationItems[0]!.NotificationRequestItem.success = 'true';
    const refused = await deliver(tampered);
    expect(refused.status).toBe(401);
    expect(JSON.parse(JSON.parse(refused.text).err.message).code).toBe('PAYMENT_NOTIFICATION_INVALID');
    expect(await paymentRows(order.reference)).toMatchObject([{ state: 'pending', stage: 'action', version: 0 }]);
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_events WHERE merchant_reference = ?').bind(order.reference).first('n')).toBe(0);
  });
});
