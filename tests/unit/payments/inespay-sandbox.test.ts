// The Inespay sandbox driven by the adapter (worker/payments/inespay/client.ts), every request the
// adapter sends and every answer the sandbox gives checked with ajv against the Berlin Group's
// published NextGenPSD2 schemas (tests/fixtures/inespay/psd2-pis.json, CC BY 4.0, from
// psd2-api 1.3.11), and the shopper's pages walked as a browser would (bank, then the bank's SCA).
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewaySandboxes, devVar, type GatewaySandboxes } from '../../../scripts/sandboxes/gateways/sandbox.ts';
import { INESPAY_TEST_BANKS, INESPAY_TEST_OTPS } from '../../../scripts/sandboxes/inespay/sandbox.ts';
import { InespayGateway, REFUND_NOT_SUPPORTED } from '../../../worker/payments/inespay/client';
import { callbackEvents, parseCallback } from '../../../worker/payments/inespay/notifications';
import { verifyCallback } from '../../../worker/payments/inespay/protocol';
import { GatewayError, type PaymentOutcome, type StartPaymentInput } from '../../../worker/payments/port';

type Json = Record<string, unknown>;
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/inespay/psd2-pis.json', import.meta.url), 'utf8')) as Json & { $id: string; components: { schemas: Record<string, Json> } };
// Inespay asks the shopper for their bank on its own page, so the initiation names no debtorAccount,
// which the bank-facing schema requires (the PISP sends it on to the bank once chosen). Every other
// constraint of the request stands: checked against a copy without that one requirement.
const initiationByInespay = structuredClone(fixture);
initiationByInespay.$id = `${fixture.$id}?without-debtor-account`;
const initiationSchema = initiationByInespay.components.schemas['paymentInitiation_json']!;
initiationSchema['required'] = (initiationSchema['required'] as string[]).filter((field) => field !== 'debtorAccount');

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(fixture);
ajv.addSchema(initiationByInespay);
const schema = (name: string, base = fixture.$id): ValidateFunction => ajv.getSchema(`${base}#/components/schemas/${name}`)!;
const validators = {
  initiation: schema('paymentInitiation_json', initiationByInespay.$id),
  created: schema('paymentInitationRequestResponse-201'),
  status: schema('paymentInitiationStatusResponse-200_json'),
  400: schema('Error400_NG_PIS'),
  401: schema('Error401_NG_PIS'),
  403: schema('Error403_NG_PIS'),
  404: schema('Error404_NG_PIS'),
  405: schema('Error405_NG_PIS_CANC'),
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function check(validate: ValidateFunction, value: unknown, what: string): void {
  const ok = validate(value);
  expect(ok, `${what}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value)}`).toBe(true);
}

interface Exchange { method: string; path: string; headers: Headers; body: string; status: number; response: string }
const exchanges: Exchange[] = [];
let sandboxes: GatewaySandboxes;
let origin: string;
let gateway: InespayGateway;

beforeAll(async () => {
  sandboxes = createGatewaySandboxes({ storeUrl: null, retryDelaysMs: [] });
  origin = `http://127.0.0.1:${await sandboxes.listen(0)}`;
  gateway = new InespayGateway({ baseUrl: `${origin}/inespay`, apiKey: devVar('INESPAY_API_KEY'), callbackSecret: devVar('INESPAY_CALLBACK_SECRET') }, async (url, init) => {
    const response = await fetch(url, init);
    const text = await response.text();
    exchanges.push({ method: init.method ?? 'GET', path: new URL(url).pathname, headers: new Headers(init.headers), body: String(init.body ?? ''), status: response.status, response: text });
    return new Response(text || null, { status: response.status, headers: response.headers });
  });
});
afterAll(() => sandboxes.close());

/** Every exchange since the last call, checked against the published schemas. */
function checkExchanges(): Exchange[] {
  const taken = exchanges.splice(0);
  for (const e of taken) {
    const what = `${e.method} ${e.path} ${e.status}`;
    expect(e.headers.get('X-Request-ID'), what).toMatch(UUID);
    expect(e.headers.get('X-Api-Key'), what).toBeTruthy();
    if (e.status >= 500) {
      expect(e.response, `${what}: NextGenPSD2's 5xx answers have no body`).toBe('');
      continue;
    }
    if (e.status >= 400) {
      check(validators[e.status as 400 | 401 | 403 | 404 | 405], JSON.parse(e.response), what);
      continue;
    }
    if (e.method === 'POST') {
      check(validators.initiation, JSON.parse(e.body), `${what} request`);
      expect(e.headers.get('PSU-IP-Address'), what).toBeTruthy();
      expect(URL.canParse(e.headers.get('TPP-Redirect-URI') ?? ''), what).toBe(true);
      check(validators.created, JSON.parse(e.response), what);
    } else if (e.method === 'GET') {
      check(validators.status, JSON.parse(e.response), what);
    } else if (e.method === 'DELETE') {
      expect(e.status, what).toBe(204);
      expect(e.response, what).toBe('');
    }
  }
  return taken;
}

let sequence = 0;
function input(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  sequence += 1;
  return {
    amount: { value: 4990, currency: 'EUR' },
    reference: `ES-UNIT-${sequence}`,
    attempt: 1,
    paymentMethod: { type: 'inespay' },
    returnUrl: 'http://es.localhost:8787/cart/order/securePayment?orderId=ES-1&provider=inespay',
    cancelUrl: 'http://es.localhost:8787/cart/order/securePayment?orderId=ES-1&provider=inespay&cancelled=1',
    notificationUrl: 'http://es.localhost:8787/api/paymentGateway/inespay/notification',
    shopperIP: '203.0.113.7',
    shopperLocale: 'es-ES',
    ...overrides,
  };
}

/** The shopper's browser on the sandbox: chooses a bank, then answers the bank's page with `otp` (or cancels). */
async function atTheBank(url: string, answer: { otp: string } | 'cancel', bank: string = INESPAY_TEST_BANKS[0].id): Promise<URL> {
  const selection = await fetch(url);
  expect(selection.status).toBe(200);
  const html = await selection.text();
  for (const b of INESPAY_TEST_BANKS) expect(html).toContain(b.name);
  const chosen = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ bank, action: 'continue' }) });
  expect(chosen.status).toBe(303);
  const sca = new URL(chosen.headers.get('Location')!);
  expect(await (await fetch(sca)).text()).toMatch(/<label for="otp">/);
  const fields: Record<string, string> = answer === 'cancel' ? { action: 'cancel' } : { user: 'ana', password: 'secret', otp: answer.otp, action: 'authorise' };
  const done = await fetch(sca, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  expect(done.status).toBe(303);
  return new URL(done.headers.get('Location')!);
}

