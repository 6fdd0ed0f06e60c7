// Oney through Adyen: the adapter's facilypay request (worker/payments/adyen/oney.ts) and the Adyen
// sandbox's Oney (scripts/sandboxes/adyen/oney.ts), driven by Adyen's own Node library
// (@adyen/api-library) and checked against Adyen's published OpenAPI description
// (tests/fixtures/adyen/CheckoutService-v71.json); notifications checked with the library's HMAC validator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { CheckoutAPI, Client, EnvironmentEnum, HttpClientException, HttpURLConnectionClient, hmacValidator, Types } from '@adyen/api-library';
import { createAdyenSandbox, type AdyenSandbox } from '../../../scripts/sandboxes/adyen/sandbox.ts';
import { AdyenGateway } from '../../../worker/payments/adyen/client';
import { adyenAddress, lineItems, oneyPaymentFields } from '../../../worker/payments/adyen/oney';
import { GatewayError, type StartPaymentInput } from '../../../worker/payments/port';
import { requestSchema, responseSchema, validate, type OpenApiDoc } from './openapi-validate.ts';

const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const API_KEY = 'test-api-key';
const MERCHANT = 'AmporaECOM';
const openapi = JSON.parse(readFileSync(new URL('../../fixtures/adyen/CheckoutService-v71.json', import.meta.url), 'utf8')) as OpenApiDoc;

interface Exchange { method: string; path: string; body: string; status: number; response: string }
const exchanges: Exchange[] = [];

// The library's own client, connected over plain HTTP to the sandbox instead of checkout-test.adyen.com.
class SandboxHttpClient extends HttpURLConnectionClient {
  constructor(base: string) {
    super();
    const self = this as unknown as { createRequest: (endpoint: string, options: Record<string, unknown>) => unknown };
    self.createRequest = (endpoint, options) => {
      const url = new URL(endpoint.replace('https://checkout-test.adyen.com/', `${base}/checkout/`));
      const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey as string;
      const method = (options.method as string | undefined) ?? 'POST';
      const req = httpRequest(url, { method, headers });
      const exchange: Exchange = { method, path: url.pathname.replace(/^\/checkout\/v7[12]/, ''), body: '', status: 0, response: '' };
      const write = req.write.bind(req);
      req.write = ((chunk: string) => { exchange.body += String(chunk); return write(chunk); }) as typeof req.write;
      req.on('response', (res: IncomingMessage) => {
        exchange.status = res.statusCode ?? 0;
        res.on('data', (c: Buffer) => { exchange.response += c.toString('utf8'); });
        res.on('end', () => exchanges.push(exchange));
      });
      return req;
    };
  }
}

function schemaErrors(e: Exchange): string[] {
  const errors = validate(openapi, requestSchema(openapi, 'post', e.path), JSON.parse(e.body || '{}'), 'request');
  const schema = responseSchema(openapi, 'post', e.path, e.status);
  if (schema) errors.push(...validate(openapi, schema, JSON.parse(e.response), 'response'));
  return errors.map((m) => `POST ${e.path} ${e.status}: ${m}`);
}

let sandbox: AdyenSandbox;
let checkout: CheckoutAPI;
let base: string;

beforeAll(async () => {
  sandbox = createAdyenSandbox({ apiKey: API_KEY, hmacKey: HMAC_KEY, webhookUrl: '', retryDelaysMs: [], tls: false, now: () => new Date('2026-11-24T12:00:00Z') });
  const port = await sandbox.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  checkout = new CheckoutAPI(new Client({ apiKey: API_KEY, environment: EnvironmentEnum.TEST }, new SandboxHttpClient(base)));
});

afterAll(async () => {
  await sandbox.close();
});

const ADDRESS = { street: 'Via Roma', houseNumberOrName: '10', postalCode: '20121', city: 'Milano', country: 'IT' };
let counter = 0;
function oneyRequest(type: 'facilypay_3x' | 'facilypay_4x', extra: Record<string, unknown> = {}): Types.checkout.PaymentRequest {
  counter++;
  return {
    merchantAccount: MERCHANT,
    amount: { currency: 'EUR', value: 34_900 },
    reference: `IT-2026-ONEY-${counter}`,
    returnUrl: 'http://it.localhost:8787/cart/order/securePayment?orderId=IT-1&provider=adyen',
    countryCode: 'IT',
    paymentMethod: { type } as unknown as Types.checkout.PaymentRequest['paymentMethod'],
    shopperName: { firstName: 'Giulia', lastName: 'Rossi' },
    shopperEmail: 'giulia@example.com',
    telephoneNumber: '+393123456789',
    billingAddress: ADDRESS,
    deliveryAddress: ADDRESS,
    lineItems: [{ id: '1', description: 'Laptop', quantity: 1, amountIncludingTax: 33_900 }, { id: 'shipping', description: 'Shipping', quantity: 1, amountIncludingTax: 1_000 }],
    ...extra,
  };
}

