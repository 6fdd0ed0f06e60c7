/**
 * Oney (pay in 3 or 4) through Adyen's facilypay methods, against the Adyen sandbox
 * (docs/payments-oney.md): placing needs the terms accepted (46001, nothing written), the start
 * redirects to Oney's page with the variant chosen, the shopper's decision there comes back as a
 * redirectResult that /payments/details settles, the notifications apply once, the 60–2 500 €
 * limits give their own codes and amounts, and the spec's business-info and simulation calls.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PaymentAnswer } from '../../worker/payments/answer';
import { ONEY_FEES } from '../../worker/payments/oney/simulation';
import { maybeGatewayOf } from '../../worker/payments/providers';
import { runPaymentChecks, STUCK_PAYMENT_MS } from '../../worker/payments/scheduled';
import { channelShopper, gatewayStatus, offerBetween, paymentState, returnFromGateway, startGateway, type GatewayShopper, type OfferRow } from './gateways-helpers';
import { authorise3d, deliver, sandboxNotifications, sandboxPayments } from './payments-helpers';
import { request } from './helpers';

interface OneyOrder extends GatewayShopper {
  orderNumbers: string[];
  reference: string;
  amount: number;
}

const ACCEPTED = { variant: '3x', termsAccepted: true } as const;

async function addToCart(shopper: GatewayShopper, offer: OfferRow) {
  const added = await shopper.browser.api('POST', `/api/orders/${shopper.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
  expect(added.status, JSON.stringify(added.error)).toBe(200);
}

function place(shopper: GatewayShopper, oneyInfo: unknown) {
  return shopper.browser.api<{ orders: { orderNumber: string; state: string }[]; payment: { orderId: string; amount: { value: number }; method: string } }>('POST', `/api/checkout/orders/${shopper.cartId}/place`, {
    shippingType: 1,
    shippingAddressId: shopper.address,
    paymentMethod: 'oney',
    conditionsAccepted: true,
    ...(oneyInfo === undefined ? {} : { oneyInfo }),
  });
}

/** An Italian shopper's order placed with Oney (terms accepted, `variant`), awaiting its payment. */
async function placeOney(skip: number, variant: '3x' | '4x' = '3x'): Promise<OneyOrder> {
  const shopper = await channelShopper('IT');
  await addToCart(shopper, await offerBetween('IT', 8_000, 150_000, skip));
  const placed = await place(shopper, { variant, termsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  expect(placed.data.payment.method).toBe('oney');
  return { ...shopper, orderNumbers: placed.data.orders.map((o) => o.orderNumber), reference: placed.data.payment.orderId, amount: placed.data.payment.amount.value };
}

/** Starts the payment and answers on the sandbox's Oney page; the redirectResult the shopper comes back with. */
async function decideOnOney(order: OneyOrder, decision: 'approve' | 'refuse' | 'cancel'): Promise<string> {
  const started = await startGateway(order);
  expect(started.status, JSON.stringify(started.error)).toBe(200);
  expect(started.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'GET' } });
  const url = started.data.action!['url'] as string;
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Pay in');
  const answered = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `decision=${decision}`, redirect: 'manual' });
  expect(answered.status).toBe(302);
  const back = new URL(answered.headers.get('Location')!);
  // Back at our return page, for this order, through the card provider.
  expect(back.pathname).toBe('/cart/order/securePayment');
  expect(back.searchParams.get('orderId')).toBe(order.reference);
  expect(back.searchParams.get('provider')).toBe('adyen');
  return back.searchParams.get('redirectResult')!;
}

const ordersCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<number>('n'))!;

/** The quote's Oney entry for the shopper's cart, with the offer priced so the order totals `total` cents. */
async function oneyForTotal(shopper: GatewayShopper, offer: OfferRow, total: number) {
  const quote = () => shopper.browser.api<{ totals: { totalToPay: number }; payments: { slug: string }[]; paymentsNotAllowed: { slug: string; unavailableData: { error_code: number; amount?: number } }[] }>('GET', `/api/checkout/orders/${shopper.cartId}/quote?shippingType=1&shippingAddressId=${shopper.address}`);
  // Shipping may depend on the price: adjust until the total is the one wanted.
  for (let round = 0; round < 3; round++) {
    const now = await quote();
    expect(now.status, JSON.stringify(now.error)).toBe(200);
    if (now.data.totals.totalToPay === total) return { offered: now.data.payments.some((p) => p.slug === 'oney'), refused: now.data.paymentsNotAllowed.find((p) => p.slug === 'oney') };
    await env.DB.prepare('UPDATE offers SET price = price + ? WHERE id = ?').bind(total - now.data.totals.totalToPay, offer.id).run();
  }
  throw new Error('the total could not be set');
}

