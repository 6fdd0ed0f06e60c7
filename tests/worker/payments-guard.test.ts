/**
 * The payment calls' doors: card numbers in clear refused before anything is stored or forwarded,
 * every call's 4xx on bad input, and ownership (another user cannot pay, read or leave an order).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signUp, TestBrowser } from './browser';
import { checkoutOffers } from './checkout-helpers';
import { card, completeChallenge, googlePayTestToken, orderStates, payData, paymentRows, placeByCard, sandboxPayments, VISA, VISA_3DS } from './payments-helpers';

/** A 13-digit EAN whose digits also pass the Luhn check. */
const LUHN_EAN = '4006381333924';

describe('card numbers in clear', () => {
  it.each([
    ['a plain card number', { paymentMethod: { type: 'scheme', number: '4111 1111 1111 1111', expiryMonth: '03', expiryYear: '2030', cvc: '737' } }],
    ['an "encrypted" field holding the number itself', { paymentMethod: { type: 'scheme', encryptedCardNumber: '4111-1111-1111-1111' } }],
    ['a number anywhere in the body', { paymentMethod: card(VISA), note: 'card 5555 5555 5555 4444' }],
  ])('%s is refused (CARD_DATA_NOT_ACCEPTED): nothing stored, nothing sent to the provider', async (_name, body) => {
    const order = await placeByCard();
    const refused = await payData(order.browser, order.reference, body);
    expect(refused).toMatchObject({ status: 400, data: null, error: { code: 'CARD_DATA_NOT_ACCEPTED' } });
    expect(await paymentRows(order.reference)).toEqual([]);
    expect(await sandboxPayments(order.reference)).toEqual([]);
  });

  it('a card-named field in any other call is refused too; an EAN in an ordinary body passes as before', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const { own } = await checkoutOffers();
    const withCard = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: own[0]!.article_id, qty: 1 }], cardNumber: '4111111111111111' });
    expect(withCard).toMatchObject({ status: 400, error: { code: 'CARD_DATA_NOT_ACCEPTED' } });
    const withEan = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: own[0]!.article_id, qty: 1 }], ean: LUHN_EAN });
    expect(withEan.status).toBe(200);
    const cart = await browser.api<{ articles: unknown[] }>('GET', `/api/checkout/orders/${cartId}/cart`);
    expect(cart.data.articles).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('every payment call answers 4xx with the envelope and changes nothing', async () => {
    const order = await placeByCard();
    const { browser, reference } = order;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/orders/payment/adyen/config', undefined],
      ['GET', '/api/orders/payment/adyen/config?orderId=nope', undefined],
      ['POST', `/api/orders/payment/adyen/data?orderId=${reference}`, { paymentMethod: 'scheme' }],
      ['POST', `/api/orders/payment/adyen/data?orderId=${reference}`, { paymentMethod: { encryptedCardNumber: 'x' } }],
      ['POST', '/api/orders/payment/adyen/data', { paymentMethod: card(VISA) }],
      ['POST', '/api/orders/payment/adyen/authorise3d', { orderId: reference }],
      ['POST', '/api/orders/payment/adyen/authorise3d', { orderId: reference, details: {} }],
      ['POST', '/api/orders/payment/adyen/authorise3d', { orderId: 'ES-1', details: { redirectResult: 'x' } }],
      ['POST', '/api/orders/payment/adyen/wallet', { orderNumber: reference }],
      ['POST', '/api/orders/payment/googlepay/transaction', { orderId: reference, googlePayToken: '' }],
      ['POST', '/api/orders/payment/applepay/transaction', { orderId: reference }],
      ['GET', '/api/orders/payment/error/not-an-order', undefined],
      ['GET', '/api/user/orders/not-an-order/minimal', undefined],
      ['POST', '/api/checkout/orders/transaction/unpaid/not-an-order', {}],
      ['POST', `/api/checkout/orders/transaction/unpaid/${reference}`, { hash: 'zz' }],
      ['GET', `/api/orders/payment/adyen/config?orderId=${reference}&hash=${'0'.repeat(32)}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const answer = await browser.api(method, path, body);
      expect([400, 404, 409], `${method} ${path}`).toContain(answer.status);
      expect(answer.data, `${method} ${path}`).toBeNull();
      expect(answer.error?.code, `${method} ${path}`).toBeTruthy();
    }
    // Details the provider does not recognise (a made-up redirectResult) are the browser's bad input too.
    const started = await payData(browser, reference, { paymentMethod: card(VISA_3DS) });
    expect((await browser.api('POST', '/api/orders/payment/adyen/authorise3d', { orderId: reference, details: { redirectResult: btoa('{"token":"forged","transStatus":"Y"}') } })).status).toBe(400);
    // …and the step stays open: the real result still completes it.
    const done = await browser.api<{ paymentResult: string }>('POST', '/api/orders/payment/adyen/authorise3d', { orderId: reference, details: await completeChallenge(started.data.action!) });
    expect(done.data.paymentResult).toBe('PROCESSED');
    // Anonymous callers are asked to sign in.
    const anonymous = await new TestBrowser().api('POST', `/api/orders/payment/adyen/data?orderId=${reference}`, { paymentMethod: card(VISA) });
    expect(anonymous.status).toBe(401);
  });
});

describe('ownership', () => {
  it("user B cannot pay, read or leave user A's order; A's order is untouched", async () => {
    const order = await placeByCard();
    const bob = new TestBrowser();
    await signUp(bob);
    const n = order.reference;
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/orders/payment/adyen/config?orderId=${n}`, undefined],
      ['POST', `/api/orders/payment/adyen/data?orderId=${n}`, { paymentMethod: card(VISA) }],
      ['POST', '/api/orders/payment/adyen/authorise3d', { orderId: n, details: { redirectResult: 'abc' } }],
      ['POST', '/api/orders/payment/adyen/wallet', { orderNumber: n, redirectResult: 'abc' }],
      ['POST', '/api/orders/payment/googlepay/transaction', { orderId: n, googlePayToken: googlePayTestToken({ number: VISA, expiryMonth: '03', expiryYear: '2030' }) }],
      ['POST', '/api/orders/payment/applepay/transaction', { orderId: n, applePayToken: 'abc' }],
      ['GET', `/api/orders/payment/error/${n}`, undefined],
      ['GET', `/api/user/orders/${n}/minimal`, undefined],
      ['POST', `/api/checkout/orders/transaction/unpaid/${n}`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await bob.api(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.data).toBeNull();
    }
    expect(await paymentRows(n)).toEqual([]);
    expect(await sandboxPayments(n)).toEqual([]);
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    // The owner still can.
    expect((await payData(order.browser, n, { paymentMethod: card(VISA) })).data.paymentResult).toBe('PROCESSED');
    expect(await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(n).first('user_id')).toBeTruthy();
  });
});

