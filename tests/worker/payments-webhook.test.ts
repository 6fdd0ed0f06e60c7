/**
 * Adyen notifications at /api/paymentGateway/adyen/notification: HMAC verified, each event
 * stored once and applied once, whatever the number of deliveries or their order.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { orderNumber } from '../../worker/domain/orders/order-number';
import { hmacSignature, signedString } from '../../worker/payments/adyen/hmac';
import { recordPayment } from '../../worker/payments/events';
import { host, request } from './helpers';

const URL_PATH = `${host('ES')}/api/paymentGateway/adyen/notification`;

interface Item {
  pspReference: string;
  originalReference?: string;
  merchantReference: string;
  eventCode: string;
  success: 'true' | 'false';
  value: number;
}

async function notification(items: Item[], key = env.ADYEN_HMAC_KEY) {
  const notificationItems = await Promise.all(
    items.map(async (i) => {
      const item = { pspReference: i.pspReference, originalReference: i.originalReference ?? '', merchantAccountCode: env.ADYEN_MERCHANT_ACCOUNT, merchantReference: i.merchantReference, amount: { value: i.value, currency: 'EUR' }, eventCode: i.eventCode, success: i.success, eventDate: '2026-11-24T10:00:00+01:00', paymentMethod: 'visa', reason: '' };
      const additionalData: { hmacSignature?: string } = { hmacSignature: await hmacSignature(key, signedString(item)) };
      return { NotificationRequestItem: { ...item, additionalData } };
    }),
  );
  return { live: 'false', notificationItems };
}

const post = (body: unknown) => request(URL_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** An order awaiting payment, its payment row (pending, with the psp reference the provider gave) unless `withPayment` is false. */
async function pendingOrder(withPayment = true) {
  const number = orderNumber('ES', new Date());
  const psp = `PSP${crypto.randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`;
  await env.DB.prepare(
    "INSERT INTO orders (order_number, checkout_key, order_key, user_id, channel, language, state, seller_kind, seller_id, payment_method, shipping_type, shipping_address, articles_subtotal, shipping_cost, total, created_at, updated_at) VALUES (?, ?, 'own-0', 1, 'ES', 'es_ES', 'awaiting_payment', 'own', 0, 'adyen', 1, '{}', 10000, 500, 10500, ?, ?)",
  )
    .bind(number, `test-${crypto.randomUUID()}`, Date.now(), Date.now())
    .run();
  const create = () => recordPayment(env.DB, { reference: number, attempt: 1, idempotencyKey: `key-${psp}`, provider: 'adyen', pspReference: psp, amountCents: 10_500, currency: 'EUR', method: 'scheme', state: 'pending' }, Date.now());
  if (withPayment) await create();
  return { number, psp, create };
}

async function stateOf(number: string, psp: string) {
  const payment = await env.DB.prepare('SELECT state, version, refunded_amount FROM payments WHERE psp_reference = ?').bind(psp).first<{ state: string; version: number; refunded_amount: number }>();
  const order = await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(number).first<string>('state');
  const orderEvents = (await env.DB.prepare('SELECT state FROM order_events WHERE order_number = ?').bind(number).all<{ state: string }>()).results.map((r) => r.state);
  const events = await env.DB.prepare('SELECT COUNT(*) AS n, SUM(applied) AS applied FROM payment_events WHERE payment_psp_reference = ?').bind(psp).first<{ n: number; applied: number | null }>();
  return { payment, order, orderEvents, events };
}

