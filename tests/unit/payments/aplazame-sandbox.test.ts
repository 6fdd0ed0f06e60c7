/**
 * The Aplazame sandbox (scripts/sandboxes/aplazame/sandbox.ts) speaks Aplazame's documented
 * protocol (tests/fixtures/aplazame/docs-examples.json): driven by our adapter and by raw HTTP, its
 * answers, errors and notifications have the docs' shapes, and with a store to reach it confirms or
 * rejects the order by the store's answer, as Aplazame does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import docs from '../../fixtures/aplazame/docs-examples.json';
import { createGatewaySandboxes, devVar, type GatewaySandboxes } from '../../../scripts/sandboxes/gateways/sandbox';
import { AplazameGateway } from '../../../worker/payments/aplazame/client';
import { checkoutPageFor } from '../../../worker/payments/aplazame/config';
import { GatewayError, type StartPaymentInput } from '../../../worker/payments/port';

const key = devVar('APLAZAME_PRIVATE_KEY');
const keys = (object: object) => Object.keys(object).sort();

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** A store that answers Aplazame's notifications as `answer` says, and records them. */
function fakeStore(answer: () => { status: number; body: string }) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      const { status, body: text } = answer();
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(text);
    });
  });
  return { received, server };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function input(reference: string, overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  return {
    amount: { value: 12_050, currency: 'EUR' },
    reference,
    attempt: 1,
    paymentMethod: { type: 'aplazame' },
    returnUrl: `http://es.localhost:8788/cart/order/securePayment?orderId=${reference}&provider=aplazame`,
    notificationUrl: 'http://es.localhost:8788/api/paymentGateway/aplazame/notification',
    shopper: { firstName: 'Ana', lastName: 'García', email: 'ana@example.com', shippingAddress: { street: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', country: 'ES' } },
    lines: [{ articleId: 1, name: 'Teclado', qty: 1, unitPrice: 12_050 }],
    ...overrides,
  };
}

describe('the Aplazame sandbox, outbox mode', () => {
  let sandboxes: GatewaySandboxes;
  let base: string;
  let gateway: AplazameGateway;
  beforeAll(async () => {
    sandboxes = createGatewaySandboxes({ storeUrl: null, retryDelaysMs: [] });
    base = `http://127.0.0.1:${await sandboxes.listen(0)}`;
    gateway = new AplazameGateway({ baseUrl: `${base}/aplazame`, privateKey: key, publicKey: devVar('APLAZAME_PUBLIC_KEY'), sandbox: true, checkoutPageUrl: checkoutPageFor(`${base}/aplazame`) });
  });
  afterAll(() => sandboxes.close());

  const outbox = async () => (await (await fetch(`${base}/__sandbox/notifications?provider=aplazame`)).json()) as { headers: Record<string, string>; body: string }[];

  it('creates a checkout, shows its page with labelled controls, and notifies with the docs’ fields and our key', async () => {
    const outcome = await gateway.startPayment(input('ES-100001-AAAAAA'));
    expect(outcome).toMatchObject({ status: 'action_needed', pspReference: 'ES-100001-AAAAAA-1', merchantReference: 'ES-100001-AAAAAA' });
    const url = (outcome as unknown as { action: { url: string } }).action.url;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="document">');
    expect(html).toContain('target="_top"');
    expect(html).toContain('120.50 EUR');
    const checkoutId = new URL(url).searchParams.get('order')!;
    // The docs' test document, written as they write it (with a space).
    const done = await fetch(`${base}/aplazame/checkout-page/complete`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order: checkoutId, document: docs.testDocuments[1]!.value }).toString() });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toContain('mid=ES-100001-AAAAAA-1');
    const [sent] = await outbox();
    expect(sent!.headers['Authorization']).toBe(`Bearer ${key}`);
    const body = JSON.parse(sent!.body) as Record<string, unknown>;
    expect(keys(body)).toEqual(keys(docs.notification.body));
    expect(body).toMatchObject({ status: 'pending', status_reason: 'challenge_required', mid: 'ES-100001-AAAAAA-1', sandbox: true, total_amount: 12_050, currency: docs.notification.body.currency });
    expect(await gateway.paymentStatus({ pspReference: 'ES-100001-AAAAAA-1', reference: 'ES-100001-AAAAAA' })).toMatchObject({ status: 'pending' });
  });

  it('answers errors with the docs’ shapes and headers', async () => {
    const call = (path: string, init: RequestInit = {}) => fetch(`${base}/aplazame${path}`, { ...init, headers: { Accept: docs.acceptHeaders.sandbox, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) } });
    const unauthorised = await call('/orders/x', { headers: { Authorization: '' } });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual(docs.errors['401']);
    const missing = await call('/orders/145000006');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(docs.errors['404']);
    expect(missing.headers.get('X-Aplazame-Media-Type')).toBe(docs.responseHeaders['X-Aplazame-Media-Type']);
    expect(missing.headers.get('Content-Type')).toBe(docs.responseHeaders['Content-Type']);
    const invalid = await call('/checkout', { method: 'POST', body: JSON.stringify({ merchant: {}, order: { id: 'x', currency: 'EUR', total_amount: 100 }, customer: { email: 'a@b.es' } }) });
    expect(invalid.status).toBe(400);
    const error = (await invalid.json()) as typeof docs.errors['400'];
    expect(keys(error.error)).toEqual(keys(docs.errors['400'].error));
    expect(error.error.type).toBe(docs.errors['400'].error.type);
    expect((await call('/orders/x', { headers: { Accept: 'application/json' } })).status).toBe(406);
  });

  it('fails the next checkout on demand with a temporary error: our 695102, as a validation failure (no checkout made)', async () => {
    await fetch(`${base}/aplazame/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify({ orderPrefix: 'ES-100002-' }) });
    const failed = await gateway.startPayment(input('ES-100002-BBBBBB')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(GatewayError);
    expect(failed).toMatchObject({ httpStatus: 503, kind: 'validation', errorCode: '695102' });
    expect(await gateway.startPayment(input('ES-100002-BBBBBB', { attempt: 2 }))).toMatchObject({ status: 'action_needed' });
  });

  it('refunds only confirmed orders, by the docs’ request and answer', async () => {
    await gateway.startPayment(input('ES-100003-CCCCCC'));
    const mid = 'ES-100003-CCCCCC-1';
    await expect(gateway.refund({ pspReference: mid, amount: { value: 100, currency: 'EUR' }, reference: 'R', idempotencyKey: 'k' })).rejects.toMatchObject({ kind: 'validation', httpStatus: 409 });
    // A cancel of an order never confirmed owes nothing: received, nothing else.
    expect(await gateway.cancel({ pspReference: mid, reference: 'R', idempotencyKey: 'k' })).toEqual({ pspReference: mid, status: 'received' });
  });
});

describe('the Aplazame sandbox with a store to reach', () => {
  it.each([
    ['ok', 200, '{"status":"ok"}', ['pending/confirmation_required', 'ok/null']],
    ['ko', 200, '{"status":"ko"}', ['pending/confirmation_required', 'ko/confirmation_rejected_by_merchant']],
    ['no valid answer', 500, 'oops', ['pending/confirmation_required', 'ko/merchant_failed_to_confirm']],
  ])('the store answers the confirmation %s: the order follows, and the store is told', async (_name, status, body, expected) => {
    const store = fakeStore(() => ({ status, body }));
    const storeUrl = `http://127.0.0.1:${await listen(store.server)}`;
    const sandboxes = createGatewaySandboxes({ storeUrl, retryDelaysMs: [] });
    const base = `http://127.0.0.1:${await sandboxes.listen(0)}`;
    try {
      const gateway = new AplazameGateway({ baseUrl: `${base}/aplazame`, privateKey: key, publicKey: devVar('APLAZAME_PUBLIC_KEY'), sandbox: true, checkoutPageUrl: checkoutPageFor(`${base}/aplazame`) });
      const outcome = (await gateway.startPayment(input('ES-200001-DDDDDD'))) as unknown as { action: { url: string } };
      const checkoutId = new URL(outcome.action.url).searchParams.get('order')!;
      const done = await fetch(`${base}/aplazame/checkout-page/complete`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ order: checkoutId, document: '12345678Z' }).toString() });
      expect(done.status).toBe(303);
      await sandboxes.idle();
      expect(store.received.map((r) => `${String(r.body['status'])}/${String(r.body['status_reason'])}`)).toEqual(expected);
      expect(store.received.every((r) => r.headers['authorization'] === `Bearer ${key}`)).toBe(true);
      const final = await gateway.paymentStatus({ pspReference: 'ES-200001-DDDDDD-1', reference: 'ES-200001-DDDDDD' });
      expect(final.status).toBe(expected[1] === 'ok/null' ? 'authorised' : 'cancelled');
    } finally {
      await sandboxes.close();
      store.server.close();
    }
  });
});