describe('paying from a pay-later link', () => {
  it('anyone holding the link pays the orders without signing in, but not with the owner’s stored cards; a wrong link is refused', async () => {
    const order = await placeByCard();
    await payData(order.browser, order.reference, { paymentMethod: card(VISA, 'NOT_ENOUGH_BALANCE') });
    const link = await order.browser.api<{ hash: string }>('POST', `/api/orders/payment/link/create/${order.reference}`);
    expect([200, 201]).toContain(link.status);
    const hash = link.data.hash;
    const payer = new TestBrowser();
    const config = await payer.api<{ amount: { value: number } }>('GET', `/api/orders/payment/adyen/config?orderId=${order.reference}&hash=${hash}`);
    expect(config.data.amount.value).toBe(order.amount);
    expect((await payData(payer, order.reference, { paymentMethod: { type: 'scheme', storedPaymentMethodId: 'ABCDEF1234567890' }, hash })).status).toBe(404);
    expect((await payData(payer, order.reference, { paymentMethod: card(VISA), storePaymentMethod: true, hash })).status).toBe(404);
    expect((await payData(payer, order.reference, { paymentMethod: card(VISA), hash: 'f'.repeat(32) })).error?.code).toBe(1402);
    const started = await payData(payer, order.reference, { paymentMethod: card(VISA_3DS), hash });
    expect(started.data).toMatchObject({ resultCode: 'ChallengeShopper', next: `/cart/ko?orderId=${order.reference}&hash=${hash}` });
    const left = await payer.api('POST', `/api/checkout/orders/transaction/unpaid/${order.reference}`, { hash });
    expect(left.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'cancelled_by_user' });
    const paid = await payData(payer, order.reference, { paymentMethod: card(VISA), hash });
    expect(paid.data).toMatchObject({ paymentResult: 'PROCESSED', next: `/cart/ok?orderId=${order.reference}&hash=${hash}` });
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
    // Paid: the link now says so.
    expect((await payData(payer, order.reference, { paymentMethod: card(VISA), hash })).error?.code).toBe(1421);
  });
});