describe('Oney via Adyen', () => {
  it('is offered on the Italian store, and placing it without the terms accepted is 46001 and writes nothing', async () => {
    const shopper = await channelShopper('IT');
    await addToCart(shopper, await offerBetween('IT', 8_000, 150_000, 0));
    const before = await ordersCount();
    for (const oneyInfo of [undefined, null, { variant: '3x', termsAccepted: false }, { variant: null, termsAccepted: true }]) {
      const refused = await place(shopper, oneyInfo);
      expect(refused.status, JSON.stringify(oneyInfo)).toBe(400);
      expect(refused.error?.code).toBe(46001);
    }
    expect(await ordersCount()).toBe(before);
    // The same cart with the terms accepted is placed.
    expect((await place(shopper, ACCEPTED)).status).toBe(201);
    expect(await ordersCount()).toBeGreaterThan(before);
  });

  it('the checkout draft carries the choice: placing from it needs oneyInfo, and choosing another method clears it', async () => {
    const shopper = await channelShopper('IT');
    await addToCart(shopper, await offerBetween('IT', 8_000, 150_000, 1));
    const draft = (patch: Record<string, unknown>) => shopper.browser.api<{ oneyInfo: unknown }>('PUT', `/api/checkout/orders/${shopper.cartId}/draft`, patch);
    expect((await draft({ shippingType: 1, shippingAddressSelected: shopper.address, paymentMethodSelected: 'oney', oneyInfo: { variant: '4x', termsAccepted: false } })).data.oneyInfo).toEqual({ variant: '4x', termsAccepted: false });
    const before = await ordersCount();
    const refused = await shopper.browser.api('POST', `/api/checkout/orders/${shopper.cartId}/place`, { conditionsAccepted: true });
    expect(refused.error?.code).toBe(46001);
    expect(await ordersCount()).toBe(before);
    expect((await draft({ oneyInfo: { variant: '5x', termsAccepted: true } })).status).toBe(400);
    expect((await draft({ paymentMethodSelected: 'paypal' })).data.oneyInfo).toBeNull();
    await draft({ paymentMethodSelected: 'oney', oneyInfo: { variant: '4x', termsAccepted: true } });
    const placed = await shopper.browser.api<{ payment: { orderId: string } }>('POST', `/api/checkout/orders/${shopper.cartId}/place`, { conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    // The variant chosen is kept with the order and reaches Adyen as facilypay_4x.
    const started = await startGateway({ browser: shopper.browser, reference: placed.data.payment.orderId });
    expect(started.data.resultCode).toBe('RedirectShopper');
    expect(await sandboxPayments(placed.data.payment.orderId)).toMatchObject([{ paymentMethod: 'facilypay_4x', status: 'challenge' }]);
  });

  it('approved on Oney’s page: authorised, the orders confirmed, the notifications applied once however often they come', async () => {
    const order = await placeOney(2);
    const redirectResult = await decideOnOney(order, 'approve');
    expect(await sandboxPayments(order.reference)).toMatchObject([{ paymentMethod: 'facilypay_3x', amount: { value: order.amount } }]);
    // The return page sends it as a 3-D Secure result is sent (provider adyen).
    const answer = await authorise3d(order.browser, order.reference, { redirectResult });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect(answer.data.next).toContain('/cart/ok');
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders.every((s) => s !== 'awaiting_payment' && s !== 'cancelled')).toBe(true);
    expect(state.payments).toMatchObject([{ provider: 'adyen', method: 'oney', state: 'authorised', amount: order.amount }]);
    const notifications = await sandboxNotifications(order.reference);
    expect(notifications.map((n) => n.notificationItems[0]!.NotificationRequestItem)).toMatchObject([{ eventCode: 'AUTHORISATION', success: 'true', paymentMethod: 'facilypay_3x' }]);
    for (let i = 0; i < 3; i++) expect((await deliver(notifications[0])).text).toBe('[accepted]');
    const events = await env.DB.prepare('SELECT COUNT(*) AS n FROM payment_events WHERE psp_reference = ?').bind(state.payments[0]!['psp_reference']).first<number>('n');
    expect(events).toBe(1);
    expect((await paymentState(order.reference, order.orderNumbers)).orders).toEqual(state.orders);
    // The same result again changes nothing; the generic return answers how it stands.
    expect((await authorise3d(order.browser, order.reference, { redirectResult })).data.paymentResult).toBe('PROCESSED');
    expect((await gatewayStatus(order)).data.paymentResult).toBe('PROCESSED');
  });

  it('the generic gateway return completes an Oney payment too', async () => {
    const order = await placeOney(3, '4x');
    const redirectResult = await decideOnOney(order, 'approve');
    const answer = await returnFromGateway(order, 'adyen', { redirectResult });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data.paymentResult).toBe('PROCESSED');
  });

  it('refused by Oney: REJECTED, the orders stay payable, and a new attempt may start', async () => {
    const order = await placeOney(4);
    const answer = await authorise3d(order.browser, order.reference, { redirectResult: await decideOnOney(order, 'refuse') });
    expect(answer.data).toMatchObject({ resultCode: 'Refused', paymentResult: 'REJECTED_USER', reason: 'general' } satisfies Partial<PaymentAnswer>);
    expect(answer.data.next).toContain('/cart/ko');
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
    expect(state.payments).toMatchObject([{ state: 'refused' }]);
    expect((await sandboxNotifications(order.reference)).map((n) => n.notificationItems[0]!.NotificationRequestItem)).toMatchObject([{ eventCode: 'AUTHORISATION', success: 'false' }]);
    // Trying again is a new attempt with a new redirect.
    const again = await startGateway(order);
    expect(again.data.resultCode).toBe('RedirectShopper');
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toHaveLength(2);
  });

  it('cancelled by the shopper on Oney’s page: the answer says so, the attempt is over, the orders stay payable', async () => {
    const order = await placeOney(5);
    const answer = await authorise3d(order.browser, order.reference, { redirectResult: await decideOnOney(order, 'cancel') });
    expect(answer.data).toMatchObject({ resultCode: 'Cancelled', reason: 'cancelled_by_user' });
    const state = await paymentState(order.reference, order.orderNumbers);
    expect(state.orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
    // Adyen's AUTHORISATION success=false ends the attempt (worker/domain/payments/state-machine.ts).
    expect(state.payments).toMatchObject([{ state: 'refused', stage: 'done' }]);
  });

  it('never back from Oney’s page: the scheduled check gives the attempt up and cancels it at Adyen; the orders stay payable', async () => {
    const order = await placeOney(12);
    const started = await startGateway(order);
    expect(started.data.resultCode).toBe('RedirectShopper');
    const before = await paymentState(order.reference, order.orderNumbers);
    expect(before.payments).toMatchObject([{ state: 'pending' }]);
    // Not before its time.
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now());
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'pending' }]);
    await runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), Date.now() + STUCK_PAYMENT_MS + 60_000);
    const after = await paymentState(order.reference, order.orderNumbers);
    expect(after.payments).toMatchObject([{ state: 'expired' }]);
    expect(after.orders).toEqual(order.orderNumbers.map(() => 'awaiting_payment'));
    // Adyen was asked to cancel it (not authorised, so its CANCELLATION says success false).
    expect((await sandboxNotifications(order.reference)).map((n) => n.notificationItems[0]!.NotificationRequestItem)).toMatchObject([{ eventCode: 'CANCELLATION', success: 'false' }]);
    // The shopper may start again.
    expect((await startGateway(order)).data.resultCode).toBe('RedirectShopper');
  });

  it('a forged redirectResult is refused and settles nothing', async () => {
    const order = await placeOney(6);
    await decideOnOney(order, 'refuse');
    const forged = Buffer.from(JSON.stringify({ token: 'made-up', transStatus: 'Y' })).toString('base64');
    const answer = await authorise3d(order.browser, order.reference, { redirectResult: forged });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect((await paymentState(order.reference, order.orderNumbers)).payments).toMatchObject([{ state: 'pending' }]);
  });

  it('Adyen refuses an Oney payment without its line items or shopper details (422, its error body)', async () => {
    const call = (body: Record<string, unknown>) =>
      fetch(`${env.ADYEN_SANDBOX_URL}/checkout/v71/payments`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': env.ADYEN_API_KEY }, body: JSON.stringify(body) });
    const complete = {
      merchantAccount: env.ADYEN_MERCHANT_ACCOUNT, amount: { currency: 'EUR', value: 12_000 }, reference: 'ONEY-422', returnUrl: 'https://it.localhost/cart/order/securePayment', countryCode: 'IT',
      paymentMethod: { type: 'facilypay_3x' }, shopperName: { firstName: 'Giulia', lastName: 'Rossi' }, shopperEmail: 'giulia@example.com', telephoneNumber: '+393123456789',
      billingAddress: { street: 'Via Roma', houseNumberOrName: '10', postalCode: '20121', city: 'Milano', country: 'IT' },
      deliveryAddress: { street: 'Via Roma', houseNumberOrName: '10', postalCode: '20121', city: 'Milano', country: 'IT' },
      lineItems: [{ id: '1', description: 'Laptop', quantity: 1, amountIncludingTax: 12_000 }],
    };
    expect((await call(complete)).status).toBe(200);
    for (const field of ['lineItems', 'shopperName', 'telephoneNumber', 'deliveryAddress']) {
      const answer = await call(Object.fromEntries(Object.entries(complete).filter(([name]) => name !== field)));
      expect(answer.status, field).toBe(422);
      expect(await answer.json()).toMatchObject({ status: 422, errorCode: '702', errorType: 'validation', message: `Required field '${field}' is not provided.` });
    }
    const germany = await call({ ...complete, countryCode: 'DE' });
    expect(await germany.json()).toMatchObject({ errorCode: '905_1', errorType: 'configuration' });
  });
});

