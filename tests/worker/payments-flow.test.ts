/**
 * Paying orders by card through the Worker and the real Adyen sandbox (scripts/sandboxes/adyen):
 * placing with a card method, the synchronous answer and the webhook confirming the orders once
 * in either order, refusals with their reasons, 3-D Secure, frictionless, stored cards, wallets.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { abandonAttempt, scopeOf, startPayment } from '../../worker/payments/attempts';
import type { PaymentAnswer } from '../../worker/payments/answer';
import type { PaymentGateway } from '../../worker/payments/port';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import {
  applePayTestToken,
  authorise3d,
  card,
  completeChallenge,
  deliver,
  googlePayTestToken,
  MC_FRICTIONLESS,
  orderEventsOf,
  orderStates,
  payData,
  paymentRows,
  placeByCard,
  sandboxNotifications,
  sandboxPayments,
  stockOf,
  testGateway,
  VISA,
  VISA_3DS,
} from './payments-helpers';

describe('placing with a card method', () => {
  it('creates the orders awaiting payment, stock reserved, under one payment reference', async () => {
    const { own } = await checkoutOffers();
    const stock = await stockOf(own[1]!.id);
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[1]!, 2);
    const placed = await browser.api<{ orders: { orderNumber: string; state: string; total: number }[]; payment: Record<string, unknown> }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'tarjeta', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    expect(placed.data.orders.map((o) => o.state)).toEqual(['awaiting_payment']);
    expect(placed.data.payment).toEqual({ orderId: placed.data.orders[0]!.orderNumber, amount: { value: placed.data.orders[0]!.total, currency: 'EUR' }, method: 'tarjeta', loadingMode: 'redirect' });
    expect(await stockOf(own[1]!.id)).toBe(stock - 2);
    const rows = await env.DB.prepare('SELECT reference, order_number FROM payment_orders WHERE reference = ?').bind(placed.data.orders[0]!.orderNumber).all();
    expect(rows.results).toHaveLength(1);
  });

  it('one payment pays every order of a checkout (ours and a marketplace seller’s)', async () => {
    const { own, marketplace } = await checkoutOffers();
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[2]!, 1);
    await add(browser, cartId, marketplace, 1);
    const placed = await browser.api<{ orders: { orderNumber: string; total: number }[]; payment: { orderId: string; amount: { value: number } } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const numbers = placed.data.orders.map((o) => o.orderNumber);
    expect(numbers).toHaveLength(2);
    expect(placed.data.payment.amount.value).toBe(placed.data.orders.reduce((sum, o) => sum + o.total, 0));
    const paid = await payData(browser, placed.data.payment.orderId, { paymentMethod: card(VISA) });
    expect(paid.data.paymentResult).toBe('PROCESSED');
    expect([...paid.data.orderNumbers].sort()).toEqual([...numbers].sort());
    expect(paid.data.orderNumbers[0]).toBe(placed.data.payment.orderId);
    expect(await orderStates(numbers)).toEqual(['confirmed', 'confirmed']);
    const charged = await sandboxPayments(placed.data.payment.orderId);
    expect(charged.map((p) => p.amount.value)).toEqual([placed.data.payment.amount.value]);
  });
});

describe('the answer and the webhook', () => {
  it('answer first: the authorised card confirms the orders once; the webhook delivered later changes nothing', async () => {
    const order = await placeByCard();
    const paid = await payData(order.browser, order.reference, { paymentMethod: card(VISA), browserInfo: { userAgent: 'test', acceptHeader: '*/*' } });
    expect(paid.status).toBe(200);
    expect(paid.data).toEqual({ orderNumbers: order.orderNumbers, paymentResult: 'PROCESSED', resultCode: 'Authorised', next: `/cart/ok?orderId=${order.reference}` });
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
    const notifications = await sandboxNotifications(order.reference);
    expect(notifications).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(notifications[0])));
    expect(answers.every((a) => a.status === 200 && a.text === '[accepted]')).toBe(true);
    expect(await orderEventsOf(order.reference)).toEqual(['awaiting_payment', 'confirmed']);
    expect(await paymentRows(order.reference)).toMatchObject([{ attempt: 1, state: 'authorised', stage: 'done', version: 1 }]);
    expect(await sandboxPayments(order.reference)).toHaveLength(1);
  });

  it('webhook first (50 deliveries at once, before the answer is recorded): one transition, and the answer agrees', async () => {
    const order = await placeByCard();
    const real = testGateway();
    // The provider's webhook overtakes its own answer: delivered, 50 times, between the call and its recording.
    const racing: PaymentGateway = Object.assign(Object.create(real) as PaymentGateway, {
      startPayment: async (input: Parameters<PaymentGateway['startPayment']>[0]) => {
        const outcome = await real.startPayment(input);
        const [notification] = await sandboxNotifications(order.reference);
        const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(notification)));
        expect(answers.every((a) => a.text === '[accepted]')).toBe(true);
        return outcome;
      },
    });
    const scope = (await scopeOf(env.DB, order.reference))!;
    const result = await startPayment(env.DB, racing, { scope, hash: 'webhook-first', currency: 'EUR', request: { paymentMethod: card(VISA), returnUrl: 'http://es.localhost/cart/order/securePayment' }, pages: { ok: '/ok', ko: '/ko' }, now: Date.now() });
    expect(result).toMatchObject({ kind: 'answer', answer: { paymentResult: 'PROCESSED' } });
    expect(await orderEventsOf(order.reference)).toEqual(['awaiting_payment', 'confirmed']);
    expect(await paymentRows(order.reference)).toMatchObject([{ state: 'authorised', version: 1 }]);
    const events = await env.DB.prepare('SELECT COUNT(*) AS n, SUM(applied) AS applied FROM payment_events WHERE merchant_reference = ?').bind(order.reference).first();
    expect(events).toEqual({ n: 1, applied: 1 });
  });
});

