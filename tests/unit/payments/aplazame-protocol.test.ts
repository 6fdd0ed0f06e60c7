/**
 * Aplazame's protocol in our terms (worker/payments/aplazame/): the checkout body, the order id per
 * attempt, statuses as outcomes and events, the notification's Bearer key and answer, the
 * configuration, and the island's one retry on 695102 — against the examples of Aplazame's docs
 * (tests/fixtures/aplazame/docs-examples.json).
 */
import { describe, expect, it } from 'vitest';
import docs from '../../fixtures/aplazame/docs-examples.json';
import { acceptHeader, aplazameConfig, checkoutPageFor } from '../../../worker/payments/aplazame/config';
import { aplazameNotifications } from '../../../worker/payments/aplazame/notifications';
import { checkoutBody, eventsOf, midFor, outcomeOf, referenceOfMid } from '../../../worker/payments/aplazame/protocol';
import { validateCheckout } from '../../../scripts/sandboxes/aplazame/sandbox';
import { ApiError } from '../../../client/api';
import { startWithRetry } from '../../../client/islands/gateway-aplazame';
import type { PaymentAnswer } from '../../../worker/payments/answer';
import type { StartPaymentInput } from '../../../worker/payments/port';

const config = { baseUrl: 'https://api.aplazame.com', privateKey: 'api_private_key', publicKey: 'api_public_key', sandbox: false, checkoutPageUrl: 'https://checkout.aplazame.com/' };

const input: StartPaymentInput = {
  amount: { value: 24_385, currency: 'EUR' },
  reference: 'ES-123456-ABCDEF',
  attempt: 2,
  paymentMethod: { type: 'aplazame' },
  returnUrl: 'https://www.ampora.es/cart/order/securePayment?orderId=ES-123456-ABCDEF&provider=aplazame',
  cancelUrl: 'https://www.ampora.es/cart/order/securePayment?orderId=ES-123456-ABCDEF&provider=aplazame&cancelled=1',
  notificationUrl: 'https://www.ampora.es/api/paymentGateway/aplazame/notification',
  shopper: { firstName: 'Ana', lastName: 'García', email: 'ana@example.com', phone: '612345678', shippingAddress: { street: 'Calle de Alcalá 42', postalCode: '28014', city: 'Madrid', country: 'ES' } },
  lines: [
    { articleId: 7, name: 'Monitor', qty: 2, unitPrice: 9_990 },
    { articleId: 9, name: 'Cable', qty: 1, unitPrice: 410 },
  ],
  origin: 'https://www.ampora.es',
  shopperLocale: 'es-ES',
};

describe('the checkout body', () => {
  it('is a checkout Aplazame takes: our order id per attempt, cents, the total as the sum of articles and shipping', () => {
    const body = checkoutBody(input) as { order: Record<string, unknown>; merchant: Record<string, string>; shipping: { price: number } };
    expect(validateCheckout(body)).toEqual({});
    expect(body.order).toMatchObject({ id: 'ES-123456-ABCDEF-2', currency: 'EUR', total_amount: 24_385 });
    expect(body.shipping.price).toBe(24_385 - 2 * 9_990 - 410);
    expect(body.merchant).toMatchObject({ notification_url: input.notificationUrl, success_url: `${input.returnUrl}&mid=ES-123456-ABCDEF-2`, dismiss_url: `${input.cancelUrl}&mid=ES-123456-ABCDEF-2` });
    // A discount larger than shipping goes to the order's discount: the sum still holds.
    const discounted = checkoutBody({ ...input, amount: { value: 20_000, currency: 'EUR' } }) as { order: { discount: number } };
    expect(discounted.order.discount).toBe(2 * 9_990 + 410 - 20_000);
    expect(validateCheckout(discounted)).toEqual({});
    // The sandbox checks the sum as Aplazame does: one cent off is refused.
    expect(validateCheckout({ ...body, order: { ...body.order, total_amount: 24_386 } })).toHaveProperty(['order.total_amount']);
  });

  it('gives each attempt its own order id, and reads our reference back from it', () => {
    expect(midFor('ES-123456-ABCDEF', 1)).toBe('ES-123456-ABCDEF-1');
    expect(referenceOfMid('ES-123456-ABCDEF-12')).toBe('ES-123456-ABCDEF');
    expect(referenceOfMid(docs.notification.body.mid)).toBeUndefined();
  });

  it('uses the versioned Accept header of the docs, in test mode or not', () => {
    expect(acceptHeader(true)).toBe(docs.acceptHeaders.sandbox);
    expect(acceptHeader(false)).toBe(docs.acceptHeaders.production);
  });
});

describe('statuses', () => {
  const mid = 'ES-123456-ABCDEF-1';
  it.each([
    ['pending', 'confirmation_required', 'pending', ['AUTHORISATION', true]],
    ['pending', 'challenge_required', 'pending', null],
    ['ko', 'expired', 'expired', ['EXPIRE', true]],
    ['ko', 'expired_challenge', 'expired', ['EXPIRE', true]],
    ['ko', 'ko_generic', 'refused', ['AUTHORISATION', false]],
    ['ko', 'failed_challenge', 'refused', ['AUTHORISATION', false]],
    ['ko', 'confirmation_rejected_by_merchant', 'cancelled', ['CANCELLATION', true]],
    ['ko', 'merchant_failed_to_confirm', 'cancelled', ['CANCELLATION', true]],
    ['ok', null, 'authorised', ['CAPTURE', true]],
  ] as const)('%s / %s is the outcome %s and the event %j', (status, reason, outcome, event) => {
    expect(docs.statusCodes).toContainEqual({ status, status_reason: reason });
    const order = { mid, status, status_reason: reason, total_amount: 24_385, currency: docs.notification.body.currency };
    expect(outcomeOf(order, mid)).toMatchObject({ status: outcome, pspReference: mid, merchantReference: 'ES-123456-ABCDEF' });
    const events = eventsOf(order, 'EUR');
    if (!event) return expect(events).toEqual([]);
    expect(events).toEqual([expect.objectContaining({ pspReference: mid, originalReference: '', merchantReference: 'ES-123456-ABCDEF', eventCode: event[0], success: event[1], amount: { value: 24_385, currency: 'EUR' } })]);
  });
});