describe('Adyen notification webhook', () => {
  it('accepts a signed AUTHORISATION: the payment is authorised and the order confirmed once', async () => {
    const { number, psp } = await pendingOrder();
    const response = await post(await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('[accepted]');
    const after = await stateOf(number, psp);
    expect(after.payment).toMatchObject({ state: 'authorised', version: 1 });
    expect(after.order).toBe('confirmed');
    expect(after.orderEvents).toEqual(['confirmed']);
    expect(after.events).toEqual({ n: 1, applied: 1 });
  });

  it('the same notification 50 times at once: one event row, one transition', async () => {
    const { number, psp } = await pendingOrder();
    const body = await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(body).then(async (r) => [r.status, await r.text()] as const)));
    expect(answers.every(([status, text]) => status === 200 && text === '[accepted]')).toBe(true);
    const after = await stateOf(number, psp);
    expect(after.payment).toMatchObject({ state: 'authorised', version: 1 });
    expect(after.orderEvents).toEqual(['confirmed']);
    expect(after.events).toEqual({ n: 1, applied: 1 });
  });

  it('CANCELLATION then a late AUTHORISATION: the payment stays cancelled and the order is not confirmed', async () => {
    const { number, psp } = await pendingOrder();
    const cancel = await notification([{ pspReference: `C${psp}`, originalReference: psp, merchantReference: number, eventCode: 'CANCELLATION', success: 'true', value: 10_500 }]);
    const authorise = await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]);
    expect((await post(cancel)).status).toBe(200);
    expect((await post(authorise)).status).toBe(200);
    const after = await stateOf(number, psp);
    expect(after.payment).toMatchObject({ state: 'cancelled', version: 1 });
    expect(after.order).toBe('awaiting_payment');
    expect(after.orderEvents).toEqual([]);
    expect(after.events).toEqual({ n: 2, applied: 2 });
  });

  it('EXPIRE after AUTHORISATION does not cancel the paid payment; a partial REFUND refunds only its amount, once', async () => {
    const { number, psp } = await pendingOrder();
    await post(await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]));
    await post(await notification([{ pspReference: psp, merchantReference: number, eventCode: 'EXPIRE', success: 'true', value: 10_500 }]));
    const refund = await notification([{ pspReference: `R${psp}`, originalReference: psp, merchantReference: number, eventCode: 'REFUND', success: 'true', value: 2_000 }]);
    await Promise.all([post(refund), post(refund), post(refund)]);
    const after = await stateOf(number, psp);
    // Two transitions (authorised, partially refunded): the EXPIRE and the repeated refunds moved nothing.
    expect(after.payment).toMatchObject({ state: 'partially_refunded', refunded_amount: 2_000, version: 2 });
    expect(after.order).toBe('confirmed');
    expect(after.orderEvents).toEqual(['confirmed']);
    expect(after.events).toEqual({ n: 3, applied: 3 });
  });

  it('one delivery carrying the events in reverse order (capture, then its late authorisation): one transition', async () => {
    const { number, psp } = await pendingOrder();
    const body = await notification([
      { pspReference: `K${psp}`, originalReference: psp, merchantReference: number, eventCode: 'CAPTURE', success: 'true', value: 10_500 },
      { pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 },
    ]);
    expect(await (await post(body)).text()).toBe('[accepted]');
    const after = await stateOf(number, psp);
    // The capture proves the authorisation; the late AUTHORISATION moves nothing back to authorised.
    expect(after.payment).toMatchObject({ state: 'captured', version: 1 });
    expect(after.orderEvents).toEqual(['confirmed']);
    expect(after.events).toEqual({ n: 2, applied: 2 });
  });

  it('a tampered notification is refused with 401 and nothing is stored', async () => {
    const { number, psp } = await pendingOrder();
    const body = await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]);
    body.notificationItems[0]!.NotificationRequestItem.amount.value = 1;
    const response = await post(body);
    expect(response.status).toBe(401);
    const envelope = (await response.json()) as { ok: boolean; err: { message: string } };
    expect(envelope.ok).toBe(false);
    expect(JSON.parse(envelope.err.message)).toMatchObject({ type: 'unauthorized', code: 'PAYMENT_NOTIFICATION_INVALID' });
    // Signed with another key, in a delivery whose other item is valid: the whole delivery is refused.
    const wrongKey = await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }], 'AB'.repeat(32));
    const valid = await notification([{ pspReference: psp, merchantReference: number, eventCode: 'CANCELLATION', success: 'true', value: 10_500 }]);
    expect((await post({ live: 'false', notificationItems: [...valid.notificationItems, ...wrongKey.notificationItems] })).status).toBe(401);
    const after = await stateOf(number, psp);
    expect(after.payment).toMatchObject({ state: 'pending', version: 0 });
    expect(after.order).toBe('awaiting_payment');
    expect(after.events).toEqual({ n: 0, applied: null });
  });

  it('refuses a body that is not a notification (400) and one without a signature (401)', async () => {
    expect((await post({ notificationItems: [] })).status).toBe(400);
    const body = await notification([{ pspReference: 'PSPX', merchantReference: 'ES1', eventCode: 'AUTHORISATION', success: 'true', value: 1 }]);
    body.notificationItems[0]!.NotificationRequestItem.additionalData = {};
    expect((await post(body)).status).toBe(401);
    expect((await request(URL_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })).status).toBe(400);
  });

  it('with Basic auth configured, a signed notification without the credentials is refused and nothing is stored', async () => {
    const { number, psp } = await pendingOrder();
    const body = JSON.stringify(await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]));
    const withAuth = { ...env, ADYEN_NOTIFICATION_BASIC_AUTH: 'adyen:s3cret-notify' };
    const send = (authorization?: string) =>
      createApp().fetch(new Request(URL_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) }, body }), withAuth);
    expect((await send()).status).toBe(401);
    expect((await send(`Basic ${btoa('adyen:wrong')}`)).status).toBe(401);
    expect((await stateOf(number, psp)).events).toEqual({ n: 0, applied: null });
    const accepted = await send(`Basic ${btoa('adyen:s3cret-notify')}`);
    expect(await accepted.text()).toBe('[accepted]');
    expect((await stateOf(number, psp)).payment).toMatchObject({ state: 'authorised' });
  });

  it('an event that arrives before the payment row is stored and applied when the row is created', async () => {
    const { number, psp, create } = await pendingOrder(false);
    const response = await post(await notification([{ pspReference: psp, merchantReference: number, eventCode: 'AUTHORISATION', success: 'true', value: 10_500 }]));
    expect(await response.text()).toBe('[accepted]');
    expect((await stateOf(number, psp)).events).toEqual({ n: 1, applied: 0 });
    await create();
    const after = await stateOf(number, psp);
    expect(after.payment).toMatchObject({ state: 'authorised', version: 1 });
    expect(after.order).toBe('confirmed');
    expect(after.events).toEqual({ n: 1, applied: 1 });
  });
});