describe('refused cards', () => {
  it.each([
    ['NOT_ENOUGH_BALANCE', '12', 'funds_exceeded'],
    ['WITHDRAWAL_AMOUNT_EXCEEDED', '28', 'funds_exceeded'],
    ['AUTHENTICATION_REQUIRED', '38', 'authentication_required'],
    ['SHOPPER_CANCELLED', '16', 'cancelled_by_user'],
    ['DECLINED', '2', 'general'],
    ['BLOCK_CARD', '5', 'general'],
  ])('holder %s (refusal %s): REJECTED_USER %s, the order stays payable and a new attempt pays it', async (holder, _code, reason) => {
    const order = await placeByCard();
    const stock = await stockOf(order.offer.id);
    const refused = await payData(order.browser, order.reference, { paymentMethod: card(VISA, holder) });
    expect(refused.status).toBe(200);
    expect(refused.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Refused', reason, next: `/cart/ko?orderId=${order.reference}` });
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    expect(await stockOf(order.offer.id)).toBe(stock);
    const error = await order.browser.api('GET', `/api/orders/payment/error/${order.reference}`);
    expect(error.data).toEqual({ orderNumber: order.reference, paymentResult: 'REJECTED_USER', reason: reason === 'general' ? null : reason, canPayLater: true });
    // The refusal's webhook changes nothing more.
    for (const notification of await sandboxNotifications(order.reference)) await deliver(notification);
    expect(await paymentRows(order.reference)).toMatchObject([{ attempt: 1, state: 'refused' }]);
    const paid = await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    expect(paid.data.paymentResult).toBe('PROCESSED');
    expect(await paymentRows(order.reference)).toMatchObject([{ attempt: 1, state: 'refused' }, { attempt: 2, state: 'authorised' }]);
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
  });
});

describe('3-D Secure', () => {
  it('challenge: the action goes to the browser, the shopper passes the challenge page, authorise3d confirms once', async () => {
    const order = await placeByCard();
    const started = await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    expect(started.data).toMatchObject({ paymentResult: 'PENDING', resultCode: 'ChallengeShopper', action: { type: 'threeDS2', subtype: 'challenge' } });
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    const details = await completeChallenge(started.data.action!);
    const done = await authorise3d(order.browser, order.reference, details);
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised', next: `/cart/ok?orderId=${order.reference}` });
    // The shopper's browser comes back twice (a refresh of the return page): the same answer, no second details call.
    expect((await authorise3d(order.browser, order.reference, details)).data).toEqual(done.data);
    for (const notification of await sandboxNotifications(order.reference)) await deliver(notification);
    expect(await orderEventsOf(order.reference)).toEqual(['awaiting_payment', 'confirmed']);
  });

  it('a failed challenge is authentication_required; a cancelled one is cancelled_by_user; both leave the order payable', async () => {
    const order = await placeByCard();
    const first = await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    const failed = await authorise3d(order.browser, order.reference, await completeChallenge(first.data.action!, 'wrong'));
    expect(failed.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'authentication_required' });
    const second = await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS, 'Ana') });
    const cancelled = await authorise3d(order.browser, order.reference, await completeChallenge(second.data.action!, '', 'cancel'));
    expect(cancelled.data).toMatchObject({ paymentResult: 'REJECTED_USER', resultCode: 'Cancelled', reason: 'cancelled_by_user' });
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    expect((await paymentRows(order.reference)).map((p) => p.state)).toEqual(['refused', 'refused']);
  });

  it("another payment's 3-D Secure result does not settle this order: 400, nothing recorded, the step stays open", async () => {
    const mine = await placeByCard();
    const theirs = await placeByCard();
    const myStart = await payData(mine.browser, mine.reference, { paymentMethod: card(VISA_3DS) });
    const theirStart = await payData(theirs.browser, theirs.reference, { paymentMethod: card(VISA_3DS) });
    const theirDetails = await completeChallenge(theirStart.data.action!);
    const copied = await authorise3d(mine.browser, mine.reference, theirDetails);
    expect([copied.status, copied.error?.code]).toEqual([400, 'PAYMENT_DETAILS_MISMATCH']);
    expect(await orderStates(mine.orderNumbers)).toEqual(['awaiting_payment']);
    expect(await paymentRows(mine.reference)).toMatchObject([{ attempt: 1, state: 'pending', stage: 'action' }]);
    // Both shoppers then finish their own challenges, each paying once.
    expect((await authorise3d(mine.browser, mine.reference, await completeChallenge(myStart.data.action!))).data).toMatchObject({ paymentResult: 'PROCESSED' });
    expect((await authorise3d(theirs.browser, theirs.reference, theirDetails)).data).toMatchObject({ paymentResult: 'PROCESSED' });
    expect(await orderStates([...mine.orderNumbers, ...theirs.orderNumbers])).toEqual(['confirmed', 'confirmed']);
  });

  it('frictionless: authorised at once, no action', async () => {
    const order = await placeByCard();
    const paid = await payData(order.browser, order.reference, { paymentMethod: card(MC_FRICTIONLESS) });
    expect(paid.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect(paid.data.action).toBeUndefined();
  });

  it('the shopper leaves the challenge (unpaid): the attempt is cancelled, its challenge can no longer authorise, a new attempt pays', async () => {
    const order = await placeByCard();
    const started = await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    const left = await order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {});
    expect(left.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' });
    const late = await authorise3d(order.browser, order.reference, await completeChallenge(started.data.action!));
    expect(late.data).toMatchObject({ paymentResult: 'REJECTED_USER' });
    expect((await sandboxPayments(order.reference)).map((p) => p.status)).toEqual(['challenge']);
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    expect((await payData(order.browser, order.reference, { paymentMethod: card(VISA) })).data.paymentResult).toBe('PROCESSED');
  });
});

