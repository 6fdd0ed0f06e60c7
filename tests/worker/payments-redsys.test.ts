// Redsys (the card redirect `tarjeta` and Bizum) through the real Worker and the Redsys sandbox
// (docs/payments-redsys.md): the signed form, the bank's pages, the signed online notification
// and the signed return to URLOK/URLKO; refused cards, a shopper who cancels, forged and repeated
// notifications, a forged return, refunds and voids through the REST entry point, an attempt
// never completed, and Bizum's channel.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { maybeGatewayOf } from '../../worker/payments/providers';
import { redsysConfig } from '../../worker/payments/redsys/config';
import { decodeParameters, encodeParameters, signedFields, verify } from '../../worker/payments/redsys/signature';
import { runPaymentChecks, STUCK_PAYMENT_MS } from '../../worker/payments/scheduled';
import { refundOrder } from '../../worker/refunds/refunds';
import { channelShopper, deliverNotification, offerBetween, paymentState, placeWith, returnFromGateway, sandboxFetch, sandboxOutbox, startGateway, type GatewayOrder, type OutboxNotification } from './gateways-helpers';
import { host } from './helpers';
import vectors from '../fixtures/redsys/redsys-easy-vectors.json';

const NOTIFICATION_PATH = '/api/paymentGateway/redsys/notification';
const CARD = { pan: '4548810000000003', expiry: '12/49', cvv: '123' };
const REFUSED_CARD = '4548810000000011';
const PHONE = { ok: '700000000', refused: '700000001' };

type Method = 'bizum' | 'tarjeta';

async function place(method: Method, skip: number): Promise<GatewayOrder> {
  return placeWith(method, await offerBetween('ES', 1_000, 60_000, skip));
}

const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

interface Started {
  order: string;
  data: Record<string, string>;
  parameters: Record<string, string>;
}

/** Starts the payment: the signed form for Redsys' realizarPago, and the Redsys order it names. */
async function start(order: GatewayOrder): Promise<Started> {
  const started = await startGateway(order);
  expect(started.status, JSON.stringify(started.error)).toBe(200);
  expect(started.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'POST', url: `${env.GATEWAYS_SANDBOX_URL}/redsys/sis/realizarPago` } });
  const data = started.data.action!['data'] as Record<string, string>;
  expect(Object.keys(data).sort()).toEqual(['Ds_MerchantParameters', 'Ds_Signature', 'Ds_SignatureVersion']);
  const parameters = decodeParameters(data['Ds_MerchantParameters']!)!;
  return { order: parameters['DS_MERCHANT_ORDER']!, data, parameters };
}

/** The browser posts the form to Redsys: the bank's page of the session. */
async function toTheBank(started: Started): Promise<string> {
  const posted = await sandboxFetch('redsys', '/sis/realizarPago', form(started.data));
  expect(posted.status).toBe(303);
  const session = new URL(posted.headers.get('Location')!).pathname.replace(/^\/redsys/, '');
  expect(session).toMatch(/^\/sis\/pago\/[0-9a-f]{24}$/);
  return session;
}

/** A POST on the bank's page; the next location (a step of the page, or the store's URLOK/URLKO). */
async function answer(session: string, step: string, fields: Record<string, string> = {}): Promise<URL> {
  const response = await sandboxFetch('redsys', `${session}/${step}`, form(fields));
  expect(response.status).toBe(303);
  return new URL(response.headers.get('Location')!);
}

async function payWithBizum(session: string, phone = PHONE.ok): Promise<URL> {
  const phonePage = await (await sandboxFetch('redsys', session)).text();
  expect(phonePage).toContain('<label for="phone">');
  const next = await answer(session, 'bizum', { phone });
  if (phone !== PHONE.ok) return next;
  expect(await (await sandboxFetch('redsys', session)).text()).toContain('I confirmed it in the app');
  return answer(session, 'confirm');
}

async function payByCard(session: string, pan = CARD.pan): Promise<URL> {
  expect(await (await sandboxFetch('redsys', session)).text()).toContain('<label for="pan">');
  const next = await answer(session, 'card', { pan, expiry: CARD.expiry, cvv: CARD.cvv });
  if (pan !== CARD.pan) return next;
  expect(await (await sandboxFetch('redsys', session)).text()).toContain('Authenticate');
  return answer(session, 'authenticate');
}

