// The financing sandbox (scripts/sandboxes/financing) driven by the Worker's own adapter over HTTP:
// the product limits at their boundaries (Lendismart from 90 €), auth and idempotency as the
// protocol gives them, the test identities, and callbacks signed as the Worker verifies them and
// retried until the store answers 2xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewaySandboxes, devVar, type GatewaySandboxes } from '../../../scripts/sandboxes/gateways/sandbox.ts';
import { validSpanishId } from '../../../scripts/sandboxes/financing/identities.ts';
import { FinancingGateway } from '../../../worker/payments/financing/client';
import { checkSignature } from '../../../worker/payments/financing/signature';
import type { PaymentOutcome, StartPaymentInput } from '../../../worker/payments/port';

/** The application page an outcome redirects to. */
const applyUrl = (outcome: PaymentOutcome): string => (outcome.status === 'action_needed' ? String(outcome.action['url']) : '');

let sandboxes: GatewaySandboxes;
let store: Server;
let base: string;
/** What the fake store received; it answers 500 to the first delivery of each callback, then 200. */
const received: { body: string; signature: string; status: number }[] = [];

beforeAll(async () => {
  const seen = new Set<string>();
  store = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = seen.has(body) ? 200 : 500;
      seen.add(body);
      received.push({ body, signature: String(request.headers['x-signature']), status });
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  const storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  sandboxes = createGatewaySandboxes({ storeUrl, retryDelaysMs: [5, 5] });
  base = `http://127.0.0.1:${await sandboxes.listen(0)}/financing`;
});

afterAll(async () => {
  await sandboxes.close();
  await new Promise((resolve) => store.close(resolve));
});

const gateway = () => new FinancingGateway({ baseUrl: base, merchantId: devVar('FINANCING_MERCHANT_ID'), apiKey: devVar('FINANCING_API_KEY'), webhookSecret: devVar('FINANCING_WEBHOOK_SECRET') });

let n = 0;
function input(method: string, amount: number, extra: Record<string, unknown> = {}): StartPaymentInput {
  n += 1;
  const storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  return {
    amount: { value: amount, currency: 'EUR' },
    reference: `ES-UNIT-${n}`,
    attempt: 1,
    paymentMethod: { type: method, ...extra },
    returnUrl: `${storeUrl}/cart/order/securePayment?orderId=ES-UNIT-${n}&provider=financing`,
    notificationUrl: `${storeUrl}/api/paymentGateway/financing/notification`,
    shopper: { firstName: 'Ana', lastName: 'García', email: 'ana@example.com' },
    lines: [],
  };
}

async function submit(url: string, form: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
}

describe('financing sandbox: limits, auth, idempotency', () => {
  it('Lendismart finances from 90 € to 1,000,000 €, both ends included', async () => {
    await expect(gateway().startPayment(input('lendismart', 8_999))).rejects.toMatchObject({ httpStatus: 400, kind: 'validation', errorCode: 'amount_out_of_range' });
    expect((await gateway().startPayment(input('lendismart', 9_000))).status).toBe('action_needed');
    expect((await gateway().startPayment(input('lendismart', 100_000_000))).status).toBe('action_needed');
    await expect(gateway().startPayment(input('lendismart', 100_000_001))).rejects.toMatchObject({ errorCode: 'amount_out_of_range' });
    await expect(gateway().startPayment(input('financiacion12', 300_001))).rejects.toMatchObject({ errorCode: 'amount_out_of_range' });
  });

  it('refuses another key (401) and answers an unknown application 404 in the provider error body', async () => {
    const wrong = new FinancingGateway({ baseUrl: base, merchantId: devVar('FINANCING_MERCHANT_ID'), apiKey: 'sk_wrong', webhookSecret: 'x' });
    await expect(wrong.startPayment(input('lendismart', 10_000))).rejects.toMatchObject({ httpStatus: 401, kind: 'unauthorized', errorCode: 'invalid_api_key', errorType: 'authentication_error' });
    await expect(gateway().paymentStatus({ pspReference: 'app_000', reference: 'x' })).rejects.toMatchObject({ httpStatus: 404, errorCode: 'resource_missing' });
  });

  it('replays the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const one = input('lendismart', 20_000);
    const first = await gateway().startPayment(one);
    const again = await gateway().startPayment(one);
    expect(again.pspReference).toBe(first.pspReference);
    await expect(gateway().startPayment({ ...one, amount: { value: 20_001, currency: 'EUR' } })).rejects.toMatchObject({ httpStatus: 409, errorCode: 'idempotency_key_reused' });
    expect((await gateway().startPayment({ ...one, attempt: 2 })).pspReference).not.toBe(first.pspReference);
  });
});

