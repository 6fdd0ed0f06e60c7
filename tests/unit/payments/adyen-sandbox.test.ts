// The Adyen sandbox driven by Adyen's own Node library (@adyen/api-library), every request and answer
// checked against Adyen's published OpenAPI description (tests/fixtures/adyen/CheckoutService-v71.json,
// MIT, from Adyen/adyen-openapi) and every notification checked with the library's HMAC validator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { CheckoutAPI, Client, EnvironmentEnum, HttpClientException, HttpURLConnectionClient, hmacValidator, Types } from '@adyen/api-library';
import { createAdyenSandbox, type AdyenSandbox } from '../../../scripts/sandboxes/adyen/sandbox.ts';
import { applePayTestToken, googlePayTestToken } from '../../../scripts/sandboxes/adyen/wallets.ts';
import { requestSchema, responseSchema, validate, type OpenApiDoc } from './openapi-validate.ts';

const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const API_KEY = 'test-api-key';
const MERCHANT = 'AmporaECOM';
const CLIENT_KEY = 'test_UNITSANDBOXCLIENTKEY000000';
const openapi = JSON.parse(readFileSync(new URL('../../fixtures/adyen/CheckoutService-v71.json', import.meta.url), 'utf8')) as OpenApiDoc;
// Adyen's description of the standard notifications (same repository), one schema per event code.
const webhookApi = JSON.parse(readFileSync(new URL('../../fixtures/adyen/Webhooks-v1.json', import.meta.url), 'utf8')) as OpenApiDoc & {
  webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } } } }>;
};
const notificationBodies: string[] = [];

function notificationErrors(body: string): string[] {
  const parsed = JSON.parse(body) as { notificationItems: Array<{ NotificationRequestItem: { eventCode: string } }> };
  const eventCode = parsed.notificationItems[0]!.NotificationRequestItem.eventCode;
  const hook = webhookApi.webhooks[`/${eventCode}`];
  if (!hook) return [`${eventCode}: not a published event code`];
  return validate(webhookApi, hook.post.requestBody.content['application/json'].schema, parsed).map((m) => `${eventCode}: ${m}`);
}

interface Exchange { method: string; url: URL; body: string; status: number; response: string }
const exchanges: Exchange[] = [];