describe('notifications', () => {
  const receiver = aplazameNotifications(config);
  const deliver = (headers: Record<string, string>, body: unknown = docs.notification.body) => receiver.receive({ method: 'POST', url: 'https://www.ampora.es/api/paymentGateway/aplazame/notification', headers: new Headers(headers), body: JSON.stringify(body) });

  it('takes the docs’ confirmation with our key as Bearer, and answers it ok or ko as we take the payment', async () => {
    const verified = await deliver(docs.notification.headers);
    expect(verified?.events).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: true, pspReference: docs.notification.body.mid, amount: { value: 124_560, currency: 'EUR' } })]);
    expect(JSON.parse(verified!.reply(true).body)).toEqual(docs.responses.ok);
    expect(JSON.parse(verified!.reply(false).body)).toEqual(docs.responses.ko);
    expect(verified!.reply(true)).toMatchObject({ status: 200, contentType: 'application/json' });
  });

  it('acknowledges every other notification with ok, whatever becomes of it', async () => {
    const verified = await deliver(docs.notification.headers, { ...docs.notification.body, status: 'ko', status_reason: 'ko_generic' });
    expect(JSON.parse(verified!.reply(false).body)).toEqual(docs.responses.ok);
  });

  it('refuses no key, another key, another scheme, and the other mode’s notifications', async () => {
    expect(await deliver({})).toBeUndefined();
    expect(await deliver({ Authorization: 'Bearer api_private_kez' })).toBeUndefined();
    expect(await deliver({ Authorization: 'Bearer api_private_key_and_more' })).toBeUndefined();
    expect(await deliver({ Authorization: 'Basic api_private_key' })).toBeUndefined();
    expect(await deliver(docs.notification.headers, { ...docs.notification.body, sandbox: true })).toBeUndefined();
  });

  it('refuses a body that is not an Aplazame order (400)', async () => {
    await expect(receiver.receive({ method: 'POST', url: 'https://x/', headers: new Headers(docs.notification.headers), body: 'not json' })).rejects.toMatchObject({ entry: { code: 'INVALID_REQUEST' } });
    await expect(deliver(docs.notification.headers, { status: 'ok' })).rejects.toMatchObject({ entry: { status: 400 } });
  });
});

describe('configuration', () => {
  const dev = { ENVIRONMENT: 'development', APLAZAME_API_BASE_URL: 'http://127.0.0.1:8799/aplazame/', APLAZAME_PRIVATE_KEY: 'dev-only-aplazame-private-x', APLAZAME_PUBLIC_KEY: 'dev-only-aplazame-public-y', APLAZAME_SANDBOX: 'true' };
  it('takes the development values in development, with the sandbox’s checkout page', () => {
    expect(aplazameConfig(dev)).toMatchObject({ baseUrl: 'http://127.0.0.1:8799/aplazame', sandbox: true, checkoutPageUrl: 'http://127.0.0.1:8799/aplazame/checkout-page/' });
    expect(checkoutPageFor('https://api.aplazame.com')).toBe('https://checkout.aplazame.com/');
  });
  it('refuses development keys and a local API in production, and anything missing', () => {
    expect(aplazameConfig({ ...dev, ENVIRONMENT: 'production' })).toBeUndefined();
    expect(aplazameConfig({ ...dev, ENVIRONMENT: 'production', APLAZAME_PRIVATE_KEY: 'live-key', APLAZAME_PUBLIC_KEY: 'live-public' })).toBeUndefined();
    expect(aplazameConfig({ ENVIRONMENT: 'production', APLAZAME_API_BASE_URL: 'https://api.aplazame.com', APLAZAME_PRIVATE_KEY: 'live-key', APLAZAME_PUBLIC_KEY: 'live-public', APLAZAME_SANDBOX: 'false' })).toMatchObject({ sandbox: false });
    expect(aplazameConfig({ ...dev, APLAZAME_PRIVATE_KEY: undefined })).toBeUndefined();
  });
});

describe('the start in the browser (spec §4)', () => {
  const answer: PaymentAnswer = { orderNumbers: ['ES-123456-ABCDEF'], paymentResult: 'PENDING', resultCode: 'RedirectShopper', next: '/cart/ko' };
  const busy = new ApiError(409, 695102, 'Aplazame could not open…');

  it('tries once more after the delay on 695102, and only once', async () => {
    let calls = 0;
    const retries: number[] = [];
    expect(await startWithRetry(async () => (++calls === 1 ? Promise.reject(busy) : answer), () => retries.push(calls), 5)).toBe(answer);
    expect([calls, retries]).toEqual([2, [1]]);
    calls = 0;
    await expect(startWithRetry(async () => (++calls, Promise.reject(busy)), () => undefined, 5)).rejects.toBe(busy);
    expect(calls).toBe(2);
  });

  it('does not retry any other failure', async () => {
    let calls = 0;
    const other = new ApiError(409, 31008, 'in progress');
    await expect(startWithRetry(async () => (++calls, Promise.reject(other)), () => undefined, 5)).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
