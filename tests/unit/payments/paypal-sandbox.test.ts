/**
 * The PayPal sandbox and adapter against PayPal's published OpenAPI descriptions
 * (tests/fixtures/paypal, paypal/paypal-rest-api-specifications): every request the adapter sends
 * (create order, capture, refund, verify-webhook-signature) and every answer the sandbox gives
 * (201 and replayed 200, 4xx error bodies) is checked with ajv against the operation's schema, and
 * the webhooks it sends against the event, capture and refund schemas.
 */
import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewaySandboxes, devVar, type GatewaySandboxes } from '../../../scripts/sandboxes/gateways/sandbox.ts';
import { forgetPaypalTokens, PaypalGateway } from '../../../worker/payments/paypal/client';
import { paypalNotifications } from '../../../worker/payments/paypal/notifications';
import type { PaypalConfig } from '../../../worker/payments/paypal/config';
import type { PaymentOutcome, StartPaymentInput } from '../../../worker/payments/port';

const spec = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/paypal/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

// PayPal's patterns are written for non-Unicode regular expressions (its e-mail pattern is not valid with the u flag).
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
const documents = { orders: spec('checkout_orders_v2'), payments: spec('payments_payment_v2'), webhooks: spec('notifications_webhooks_v1') };
// PayPal's own format names (ppaas_…): their patterns and lengths are in the schemas themselves.
for (const format of new Set(Object.values(documents).flatMap((doc) => [...JSON.stringify(doc).matchAll(/"format":"([a-z0-9_]+)"/g)].map((m) => m[1]!)))) {
  if (!ajv.formats[format]) ajv.addFormat(format, true);
}
for (const [name, doc] of Object.entries(documents)) ajv.addSchema(doc, name);

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  let fn = validators.get(ref);
  if (!fn) {
    fn = ajv.compile({ $ref: ref });
    validators.set(ref, fn);
  }
  return fn;
}
function expectValid(ref: string, value: unknown): void {
  const validate = validator(ref);
  const ok = validate(value);
  expect(ok, `${ref}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 2000)}`).toBe(true);
}
const requestRef = (doc: string, path: string, method: string) => `${doc}#/${pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')}`;
const responseRef = (doc: string, path: string, method: string, status: number) => `${doc}#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;

/** Which operation of which document a sandbox URL is. */
function operationOf(method: string, path: string): { doc: string; path: string } | undefined {
  if (method === 'POST' && path === '/v2/checkout/orders') return { doc: 'orders', path };
  if (method === 'GET' && /^\/v2\/checkout\/orders\/[^/]+$/.test(path)) return { doc: 'orders', path: '/v2/checkout/orders/{id}' };
  if (method === 'POST' && /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(path)) return { doc: 'orders', path: '/v2/checkout/orders/{id}/capture' };
  if (method === 'GET' && /^\/v2\/payments\/captures\/[^/]+$/.test(path)) return { doc: 'payments', path: '/v2/payments/captures/{capture_id}' };
  if (method === 'POST' && /^\/v2\/payments\/captures\/[^/]+\/refund$/.test(path)) return { doc: 'payments', path: '/v2/payments/captures/{capture_id}/refund' };
  if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return { doc: 'webhooks', path };
  return undefined;
}

let sandboxes: GatewaySandboxes;
let base: string;
let config: PaypalConfig;
const seen: { method: string; operation: string; status: number }[] = [];

/** The adapter's fetch: every request body and answer checked against the operation's schemas. */
async function checkedFetch(input: string, init: RequestInit): Promise<Response> {
  const url = new URL(input);
  const method = init.method ?? 'GET';
  const path = url.pathname.replace(/^\/paypal/, '');
  const operation = operationOf(method, path);
  if (operation && typeof init.body === 'string' && method === 'POST') expectValid(requestRef(operation.doc, operation.path, method.toLowerCase()), JSON.parse(init.body));
  const response = await fetch(input, init);
  const text = await response.clone().text();
  if (operation) {
    expectValid(responseRef(operation.doc, operation.path, method.toLowerCase(), response.status), JSON.parse(text));
    seen.push({ method, operation: operation.path, status: response.status });
  }
  return response;
}

const input = (reference: string, value: number, extra: Partial<StartPaymentInput> = {}): StartPaymentInput => ({
  amount: { value, currency: 'EUR' },
  reference,
  attempt: 1,
  paymentMethod: { type: 'paypal' },
  returnUrl: `http://fr.localhost/fr/panier/paiement-securise?orderId=${reference}&provider=paypal`,
  cancelUrl: `http://fr.localhost/fr/panier/paiement-securise?orderId=${reference}&provider=paypal&cancelled=1`,
  shopper: { firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.com', shippingAddress: { street: 'rue de Rivoli 42', postalCode: '75001', city: 'Paris', country: 'FR' } },
  lines: [{ articleId: 7, name: 'Casque audio', qty: 2, unitPrice: 2500 }],
  shopperLocale: 'fr-FR',
  countryCode: 'FR',
  ...extra,
});

/** The approval link of a started payment. */
const approvalUrl = (outcome: PaymentOutcome): string => (outcome.status === 'action_needed' ? String(outcome.action['url']) : '');