// The library's own client (headers, error mapping), with the connection opened over plain HTTP to
// the sandbox instead of https://checkout-test.adyen.com.
class SandboxHttpClient extends HttpURLConnectionClient {
  constructor(base: string) {
    super();
    const self = this as unknown as { createRequest: (endpoint: string, options: Record<string, unknown>) => unknown };
    self.createRequest = (endpoint, options) => {
      const url = new URL(endpoint.replace('https://checkout-test.adyen.com/', `${base}/checkout/`));
      if (options.params) url.search = new URLSearchParams(options.params as Record<string, string>).toString();
      const headers: Record<string, string> = { ...(options.headers as Record<string, string>), 'Cache-Control': 'no-cache' };
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey as string;
      const method = (options.method as string | undefined) ?? 'POST';
      const req = httpRequest(url, { method, headers });
      const exchange: Exchange = { method, url, body: '', status: 0, response: '' };
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

// Maps a sandbox URL to its OpenAPI path template.
function template(path: string): string {
  const p = path.replace(/^\/checkout\/v7[12]/, '');
  return p
    .replace(/^\/payments\/(?!details$)[^/]+\/(refunds|cancels|captures)$/, '/payments/{paymentPspReference}/$1')
    .replace(/^\/storedPaymentMethods\/[^/]+$/, '/storedPaymentMethods/{storedPaymentMethodId}');
}

function schemaErrors(e: Exchange): string[] {
  const method = e.method.toLowerCase();
  const path = template(e.url.pathname);
  const errors: string[] = [];
  if (method === 'post') errors.push(...validate(openapi, requestSchema(openapi, method, path), JSON.parse(e.body || '{}'), 'request'));
  const schema = responseSchema(openapi, method, path, e.status);
  if (schema) errors.push(...validate(openapi, schema, JSON.parse(e.response), 'response'));
  else if (e.response !== '') errors.push(`${e.status} answer should have no body`);
  return errors.map((m) => `${e.method} ${path} ${e.status}: ${m}`);
}

// The store's side of the webhook, as far as the sandbox can tell: answers "[accepted]", or fails
// the first `failFirst` deliveries.
let received: Array<Types.notification.NotificationRequestItem> = [];
let failFirst = 0;
let hookServer: Server;
let sandbox: AdyenSandbox;
let checkout: CheckoutAPI;
let base: string;

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      if (failFirst > 0) { failFirst--; res.writeHead(500); res.end('busy'); return; }
      notificationBodies.push(body);
      const parsed = JSON.parse(body) as { notificationItems: Array<{ NotificationRequestItem: Types.notification.NotificationRequestItem }> };
      for (const n of parsed.notificationItems) received.push(n.NotificationRequestItem);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('[accepted]');
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
  const hookPort = (hookServer.address() as AddressInfo).port;
  sandbox = createAdyenSandbox({
    apiKey: API_KEY,
    hmacKey: HMAC_KEY,
    webhookUrl: `http://127.0.0.1:${hookPort}/api/paymentGateway/adyen/notification`,
    retryDelaysMs: [5, 5, 5, 20],
    duplicateWebhooks: false,
    reorderWebhooks: false,
    now: () => new Date('2026-11-24T12:00:00Z'),
    clientKey: CLIENT_KEY,
    tls: true,
  });
  const port = await sandbox.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  const client = new Client({ apiKey: API_KEY, environment: EnvironmentEnum.TEST }, new SandboxHttpClient(base));
  checkout = new CheckoutAPI(client);
});

afterAll(async () => {
  await sandbox.idle();
  await sandbox.close();
  await new Promise<void>((r) => hookServer.close(() => r()));
});

beforeEach(async () => {
  await sandbox.idle();
  received = [];
  failFirst = 0;
});

let counter = 0;
function card(number: string, extra: Partial<Types.checkout.CardDetails> = {}): Types.checkout.CardDetails {
  return {
    type: Types.checkout.CardDetails.TypeEnum.Scheme,
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    holderName: 'Ana García',
    ...extra,
  };
}
function paymentRequest(pm: Types.checkout.PaymentRequest['paymentMethod'], extra: Partial<Types.checkout.PaymentRequest> = {}): Types.checkout.PaymentRequest {
  counter++;
  return {
    merchantAccount: MERCHANT,
    amount: { currency: 'EUR', value: 2599 },
    reference: `ES-2026-${String(counter).padStart(6, '0')}`,
    returnUrl: 'http://es.localhost:8787/cart/order/securePayment',
    paymentMethod: pm,
    ...extra,
  };
}

// A stored card as adyen-web's Drop-in submits it: scheme type plus the stored id.
function storedCard(storedPaymentMethodId: string): Types.checkout.CardDetails {
  return { type: Types.checkout.CardDetails.TypeEnum.Scheme, storedPaymentMethodId };
}

async function completeChallenge(url: string, password: string | null): Promise<string> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="password"');
  const form = password === null ? new URLSearchParams({ action: 'cancel' }) : new URLSearchParams({ password, action: 'submit' });
  const answer = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location')!);
  expect(location.pathname).toBe('/cart/order/securePayment');
  return location.searchParams.get('redirectResult')!;
}

// A form POST to the sandbox's HTTPS listener (self-signed certificate), as the browser's iframe does.
function httpsForm(url: string, form: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: 'POST', rejectUnauthorized: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(new URLSearchParams(form).toString());
  });
}

// adyen-web's ThreeDS2Challenge as the sandbox's pages see it: creq to acsURL, the password form,
// the cres to threeDSNotificationURL and the message that page sends to the shop's page.
async function nativeChallenge(action: Types.checkout.CheckoutThreeDS2Action, password: string): Promise<string> {
  const token = JSON.parse(Buffer.from(action.token!, 'base64').toString('utf8')) as Record<string, string>;
  expect(token.acsURL).toMatch(/^https:\/\//);
  expect(new URL(token.threeDSNotificationURL!).protocol).toBe('https:');
  const creq = Buffer.from(JSON.stringify({ acsTransID: token.acsTransID, messageVersion: token.messageVersion, threeDSServerTransID: token.threeDSServerTransID, messageType: 'CReq', challengeWindowSize: '02' })).toString('base64url');
  const page = await httpsForm(token.acsURL!, { creq });
  expect(page.body).toContain('name="password"');
  const formAction = /action="([^"]+)"/.exec(page.body)![1]!;
  const answer = await httpsForm(new URL(formAction, token.acsURL).toString(), { password, action: 'submit' });
  const cres = /name="cres" value="([^"]+)"/.exec(answer.body)![1]!;
  const notification = await httpsForm(token.threeDSNotificationURL!, { cres });
  const message = JSON.parse(JSON.parse(/postMessage\((".*?"), '\*'\)/.exec(notification.body)![1]!) as string) as { type: string; result: { transStatus: string } };
  expect(message.type).toBe('challengeResult');
  // What the component then hands to onAdditionalDetails.
  return Buffer.from(JSON.stringify({ transStatus: message.result.transStatus, authorisationToken: action.authorisationToken })).toString('base64');
}

