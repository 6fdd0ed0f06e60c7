import { describe, expect, it } from 'vitest';
import { AdyenGateway, idempotencyKey, mapPaymentResponse } from '../../../worker/payments/adyen/client';
import { adyenConfig, type AdyenConfig } from '../../../worker/payments/adyen/config';
import { hmacSignature, signedString } from '../../../worker/payments/adyen/hmac';
import { GatewayError } from '../../../worker/payments/port';

const CONFIG: AdyenConfig = { baseUrl: 'https://checkout.example/checkout', apiKey: 'key-123', merchantAccount: 'AmporaECOM', clientKey: 'test_CLIENT', hmacKey: '00' };

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records every call and answers from a queue. */
function recording(...answers: Array<{ status: number; body?: unknown }>) {
  const calls: Call[] = [];
  const fetcher = async (url: string, init: RequestInit) => {
    calls.push({ method: init.method ?? 'GET', url, headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : undefined });
    const answer = answers.shift() ?? { status: 500 };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, gateway: new AdyenGateway(CONFIG, fetcher) };
}

const START = { amount: { value: 12_345, currency: 'EUR' }, reference: 'ES26110100001', attempt: 1, paymentMethod: { type: 'scheme', encryptedCardNumber: 'adyenjs_…' }, returnUrl: 'https://www.ampora.es/cart/ok' };

