// The financing adapter (worker/payments/financing/client.ts) against a recorded fetch: the request
// it sends (Bearer key, Idempotency-Key per reference and attempt, product and term, cents), how the
// provider's statuses and errors become the port's outcomes and GatewayError, and the callbacks'
// events (notifications.ts).
import { describe, expect, it } from 'vitest';
import { idempotencyKey } from '../../../worker/payments/adyen/client';
import { FinancingGateway, outcomeOf, type Application } from '../../../worker/payments/financing/client';
import { eventsOf } from '../../../worker/payments/financing/notifications';
import { financingConfig } from '../../../worker/payments/financing/config';
import { termFields } from '../../../worker/payments/financing/products';
import type { StartPaymentInput } from '../../../worker/payments/port';

const CONFIG = { baseUrl: 'https://api.lender.test', merchantId: 'M1', apiKey: 'sk_live_1', webhookSecret: 'whsec' };

function recorder(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, gateway: new FinancingGateway(CONFIG, fetcher) };
}

const APP: Application = { id: 'app_1', status: 'pending_application', reference: 'ES-1', amount: 12_345, currency: 'EUR', redirect_url: 'https://lender.test/apply/app_1', expires_at: '2030-01-01T00:00:00.000Z' };

const input = (method: string, extra: Record<string, unknown> = {}, attempt = 1): StartPaymentInput => ({
  amount: { value: 12_345, currency: 'EUR' },
  reference: 'ES-1',
  attempt,
  paymentMethod: { type: method, ...extra },
  returnUrl: 'https://es.ampora.test/cart/order/securePayment?orderId=ES-1&provider=financing',
  notificationUrl: 'https://es.ampora.test/api/paymentGateway/financing/notification',
  shopper: { firstName: 'Ana', lastName: 'García', email: 'ana@example.com', phone: '+34612345678', documentId: '00000000T', shippingAddress: { street: 'Calle de Alcalá 42', postalCode: '28014', city: 'Madrid', country: 'ES' } },
  lines: [{ articleId: 7, name: 'Laptop', qty: 1, unitPrice: 12_345 }],
});