/** Where a redirect outcome sends the shopper. */
function redirectUrl(outcome: PaymentOutcome): string {
  if (outcome.status !== 'action_needed') throw new Error(`expected a redirect, got ${outcome.status}`);
  return String(outcome.action['url']);
}

async function outbox(): Promise<{ url: string; headers: Record<string, string>; body: string }[]> {
  return (await fetch(`${origin}/__sandbox/notifications?provider=inespay`)).json();
}

describe('the Inespay sandbox, as the adapter and a browser use it', () => {
  it('checks with schemas that refuse what NextGenPSD2 refuses', () => {
    const good = { instructedAmount: { currency: 'EUR', amount: '12.34' }, creditorAccount: { iban: 'ES9121000418450200051332' }, creditorName: 'Ampora', remittanceInformationUnstructured: 'ES-1' };
    expect(validators.initiation(good)).toBe(true);
    expect(validators.initiation({ ...good, instructedAmount: { currency: 'EUR', amount: 12.34 } })).toBe(false);
    expect(validators.initiation({ ...good, remittanceInformationUnstructured: 'x'.repeat(141) })).toBe(false);
    expect(schema('paymentInitiation_json')(good)).toBe(false);
    expect(validators.created({ transactionStatus: 'PAID', paymentId: 'P', _links: {} })).toBe(false);
    expect(validators[400]({ tppMessages: [{ category: 'ERROR' }] })).toBe(false);
  });

  it('initiates, lets the shopper choose a bank and authorise, and reports ACSC by status and signed callback', async () => {
    const start = await gateway.startPayment(input());
    expect(start).toMatchObject({ status: 'action_needed', action: { type: 'redirect', method: 'GET' } });
    const paymentId = start.pspReference!;
    const back = await atTheBank(redirectUrl(start), { otp: INESPAY_TEST_OTPS.authorise });
    expect(back.searchParams.get('paymentId')).toBe(paymentId);
    expect(back.searchParams.get('cancelled')).toBeNull();
    expect(await gateway.submitDetails({ details: Object.fromEntries(back.searchParams), idempotencyKey: 'k' })).toEqual({ status: 'authorised', pspReference: paymentId });
    checkExchanges();
    const [callback] = await outbox();
    expect(callback!.url).toBe('http://es.localhost:8787/api/paymentGateway/inespay/notification');
    expect(await verifyCallback(callback!.body, callback!.headers['X-Inespay-Signature']!, devVar('INESPAY_CALLBACK_SECRET'))).toBe(true);
    expect(callbackEvents(parseCallback(callback!.body)!)).toEqual([expect.objectContaining({ pspReference: paymentId, eventCode: 'AUTHORISATION', success: true, amount: { value: 4990, currency: 'EUR' } })]);
  });

  it('answers a repeated initiation with the same payment, and a new attempt with a new one', async () => {
    const first = input();
    const a = await gateway.startPayment(first);
    const again = await gateway.startPayment(first);
    const next = await gateway.startPayment({ ...first, attempt: 2 });
    expect(again.pspReference).toBe(a.pspReference);
    expect(next.pspReference).not.toBe(a.pspReference);
    checkExchanges();
  });

  it('reports a refusal by the bank (RJCT) and a shopper who cancels at the bank (CANC, sent to the Nok URI)', async () => {
    const refused = await gateway.startPayment(input());
    const back = await atTheBank(redirectUrl(refused), { otp: INESPAY_TEST_OTPS.reject }, 'bbva');
    expect(await gateway.submitDetails({ details: Object.fromEntries(back.searchParams), idempotencyKey: 'k' })).toMatchObject({ status: 'refused', pspReference: refused.pspReference });
    const cancelled = await gateway.startPayment(input());
    const nok = await atTheBank(redirectUrl(cancelled), 'cancel');
    expect(nok.searchParams.get('cancelled')).toBe('1');
    expect(await gateway.paymentStatus({ pspReference: cancelled.pspReference!, reference: 'x' })).toEqual({ status: 'cancelled', pspReference: cancelled.pspReference });
    checkExchanges();
    expect((await outbox()).map((n) => JSON.parse(n.body).transactionStatus)).toEqual(['RJCT', 'CANC']);
  });

  it('cancels a payment not yet authorised, and refuses to cancel one the bank accepted (405 CANCELLATION_INVALID)', async () => {
    const open = await gateway.startPayment(input());
    await gateway.cancel({ pspReference: open.pspReference!, reference: 'ES-1', idempotencyKey: 'c1' });
    expect(await gateway.paymentStatus({ pspReference: open.pspReference!, reference: 'ES-1' })).toMatchObject({ status: 'cancelled' });
    const paid = await gateway.startPayment(input());
    await atTheBank(redirectUrl(paid), { otp: INESPAY_TEST_OTPS.authorise });
    await expect(gateway.cancel({ pspReference: paid.pspReference!, reference: 'ES-2', idempotencyKey: 'c2' })).rejects.toMatchObject({ httpStatus: 405, kind: 'validation', errorCode: 'CANCELLATION_INVALID' });
    checkExchanges();
    await outbox();
  });

  it('keeps a pending transfer pending until the bank settles it', async () => {
    const start = await gateway.startPayment(input());
    const back = await atTheBank(redirectUrl(start), { otp: INESPAY_TEST_OTPS.pending });
    expect(await gateway.submitDetails({ details: Object.fromEntries(back.searchParams), idempotencyKey: 'k' })).toEqual({ status: 'pending', pspReference: start.pspReference });
    const settled = await fetch(`${origin}/inespay/__sandbox/payments/${start.pspReference}/status`, { method: 'POST', body: JSON.stringify({ transactionStatus: 'ACSP' }) });
    expect(settled.status).toBe(200);
    expect(await gateway.paymentStatus({ pspReference: start.pspReference!, reference: 'x' })).toMatchObject({ status: 'authorised' });
    checkExchanges();
    expect((await outbox()).map((n) => JSON.parse(n.body).transactionStatus)).toEqual(['PDNG', 'ACSP']);
  });

  it('answers errors in the NextGenPSD2 shape: bad key 401, unknown payment 403, bad request 400', async () => {
    const wrongKey = new InespayGateway({ baseUrl: `${origin}/inespay`, apiKey: 'not-the-key', callbackSecret: 'x' }, async (url, init) => {
      const response = await fetch(url, init);
      const text = await response.text();
      exchanges.push({ method: init.method ?? 'GET', path: new URL(url).pathname, headers: new Headers(init.headers), body: String(init.body ?? ''), status: response.status, response: text });
      return new Response(text, { status: response.status });
    });
    await expect(wrongKey.startPayment(input())).rejects.toMatchObject({ httpStatus: 401, kind: 'unauthorized', errorCode: 'CERTIFICATE_INVALID' });
    await expect(gateway.paymentStatus({ pspReference: 'INPUNKNOWN', reference: 'x' })).rejects.toMatchObject({ httpStatus: 403, errorCode: 'RESOURCE_UNKNOWN' });
    await expect(gateway.startPayment(input({ shopperIP: undefined }))).rejects.toMatchObject({ httpStatus: 400, kind: 'validation', errorCode: 'FORMAT_ERROR' });
    await fetch(`${origin}/inespay/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify({ status: 503 }) });
    await expect(gateway.startPayment(input())).rejects.toMatchObject({ httpStatus: 503, kind: 'unavailable' });
    const taken = checkExchanges();
    expect(taken.map((e) => e.status)).toEqual([401, 403, 400, 503]);
  });

  it('refuses refunds before calling anyone: a transfer goes back by another transfer', async () => {
    const error = await gateway.refund({ pspReference: 'INP1', reference: 'ES-1-R1', idempotencyKey: 'r', amount: { value: 100, currency: 'EUR' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'forbidden', errorCode: REFUND_NOT_SUPPORTED });
    expect(exchanges).toEqual([]);
  });

  it('refuses another currency before calling anyone', async () => {
    await expect(gateway.startPayment(input({ amount: { value: 100, currency: 'GBP' } }))).rejects.toMatchObject({ kind: 'validation' });
    expect(exchanges).toEqual([]);
  });
});