async function decide(url: string, decision: 'approve' | 'refuse' | 'cancel'): Promise<string> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('data-testid="oney-approve"');
  const answer = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('orderId')).toBe('IT-1');
  return back.searchParams.get('redirectResult')!;
}

async function notificationsOf(reference: string) {
  const list = (await (await fetch(`${base}/__sandbox/notifications?reference=${reference}`)).json()) as { notificationItems: { NotificationRequestItem: Types.notification.NotificationRequestItem }[] }[];
  return list.map((n) => n.notificationItems[0]!.NotificationRequestItem);
}

describe('the Adyen sandbox’s Oney, through Adyen’s library', () => {
  it('/paymentMethods lists 3x and 4x Oney for an Italian order within bounds, and not outside them', async () => {
    exchanges.length = 0;
    const types = async (countryCode: string, value: number) => ((await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, countryCode, amount: { currency: 'EUR', value } })).paymentMethods ?? []).map((m) => m.type);
    expect(await types('IT', 34_900)).toEqual(expect.arrayContaining(['facilypay_3x', 'facilypay_4x']));
    expect(await types('IT', 5_999)).not.toContain('facilypay_3x');
    expect(await types('IT', 250_001)).not.toContain('facilypay_3x');
    expect(await types('DE', 34_900)).not.toContain('facilypay_3x');
    expect(exchanges.flatMap(schemaErrors)).toEqual([]);
  });

  it('approve: RedirectShopper to Oney’s page, back with redirectResult, /payments/details Authorised, AUTHORISATION signed', async () => {
    exchanges.length = 0;
    const request = oneyRequest('facilypay_3x');
    const started = await checkout.PaymentsApi.payments(request, { idempotencyKey: `oney-${counter}` });
    expect(started.resultCode).toBe('RedirectShopper');
    expect(started.action).toMatchObject({ type: 'redirect', method: 'GET', paymentMethodType: 'facilypay_3x' });
    const redirectResult = await decide((started.action as { url: string }).url, 'approve');
    const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } });
    expect(details).toMatchObject({ resultCode: 'Authorised', pspReference: started.pspReference, merchantReference: request.reference });
    // The same result again gives the same answer (Adyen keeps the final one).
    expect((await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } })).resultCode).toBe('Authorised');
    expect(exchanges.flatMap(schemaErrors)).toEqual([]);
    const [item, ...more] = await notificationsOf(request.reference);
    expect(more).toEqual([]);
    expect(item).toMatchObject({ eventCode: 'AUTHORISATION', success: 'true', paymentMethod: 'facilypay_3x', pspReference: started.pspReference });
    expect(new hmacValidator().validateHMAC(item!, HMAC_KEY)).toBe(true);
    // Refund by the usual modification: REFUND notification.
    const refund = await checkout.ModificationsApi.refundCapturedPayment(started.pspReference!, { merchantAccount: MERCHANT, amount: { currency: 'EUR', value: 10_000 }, reference: 'RET-1' });
    expect(refund.status).toBe('received');
    expect((await notificationsOf(request.reference)).at(-1)).toMatchObject({ eventCode: 'REFUND', success: 'true', originalReference: started.pspReference });
  });

  it.each([
    ['refuse', 'Refused', '2'],
    ['cancel', 'Cancelled', '16'],
  ] as const)('%s on Oney’s page: /payments/details %s, AUTHORISATION success false', async (decision, resultCode, code) => {
    const request = oneyRequest('facilypay_4x');
    const started = await checkout.PaymentsApi.payments(request);
    const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: await decide((started.action as { url: string }).url, decision) } });
    expect(details).toMatchObject({ resultCode, refusalReasonCode: code });
    expect(await notificationsOf(request.reference)).toMatchObject([{ eventCode: 'AUTHORISATION', success: 'false' }]);
  });

  it('a second decision on the same page changes nothing', async () => {
    const started = await checkout.PaymentsApi.payments(oneyRequest('facilypay_3x'));
    const url = (started.action as { url: string }).url;
    const first = await decide(url, 'refuse');
    const second = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision: 'approve' }), redirect: 'manual' });
    expect(new URL(second.headers.get('location')!).searchParams.get('redirectResult')).toBe(first);
    expect((await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: first } })).resultCode).toBe('Refused');
  });

  it.each(['lineItems', 'shopperName', 'shopperEmail', 'telephoneNumber', 'billingAddress', 'deliveryAddress'])('refuses an Oney payment without %s: 422 with Adyen’s error body', async (field) => {
    const request = oneyRequest('facilypay_3x') as unknown as Record<string, unknown>;
    delete request[field];
    const error = await checkout.PaymentsApi.payments(request as unknown as Types.checkout.PaymentRequest).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpClientException);
    expect(error).toMatchObject({ statusCode: 422, errorCode: '702' });
    expect(JSON.parse((error as HttpClientException).responseBody!)).toMatchObject({ status: 422, errorType: 'validation', message: `Required field '${field}' is not provided.` });
  });

  it('refuses an Oney payment outside its countries or bounds', async () => {
    await expect(checkout.PaymentsApi.payments(oneyRequest('facilypay_3x', { countryCode: 'DE' }))).rejects.toMatchObject({ statusCode: 422, errorCode: '905_1' });
    await expect(checkout.PaymentsApi.payments(oneyRequest('facilypay_3x', { amount: { currency: 'EUR', value: 5_999 } }))).rejects.toMatchObject({ statusCode: 422, errorCode: '137' });
  });
});

