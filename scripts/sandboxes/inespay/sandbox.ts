// The Inespay sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /inespay): open-banking
// payments as Berlin Group NextGenPSD2 payment initiation (Inespay publishes no API of its own; see
// docs/payments-inespay.md). API: POST /v1/payments/sepa-credit-transfers, GET …/{paymentId}/status,
// GET …/{paymentId}, DELETE …/{paymentId}, each with X-Api-Key; NextGenPSD2 error bodies
// ({ tppMessages: [{ category, code, path?, text }] }). Shopper pages: the bank selection Inespay adds
// (/pay/{paymentId}), then the chosen bank's SCA page (user, password, one-time code). Callbacks:
// signed JSON to the TPP-Notification-URI at each status change, retried until answered 200.
// Test data (one-time codes): 123456 authorises (ACSC), 111111 is refused by the bank (RJCT,
// insufficient funds), 222222 leaves the transfer pending at the bank (PDNG); anything else is a
// wrong code. Test controls: GET /__sandbox/payments/{id}, POST /__sandbox/payments/{id}/status
// { transactionStatus }, POST /__sandbox/fail-next { status }.
import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { devVar, type ProviderSandbox, type SandboxContext, type SandboxRequest } from '../gateways/sandbox.ts';
import { INESPAY_TEST_BANKS, INESPAY_TEST_OTPS, bankSelection, closedPage, page, scaPage } from './pages.ts';

export { INESPAY_TEST_BANKS, INESPAY_TEST_OTPS };

/** Delays between callback attempts (modelled: a few quick retries, then minutes apart). */
export const INESPAY_CALLBACK_RETRY_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

const PRODUCT = '/v1/payments/sepa-credit-transfers';
const FINAL_FOR_CANCEL = new Set(['ACSP', 'ACSC', 'ACCC', 'RJCT']);
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const AMOUNT = /^[0-9]{1,14}(\.[0-9]{1,2})?$/;
const IBAN = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;

export interface InespaySandboxPayment {
  paymentId: string;
  requestId: string;
  /** The initiation body as received. */
  body: string;
  amount: string;
  currency: string;
  reference: string;
  creditorIban: string;
  creditorName: string;
  transactionStatus: string;
  redirectUri: string;
  nokRedirectUri: string;
  notificationUri: string | null;
  psuIpAddress: string;
  bank: string | null;
  createdAt: number;
  /** Status changes, oldest first. */
  history: string[];
  /** Callbacks sent (bodies). */
  callbacks: string[];
}

type Json = Record<string, unknown>;

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
  return true;
}

function tppError(response: ServerResponse, status: number, code: string, text: string, path?: string, requestId?: string): true {
  return json(response, status, { tppMessages: [{ category: 'ERROR', code, ...(path ? { path } : {}), text }] }, requestId ? { 'X-Request-ID': requestId } : {});
}

function redirect(response: ServerResponse, location: string): true {
  response.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
  return true;
}

/** The URI with the paymentId appended to its query (how the sandbox sends the shopper back). */
function withPaymentId(uri: string, paymentId: string): string {
  const url = new URL(uri);
  url.searchParams.set('paymentId', paymentId);
  return url.toString();
}