describe('Oney limits and conditions', () => {
  it.each([
    [5_999, 32011, 6_000],
    [250_001, 32010, 250_000],
  ])('an order of %i cents is not offered Oney: code %i with the limit %i', async (total, code, limit) => {
    const shopper = await channelShopper('IT');
    const offer = await offerBetween('IT', 2_000, 150_000, total > 100_000 ? 7 : 8);
    await addToCart(shopper, offer);
    const { offered, refused } = await oneyForTotal(shopper, offer, total);
    expect(offered).toBe(false);
    expect(refused?.unavailableData).toEqual({ error_code: code, amount: limit });
    // Placing it anyway is refused with the same reason.
    const placed = await place(shopper, ACCEPTED);
    expect(placed.error?.code).toBe(1109);
  });

  it.each([6_000, 250_000])('an order of exactly %i cents is offered Oney', async (total) => {
    const shopper = await channelShopper('IT');
    const offer = await offerBetween('IT', 2_000, 150_000, total > 100_000 ? 9 : 10);
    await addToCart(shopper, offer);
    expect((await oneyForTotal(shopper, offer, total)).offered).toBe(true);
  });

  it('business-info gives the channel’s variants, fees, limits and legal text', async () => {
    const response = await request('https://it.localhost/api/orders/oney/business-info');
    const body = (await response.json()) as { ok: boolean; data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      channel: 'IT', currency: 'EUR', minAmount: 6_000, maxAmount: 250_000,
      variants: [
        { code: '3x', instalments: 3, paymentMethodType: 'facilypay_3x', fee: { basisPoints: ONEY_FEES.IT['3x'].basisPoints, maxFee: ONEY_FEES.IT['3x'].max } },
        { code: '4x', instalments: 4, paymentMethodType: 'facilypay_4x' },
      ],
    });
    expect(body.data['legalTextUrl']).toMatch(/^https:\/\//);
  });

  it('variants-info-data simulates the checkout’s total in 3 and 4, in cents adding up to total + fee', async () => {
    const shopper = await channelShopper('IT');
    await addToCart(shopper, await offerBetween('IT', 8_000, 150_000, 11));
    await shopper.browser.api('PUT', `/api/checkout/orders/${shopper.cartId}/draft`, { shippingType: 1, shippingAddressSelected: shopper.address, paymentMethodSelected: 'oney' });
    const simulation = await shopper.browser.api<{ purchaseAmount: number; variants: { code: string; fee: number; totalAmount: number; instalments: { amount: number; date: string }[] }[] }>('POST', `/api/checkout/oney/variants-info-data/${shopper.cartId}`, { variantCodes: ['3x', '4x'] });
    expect(simulation.status, JSON.stringify(simulation.error)).toBe(200);
    const { purchaseAmount, variants } = simulation.data;
    expect(variants.map((v) => [v.code, v.instalments.length])).toEqual([['3x', 3], ['4x', 4]]);
    for (const v of variants) {
      expect(v.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(purchaseAmount + v.fee);
      expect(v.totalAmount).toBe(purchaseAmount + v.fee);
      expect(v.instalments.every((i) => Number.isInteger(i.amount))).toBe(true);
    }
    // Bad input changes nothing and is a 400; another shopper's cart is not found.
    expect((await shopper.browser.api('POST', `/api/checkout/oney/variants-info-data/${shopper.cartId}`, { variantCodes: ['5x'] })).status).toBe(400);
    expect((await shopper.browser.api('POST', `/api/checkout/oney/variants-info-data/${shopper.cartId}`, { variantCodes: [] })).status).toBe(400);
    const stranger = await channelShopper('IT');
    expect((await stranger.browser.api('POST', `/api/checkout/oney/variants-info-data/${shopper.cartId}`, { variantCodes: ['3x'] })).status).toBe(404);
  });
});