describe('the adapter’s Oney request', () => {
  const input = (paymentMethod: Record<string, unknown>, amount = 34_900): StartPaymentInput => ({
    amount: { value: amount, currency: 'EUR' },
    reference: `IT-2026-ADAPTER-${++counter}`,
    attempt: 1,
    paymentMethod,
    returnUrl: 'http://it.localhost:8787/cart/order/securePayment?orderId=IT-1&provider=adyen',
    shopper: { firstName: 'Giulia', lastName: 'Rossi', email: 'giulia@example.com', phone: '3123456789', shippingAddress: { street: 'Via Roma 10', postalCode: '20121', city: 'Milano', country: 'IT' } },
    lines: [{ articleId: 7, name: 'Laptop', qty: 1, unitPrice: 33_900 }],
    countryCode: 'IT',
    shopperLocale: 'it-IT',
  });

  it('maps the variant to facilypay_3x / facilypay_4x and sends what Oney needs, valid for Adyen’s schema', async () => {
    exchanges.length = 0;
    const sent: Record<string, unknown>[] = [];
    const gateway = new AdyenGateway({ baseUrl: `${base}/checkout`, apiKey: API_KEY, merchantAccount: MERCHANT, clientKey: 'test_x', hmacKey: HMAC_KEY }, async (url, init) => {
      sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return fetch(url, init);
    });
    const outcome = await gateway.startPayment(input({ type: 'oney', variant: '4x' }));
    expect(outcome).toMatchObject({ status: 'action_needed', action: { type: 'redirect', method: 'GET' } });
    const body = sent[0]!;
    expect(body).toMatchObject({
      paymentMethod: { type: 'facilypay_4x' },
      shopperName: { firstName: 'Giulia', lastName: 'Rossi' },
      telephoneNumber: '3123456789',
      billingAddress: { street: 'Via Roma', houseNumberOrName: '10', country: 'IT' },
      deliveryAddress: { street: 'Via Roma', houseNumberOrName: '10', country: 'IT' },
      lineItems: [{ description: 'Laptop', quantity: 1, amountIncludingTax: 33_900 }, { id: 'shipping', amountIncludingTax: 1_000 }],
    });
    // No card fields: no 3-D Secure request, no stored-card model.
    expect(body).not.toHaveProperty('authenticationData');
    expect(body).not.toHaveProperty('recurringProcessingModel');
    expect(validate(openapi, requestSchema(openapi, 'post', '/payments'), body, 'request')).toEqual([]);
  });

  it('refuses to start without a variant or without the shopper’s phone (validation, nothing sent)', () => {
    expect(() => oneyPaymentFields(input({ type: 'oney' }))).toThrow(GatewayError);
    expect(() => oneyPaymentFields(input({ type: 'oney', variant: '5x' }))).toThrow(GatewayError);
    const noPhone = input({ type: 'oney', variant: '3x' });
    delete noPhone.shopper!.phone;
    expect(() => oneyPaymentFields(noPhone)).toThrow(/phone/);
  });

  it('splits the house number off the street', () => {
    expect(adyenAddress({ street: 'Via Roma 10', postalCode: '1', city: 'M', country: 'IT' })).toMatchObject({ street: 'Via Roma', houseNumberOrName: '10' });
    expect(adyenAddress({ street: 'Calle Mayor 12B', postalCode: '1', city: 'M', country: 'ES' })).toMatchObject({ street: 'Calle Mayor', houseNumberOrName: '12B' });
    expect(adyenAddress({ street: 'Rua Augusta', postalCode: '1', city: 'L', country: 'PT' })).toMatchObject({ street: 'Rua Augusta', houseNumberOrName: '' });
  });

  it('line items always add up to the amount: shipping as a line, discounts as a negative one', () => {
    const lines = [{ articleId: 1, name: 'A', qty: 2, unitPrice: 1_000 }];
    const sum = (items: ReturnType<typeof lineItems>) => items.reduce((s, i) => s + i.quantity * i.amountIncludingTax, 0);
    expect(sum(lineItems(lines, 2_500))).toBe(2_500);
    expect(sum(lineItems(lines, 1_500))).toBe(1_500);
    expect(lineItems(lines, 2_000)).toHaveLength(1);
  });
});