async function webhooks(): Promise<Array<Types.notification.NotificationRequestItem>> {
  await sandbox.idle();
  return received;
}

function expectSigned(items: Array<Types.notification.NotificationRequestItem>): void {
  const validator = new hmacValidator();
  for (const item of items) expect(validator.validateHMAC(item, HMAC_KEY)).toBe(true);
}

describe('Adyen sandbox through @adyen/api-library', () => {
  it('lists cards by brand, Google Pay and Apple Pay, and the stored cards of a shopper', async () => {
    const res = await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, countryCode: 'ES', amount: { currency: 'EUR', value: 2599 }, shopperReference: 'shopper-pm-1' });
    const types = res.paymentMethods?.map((m) => m.type);
    expect(types).toEqual(expect.arrayContaining(['scheme', 'googlepay', 'applepay']));
    expect(res.paymentMethods?.find((m) => m.type === 'scheme')?.brands).toEqual(expect.arrayContaining(['visa', 'mc', 'amex', 'cartebancaire']));
    expect(res.storedPaymentMethods).toEqual([]);
  });

  it('authorises a test card and sends a signed AUTHORISATION notification', async () => {
    const req = paymentRequest(card('4111111111111111'));
    const res = await checkout.PaymentsApi.payments(req);
    expect(res.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    expect(res.pspReference).toMatch(/^[A-Z0-9]{16}$/);
    const items = await webhooks();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ eventCode: 'AUTHORISATION', success: 'true', pspReference: res.pspReference, merchantReference: req.reference, merchantAccountCode: MERCHANT, amount: { currency: 'EUR', value: 2599 } });
    expectSigned(items);
  });

  it.each([
    ['DECLINED', '2', 'Refused'],
    ['NOT_ENOUGH_BALANCE', '12', 'Not enough balance'],
  ])('refuses when the holder name is %s, as a 200 with the refusal reason', async (holderName, code, reason) => {
    const res = await checkout.PaymentsApi.payments(paymentRequest(card('5555444433331111', { holderName })));
    expect(res).toMatchObject({ resultCode: 'Refused', refusalReasonCode: code, refusalReason: reason });
    const items = await webhooks();
    expect(items[0]).toMatchObject({ eventCode: 'AUTHORISATION', success: 'false', reason });
    expectSigned(items);
  });

  it('refuses an expired card and a wrong security code', async () => {
    const expired = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111', { encryptedExpiryYear: 'test_2025' })));
    expect(expired).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '6', refusalReason: 'Expired Card' });
    const cvc = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111', { encryptedSecurityCode: 'test_000' })));
    expect(cvc).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '24' });
  });

  it('3-D Secure 2 challenge by redirect: the right password authorises through /payments/details', async () => {
    const res = await checkout.PaymentsApi.payments(paymentRequest(card('4917610000000000')));
    expect(res.resultCode).toBe('RedirectShopper');
    expect(res.action).toMatchObject({ type: 'redirect', method: 'GET', paymentMethodType: 'scheme' });
    expect(await webhooks()).toHaveLength(0);
    const redirectResult = await completeChallenge((res.action as Types.checkout.CheckoutRedirectAction).url!, 'password');
    const details = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } });
    expect(details).toMatchObject({ resultCode: 'Authorised', pspReference: res.pspReference });
    // The browser's return racing a retry: a second submission gives the same outcome, no new event.
    const again = await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult } });
    expect(again.pspReference).toBe(res.pspReference);
    const items = await webhooks();
    expect(items.map((i) => `${i.eventCode}:${i.success}`)).toEqual(['AUTHORISATION:true']);
  });

  it('3-D Secure 2 challenge: a wrong password refuses, cancelling gives Cancelled', async () => {
    const wrong = await checkout.PaymentsApi.payments(paymentRequest(card('4917610000000000')));
    const r1 = await completeChallenge((wrong.action as Types.checkout.CheckoutRedirectAction).url!, 'nope');
    expect(await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: r1 } })).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '11' });
    const cancel = await checkout.PaymentsApi.payments(paymentRequest(card('4917610000000000')));
    const r2 = await completeChallenge((cancel.action as Types.checkout.CheckoutRedirectAction).url!, null);
    expect(await checkout.PaymentsApi.paymentsDetails({ details: { redirectResult: r2 } })).toMatchObject({ resultCode: 'Cancelled' });
  });

  it('native 3-D Secure 2 answers ChallengeShopper with a threeDS2 challenge action', async () => {
    const res = await checkout.PaymentsApi.payments(paymentRequest(card('4917610000000000'), {
      authenticationData: { threeDSRequestData: { nativeThreeDS: Types.checkout.ThreeDSRequestData.NativeThreeDSEnum.Preferred } },
    }));
    expect(res.resultCode).toBe('ChallengeShopper');
    const action = res.action as Types.checkout.CheckoutThreeDS2Action;
    expect(action).toMatchObject({ type: 'threeDS2', subtype: 'challenge', paymentMethodType: 'scheme' });
    const threeDSResult = await nativeChallenge(action, 'password');
    expect(await checkout.PaymentsApi.paymentsDetails({ details: { threeDSResult } })).toMatchObject({ resultCode: 'Authorised' });
  });

  it('native 3-D Secure 2: a wrong password refuses; a threeDSResult made up without the ACS is not authenticated', async () => {
    const native = { authenticationData: { threeDSRequestData: { nativeThreeDS: Types.checkout.ThreeDSRequestData.NativeThreeDSEnum.Preferred } } };
    const wrong = await checkout.PaymentsApi.payments(paymentRequest(card('5454545454545454'), native));
    const r1 = await nativeChallenge(wrong.action as Types.checkout.CheckoutThreeDS2Action, 'guess');
    expect(await checkout.PaymentsApi.paymentsDetails({ details: { threeDSResult: r1 } })).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '11' });

    const skipped = await checkout.PaymentsApi.payments(paymentRequest(card('5454545454545454'), native));
    const forged = Buffer.from(JSON.stringify({ transStatus: 'Y', authorisationToken: (skipped.action as Types.checkout.CheckoutThreeDS2Action).authorisationToken })).toString('base64');
    expect(await checkout.PaymentsApi.paymentsDetails({ details: { threeDSResult: forged } })).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '11' });
  });

  it('accepts the secured-fields blobs (adyenjs_0_1_25$…) and gives the test cards\' outcomes', async () => {
    const blobs = (number: string, cvc = '737', month = '03', year = '2030'): Types.checkout.CardDetails => ({
      type: Types.checkout.CardDetails.TypeEnum.Scheme,
      encryptedCardNumber: sandbox.encrypt('number', number),
      encryptedExpiryMonth: sandbox.encrypt('expiryMonth', month),
      encryptedExpiryYear: sandbox.encrypt('expiryYear', year),
      encryptedSecurityCode: sandbox.encrypt('cvc', cvc),
      holderName: 'Ana García',
    });
    expect(blobs('4111111111111111').encryptedCardNumber).toMatch(/^adyenjs_0_1_25\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await checkout.PaymentsApi.payments(paymentRequest(blobs('4111111111111111')))).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'visa' } });
    expect(await checkout.PaymentsApi.payments(paymentRequest(blobs('5555341244441115', '000')))).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '24' });
    expect(await checkout.PaymentsApi.payments(paymentRequest(blobs('5555341244441115', '737', '10', '2026')))).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '6' });
    expect(await checkout.PaymentsApi.payments(paymentRequest({ ...blobs('5555341244441115'), holderName: 'NOT_ENOUGH_BALANCE' }))).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '12' });
    expect(await checkout.PaymentsApi.payments(paymentRequest(blobs('4917610000000000')))).toMatchObject({ resultCode: 'RedirectShopper' });
    expect(await checkout.PaymentsApi.payments(paymentRequest(blobs('5201281505129736')))).toMatchObject({ resultCode: 'Authorised' });
  });

  it('refuses a blob made for another field, altered, or from another sandbox (174 Unable to decrypt data)', async () => {
    const good = card('4111111111111111');
    const other = createAdyenSandbox({ apiKey: API_KEY, webhookUrl: '', tls: false });
    const cvcAsNumber = sandbox.encrypt('cvc', '4111111111111111');
    const number = sandbox.encrypt('number', '4111111111111111');
    const altered = number.slice(0, -6) + (number.endsWith('AAAA==') ? 'BBBB==' : 'AAAA==');
    for (const encryptedCardNumber of [cvcAsNumber, altered, other.encrypt('number', '4111111111111111'), 'adyenjs_0_1_25$junk']) {
      await expect(checkout.PaymentsApi.payments(paymentRequest({ ...good, encryptedCardNumber }))).rejects.toMatchObject({ statusCode: 422, errorCode: '174' });
    }
  });

  it('Google Pay and Apple Pay test tokens give the card\'s outcome', async () => {
    const gp = (number: string, extra: Partial<Parameters<typeof googlePayTestToken>[0]> = {}) =>
      ({ type: Types.checkout.GooglePayDetails.TypeEnum.Googlepay, googlePayToken: googlePayTestToken({ number, expiryMonth: '03', expiryYear: '2030', ...extra }) });
    const ap = (number: string, extra: Partial<Parameters<typeof applePayTestToken>[0]> = {}) =>
      ({ type: Types.checkout.ApplePayDetails.TypeEnum.Applepay, applePayToken: applePayTestToken({ number, expiryMonth: '03', expiryYear: '2030', ...extra }) });
    expect(await checkout.PaymentsApi.payments(paymentRequest(gp('4111111111111111')))).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'visa', type: 'googlepay' } });
    expect(await checkout.PaymentsApi.payments(paymentRequest(ap('5555341244441115')))).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'mc', type: 'applepay' } });
    expect(await checkout.PaymentsApi.payments(paymentRequest(gp('4111111111111111', { holderName: 'DECLINED' })))).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '2' });
    expect(await checkout.PaymentsApi.payments(paymentRequest(ap('4111111111111111', { expiryMonth: '01', expiryYear: '2026' })))).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '6' });
    // A cryptogram (Apple Pay, Google Pay CRYPTOGRAM_3DS) needs no challenge; a Google Pay PAN_ONLY card may.
    expect(await checkout.PaymentsApi.payments(paymentRequest(ap('4917610000000000')))).toMatchObject({ resultCode: 'Authorised' });
    expect(await checkout.PaymentsApi.payments(paymentRequest(gp('4917610000000000', { authMethod: 'PAN_ONLY' })))).toMatchObject({ resultCode: 'RedirectShopper' });
    await expect(checkout.PaymentsApi.payments(paymentRequest({ type: Types.checkout.GooglePayDetails.TypeEnum.Googlepay, googlePayToken: '{"protocolVersion":"ECv2"}' }))).rejects.toMatchObject({ statusCode: 422, errorCode: '174' });
  });

  it('lists Google Pay, Apple Pay and Click to Pay per channel, with no Click to Pay ids on the card entry', async () => {
    const web = await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, channel: Types.checkout.PaymentMethodsRequest.ChannelEnum.Web });
    expect(web.paymentMethods?.map((m) => m.type)).toEqual(['scheme', 'googlepay', 'applepay', 'clicktopay']);
    expect(web.paymentMethods?.find((m) => m.type === 'scheme')?.configuration).toBeUndefined();
    const ios = await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, channel: Types.checkout.PaymentMethodsRequest.ChannelEnum.IOs });
    expect(ios.paymentMethods?.map((m) => m.type)).toEqual(['scheme', 'applepay']);
    const android = await checkout.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT, channel: Types.checkout.PaymentMethodsRequest.ChannelEnum.Android });
    expect(android.paymentMethods?.map((m) => m.type)).toEqual(['scheme', 'googlepay']);
  });

  it('a frictionless 3-D Secure 2 card is authorised without a challenge', async () => {
    const res = await checkout.PaymentsApi.payments(paymentRequest(card('5201281505129736')));
    expect(res.resultCode).toBe('Authorised');
  });

  it('stores a card for a shopper, pays with it, lists and deletes it', async () => {
    const shopperReference = 'shopper-store-1';
    const first = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111'), {
      shopperReference, storePaymentMethod: true, recurringProcessingModel: Types.checkout.PaymentRequest.RecurringProcessingModelEnum.CardOnFile,
      shopperInteraction: Types.checkout.PaymentRequest.ShopperInteractionEnum.Ecommerce,
    }));
    expect(first.resultCode).toBe('Authorised');
    const storedId = first.additionalData?.['recurring.recurringDetailReference'];
    expect(storedId).toBeTruthy();
    expect(first.additionalData?.['tokenization.storedPaymentMethodId']).toBe(storedId);
    expect(first.paymentMethod).toEqual({ brand: 'visa', type: 'scheme' });

    const list = await checkout.RecurringApi.getTokensForStoredPaymentDetails(shopperReference, MERCHANT);
    expect(list.storedPaymentMethods).toEqual([expect.objectContaining({ id: storedId, brand: 'visa', lastFour: '1111', expiryMonth: '03', expiryYear: '2030' })]);

    const second = await checkout.PaymentsApi.payments(paymentRequest(storedCard(storedId!), {
      shopperReference, recurringProcessingModel: Types.checkout.PaymentRequest.RecurringProcessingModelEnum.CardOnFile,
      shopperInteraction: Types.checkout.PaymentRequest.ShopperInteractionEnum.ContAuth,
    }));
    expect(second.resultCode).toBe('Authorised');

    await checkout.RecurringApi.deleteTokenForStoredPaymentDetails(storedId!, shopperReference, MERCHANT);
    expect((await checkout.RecurringApi.getTokensForStoredPaymentDetails(shopperReference, MERCHANT)).storedPaymentMethods).toEqual([]);
    expect(exchanges.some((e) => e.method === 'DELETE' && e.status === 204)).toBe(true);
  });

  it('refunds and cancels answer 201 received; the outcome arrives by notification', async () => {
    const paid = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111')));
    const refund = await checkout.ModificationsApi.refundCapturedPayment(paid.pspReference!, { merchantAccount: MERCHANT, amount: { currency: 'EUR', value: 1000 }, reference: 'refund-1' });
    expect(refund).toMatchObject({ status: 'received', paymentPspReference: paid.pspReference });
    const tooMuch = await checkout.ModificationsApi.refundCapturedPayment(paid.pspReference!, { merchantAccount: MERCHANT, amount: { currency: 'EUR', value: 2000 } });
    expect(tooMuch.status).toBe('received');
    const other = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111')));
    const cancel = await checkout.ModificationsApi.cancelAuthorisedPaymentByPspReference(other.pspReference!, { merchantAccount: MERCHANT });
    expect(cancel).toMatchObject({ status: 'received', paymentPspReference: other.pspReference });
    const items = await webhooks();
    expect(items.map((i) => `${i.eventCode}:${i.success}`)).toEqual(['AUTHORISATION:true', 'REFUND:true', 'REFUND:false', 'AUTHORISATION:true', 'CANCELLATION:true']);
    const refundEvent = items[1]!;
    expect(refundEvent).toMatchObject({ pspReference: refund.pspReference, originalReference: paid.pspReference, amount: { value: 1000, currency: 'EUR' } });
    expectSigned(items);
  });

  it('replays the same answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const req = paymentRequest(card('4111111111111111'));
    const a = await checkout.PaymentsApi.payments(req, { idempotencyKey: 'order-ES-1-attempt-1' });
    const b = await checkout.PaymentsApi.payments(req, { idempotencyKey: 'order-ES-1-attempt-1' });
    expect(b.pspReference).toBe(a.pspReference);
    expect(await webhooks()).toHaveLength(1);
    const error = await checkout.PaymentsApi.payments({ ...req, amount: { currency: 'EUR', value: 1 } }, { idempotencyKey: 'order-ES-1-attempt-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpClientException);
    expect(error).toMatchObject({ statusCode: 422, errorCode: '704' });
  });

  it('rejects bad input with Adyen error bodies: wrong API key (401), reference over 80 characters (422)', async () => {
    const badKey = new CheckoutAPI(new Client({ apiKey: 'wrong', environment: EnvironmentEnum.TEST }, new SandboxHttpClient(base)));
    await expect(badKey.PaymentsApi.paymentMethods({ merchantAccount: MERCHANT })).rejects.toMatchObject({ statusCode: 401, errorCode: '000' });
    const long = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111'), { reference: 'R'.repeat(81) })).catch((e: unknown) => e);
    expect(long).toMatchObject({ statusCode: 422, errorCode: '702' });
    expect(JSON.parse((long as HttpClientException).responseBody!)).toMatchObject({ status: 422, errorType: 'validation' });
    const noCard = await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111112'))).catch((e: unknown) => e);
    expect(noCard).toMatchObject({ statusCode: 422, errorCode: '101' });
  });

  it('retries a notification until the answer is [accepted]', async () => {
    failFirst = 2;
    await checkout.PaymentsApi.payments(paymentRequest(card('4111111111111111')));
    const items = await webhooks();
    expect(items).toHaveLength(1);
    expect(sandbox.deliveries.at(-1)).toMatchObject({ attempts: 3, delivered: true });
  });

  it('every request sent and answer given matches the v71 OpenAPI operation schemas', () => {
    expect(exchanges.length).toBeGreaterThan(20);
    expect(exchanges.flatMap(schemaErrors)).toEqual([]);
  });
});