describe('financing sandbox: the application and its callbacks', () => {
  it('decides by test identity, refuses an invalid document id, and retries the signed callback until 2xx', async () => {
    const started = await gateway().startPayment(input('lendismart', 15_000, { termMonths: 6 }));
    const url = applyUrl(started);
    const page = await (await fetch(url)).text();
    for (const label of ['Document ID (DNI or NIE)', 'Net monthly income (€)', 'Bank account (IBAN)']) expect(page).toContain(label);
    expect(page).toContain('over <strong>6 months</strong>');

    const bad = await submit(url, { document_id: '12345678A', monthly_income: '1500', iban: 'ES9121000418450200051332', action: 'submit' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('role="alert"');

    const done = await submit(url, { document_id: '11111111H', monthly_income: '1500', iban: 'ES9121000418450200051332', action: 'submit' });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('Location')!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ application_id: started.pspReference, status: 'denied' });
    expect(await gateway().paymentStatus({ pspReference: started.pspReference!, reference: '' })).toMatchObject({ status: 'refused', refusalReason: 'credit_policy' });

    await sandboxes.idle();
    const deliveries = received.filter((r) => JSON.parse(r.body).id === started.pspReference);
    expect(deliveries.map((d) => d.status)).toEqual([500, 200]);
    const body = JSON.parse(deliveries[1]!.body);
    expect(body).toMatchObject({ event: 'application.denied', amount: 15_000, currency: 'EUR' });
    expect(await checkSignature(devVar('FINANCING_WEBHOOK_SECRET'), deliveries[1]!.body, deliveries[1]!.signature, Math.floor(Date.now() / 1000))).toBe('valid');
    // The form is closed once decided.
    expect((await fetch(url)).status).toBe(409);
  });

  it('puts 22222222J under review until the staff decides, and 00000000T approved at once', async () => {
    const review = await gateway().startPayment(input('payPerUsage', 30_000, { termMonths: 36 }));
    const reviewed = await submit(applyUrl(review), { document_id: '22222222J', monthly_income: '1500', iban: 'ES9121000418450200051332', action: 'submit' });
    expect(new URL(reviewed.headers.get('Location')!).searchParams.get('status')).toBe('pending_review');
    const pending = await gateway().paymentStatus({ pspReference: review.pspReference!, reference: '' });
    expect(pending.status).toBe('pending');
    expect(pending.expiresAt! - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(await (await fetch(`${base}/__sandbox/reviews`)).text()).toContain(`Deny ${review.pspReference}`);
    expect((await submit(`${base}/__sandbox/applications/${review.pspReference}/decision`, { decision: 'deny' })).status).toBe(303);
    expect((await gateway().paymentStatus({ pspReference: review.pspReference!, reference: '' })).status).toBe('refused');

    const approved = await gateway().startPayment(input('financiacion12', 30_000));
    await submit(applyUrl(approved), { document_id: '00000000t', monthly_income: '1500', iban: 'ES91 2100 0418 4502 0005 1332', action: 'submit' });
    expect((await gateway().paymentStatus({ pspReference: approved.pspReference!, reference: '' })).status).toBe('authorised');
  });

  it('knows a valid DNI and NIE', () => {
    expect(['00000000T', '11111111H', '22222222J', 'X1234567L', '12345678Z'].every(validSpanishId)).toBe(true);
    expect(['12345678A', 'X12345678L', '1234567Z', ''].some(validSpanishId)).toBe(false);
  });
});