const header = (request: SandboxRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export function createInespaySandbox(context: SandboxContext): ProviderSandbox {
  const apiKey = devVar('INESPAY_API_KEY');
  const callbackSecret = devVar('INESPAY_CALLBACK_SECRET');
  const payments = new Map<string, InespaySandboxPayment>();
  const byRequestId = new Map<string, string>();
  let failNext: number | null = null;

  /** Moves the payment to `status` and sends its callback (when the payment named a notification URI). */
  function setStatus(p: InespaySandboxPayment, status: string): void {
    if (p.transactionStatus === status) return;
    p.transactionStatus = status;
    p.history.push(status);
    if (!p.notificationUri) return;
    const body = JSON.stringify({ paymentId: p.paymentId, transactionStatus: status, amount: p.amount, currency: p.currency, reference: p.reference });
    p.callbacks.push(body);
    const signature = createHmac('sha256', callbackSecret).update(body, 'utf8').digest('hex');
    void context.notify(
      { url: p.notificationUri, headers: { 'Content-Type': 'application/json', 'X-Inespay-Signature': signature }, body },
      { retryDelaysMs: INESPAY_CALLBACK_RETRY_MS, accepted: (result) => result.status === 200 },
    );
  }

  function initiationResponse(p: InespaySandboxPayment): Json {
    return {
      transactionStatus: p.transactionStatus,
      paymentId: p.paymentId,
      _links: {
        scaRedirect: { href: `${context.baseUrl}/pay/${p.paymentId}` },
        self: { href: `${PRODUCT}/${p.paymentId}` },
        status: { href: `${PRODUCT}/${p.paymentId}/status` },
      },
    };
  }

  function initiate(request: SandboxRequest, response: ServerResponse): true {
    const requestId = header(request, 'X-Request-ID') ?? '';
    if (!UUID.test(requestId)) return tppError(response, 400, 'FORMAT_ERROR', 'X-Request-ID must be a UUID.', 'X-Request-ID');
    const known = byRequestId.get(requestId);
    if (known) {
      // The same initiation sent again (a retried call): the payment it made, not a second one.
      const p = payments.get(known)!;
      if (p.body !== request.body) return tppError(response, 400, 'FORMAT_ERROR', 'This X-Request-ID was used for another payment.', 'X-Request-ID', requestId);
      return json(response, 201, initiationResponse(p), { 'X-Request-ID': requestId, Location: `${PRODUCT}/${p.paymentId}`, 'ASPSP-SCA-Approach': 'REDIRECT' });
    }
    if (!/^application\/json\b/.test(header(request, 'Content-Type') ?? '')) return tppError(response, 400, 'FORMAT_ERROR', 'The body must be JSON.', undefined, requestId);
    const psuIp = header(request, 'PSU-IP-Address');
    if (!psuIp) return tppError(response, 400, 'FORMAT_ERROR', 'PSU-IP-Address is mandatory for a payment initiation.', 'PSU-IP-Address', requestId);
    const redirectUri = header(request, 'TPP-Redirect-URI');
    const nokUri = header(request, 'TPP-Nok-Redirect-URI') ?? redirectUri;
    if (!redirectUri || !URL.canParse(redirectUri) || !nokUri || !URL.canParse(nokUri)) return tppError(response, 400, 'FORMAT_ERROR', 'TPP-Redirect-URI must be an absolute URL (the redirect SCA approach).', 'TPP-Redirect-URI', requestId);
    const notificationUri = header(request, 'TPP-Notification-URI') ?? null;
    if (notificationUri !== null && !URL.canParse(notificationUri)) return tppError(response, 400, 'FORMAT_ERROR', 'TPP-Notification-URI must be an absolute URL.', 'TPP-Notification-URI', requestId);
    let body: Json;
    try {
      body = JSON.parse(request.body) as Json;
    } catch {
      return tppError(response, 400, 'FORMAT_ERROR', 'The body is not JSON.', undefined, requestId);
    }
    const instructed = (body['instructedAmount'] ?? {}) as Json;
    const creditor = (body['creditorAccount'] ?? {}) as Json;
    const checks: [boolean, string, string][] = [
      [instructed['currency'] === 'EUR', 'instructedAmount.currency', 'SEPA credit transfers are in EUR.'],
      [typeof instructed['amount'] === 'string' && AMOUNT.test(instructed['amount']) && Number(instructed['amount']) > 0, 'instructedAmount.amount', 'The amount must be a positive decimal string with at most 2 decimals.'],
      [typeof creditor['iban'] === 'string' && IBAN.test(creditor['iban']), 'creditorAccount.iban', 'The creditor account must be an IBAN.'],
      [typeof body['creditorName'] === 'string' && body['creditorName'].length > 0 && body['creditorName'].length <= 70, 'creditorName', 'The creditor name has 1 to 70 characters.'],
      [typeof body['remittanceInformationUnstructured'] === 'string' && body['remittanceInformationUnstructured'].length > 0 && body['remittanceInformationUnstructured'].length <= 140, 'remittanceInformationUnstructured', 'The remittance information has 1 to 140 characters.'],
    ];
    const failed = checks.find(([ok]) => !ok);
    if (failed) return tppError(response, 400, 'FORMAT_ERROR', failed[2], failed[1], requestId);
    const p: InespaySandboxPayment = {
      paymentId: `INP${randomBytes(9).toString('hex').toUpperCase()}`,
      requestId,
      body: request.body,
      amount: instructed['amount'] as string,
      currency: 'EUR',
      reference: body['remittanceInformationUnstructured'] as string,
      creditorIban: creditor['iban'] as string,
      creditorName: body['creditorName'] as string,
      transactionStatus: 'RCVD',
      redirectUri,
      nokRedirectUri: nokUri,
      notificationUri,
      psuIpAddress: psuIp,
      bank: null,
      createdAt: context.now(),
      history: ['RCVD'],
      callbacks: [],
    };
    payments.set(p.paymentId, p);
    byRequestId.set(requestId, p.paymentId);
    return json(response, 201, initiationResponse(p), { 'X-Request-ID': requestId, Location: `${PRODUCT}/${p.paymentId}`, 'ASPSP-SCA-Approach': 'REDIRECT' });
  }

  async function api(request: SandboxRequest, response: ServerResponse): Promise<boolean> {
    const requestId = header(request, 'X-Request-ID');
    if (header(request, 'X-Api-Key') !== apiKey) return tppError(response, 401, header(request, 'X-Api-Key') ? 'CERTIFICATE_INVALID' : 'CERTIFICATE_MISSING', 'The API key is missing or not valid.', undefined, requestId);
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      if (status < 500) return tppError(response, status, 'FORMAT_ERROR', 'Forced by the sandbox.', undefined, requestId);
      // NextGenPSD2's 5xx answers carry no body.
      response.writeHead(status, requestId ? { 'X-Request-ID': requestId } : {});
      response.end();
      return true;
    }
    if (request.path === PRODUCT) {
      if (request.method !== 'POST') return tppError(response, 405, 'SERVICE_INVALID', 'Use POST to initiate a payment.');
      return initiate(request, response);
    }
    const match = /^\/v1\/payments\/sepa-credit-transfers\/([^/]+)(\/status)?$/.exec(request.path);
    if (!match) return tppError(response, 404, 'PRODUCT_UNKNOWN', 'Only the payment product sepa-credit-transfers is offered.');
    const p = payments.get(decodeURIComponent(match[1]!));
    if (!p) return tppError(response, 403, 'RESOURCE_UNKNOWN', 'No payment with this paymentId.', 'paymentId', requestId);
    const echo: Record<string, string> = requestId ? { 'X-Request-ID': requestId } : {};
    if (match[2]) {
      if (request.method !== 'GET') return tppError(response, 405, 'SERVICE_INVALID', 'Use GET for the status.');
      return json(response, 200, { transactionStatus: p.transactionStatus }, echo);
    }
    if (request.method === 'GET') {
      return json(response, 200, { ...(JSON.parse(p.body) as Json), transactionStatus: p.transactionStatus }, echo);
    }
    if (request.method === 'DELETE') {
      // Only before the bank authorised it: a transfer the bank accepted cannot be cancelled here.
      if (FINAL_FOR_CANCEL.has(p.transactionStatus)) return tppError(response, 405, 'CANCELLATION_INVALID', `The payment is ${p.transactionStatus} and can no longer be cancelled.`, undefined, requestId);
      setStatus(p, 'CANC');
      response.writeHead(204, echo);
      response.end();
      return true;
    }
    return tppError(response, 405, 'SERVICE_INVALID', 'Method not allowed.');
  }

  function shopper(request: SandboxRequest, response: ServerResponse): boolean {
    const match = /^\/pay\/([A-Za-z0-9]+)(\/sca)?$/.exec(request.path);
    if (!match) return false;
    const p = payments.get(match[1]!);
    if (!p) return page(response, 404, 'Payment not found', '<p>This payment does not exist.</p>');
    // The shopper's pages only while the bank has not answered; afterwards they say how it ended.
    if (p.transactionStatus !== 'RCVD') return closedPage(response, p, withPaymentId(p.transactionStatus === 'CANC' ? p.nokRedirectUri : p.redirectUri, p.paymentId));
    const form = new URLSearchParams(request.body);
    const cancel = () => {
      setStatus(p, 'CANC');
      return redirect(response, withPaymentId(p.nokRedirectUri, p.paymentId));
    };
    if (!match[2]) {
      if (request.method === 'GET') return bankSelection(response, p);
      if (request.method !== 'POST') return false;
      if (form.get('action') === 'cancel') return cancel();
      const bank = INESPAY_TEST_BANKS.find((b) => b.id === form.get('bank'));
      if (!bank) return bankSelection(response, p, 'Choose your bank.');
      p.bank = bank.id;
      return redirect(response, `${context.baseUrl}/pay/${p.paymentId}/sca`);
    }
    if (!p.bank) return redirect(response, `${context.baseUrl}/pay/${p.paymentId}`);
    if (request.method === 'GET') return scaPage(response, p);
    if (request.method !== 'POST') return false;
    if (form.get('action') === 'cancel') return cancel();
    if (!form.get('user') || !form.get('password')) return scaPage(response, p, 'Enter your user and password.');
    const otp = form.get('otp');
    const next = otp === INESPAY_TEST_OTPS.authorise ? 'ACSC' : otp === INESPAY_TEST_OTPS.reject ? 'RJCT' : otp === INESPAY_TEST_OTPS.pending ? 'PDNG' : null;
    if (!next) return scaPage(response, p, 'This code is not valid. Check it and try again.');
    setStatus(p, next);
    return redirect(response, withPaymentId(p.redirectUri, p.paymentId));
  }

  function controls(request: SandboxRequest, response: ServerResponse): boolean {
    if (request.path === '/__sandbox/fail-next' && request.method === 'POST') {
      const status = Number((JSON.parse(request.body || '{}') as Json)['status']);
      if (!Number.isInteger(status) || status < 400 || status > 599) return json(response, 400, { error: 'status must be a 4xx or 5xx' });
      failNext = status;
      return json(response, 200, { failNext });
    }
    const match = /^\/__sandbox\/payments\/([A-Za-z0-9]+)(\/status)?$/.exec(request.path);
    if (!match) return false;
    const p = payments.get(match[1]!);
    if (!p) return json(response, 404, { error: 'no such payment' });
    if (!match[2] && request.method === 'GET') return json(response, 200, p);
    if (match[2] && request.method === 'POST') {
      const status = (JSON.parse(request.body || '{}') as Json)['transactionStatus'];
      if (typeof status !== 'string' || !/^[A-Z]{4}$/.test(status)) return json(response, 400, { error: 'transactionStatus: an ISO 20022 status code' });
      setStatus(p, status);
      return json(response, 200, p);
    }
    return false;
  }

  return {
    async handle(request, response) {
      if (request.path.startsWith('/v1/')) return api(request, response);
      if (request.path.startsWith('/__sandbox/')) return controls(request, response);
      return shopper(request, response);
    },
  };
}