describe('Adyen adapter', () => {
  it('starts a payment: POST /v71/payments with the key, an idempotency key and the amount in minor units', async () => {
    const { calls, gateway } = recording({ status: 200, body: { resultCode: 'Authorised', pspReference: 'PSP1' } }, { status: 200, body: { resultCode: 'Authorised', pspReference: 'PSP1' } });
    expect(await gateway.startPayment(START)).toEqual({ status: 'authorised', pspReference: 'PSP1' });
    await gateway.startPayment(START);
    const [call, again] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('https://checkout.example/checkout/v71/payments');
    expect(call!.headers['X-API-Key']).toBe('key-123');
    expect(call!.headers['Content-Type']).toBe('application/json');
    const key = call!.headers['Idempotency-Key']!;
    expect(key.length).toBeGreaterThan(0);
    expect(key.length).toBeLessThanOrEqual(64);
    expect(again!.headers['Idempotency-Key']).toBe(key);
    expect(call!.body).toMatchObject({ merchantAccount: 'AmporaECOM', amount: { currency: 'EUR', value: 12_345 }, reference: 'ES26110100001', paymentMethod: START.paymentMethod, returnUrl: START.returnUrl, channel: 'Web' });
  });

  it('derives a different idempotency key for another attempt or order, the same for the same ones', async () => {
    const a = await idempotencyKey('payment', 'ES1', 1);
    expect(await idempotencyKey('payment', 'ES1', 1)).toBe(a);
    expect(await idempotencyKey('payment', 'ES1', 2)).not.toBe(a);
    expect(await idempotencyKey('payment', 'ES2', 1)).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('maps a refused card (HTTP 200) to a refusal, not an error', async () => {
    const { gateway } = recording({ status: 200, body: { resultCode: 'Refused', pspReference: 'PSP2', refusalReason: 'Not enough balance', refusalReasonCode: '51' } });
    expect(await gateway.startPayment(START)).toEqual({ status: 'refused', pspReference: 'PSP2', refusalReason: 'Not enough balance', refusalReasonCode: '51' });
  });

  it('passes a RedirectShopper / ChallengeShopper action on', async () => {
    const action = { type: 'redirect', method: 'GET', url: 'https://checkout.example/3ds', paymentMethodType: 'scheme' };
    const { gateway } = recording({ status: 200, body: { resultCode: 'RedirectShopper', action } });
    expect(await gateway.startPayment(START)).toEqual({ status: 'action_needed', pspReference: undefined, action });
    expect(mapPaymentResponse({ resultCode: 'ChallengeShopper', action: { type: 'threeDS2', subtype: 'challenge' } })).toMatchObject({ status: 'action_needed', action: { type: 'threeDS2' } });
    expect(mapPaymentResponse({ resultCode: 'Pending', pspReference: 'P' })).toEqual({ status: 'pending', pspReference: 'P' });
  });

  it('turns HTTP errors into typed gateway errors', async () => {
    const { gateway } = recording({ status: 422, body: { status: 422, errorCode: '101', message: 'Invalid card number', errorType: 'validation' } }, { status: 401, body: { status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' } }, { status: 503 });
    await expect(gateway.startPayment(START)).rejects.toMatchObject({ httpStatus: 422, kind: 'validation', errorCode: '101', errorType: 'validation' });
    await expect(gateway.startPayment(START)).rejects.toMatchObject({ httpStatus: 401, kind: 'unauthorized' });
    await expect(gateway.startPayment(START)).rejects.toBeInstanceOf(GatewayError);
  });

  it('refuses a reference longer than 80 characters before calling', async () => {
    const { calls, gateway } = recording();
    await expect(gateway.startPayment({ ...START, reference: 'x'.repeat(81) })).rejects.toMatchObject({ kind: 'validation' });
    expect(calls).toHaveLength(0);
  });

  it('submits details to /v71/payments/details', async () => {
    const { calls, gateway } = recording({ status: 200, body: { resultCode: 'Authorised', pspReference: 'PSP3' } });
    expect(await gateway.submitDetails({ details: { redirectResult: 'abc' }, idempotencyKey: 'k1' })).toEqual({ status: 'authorised', pspReference: 'PSP3' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://checkout.example/checkout/v71/payments/details', body: { details: { redirectResult: 'abc' } } });
    expect(calls[0]!.headers['Idempotency-Key']).toBe('k1');
  });

  it('refunds and cancels by psp reference (201 received)', async () => {
    const { calls, gateway } = recording({ status: 201, body: { pspReference: 'R1', status: 'received' } }, { status: 201, body: { pspReference: 'C1', status: 'received' } });
    expect(await gateway.refund({ pspReference: 'PSP1', amount: { value: 500, currency: 'EUR' }, reference: 'RET-1', idempotencyKey: 'r1' })).toEqual({ pspReference: 'R1', status: 'received' });
    expect(await gateway.cancel({ pspReference: 'PSP1', reference: 'ES1', idempotencyKey: 'c1' })).toEqual({ pspReference: 'C1', status: 'received' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://checkout.example/checkout/v71/payments/PSP1/refunds', body: { merchantAccount: 'AmporaECOM', amount: { value: 500, currency: 'EUR' }, reference: 'RET-1' } });
    expect(calls[1]).toMatchObject({ method: 'POST', url: 'https://checkout.example/checkout/v71/payments/PSP1/cancels', body: { merchantAccount: 'AmporaECOM', reference: 'ES1' } });
    expect(calls[1]!.headers['Idempotency-Key']).toBe('c1');
  });

  it('lists stored methods by shopperReference + merchantAccount and deletes one (204)', async () => {
    const { calls, gateway } = recording({ status: 200, body: { storedPaymentMethods: [{ id: 'SPM1', brand: 'visa', lastFour: '1111', expiryMonth: '03', expiryYear: '2030', holderName: 'Ana' }] } }, { status: 204 });
    expect(await gateway.listStoredMethods('user-7')).toEqual([{ id: 'SPM1', brand: 'visa', lastFour: '1111', expiryMonth: '03', expiryYear: '2030', holderName: 'Ana' }]);
    await gateway.disableStoredMethod('user-7', 'SPM1');
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'https://checkout.example/checkout/v71/storedPaymentMethods?shopperReference=user-7&merchantAccount=AmporaECOM', body: undefined });
    expect(calls[1]).toMatchObject({ method: 'DELETE', url: 'https://checkout.example/checkout/v71/storedPaymentMethods/SPM1?shopperReference=user-7&merchantAccount=AmporaECOM' });
  });
});

describe('Adyen configuration', () => {
  const dev = { ENVIRONMENT: 'development', ADYEN_API_BASE_URL: 'http://127.0.0.1:8797/checkout/', ADYEN_API_KEY: 'dev-only-key', ADYEN_MERCHANT_ACCOUNT: 'M', ADYEN_CLIENT_KEY: 'test_C', ADYEN_HMAC_KEY: '6D2F4A7C1E9B30851DC4A2F0B7E63958C1A04D7E2F9B86350AC1E7D42B98F60A' };
  it('uses the development values outside production', () => {
    expect(adyenConfig(dev)?.baseUrl).toBe('http://127.0.0.1:8797/checkout');
  });
  it('refuses development values and missing settings in production', () => {
    expect(adyenConfig({ ...dev, ENVIRONMENT: 'production' })).toBeUndefined();
    expect(adyenConfig({ ...dev, ENVIRONMENT: 'production', ADYEN_API_KEY: 'live-key', ADYEN_API_BASE_URL: 'https://x-checkout-live.adyenpayments.com/checkout' })).toBeUndefined();
    expect(adyenConfig({ ...dev, ENVIRONMENT: 'production', ADYEN_API_KEY: 'live-key', ADYEN_API_BASE_URL: 'https://x-checkout-live.adyenpayments.com/checkout', ADYEN_HMAC_KEY: 'AB'.repeat(32) })).toBeDefined();
    expect(adyenConfig({ ...dev, ADYEN_HMAC_KEY: '' })).toBeUndefined();
  });

  it('verifies a webhook body: the events when every item is signed with our key, undefined for a bad item or a malformed body', async () => {
    const { gateway } = recording();
    const item = { pspReference: 'PSP1', originalReference: '', merchantAccountCode: 'AmporaECOM', merchantReference: 'ES26110100001', amount: { value: 12_345, currency: 'EUR' }, eventCode: 'AUTHORISATION', success: 'true' };
    const signed = async (key: string) => ({ NotificationRequestItem: { ...item, additionalData: { hmacSignature: (await hmacSignature(key, signedString(item)))! } } });
    const good = await signed(CONFIG.hmacKey);
    const events = await gateway.verifyWebhook({ live: 'false', notificationItems: [good] });
    expect(events).toEqual([{ pspReference: 'PSP1', originalReference: '', merchantReference: 'ES26110100001', eventCode: 'AUTHORISATION', success: true, amount: { value: 12_345, currency: 'EUR' }, reason: undefined, paymentMethod: undefined, raw: good.NotificationRequestItem }]);
    expect(await gateway.verifyWebhook({ live: 'false', notificationItems: [good, await signed('AB'.repeat(32))] })).toBeUndefined();
    expect(await gateway.verifyWebhook({ live: 'false', notificationItems: [{ NotificationRequestItem: { ...good.NotificationRequestItem, success: 'false' } }] })).toBeUndefined();
    expect(await gateway.verifyWebhook({ notificationItems: [] })).toBeUndefined();
  });
});