describe('FinancingGateway.startPayment', () => {
  it('opens an application with our key, an idempotency key per reference and attempt, the product and the term', async () => {
    const { calls, gateway } = recorder(201, APP);
    const outcome = await gateway.startPayment(input('lendismart', { termMonths: 36 }));
    expect(outcome).toEqual({ status: 'action_needed', pspReference: 'app_1', merchantReference: 'ES-1', action: { type: 'redirect', url: APP.redirect_url, method: 'GET' }, expiresAt: Date.parse(APP.expires_at!) });
    const [call] = calls;
    expect(call!.url).toBe('https://api.lender.test/v1/applications');
    const headers = call!.init.headers as Record<string, string>;
    expect(headers['Authorization']).toBe('Bearer sk_live_1');
    expect(headers['Idempotency-Key']).toBe(await idempotencyKey('financing-application', 'ES-1', 1));
    const body = JSON.parse(String(call!.init.body));
    expect(body).toMatchObject({
      merchant_id: 'M1',
      product: 'LENDISMART',
      reference: 'ES-1',
      amount: 12_345,
      currency: 'EUR',
      term_months: 36,
      customer: { first_name: 'Ana', last_name: 'García', document_id: '00000000T', email: 'ana@example.com', phone: '+34612345678', shipping_address: { street: 'Calle de Alcalá 42', postal_code: '28014', city: 'Madrid', country: 'ES' } },
      items: [{ sku: '7', name: 'Laptop', quantity: 1, unit_price: 12_345 }],
      urls: { return: input('x').returnUrl, cancel: `${input('x').returnUrl}&cancelled=1`, notification: input('x').notificationUrl },
    });
  });

  it('gives each method its product and default term, and a new attempt a new key', async () => {
    const { calls, gateway } = recorder(201, APP);
    await gateway.startPayment(input('financiacion12'));
    await gateway.startPayment(input('payPerUsage', {}, 2));
    const bodies = calls.map((c) => JSON.parse(String(c.init.body)));
    expect(bodies.map((b) => [b.product, b.term_months])).toEqual([
      ['FIN12', 12],
      ['PAYPERUSE', 24],
    ]);
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('refuses a term the product does not offer and a method that is not financing, without calling', async () => {
    const { calls, gateway } = recorder(201, APP);
    await expect(gateway.startPayment(input('financiacion12', { termMonths: 24 }))).rejects.toMatchObject({ kind: 'validation', errorCode: 'term_not_offered' });
    await expect(gateway.startPayment(input('paypal'))).rejects.toMatchObject({ kind: 'validation' });
    expect(calls).toHaveLength(0);
  });

  it('turns the provider errors into GatewayError kinds with the provider code', async () => {
    await expect(recorder(400, { error: { type: 'invalid_request_error', code: 'amount_out_of_range', message: 'x' } }).gateway.startPayment(input('lendismart'))).rejects.toMatchObject({ httpStatus: 400, kind: 'validation', errorCode: 'amount_out_of_range' });
    await expect(recorder(401, { error: { type: 'authentication_error', code: 'invalid_api_key' } }).gateway.startPayment(input('lendismart'))).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(recorder(503, {}).gateway.startPayment(input('lendismart'))).rejects.toMatchObject({ kind: 'unavailable' });
    const down = new FinancingGateway(CONFIG, async () => {
      throw new TypeError('connection refused');
    });
    await expect(down.startPayment(input('lendismart'))).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(recorder(201, { nothing: true }).gateway.startPayment(input('lendismart'))).rejects.toMatchObject({ kind: 'unexpected' });
  });
});

describe('FinancingGateway: return, status, refund, cancel', () => {
  it('reads the application the return names, and refuses a return that names none', async () => {
    const { calls, gateway } = recorder(200, { ...APP, status: 'approved' });
    expect(await gateway.submitDetails({ details: { application_id: 'app_1', status: 'approved' }, idempotencyKey: 'k' })).toEqual({ status: 'authorised', pspReference: 'app_1', merchantReference: 'ES-1' });
    expect(calls[0]!.url).toBe('https://api.lender.test/v1/applications/app_1');
    expect(calls[0]!.init.method).toBe('GET');
    await expect(gateway.submitDetails({ details: { status: 'approved' }, idempotencyKey: 'k' })).rejects.toMatchObject({ kind: 'validation' });
    await expect(gateway.submitDetails({ details: { application_id: '../admin' }, idempotencyKey: 'k' })).rejects.toMatchObject({ kind: 'validation' });
  });

  it('maps every application status', () => {
    const at = (status: Application['status'], extra: Partial<Application> = {}) => outcomeOf({ ...APP, status, ...extra });
    expect(at('approved').status).toBe('authorised');
    expect(at('denied', { decision_reason: 'credit_policy' })).toMatchObject({ status: 'refused', refusalReason: 'credit_policy' });
    expect(at('cancelled').status).toBe('cancelled');
    expect(at('expired').status).toBe('expired');
    expect(at('pending_review', { expires_at: '2030-01-03T00:00:00.000Z' })).toMatchObject({ status: 'pending', expiresAt: Date.parse('2030-01-03T00:00:00.000Z') });
    expect(at('pending_application').status).toBe('action_needed');
    expect(at('pending_application', { redirect_url: undefined }).status).toBe('pending');
  });

  it('refunds with the caller key and cancels, answering received', async () => {
    const refund = recorder(201, { id: 'rf_1', status: 'pending', application_id: 'app_1', amount: 500 });
    expect(await refund.gateway.refund({ pspReference: 'app_1', reference: 'ES-1-R1', idempotencyKey: 'rk', amount: { value: 500, currency: 'EUR' } })).toEqual({ pspReference: 'rf_1', status: 'received' });
    expect(refund.calls[0]!.url).toBe('https://api.lender.test/v1/applications/app_1/refunds');
    expect((refund.calls[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toBe('rk');
    expect(JSON.parse(String(refund.calls[0]!.init.body))).toMatchObject({ amount: 500, currency: 'EUR' });
    const cancel = recorder(200, { ...APP, status: 'cancelled' });
    expect(await cancel.gateway.cancel({ pspReference: 'app_1', reference: 'ES-1', idempotencyKey: 'ck' })).toEqual({ pspReference: 'app_1', status: 'received' });
    expect(cancel.calls[0]!.url).toBe('https://api.lender.test/v1/applications/app_1/cancel');
  });
});

describe('financing callbacks as events', () => {
  const base = { id: 'app_1', reference: 'ES-1', amount: 12_345, currency: 'EUR' };
  it('maps each event to the neutral one', () => {
    expect(eventsOf({ ...base, event: 'application.approved' })).toMatchObject([{ eventCode: 'AUTHORISATION', success: true, pspReference: 'app_1', merchantReference: 'ES-1', amount: { value: 12_345, currency: 'EUR' } }]);
    expect(eventsOf({ ...base, event: 'application.denied', decision_reason: 'credit_policy' })).toMatchObject([{ eventCode: 'AUTHORISATION', success: false, reason: 'credit_policy' }]);
    expect(eventsOf({ ...base, event: 'application.cancelled' })).toMatchObject([{ eventCode: 'CANCELLATION', success: true }]);
    expect(eventsOf({ ...base, event: 'application.expired' })).toMatchObject([{ eventCode: 'EXPIRE', success: true }]);
    expect(eventsOf({ ...base, event: 'loan.refunded', refund: { id: 'rf_1', amount: 500, currency: 'EUR', status: 'succeeded' } })).toMatchObject([{ eventCode: 'REFUND', success: true, pspReference: 'rf_1', originalReference: 'app_1', amount: { value: 500 } }]);
    expect(eventsOf({ ...base, event: 'loan.refunded', refund: { id: 'rf_2', amount: 500, currency: 'EUR', status: 'failed' } })).toMatchObject([{ eventCode: 'REFUND', success: false }]);
    expect(eventsOf({ ...base, event: 'application.reminder_sent' })).toEqual([]);
  });
});

describe('financing configuration and start fields', () => {
  const env = { ENVIRONMENT: 'production', FINANCING_API_BASE_URL: 'https://api.lender.example/', FINANCING_MERCHANT_ID: 'M', FINANCING_API_KEY: 'sk_live', FINANCING_WEBHOOK_SECRET: 'whsec_live' };
  it('refuses development values and a local URL in production, and anything missing', () => {
    expect(financingConfig(env)).toEqual({ baseUrl: 'https://api.lender.example', merchantId: 'M', apiKey: 'sk_live', webhookSecret: 'whsec_live' });
    expect(financingConfig({ ...env, FINANCING_API_KEY: 'dev-only-x' })).toBeUndefined();
    expect(financingConfig({ ...env, FINANCING_WEBHOOK_SECRET: 'dev-only-x' })).toBeUndefined();
    expect(financingConfig({ ...env, FINANCING_API_BASE_URL: 'http://127.0.0.1:8799/financing' })).toBeUndefined();
    expect(financingConfig({ ...env, FINANCING_MERCHANT_ID: '' })).toBeUndefined();
    expect(financingConfig({ ...env, ENVIRONMENT: 'development', FINANCING_API_KEY: 'dev-only-x' })).toBeDefined();
  });

  it('takes a term the product offers, or none', () => {
    expect(termFields('lendismart').safeParse({ termMonths: 18 }).success).toBe(true);
    expect(termFields('lendismart').safeParse({}).success).toBe(true);
    expect(termFields('lendismart').safeParse({ termMonths: 7 }).success).toBe(false);
    expect(termFields('lendismart').safeParse({ termMonths: '12' }).success).toBe(false);
    expect(termFields('payPerUsage').safeParse({ termMonths: 12, other: 1 }).success).toBe(false);
  });
});