/** The query the return page posts: everything but orderId, provider and hash. */
function returnParams(url: URL): Record<string, string> {
  const params = Object.fromEntries(url.searchParams);
  delete params['orderId'];
  delete params['provider'];
  delete params['hash'];
  return params;
}

/** The notifications the sandbox sent about `order` (the outbox is drained; others' are dropped). */
async function notificationsOf(order: string): Promise<(OutboxNotification & { parameters: Record<string, string> })[]> {
  return (await sandboxOutbox('redsys'))
    .map((n) => ({ ...n, parameters: decodeParameters(new URLSearchParams(n.body).get('Ds_MerchantParameters') ?? '') ?? {} }))
    .filter((n) => n.parameters['Ds_Order'] === order);
}

async function eventCount(psp: string): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_events WHERE payment_psp_reference = ?').bind(psp).first<number>('n'))!;
}

async function confirmedEvents(orderNumber: string): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM order_events WHERE order_number = ? AND state = 'confirmed'").bind(orderNumber).first<number>('n'))!;
}

async function sandboxOrder(order: string): Promise<{ status: string; refunded: number; bizum: boolean; language: string; merchantData: string }> {
  return (await sandboxFetch('redsys', `/__sandbox/orders/${order}`)).json();
}

/** A notification as Redsys would send it, signed with `secret`. */
async function notification(parameters: Record<string, string>, secret = env.REDSYS_SECRET_KEY!) {
  const fields = await signedFields(secret, parameters);
  return { url: `${host('ES')}${NOTIFICATION_PATH}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, Ds_Signature: fields.Ds_Signature.replace(/\+/g, '-').replace(/\//g, '_') }).toString() };
}

describe('redsys: Bizum and the card redirect', () => {
  it('signs and verifies in the Worker runtime (no 3DES in WebCrypto) as the redsys-easy vectors say', async () => {
    expect(await signedFields(vectors.redirect.merchantKey, vectors.redirect.request)).toEqual(vectors.redirect.signedRequest);
    expect(await verify(vectors.redirect.merchantKey, vectors.redirect.notification)).toEqual(vectors.redirect.deserializedNotification);
  });

  it('Bizum paid: the signed form, the phone and the app, the notification first and then the return, each applied once', async () => {
    const order = await place('bizum', 0);
    const started = await start(order);
    expect(started.parameters).toMatchObject({
      DS_MERCHANT_AMOUNT: String(order.amount),
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTCODE: env.REDSYS_MERCHANT_CODE,
      DS_MERCHANT_TERMINAL: env.REDSYS_TERMINAL,
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_CONSUMERLANGUAGE: '001',
      DS_MERCHANT_MERCHANTDATA: order.reference,
      DS_MERCHANT_MERCHANTURL: `${host('ES')}${NOTIFICATION_PATH}`,
    });
    expect(started.order).toMatch(/^\d{4}[0-9A-Z]{8}$/);
    expect(new URL(started.parameters['DS_MERCHANT_URLOK']!).pathname).toBe('/cart/order/securePayment');
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ provider: 'redsys', method: 'bizum', psp_reference: started.order, state: 'pending', stage: 'action' }]);

    const back = await payWithBizum(await toTheBank(started));
    expect(back.searchParams.get('provider')).toBe('redsys');
    expect(back.searchParams.get('Ds_Signature')).toBeTruthy();

    const [sent, ...more] = await notificationsOf(started.order);
    expect(more).toEqual([]);
    expect(sent!.url).toBe(`${host('ES')}${NOTIFICATION_PATH}`);
    expect(sent!.parameters).toMatchObject({ Ds_Response: '0000', Ds_Amount: String(order.amount), Ds_TransactionType: '0', Ds_MerchantData: order.reference, Ds_ProcessedPayMethod: '68' });
    // Redsys signs its notifications in URL-safe base64.
    expect(new URLSearchParams(sent!.body).get('Ds_Signature')).not.toMatch(/[+/]/);
    // The notification first, delivered three times (retries, two of them at once): applied once.
    expect(await deliverNotification(sent!)).toEqual({ status: 200, text: 'OK' });
    const again = await Promise.all([deliverNotification(sent!), deliverNotification(sent!)]);
    expect(again.every((a) => a.status === 200)).toBe(true);
    expect(await eventCount(started.order)).toBe(1);
    let state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ psp_reference: started.order, state: 'authorised' }]);
    expect(state.orders.every((s) => s === 'confirmed')).toBe(true);

    // Then the shopper's return with the signed result: the paid answer, nothing applied twice.
    const returned = await returnFromGateway(order, 'redsys', returnParams(back));
    expect(returned.status, JSON.stringify(returned.error)).toBe(200);
    expect(returned.data).toMatchObject({ paymentResult: 'PROCESSED' });
    expect(returned.data.next).toMatch(/^\/cart\/ok\?orderId=/);
    expect(await eventCount(started.order)).toBe(1);
    expect(await confirmedEvents(order.orderNumbers[0]!)).toBe(1);
    state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toHaveLength(1);
  });

  it('card paid through 3-D Secure: the return first settles it, the late notification changes nothing', async () => {
    const order = await place('tarjeta', 1);
    const started = await start(order);
    expect(started.parameters['DS_MERCHANT_PAYMETHODS']).toBeUndefined();
    const back = await payByCard(await toTheBank(started));
    const returned = await returnFromGateway(order, 'redsys', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect((await paymentState(order.reference, order.orderNumbers)).orders.every((s) => s === 'confirmed')).toBe(true);
    const [late] = await notificationsOf(started.order);
    expect(late!.parameters['Ds_Card_Number']).toBe('454881******0003');
    expect(await deliverNotification(late!)).toEqual({ status: 200, text: 'OK' });
    expect(await eventCount(started.order)).toBe(1);
    expect(await confirmedEvents(order.orderNumbers[0]!)).toBe(1);
  });

  it('card refused by the issuer: back at URLKO with the signed refusal, the orders stay payable and a new attempt is a new Redsys order', async () => {
    const order = await place('tarjeta', 2);
    const started = await start(order);
    const back = await payByCard(await toTheBank(started), REFUSED_CARD);
    expect(back.searchParams.get('redsysResult')).toBe('ko');
    const returned = await returnFromGateway(order, 'redsys', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused' });
    expect(returned.data.next).toMatch(/^\/cart\/ko\?orderId=/);
    const [refusal] = await notificationsOf(started.order);
    expect(refusal!.parameters['Ds_Response']).toBe('0190');
    expect(await deliverNotification(refusal!)).toEqual({ status: 200, text: 'OK' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ psp_reference: started.order, state: 'refused' }]);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);

    const second = await start(order);
    expect(second.order).not.toBe(started.order);
    // Redsys refuses an order number it has seen: the old form cannot be posted again.
    const reposted = await sandboxFetch('redsys', '/sis/realizarPago', form(started.data));
    expect(await reposted.text()).toContain('SIS0051');
  });

  it('Bizum refused for the phone: refused, and a phone that is not Spanish is asked again', async () => {
    const order = await place('bizum', 3);
    const started = await start(order);
    const session = await toTheBank(started);
    const wrong = await answer(session, 'bizum', { phone: '+351 912 345 678' });
    expect(wrong.pathname).toBe(`/redsys${session}`);
    expect(await (await sandboxFetch('redsys', session)).text()).toContain('Enter a Spanish mobile number');
    const back = await payWithBizum(session, PHONE.refused);
    const returned = await returnFromGateway(order, 'redsys', returnParams(back));
    expect(returned.data).toMatchObject({ resultCode: 'Refused' });
  });

  it('the shopper cancels at the bank: back at URLKO with 9915, cancelled, the orders stay payable; without fields a KO return is a cancel too', async () => {
    const order = await place('bizum', 4);
    const started = await start(order);
    const back = await answer(await toTheBank(started), 'cancel');
    expect(back.searchParams.get('redsysResult')).toBe('ko');
    const returned = await returnFromGateway(order, 'redsys', returnParams(back));
    expect(returned.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Cancelled' });
    const [cancelled] = await notificationsOf(started.order);
    expect(cancelled!.parameters['Ds_Response']).toBe('9915');
    expect(await deliverNotification(cancelled!)).toEqual({ status: 200, text: 'OK' });
    expect(await eventCount(started.order)).toBe(1);
    let state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ psp_reference: started.order, state: 'refused' }]);
    expect(state.orders.every((s) => s === 'awaiting_payment')).toBe(true);

    // A second attempt the shopper leaves by the browser's way back to URLKO, which carries no fields.
    const second = await start(order);
    await toTheBank(second);
    const bare = new URL(second.parameters['DS_MERCHANT_URLKO']!);
    const left = await returnFromGateway(order, 'redsys', returnParams(bare));
    expect(left.data).toMatchObject({ resultCode: 'Cancelled' });
    state = await paymentState(order.reference, order.orderNumbers);
    expect(state.payments).toMatchObject([{ state: 'refused' }, { psp_reference: second.order, state: 'refused', stage: 'done' }]);
  });

  it('refuses forged notifications (401, nothing stored) and answers 200 to a genuine one about an unknown order, moving nothing', async () => {
    const order = await place('bizum', 5);
    const started = await start(order);
    const parameters = { Ds_Order: started.order, Ds_Amount: String(order.amount), Ds_Currency: '978', Ds_Response: '0000', Ds_TransactionType: '0', Ds_MerchantCode: env.REDSYS_MERCHANT_CODE!, Ds_MerchantData: order.reference };
    const genuine = await notification(parameters);
    const genuineForm = new URLSearchParams(genuine.body);
    const forged = [
      // Signed with another key (redsys-easy's other test key).
      await notification(parameters, 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev'),
      // The genuine signature over other parameters (a smaller amount).
      { ...genuine, body: new URLSearchParams({ ...Object.fromEntries(genuineForm), Ds_MerchantParameters: encodeParameters({ ...parameters, Ds_Amount: '1' }) }).toString() },
      // No signature at all.
      { ...genuine, body: new URLSearchParams({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: genuineForm.get('Ds_MerchantParameters')! }).toString() },
      // Signed by us for another merchant code.
      await notification({ ...parameters, Ds_MerchantCode: '999999999' }),
      { ...genuine, body: 'not a form at all' },
    ];
    for (const n of forged) {
      const answered = await deliverNotification(n);
      expect(answered.status, answered.text).toBe(401);
      expect(answered.text).toContain('PAYMENT_NOTIFICATION_INVALID');
    }
    expect(await eventCount(started.order)).toBe(0);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'pending' }]);

    // Genuine but about an order we never started: answered 200 (Redsys must stop), stored, moving nothing.
    expect((await deliverNotification(await notification({ ...parameters, Ds_Order: '0000ZZZZ' }))).status).toBe(200);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'pending' }]);
  });

  it('refuses a forged return to URLOK: another key, an altered result, a refund\'s signed answer; the step stays open', async () => {
    const order = await place('tarjeta', 6);
    const started = await start(order);
    const paid = { Ds_Order: started.order, Ds_Amount: String(order.amount), Ds_Currency: '978', Ds_Response: '0000', Ds_TransactionType: '0', Ds_MerchantCode: env.REDSYS_MERCHANT_CODE!, Ds_MerchantData: order.reference };
    const okUrl = new URL(started.parameters['DS_MERCHANT_URLOK']!);
    const withFields = (fields: Record<string, string>) => ({ ...returnParams(okUrl), ...fields });
    const attempts = [
      withFields({ ...(await signedFields('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', paid)) }),
      withFields({ ...(await signedFields(env.REDSYS_SECRET_KEY!, { ...paid, Ds_Response: '0190' })), Ds_MerchantParameters: encodeParameters(paid) }),
      withFields({ ...(await signedFields(env.REDSYS_SECRET_KEY!, { ...paid, Ds_Response: '0900', Ds_TransactionType: '3' })) }),
    ];
    for (const params of attempts) {
      const refused = await returnFromGateway(order, 'redsys', params);
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('INVALID_REQUEST');
    }
    // Signed by us but about another shopper's payment: a mismatch.
    const other = await returnFromGateway(order, 'redsys', withFields({ ...(await signedFields(env.REDSYS_SECRET_KEY!, { ...paid, Ds_Order: '1234ABCDEFGH', Ds_MerchantData: 'ES-000000-AAAAAA' })) }));
    expect(other.status).toBe(400);
    expect(other.error?.code).toBe('PAYMENT_DETAILS_MISMATCH');
    expect(await eventCount(started.order)).toBe(0);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'pending', stage: 'action' }]);
    // The genuine result still completes it.
    const back = await payByCard(await toTheBank(started));
    expect((await returnFromGateway(order, 'redsys', returnParams(back))).data).toMatchObject({ paymentResult: 'PROCESSED' });
    await notificationsOf(started.order);
  });

  it('refunds through trataPeticionREST: a partial refund and then the rest, each settled by its own notification, once', async () => {
    const order = await place('bizum', 7);
    const started = await start(order);
    await returnFromGateway(order, 'redsys', returnParams(await payWithBizum(await toTheBank(started))));
    await notificationsOf(started.order);
    const db = createDb(env.DB);
    const number = order.orderNumbers[0]!;
    const payment = await env.DB.prepare('SELECT amount FROM payments WHERE psp_reference = ?').bind(started.order).first<number>('amount');
    const part = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount: 100, method: 'original', reason: 'goodwill', idempotencyKey: `redsys-goodwill-${number}` });
    expect(part).toMatchObject({ state: 'sent', cardAmount: 100 });
    expect(part.pspReference).toMatch(new RegExp(`^${started.order}-`));
    expect((await sandboxOrder(started.order)).refunded).toBe(100);
    const [refunded, ...more] = await notificationsOf(started.order);
    expect(more).toEqual([]);
    expect(refunded!.parameters).toMatchObject({ Ds_TransactionType: '3', Ds_Response: '0900', Ds_Amount: '100' });
    for (let i = 0; i < 2; i++) expect((await deliverNotification(refunded!)).status).toBe(200);
    expect(await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(started.order).first()).toEqual({ state: 'partially_refunded', refunded_amount: 100 });
    expect(await env.DB.prepare('SELECT state FROM refunds WHERE psp_reference = ?').bind(part.pspReference).first('state')).toBe('refunded');

    const rest = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount: payment! - 100, method: 'original', reason: 'return', idempotencyKey: `redsys-rest-${number}` });
    expect(rest).toMatchObject({ state: 'sent' });
    expect(rest.pspReference).not.toBe(part.pspReference);
    const [second] = await notificationsOf(started.order);
    expect((await deliverNotification(second!)).status).toBe(200);
    expect(await env.DB.prepare('SELECT state, refunded_amount FROM payments WHERE psp_reference = ?').bind(started.order).first()).toEqual({ state: 'refunded', refunded_amount: payment });
    // More than was paid: Redsys refuses it (SIS0057) and the card part fails.
    const gateway = maybeGatewayOf(env, 'redsys')!;
    await expect(gateway.refund({ pspReference: started.order, reference: `${number}-X`, idempotencyKey: 'x', amount: { value: 1, currency: 'EUR' } })).rejects.toMatchObject({ kind: 'validation', errorCode: 'SIS0057' });
  });

  it('a whole refund of an untouched payment is a void ("anulación"), settled by its notification', async () => {
    const order = await place('tarjeta', 8);
    const started = await start(order);
    await returnFromGateway(order, 'redsys', returnParams(await payByCard(await toTheBank(started))));
    await notificationsOf(started.order);
    const db = createDb(env.DB);
    const number = order.orderNumbers[0]!;
    const amount = (await env.DB.prepare('SELECT amount FROM payments WHERE psp_reference = ?').bind(started.order).first<number>('amount'))!;
    const whole = await refundOrder({ db, env, now: new Date() }, { orderNumber: number, amount, method: 'original', reason: 'cancel', idempotencyKey: `redsys-void-${number}` });
    expect(whole).toMatchObject({ state: 'sent', cardAmount: amount });
    expect((await sandboxOrder(started.order)).status).toBe('voided');
    const [voided] = await notificationsOf(started.order);
    expect(voided!.parameters).toMatchObject({ Ds_TransactionType: '9', Ds_Response: '0400', Ds_Amount: String(amount) });
    expect((await deliverNotification(voided!)).status).toBe(200);
    expect(await env.DB.prepare('SELECT state FROM payments WHERE psp_reference = ?').bind(started.order).first('state')).toBe('cancelled');
    expect(await env.DB.prepare('SELECT state FROM refunds WHERE psp_reference = ?').bind(whole.pspReference).first('state')).toBe('refunded');
  });

  it('an attempt never completed is voided at Redsys and expired by the scheduled check; its bank page can no longer pay', async () => {
    const order = await place('bizum', 9);
    const started = await start(order);
    const session = await toTheBank(started);
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now() + 60_000);
    expect((await sandboxOrder(started.order)).status).toBe('open');
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now() + STUCK_PAYMENT_MS + 60_000);
    expect((await sandboxOrder(started.order)).status).toBe('voided');
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ psp_reference: started.order, state: 'expired' }]);
    expect(await (await sandboxFetch('redsys', session)).text()).toContain('The shop cancelled this payment');
    expect(await notificationsOf(started.order)).toEqual([]);
  });

  it('a shopper who chooses to pay later has the Redsys session closed', async () => {
    const order = await place('tarjeta', 10);
    const started = await start(order);
    const session = await toTheBank(started);
    const left = await order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {});
    expect(left.status, JSON.stringify(left.error)).toBe(200);
    expect((await sandboxOrder(started.order)).status).toBe('voided');
    const tried = await sandboxFetch('redsys', `${session}/card`, form({ pan: CARD.pan, expiry: CARD.expiry, cvv: CARD.cvv }));
    expect(await tried.text()).toContain('The shop cancelled this payment');
    // An order the shopper never took to Redsys: nothing there to void (SIS0054), the cancel is done.
    const gateway = maybeGatewayOf(env, 'redsys')!;
    await expect(gateway.cancel({ pspReference: '0000NEVERSEEN', reference: order.reference, idempotencyKey: 'k' })).resolves.toMatchObject({ status: 'received' });
  });

  it('the sandbox refuses a form whose signature is wrong with SIS0042', async () => {
    const order = await place('tarjeta', 11);
    const started = await start(order);
    const forged = await sandboxFetch('redsys', '/sis/realizarPago', form({ ...started.data, Ds_MerchantParameters: encodeParameters({ ...started.parameters, DS_MERCHANT_AMOUNT: '1' }) }));
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain('SIS0042');
  });

  it('limits: Bizum is offered on the Spanish store only, and the shopper\'s language goes to the bank\'s page', async () => {
    const pt = await channelShopper('PT');
    const offer = await offerBetween('PT', 1_000, 60_000);
    await pt.browser.api('POST', `/api/orders/${pt.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    const placed = await pt.browser.api('POST', `/api/checkout/orders/${pt.cartId}/place`, { shippingType: 1, shippingAddressId: pt.address, paymentMethod: 'bizum', conditionsAccepted: true });
    expect(placed.status).toBeGreaterThanOrEqual(400);
    expect(placed.status).toBeLessThan(500);
    const card = await placeWith('tarjeta', offer, pt);
    const started = await start(card);
    expect(started.parameters['DS_MERCHANT_CONSUMERLANGUAGE']).toBe('009');
    expect(started.parameters['DS_MERCHANT_PAYMETHODS']).toBeUndefined();
  });

  it('is not configured in production with the published test key or a local SIS', () => {
    const vars = { REDSYS_BASE_URL: 'https://sis-t.redsys.es:25443', REDSYS_MERCHANT_CODE: '999008881', REDSYS_TERMINAL: '1', REDSYS_SECRET_KEY: env.REDSYS_SECRET_KEY };
    expect(redsysConfig({ ENVIRONMENT: 'production', ...vars })).toBeUndefined();
    expect(redsysConfig({ ENVIRONMENT: 'production', ...vars, REDSYS_SECRET_KEY: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev', REDSYS_BASE_URL: 'http://127.0.0.1:8799/redsys' })).toBeUndefined();
    expect(redsysConfig({ ENVIRONMENT: 'production', ...vars, REDSYS_SECRET_KEY: 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev' })).toMatchObject({ baseUrl: 'https://sis-t.redsys.es:25443' });
    expect(redsysConfig({ ENVIRONMENT: 'development', ...vars, REDSYS_TERMINAL: undefined })).toBeUndefined();
  });
});