async function approve(url: string, choice = 'approve'): Promise<URL> {
  const token = new URL(url).searchParams.get('token')!;
  const response = await fetch(`${base}/checkoutnow/${choice}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `token=${token}`, redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function outbox(): Promise<{ url: string; headers: Record<string, string>; body: string }[]> {
  return (await fetch(`${new URL(base).origin}/__sandbox/notifications?provider=paypal`)).json() as never;
}

beforeAll(async () => {
  sandboxes = createGatewaySandboxes({ storeUrl: null, retryDelaysMs: [] });
  const port = await sandboxes.listen(0);
  base = `http://127.0.0.1:${port}/paypal`;
  config = { baseUrl: base, clientId: devVar('PAYPAL_CLIENT_ID'), clientSecret: devVar('PAYPAL_CLIENT_SECRET'), webhookId: devVar('PAYPAL_WEBHOOK_ID') };
  forgetPaypalTokens();
});
afterAll(() => sandboxes.close());

describe('the PayPal sandbox against PayPal OpenAPI', () => {
  it('create, approve, capture, get, refund and the capture lookup: requests and answers match the schemas', async () => {
    const gateway = new PaypalGateway(config, checkedFetch);
    const started = await gateway.startPayment(input('FR2611250001', 6290));
    expect(started).toMatchObject({ status: 'action_needed', merchantReference: 'FR2611250001', action: { type: 'redirect', method: 'GET' } });
    const orderId = started.pspReference!;
    // The same request id again: the same order, answered 200.
    expect((await gateway.startPayment(input('FR2611250001', 6290))).pspReference).toBe(orderId);
    expect(seen.filter((s) => s.operation === '/v2/checkout/orders').map((s) => s.status)).toEqual([201, 200]);
    const back = await approve(approvalUrl(started));
    expect(back.searchParams.get('token')).toBe(orderId);
    const paid = await gateway.submitDetails({ details: { token: orderId, PayerID: back.searchParams.get('PayerID')! }, idempotencyKey: 'capture-key-1' });
    expect(paid).toEqual({ status: 'authorised', pspReference: orderId, merchantReference: 'FR2611250001' });
    // Replayed capture (same request id): 200 and the same outcome; another id: ORDER_ALREADY_CAPTURED (422, checked) → read the order (GET, checked).
    expect(await gateway.submitDetails({ details: { token: orderId }, idempotencyKey: 'capture-key-1' })).toEqual(paid);
    expect(await gateway.submitDetails({ details: { token: orderId }, idempotencyKey: 'capture-key-2' })).toEqual(paid);
    const captures = seen.filter((s) => s.operation === '/v2/checkout/orders/{id}/capture').map((s) => s.status);
    expect(captures).toEqual([201, 200, 422]);
    const receipt = await gateway.refund({ pspReference: orderId, amount: { value: 1290, currency: 'EUR' }, reference: 'FR2611250001-R1', idempotencyKey: 'refund-key-1' });
    expect(receipt.status).toBe('received');
    expect((await gateway.refund({ pspReference: orderId, amount: { value: 1290, currency: 'EUR' }, reference: 'FR2611250001-R1', idempotencyKey: 'refund-key-1' })).pspReference).toBe(receipt.pspReference);
    // More than what remains: 422 REFUND_AMOUNT_EXCEEDED, a validation failure.
    await expect(gateway.refund({ pspReference: orderId, amount: { value: 6000, currency: 'EUR' }, reference: 'FR2611250001-R2', idempotencyKey: 'refund-key-2' })).rejects.toMatchObject({ kind: 'validation', errorCode: 'REFUND_AMOUNT_EXCEEDED' });
    expect(seen.filter((s) => s.operation.endsWith('/refund')).map((s) => s.status)).toEqual([201, 201, 422]);

    // The webhooks it sent: events of PayPal's shape, resources of the capture and refund schemas.
    const sent = await outbox();
    const events = sent.map((n) => JSON.parse(n.body) as { event_type: string; resource: Record<string, unknown> });
    expect(events.map((e) => e.event_type)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED']);
    for (const event of events) expectValid('webhooks#/components/schemas/event', event);
    expectValid('orders#/components/schemas/order', events[0]!.resource);
    expectValid('payments#/components/schemas/capture-2', events[1]!.resource);
    expectValid('payments#/components/schemas/refund', events[2]!.resource);

    // verify-webhook-signature (request and answer checked), then the neutral events, the refund's order read through its capture.
    const receiver = paypalNotifications(gateway);
    const refunded = await receiver.receive({ method: 'POST', url: sent[2]!.url, headers: new Headers(sent[2]!.headers), body: sent[2]!.body });
    expect(refunded?.events).toEqual([expect.objectContaining({ eventCode: 'REFUND', success: true, pspReference: receipt.pspReference, originalReference: orderId, amount: { value: 1290, currency: 'EUR' } })]);
    expect(seen.some((s) => s.operation === '/v2/payments/captures/{capture_id}' && s.status === 200)).toBe(true);
    const completed = await receiver.receive({ method: 'POST', url: sent[1]!.url, headers: new Headers(sent[1]!.headers), body: sent[1]!.body });
    expect(completed?.events).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: true, pspReference: orderId, originalReference: '', amount: { value: 6290, currency: 'EUR' } })]);
    // One byte changed: FAILURE, not the store's.
    const altered = sent[1]!.body.replace('"62.90"', '"62.91"');
    expect(await receiver.receive({ method: 'POST', url: sent[1]!.url, headers: new Headers(sent[1]!.headers), body: altered })).toBeUndefined();
  });

  it('answers errors with PayPal error bodies: unauthorised, malformed, amount arithmetic, not approved, unknown order', async () => {
    const gateway = new PaypalGateway(config, checkedFetch);
    // The breakdown must add up: the sandbox checks PayPal's arithmetic (422 AMOUNT_MISMATCH).
    const token = (await (await fetch(`${base}/v1/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}` }, body: 'grant_type=client_credentials' })).json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 32_400 });
    const post = (path: string, body: string, bearer = token.access_token) => checkedFetch(`${base}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body });
    const mismatch = await post('/v2/checkout/orders', JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '10.00', breakdown: { item_total: { currency_code: 'EUR', value: '9.00' } } } }] }));
    expect(mismatch.status).toBe(422);
    expect(((await mismatch.json()) as { details: { issue: string }[] }).details[0]!.issue).toBe('AMOUNT_MISMATCH');
    const malformed = await fetch(`${base}/v2/checkout/orders`, { method: 'POST', headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' }, body: '{"intent":' });
    expect(malformed.status).toBe(400);
    expectValid(responseRef('orders', '/v2/checkout/orders', 'post', 400), await malformed.json());
    const unauthorised = await fetch(`${base}/v2/checkout/orders`, { method: 'POST', headers: { Authorization: 'Bearer not-a-token', 'Content-Type': 'application/json' }, body: '{}' });
    expect(unauthorised.status).toBe(401);
    expectValid(responseRef('orders', '/v2/checkout/orders', 'post', 401), await unauthorised.json());
    await expect(new PaypalGateway({ ...config, clientSecret: 'wrong' }).startPayment(input('FR2611250002', 1000))).rejects.toMatchObject({ kind: 'unauthorized', httpStatus: 401 });
    // The shopper came back without approving: 422 ORDER_NOT_APPROVED, a validation failure (the step stays open).
    const started = await gateway.startPayment(input('FR2611250003', 1000, { lines: [] }));
    await expect(gateway.submitDetails({ details: { token: started.pspReference! }, idempotencyKey: 'not-approved' })).rejects.toMatchObject({ kind: 'validation', errorCode: 'ORDER_NOT_APPROVED' });
    expect(await gateway.paymentStatus({ pspReference: started.pspReference!, reference: 'FR2611250003' })).toMatchObject({ status: 'pending' });
    // Unknown order: 404 RESOURCE_NOT_FOUND (checked); the status of an order PayPal no longer knows is still pending for us.
    expect(await gateway.paymentStatus({ pspReference: 'UNKNOWN0000000000', reference: 'FR2611250003' })).toEqual({ status: 'pending', pspReference: 'UNKNOWN0000000000' });
    expect(seen.some((s) => s.operation === '/v2/checkout/orders/{id}' && s.status === 404)).toBe(true);
    // A lapsed order (three hours unapproved) is gone too; cancel() has nothing to call.
    await fetch(`${base}/__sandbox/orders/${started.pspReference}/expire`, { method: 'POST' });
    expect(await gateway.cancel({ pspReference: started.pspReference!, reference: 'FR2611250003', idempotencyKey: 'cancel-1' })).toEqual({ pspReference: started.pspReference, status: 'received' });
    await outbox();
  });

  it('declines: a DECLINED capture completes the order but refuses the payment; INSTRUMENT_DECLINED is a refusal', async () => {
    const gateway = new PaypalGateway(config, checkedFetch);
    // An amount ending in .13 is declined at capture whatever the buyer pressed.
    const declined = await gateway.startPayment(input('FR2611250004', 1013, { lines: [] }));
    await approve(approvalUrl(declined));
    expect(await gateway.submitDetails({ details: { token: declined.pspReference! }, idempotencyKey: 'd-1' })).toMatchObject({ status: 'refused', pspReference: declined.pspReference, merchantReference: 'FR2611250004' });
    const instrument = await gateway.startPayment(input('FR2611250005', 1000, { lines: [] }));
    await approve(approvalUrl(instrument), 'instrument-declined');
    expect(await gateway.submitDetails({ details: { token: instrument.pspReference! }, idempotencyKey: 'i-1' })).toEqual({ status: 'refused', pspReference: instrument.pspReference, refusalReason: 'INSTRUMENT_DECLINED' });
    const events = (await outbox()).map((n) => JSON.parse(n.body) as { event_type: string; resource: unknown });
    const capture = events.find((e) => e.event_type === 'PAYMENT.CAPTURE.DECLINED');
    expect(capture).toBeDefined();
    expectValid('payments#/components/schemas/capture-2', capture!.resource);
  });
});