describe('an attempt given up while it waits for 3-D Secure is cancelled at the provider', () => {
  /** The CANCELLATION notifications the sandbox made for this reference: one per cancel it received. */
  async function cancellations(reference: string) {
    const items = (await sandboxNotifications(reference)).map((n) => n.notificationItems[0]!.NotificationRequestItem);
    return items.filter((item) => item['eventCode'] === 'CANCELLATION').map((item) => item['originalReference']);
  }

  it('unpaid cancels the waiting attempt at the provider once, however often the shopper leaves', async () => {
    const order = await placeByCard();
    await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    const [waiting] = await paymentRows(order.reference);
    expect(waiting!.psp_reference).toBeTruthy();
    expect(await cancellations(order.reference)).toEqual([]);
    const left = await Promise.all([1, 2].map(() => order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {})));
    expect(left.map((l) => l.status)).toEqual([200, 200]);
    await order.browser.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, {});
    expect(await cancellations(order.reference)).toEqual([waiting!.psp_reference]);
    expect(await paymentRows(order.reference)).toMatchObject([{ state: 'cancelled', stage: 'done' }]);
  });

  it('a new, different pay request cancels the attempt it supersedes, once, and pays', async () => {
    const order = await placeByCard();
    await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    const [waiting] = await paymentRows(order.reference);
    // The identical request retried is not a new one: nothing is cancelled.
    await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    expect(await cancellations(order.reference)).toEqual([]);
    const paid = await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    expect(paid.data.paymentResult).toBe('PROCESSED');
    expect(await cancellations(order.reference)).toEqual([waiting!.psp_reference]);
    expect((await paymentRows(order.reference)).map((p) => p.state)).toEqual(['cancelled', 'authorised']);
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
  });

  it('a cancel the provider fails does not fail the shopper: the new attempt still pays, unpaid still answers', async () => {
    const failing: PaymentGateway = Object.assign(Object.create(testGateway()) as PaymentGateway, {
      cancel: async () => {
        throw new Error('provider down');
      },
    });
    const pages = { ok: '/ok', ko: '/ko' };
    const request = { returnUrl: 'http://es.localhost/cart/order/securePayment' };
    const superseded = await placeByCard();
    const scope = (await scopeOf(env.DB, superseded.reference))!;
    const waiting = await startPayment(env.DB, failing, { scope, hash: 'first', currency: 'EUR', request: { ...request, paymentMethod: card(VISA_3DS) }, pages, now: Date.now() });
    expect(waiting).toMatchObject({ kind: 'answer', answer: { paymentResult: 'PENDING' } });
    const paid = await startPayment(env.DB, failing, { scope, hash: 'second', currency: 'EUR', request: { ...request, paymentMethod: card(VISA) }, pages, now: Date.now() });
    expect(paid).toMatchObject({ kind: 'answer', answer: { paymentResult: 'PROCESSED' } });

    const left = await placeByCard();
    const leftScope = (await scopeOf(env.DB, left.reference))!;
    await startPayment(env.DB, failing, { scope: leftScope, hash: 'first', currency: 'EUR', request: { ...request, paymentMethod: card(VISA_3DS) }, pages, now: Date.now() });
    expect(await abandonAttempt(env.DB, failing, leftScope, pages, Date.now())).toMatchObject({ kind: 'answer', answer: { paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' } });
    expect(await paymentRows(left.reference)).toMatchObject([{ state: 'cancelled' }]);
  });
});

describe('stored cards and wallets', () => {
  it('a card saved with the first order pays the second one without a challenge', async () => {
    const first = await placeByCard();
    const saved = await payData(first.browser, first.reference, { paymentMethod: card(VISA_3DS), storePaymentMethod: true });
    await authorise3d(first.browser, first.reference, await completeChallenge(saved.data.action!));
    const { browser } = first;
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const address = (await browser.api<{ id: number }[]>('GET', '/api/user/addresses/shipping')).data;
    const second = await placeByCard(1, 'adyen', { browser, cartId, address: Array.isArray(address) ? address[0]!.id : (address as unknown as { id: number }).id });
    const config = await browser.api<{ paymentMethodsResponse: { storedPaymentMethods: { id: string; lastFour: string }[] } }>('GET', `/api/orders/payment/adyen/config?orderId=${second.reference}`);
    const stored = config.data.paymentMethodsResponse.storedPaymentMethods;
    expect(stored.map((s) => s.lastFour)).toEqual(['0000']);
    const paid = await payData(browser, second.reference, { paymentMethod: { type: 'scheme', storedPaymentMethodId: stored[0]!.id } });
    expect(paid.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect(await orderStates(second.orderNumbers)).toEqual(['confirmed']);
  });

  it('Google Pay and Apple Pay pay their orders', async () => {
    const google = await placeByCard(1, 'adyen-googlepay');
    const byGoogle = await google.browser.api('POST', '/api/orders/payment/googlepay/transaction', { orderId: google.reference, googlePayToken: googlePayTestToken({ number: VISA, expiryMonth: '03', expiryYear: '2030' }) });
    expect(byGoogle.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect(await orderStates(google.orderNumbers)).toEqual(['confirmed']);
    const apple = await placeByCard(1, 'adyen-applepay');
    const byApple = await apple.browser.api('POST', '/api/orders/payment/applepay/transaction', { orderId: apple.reference, applePayToken: applePayTestToken({ number: VISA, expiryMonth: '03', expiryYear: '2030' }) });
    expect(byApple.data).toMatchObject({ paymentResult: 'PROCESSED' });
    expect(await orderStates(apple.orderNumbers)).toEqual(['confirmed']);
  });
});

describe('a wallet payment with a step', () => {
  it('Google Pay with a card that needs 3-D Secure: the wallet return (redirectResult) completes it once', async () => {
    const order = await placeByCard(1, 'adyen-googlepay');
    const token = googlePayTestToken({ number: VISA_3DS, expiryMonth: '03', expiryYear: '2030', authMethod: 'PAN_ONLY' });
    const started = await order.browser.api<PaymentAnswer>('POST', '/api/orders/payment/googlepay/transaction', { orderId: order.reference, googlePayToken: token });
    expect(started.data).toMatchObject({ paymentResult: 'PENDING', action: { type: 'threeDS2' } });
    const { threeDSResult } = await completeChallenge(started.data.action!);
    const returned = await order.browser.api<PaymentAnswer>('POST', '/api/orders/payment/adyen/wallet', { orderNumber: order.reference, redirectResult: threeDSResult });
    expect(returned.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
    expect(await sandboxPayments(order.reference)).toHaveLength(1);
  });
});

describe('reading the payment', () => {
  it('config, minimal and error describe the order and its payment', async () => {
    const order = await placeByCard();
    const config = await order.browser.api<Record<string, unknown>>('GET', `/api/orders/payment/adyen/config?orderId=${order.reference}`);
    expect(config.data).toMatchObject({ clientKey: env.ADYEN_CLIENT_KEY, environment: 'test', environmentUrls: { api: env.ADYEN_CLIENT_API_URL }, locale: 'es-ES', countryCode: 'ES', amount: { value: order.amount, currency: 'EUR' } });
    expect((config.data['paymentMethodsResponse'] as { paymentMethods: { type: string }[] }).paymentMethods.map((m) => m.type)).toContain('scheme');
    const user = await order.browser.api<Record<string, unknown>>('GET', '/api/user/adyen/config');
    expect(user.data).toMatchObject({ amount: { value: 0, currency: 'EUR' } });
    const before = await order.browser.api('GET', `/api/user/orders/${order.reference}/minimal`);
    expect(before.data).toMatchObject({ orderNumber: order.reference, state: 'awaiting_payment', paymentState: null, total: order.amount, currency: 'EUR', paymentMethod: 'adyen', orderNumbers: order.orderNumbers, paid: false, paidAt: null });
    await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    expect((await order.browser.api('GET', `/api/user/orders/${order.reference}/minimal`)).data).toMatchObject({ state: 'confirmed', paymentState: 'authorised', paid: true });
    expect((await order.browser.api('GET', `/api/orders/payment/error/${order.reference}`)).data).toEqual({ orderNumber: order.reference, paymentResult: 'PROCESSED', reason: null, canPayLater: false });
  });
});