describe('the sandbox as adyen-web sees it (/checkoutshopper/test/…)', () => {
  const shopper = () => `${base}/checkoutshopper/test/`;
  const origin = 'http://es.localhost:8787';

  it('answers its root with a page, where a developer accepts the HTTPS certificate once', async () => {
    const root = await fetch(`${base}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toContain('text/html');
    expect(await root.text()).toContain('You can close this tab.');
  });

  it('serves the secured-fields frame for the configured client key only', async () => {
    const d = Buffer.from(origin).toString('base64');
    const frame = await fetch(`${shopper()}securedfields/${CLIENT_KEY}/6.3.0/securedFields.html?type=card&d=${d}`);
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain("action: 'config'");
    expect((await fetch(`${shopper()}securedfields/test_OTHERKEY/6.3.0/securedFields.html?type=card&d=${d}`)).status).toBe(401);
  });

  it('encrypts only for the frame (no CORS) and only well-formed values', async () => {
    const url = `${shopper()}securedfields/${CLIENT_KEY}/6.3.0/encrypt`;
    const headers = { origin, 'content-type': 'application/json' };
    const ok = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ values: { number: '4111111111111111', cvc: '737' } }) });
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
    const { blobs } = (await ok.json()) as { blobs: Record<string, string> };
    expect(blobs.number).toMatch(/^adyenjs_0_1_25\$/);
    expect(blobs.number).not.toContain('4111');
    expect((await fetch(url, { method: 'POST', headers, body: JSON.stringify({ values: { number: '41x1' } }) })).status).toBe(422);
    expect((await fetch(url, { method: 'POST', headers, body: JSON.stringify({ values: { password: '1234' } }) })).status).toBe(422);
    // A simple (text/plain) cross-origin POST, which needs no preflight, is refused.
    expect((await fetch(url, { method: 'POST', headers: { origin }, body: JSON.stringify({ values: { cvc: '737' } }) })).status).toBe(415);
  });

  it('answers the BIN lookup with the test card\'s brand (Cartes Bancaires told from Visa), with CORS', async () => {
    const lookup = async (bin: string, supportedBrands: string[]) => {
      const res = await fetch(`${shopper()}v3/bin/binLookup?token=${CLIENT_KEY}`, {
        method: 'POST', headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'card', supportedBrands, encryptedBin: sandbox.encrypt('bin', bin), requestId: 'r1' }),
      });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      return res.json();
    };
    expect(await lookup('43600000010', ['visa', 'cartebancaire'])).toMatchObject({ requestId: 'r1', issuingCountryCode: 'FR', brands: [{ brand: 'cartebancaire', supported: true, cvcPolicy: 'required' }] });
    expect(await lookup('40355010000', ['visa'])).toMatchObject({ brands: [{ brand: 'visa', supported: true }] });
    expect(await lookup('37000000000', ['visa', 'mc'])).toMatchObject({ brands: [{ brand: 'amex', supported: false }] });
    expect(await lookup('67034444444', ['maestro'])).toMatchObject({ brands: [{ brand: 'maestro', cvcPolicy: 'optional' }] });
    const wrongKey = await fetch(`${shopper()}v3/bin/binLookup?token=test_OTHER`, { method: 'POST', body: '{}' });
    expect(wrongKey.status).toBe(401);
  });

  it('IdentifyShopper: the 3DS Method pages, then submitThreeDS2Fingerprint answers the challenge or the result', async () => {
    const request = (number: string) => paymentRequest(card(number), {
      authenticationData: { threeDSRequestData: { nativeThreeDS: Types.checkout.ThreeDSRequestData.NativeThreeDSEnum.Preferred } },
      additionalData: { 'sandbox.threeDSMethod': 'true' },
    });
    const submit = (paymentData: string) => fetch(`${shopper()}v1/submitThreeDS2Fingerprint?token=${CLIENT_KEY}`, {
      method: 'POST', headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ fingerprintResult: Buffer.from(JSON.stringify({ threeDSCompInd: 'Y' })).toString('base64'), paymentData }),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);

    const challenged = await checkout.PaymentsApi.payments(request('4917610000000000'));
    expect(challenged).toMatchObject({ resultCode: 'IdentifyShopper', action: { type: 'threeDS2', subtype: 'fingerprint' } });
    const action = challenged.action as Types.checkout.CheckoutThreeDS2Action;
    const token = JSON.parse(Buffer.from(action.token!, 'base64').toString('utf8')) as Record<string, string>;
    const methodData = Buffer.from(JSON.stringify({ threeDSServerTransID: token.threeDSServerTransID, threeDSMethodNotificationURL: token.threeDSMethodNotificationURL })).toString('base64url');
    const method = await httpsForm(token.threeDSMethodUrl!, { threeDSMethodData: methodData });
    expect(method.body).toContain('action="/threeDS2/method-notification"');
    const notified = await httpsForm(token.threeDSMethodNotificationURL!, { threeDSMethodData: methodData });
    expect(notified.body).toContain('fingerPrintResult');
    const next = await submit(action.paymentData!);
    expect(next).toMatchObject({ type: 'action', action: { type: 'threeDS2', subtype: 'challenge' } });
    const threeDSResult = await nativeChallenge(next.action as Types.checkout.CheckoutThreeDS2Action, 'password');
    expect(await checkout.PaymentsApi.paymentsDetails({ details: { threeDSResult } })).toMatchObject({ resultCode: 'Authorised' });
    // Submitted once only.
    expect(await submit(action.paymentData!)).toMatchObject({ errorCode: '14_018' });

    const frictionless = await checkout.PaymentsApi.payments(request('5201281505129736'));
    const done = await submit((frictionless.action as Types.checkout.CheckoutThreeDS2Action).paymentData!);
    expect(done).toMatchObject({ type: 'completed', details: { threeDSResult: expect.any(String) } });
    expect(await checkout.PaymentsApi.paymentsDetails({ details: (done as { details: { threeDSResult: string } }).details })).toMatchObject({ resultCode: 'Authorised' });
    expect(exchanges.flatMap(schemaErrors)).toEqual([]);
  });

  it('answers the preflight, analytics, logos, translations and the risk frame', async () => {
    const preflight = await fetch(`${shopper()}v3/analytics?clientKey=${CLIENT_KEY}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const attempt = await fetch(`${shopper()}v3/analytics?clientKey=${CLIENT_KEY}`, { method: 'POST', body: '{}' });
    expect(await attempt.json()).toMatchObject({ checkoutAttemptId: expect.any(String) });
    const logo = await fetch(`${shopper()}images/logos/visa.svg`);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    const strings = await fetch(`${shopper()}sdk/6.45.2/translations/es-ES.json`);
    expect(strings.headers.get('x-sandbox-translations')).toBe('en-US');
    expect(await strings.json()).toMatchObject({ 'creditCard.holderName': 'Name on card' });
    const dfp = await fetch(`${shopper()}assets/html/${CLIENT_KEY}/dfp.1.0.0.html`);
    expect(await dfp.text()).toContain('deviceFingerprint');
  });
});

describe('the OpenAPI schema checker', () => {
  it('finds what the published schemas forbid', () => {
    const answer = responseSchema(openapi, 'post', '/payments', 200)!;
    expect(validate(openapi, answer, { resultCode: 'Authorised', pspReference: 'X' })).toEqual([]);
    expect(validate(openapi, answer, { resultCode: 'Approved' })).toEqual(['$.resultCode: "Approved" not in enum']);
    expect(validate(openapi, answer, { amount: { currency: 'EUR', value: '10' } })).toEqual(['$.amount.value: expected integer, got string']);
    const request = requestSchema(openapi, 'post', '/payments');
    expect(validate(openapi, request, { merchantAccount: 'M', amount: { currency: 'EUR', value: 1 }, paymentMethod: { type: 'scheme' }, returnUrl: 'x' })).toEqual(['$: missing required reference']);
    expect(validate(openapi, request, { merchantAccount: 'M', reference: 'r', amount: { currency: 'EUR', value: 1 }, paymentMethod: { type: 'nonsense' }, returnUrl: 'x' })).toEqual(['$.paymentMethod: matches 0 of oneOf, expected exactly one']);
  });
});

describe('Adyen sandbox notifications out of order and twice', () => {
  it('holds notifications, then delivers each twice, newest first, all signed', async () => {
    const hooks: Array<Types.notification.NotificationRequestItem> = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      req.on('end', () => {
        notificationBodies.push(body);
        hooks.push(...(JSON.parse(body) as { notificationItems: Array<{ NotificationRequestItem: Types.notification.NotificationRequestItem }> }).notificationItems.map((n) => n.NotificationRequestItem));
        res.end('[accepted]');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    const chaos = createAdyenSandbox({
      apiKey: API_KEY, hmacKey: HMAC_KEY, retryDelaysMs: [5],
      webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`, duplicateWebhooks: true, reorderWebhooks: true,
      now: () => new Date('2026-11-24T12:00:00Z'),
    });
    const port = await chaos.listen(0, '127.0.0.1');
    const api = new CheckoutAPI(new Client({ apiKey: API_KEY, environment: EnvironmentEnum.TEST }, new SandboxHttpClient(`http://127.0.0.1:${port}`)));
    const paid = await api.PaymentsApi.payments(paymentRequest(card('4111111111111111')));
    await api.ModificationsApi.cancelAuthorisedPaymentByPspReference(paid.pspReference!, { merchantAccount: MERCHANT });
    await chaos.flushWebhooks();
    expect(hooks.map((h) => h.eventCode)).toEqual(['CANCELLATION', 'CANCELLATION', 'AUTHORISATION', 'AUTHORISATION']);
    expectSigned(hooks);
    await chaos.close();
    await new Promise<void>((r) => hook.close(() => r()));
  });
});

describe('the notifications sent', () => {
  it('all match the Webhooks v1 OpenAPI schema of their event code', () => {
    expect(notificationBodies.length).toBeGreaterThan(10);
    expect(notificationBodies.flatMap(notificationErrors)).toEqual([]);
    // The check bites: an unknown field or a boolean success is refused.
    const sample = JSON.parse(notificationBodies[0]!) as { notificationItems: Array<{ NotificationRequestItem: Record<string, unknown> }> };
    sample.notificationItems[0]!.NotificationRequestItem.success = true;
    sample.notificationItems[0]!.NotificationRequestItem.orderId = 'x';
    expect(notificationErrors(JSON.stringify(sample))).toHaveLength(2);
  });
});
