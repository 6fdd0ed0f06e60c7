// The Redsys sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /redsys): the SIS
// redirect entry point /sis/realizarPago with the bank's pages (a card form with its 3-D Secure
// step, Bizum's phone and "confirm in your bank's app" step), the signed online notification and
// the signed return to URLOK/URLKO, and the REST entry point /sis/rest/trataPeticionREST for
// refunds ("devolución", type 3) and voids ("anulación", type 9). docs/payments-redsys.md lists
// the test cards and phones.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { devVar, type ProviderSandbox, type SandboxContext, type SandboxRequest } from '../gateways/sandbox.ts';
import { signRedsys, verifyMerchant } from './signature.ts';

/** The test data of the bank's pages. */
export const REDSYS_TEST = {
  card: { number: '4548810000000003', expiry: '12/49', cvv: '123' },
  refusedCard: '4548810000000011',
  bizumPhone: '700000000',
  refusedBizumPhone: '700000001',
} as const;

/** Redsys retries an online notification that did not get a 200 a few times. */
const RETRY_DELAYS_MS = [10_000, 60_000, 300_000];

type Step = 'card' | 'challenge' | 'phone' | 'app' | 'done';
type Status = 'open' | 'authorised' | 'refused' | 'cancelled' | 'voided';

interface SandboxOrder {
  order: string;
  session: string;
  amount: number;
  currency: string;
  bizum: boolean;
  merchantUrl: string;
  urlOk: string;
  urlKo: string;
  merchantData: string;
  language: string;
  description: string;
  step: Step;
  status: Status;
  response?: string;
  authorisationCode?: string;
  pan?: string;
  refunded: number;
  error?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(response: ServerResponse, title: string, body: string, status = 200): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Redsys sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}label{display:block;margin:.75rem 0 .25rem}input{font:inherit;padding:.4rem;border:1px solid #555;border-radius:4px}button{font:inherit;margin:1rem .5rem 0 0;padding:.5rem 1rem;border-radius:4px;border:1px solid #333;background:#c0392b;color:#fff}button.secondary{background:#fff;color:#1a1a1a}.error{color:#a40000;font-weight:600}.summary{background:#f4f4f4;padding:.75rem;border-radius:4px}</style></head>
<body><header><p>Redsys · SIS sandbox</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
const pad = (n: number) => String(n).padStart(2, '0');

/** Spanish mobile numbers as Bizum takes them: 9 digits starting with 6 or 7, with or without +34. */
function spanishMobile(raw: string): string | undefined {
  const digits = raw.replace(/[\s.-]/g, '').replace(/^(\+34|0034)/, '');
  return /^[67]\d{8}$/.test(digits) ? digits : undefined;
}

export function createRedsysSandbox(context: SandboxContext): ProviderSandbox {
  const merchantCode = devVar('REDSYS_MERCHANT_CODE');
  const terminal = devVar('REDSYS_TERMINAL');
  const secret = devVar('REDSYS_SECRET_KEY');
  const orders = new Map<string, SandboxOrder>();
  const sessions = new Map<string, SandboxOrder>();

  /** Redsys' own parameters of an operation on `order` (a notification, a return, a REST answer). */
  function redsysParameters(order: SandboxOrder, type: string, response: string, amount: number, merchantData: string, encodeValues: boolean): Record<string, string> {
    const now = new Date(context.now());
    const value = (text: string) => (encodeValues ? encodeURIComponent(text) : text);
    return {
      Ds_Date: value(`${pad(now.getUTCDate())}/${pad(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`),
      Ds_Hour: value(`${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}`),
      Ds_SecurePayment: order.bizum || order.pan ? '1' : '0',
      ...(order.pan ? { Ds_Card_Number: `${order.pan.slice(0, 6)}******${order.pan.slice(-4)}`, Ds_Card_Country: '724', Ds_Card_Brand: '1' } : {}),
      Ds_Amount: String(amount),
      Ds_Currency: order.currency,
      Ds_Order: order.order,
      Ds_MerchantCode: merchantCode,
      Ds_Terminal: terminal.padStart(3, '0'),
      Ds_Response: response,
      Ds_MerchantData: value(merchantData),
      Ds_TransactionType: type,
      Ds_ConsumerLanguage: String(Number(order.language)),
      Ds_AuthorisationCode: order.authorisationCode ?? '',
      Ds_ProcessedPayMethod: order.bizum ? '68' : '1',
    };
  }

  /** The online notification of an operation, to the payment's DS_MERCHANT_MERCHANTURL, retried until it gets a 200. */
  function notify(order: SandboxOrder, type: string, response: string, amount: number, merchantData: string): void {
    const fields = signRedsys(secret, redsysParameters(order, type, response, amount, merchantData, true), true);
    // The store's own hosts (es.localhost…) do not resolve from here: the same path at the store's address.
    const target = new URL(order.merchantUrl);
    const url = context.storeUrl ? `${context.storeUrl}${target.pathname}${target.search}` : order.merchantUrl;
    void context.notify(
      { url, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields }).toString() },
      { retryDelaysMs: RETRY_DELAYS_MS, accepted: (result) => result.status === 200 },
    );
  }

  /** The sale ends: its notification, then the shopper back at URLOK or URLKO with the same signed fields. */
  function finish(response: ServerResponse, order: SandboxOrder, code: string): void {
    const authorised = Number(code) <= 99;
    order.step = 'done';
    order.status = authorised ? 'authorised' : code === '9915' ? 'cancelled' : 'refused';
    order.response = code;
    order.authorisationCode = authorised ? String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)) : '';
    notify(order, '0', code, order.amount, order.merchantData);
    const fields = signRedsys(secret, redsysParameters(order, '0', code, order.amount, order.merchantData, true), true);
    const back = new URL(authorised ? order.urlOk : order.urlKo);
    for (const [name, value] of Object.entries(fields)) back.searchParams.set(name, value);
    redirect(response, back.toString());
  }

  function sisError(response: ServerResponse, code: string, text: string): void {
    page(response, 'Payment error', `<p class="error" role="alert">Error ${escapeHtml(code)}: ${escapeHtml(text)}</p><p>The shop sent a payment request the payment gateway could not accept. Go back to the shop and try again.</p>`);
  }

  /** POST /sis/realizarPago: the merchant's signed form, as the shopper's browser posts it. */
  function startPayment(request: SandboxRequest, response: ServerResponse): void {
    const form = new URLSearchParams(request.body);
    const parameters = verifyMerchant(secret, { Ds_SignatureVersion: form.get('Ds_SignatureVersion') ?? undefined, Ds_MerchantParameters: form.get('Ds_MerchantParameters') ?? undefined, Ds_Signature: form.get('Ds_Signature') ?? undefined });
    if (!parameters) return sisError(response, 'SIS0042', 'the signature sent is not correct.');
    const order = parameters['DS_MERCHANT_ORDER'] ?? '';
    if (parameters['DS_MERCHANT_MERCHANTCODE'] !== merchantCode || String(Number(parameters['DS_MERCHANT_TERMINAL'])) !== String(Number(terminal))) return sisError(response, 'SIS0026', 'the merchant or terminal does not exist.');
    if (!/^\d{4}[0-9A-Za-z]{0,8}$/.test(order)) return sisError(response, 'SIS0014', 'the order number has the wrong format.');
    if (!/^\d{1,12}$/.test(parameters['DS_MERCHANT_AMOUNT'] ?? '')) return sisError(response, 'SIS0018', 'the amount has the wrong format.');
    if (parameters['DS_MERCHANT_TRANSACTIONTYPE'] !== '0') return sisError(response, 'SIS0022', 'the transaction type has the wrong format.');
    if (parameters['DS_MERCHANT_CURRENCY'] !== '978') return sisError(response, 'SIS0016', 'the currency has the wrong format.');
    const known = orders.get(order);
    if (known) {
      // The browser posting the same form again (back button) finds its open session; a finished order number is not reused.
      if (known.status === 'open') return redirect(response, `${context.baseUrl}/sis/pago/${known.session}`);
      return sisError(response, 'SIS0051', 'the order number is repeated.');
    }
    const entry: SandboxOrder = {
      order,
      session: randomBytes(12).toString('hex'),
      amount: Number(parameters['DS_MERCHANT_AMOUNT']),
      currency: '978',
      bizum: parameters['DS_MERCHANT_PAYMETHODS'] === 'z',
      merchantUrl: parameters['DS_MERCHANT_MERCHANTURL'] ?? '',
      urlOk: parameters['DS_MERCHANT_URLOK'] ?? '',
      urlKo: parameters['DS_MERCHANT_URLKO'] ?? '',
      merchantData: parameters['DS_MERCHANT_MERCHANTDATA'] ?? '',
      language: parameters['DS_MERCHANT_CONSUMERLANGUAGE'] ?? '001',
      description: parameters['DS_MERCHANT_PRODUCTDESCRIPTION'] ?? '',
      step: parameters['DS_MERCHANT_PAYMETHODS'] === 'z' ? 'phone' : 'card',
      status: 'open',
      refunded: 0,
    };
    if (!entry.urlOk || !entry.urlKo || !entry.merchantUrl) return sisError(response, 'SIS0008', 'the notification or return URLs are missing.');
    orders.set(order, entry);
    sessions.set(entry.session, entry);
    redirect(response, `${context.baseUrl}/sis/pago/${entry.session}`);
  }

  const summary = (order: SandboxOrder) =>
    `<div class="summary"><p>Amount: <strong>${euros(order.amount)}</strong></p><p>Order: ${escapeHtml(order.order)}</p>${order.description ? `<p>Purchase: ${escapeHtml(order.description)}</p>` : ''}</div>`;
  const error = (order: SandboxOrder) => (order.error ? `<p class="error" role="alert">${escapeHtml(order.error)}</p>` : '');
  const cancelButton = (order: SandboxOrder) => `<form method="post" action="${context.baseUrl}/sis/pago/${order.session}/cancel"><button type="submit" class="secondary">Cancel</button></form>`;

  /** GET /sis/pago/<session>: the bank's page at the session's step. */
  function showSession(response: ServerResponse, order: SandboxOrder): void {
    const action = `${context.baseUrl}/sis/pago/${order.session}`;
    if (order.status === 'voided') return page(response, 'Payment cancelled', `<p>The shop cancelled this payment. Nothing was charged.</p>`);
    if (order.step === 'done') return page(response, 'Payment finished', `<p>This payment is already finished (response ${escapeHtml(order.response ?? '')}).</p>`);
    if (order.step === 'card') {
      return page(
        response,
        'Pay by card',
        `${summary(order)}${error(order)}<form method="post" action="${action}/card">
<label for="pan">Card number</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry date (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvv">Security code (CVV)</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Pay</button></form>${cancelButton(order)}`,
      );
    }
    if (order.step === 'challenge') {
      return page(response, 'Verify your identity', `${summary(order)}<p>Your bank asks you to confirm this purchase (3-D Secure).</p><form method="post" action="${action}/authenticate"><button type="submit">Authenticate</button></form>${cancelButton(order)}`);
    }
    if (order.step === 'phone') {
      return page(
        response,
        'Pay with Bizum',
        `${summary(order)}${error(order)}<form method="post" action="${action}/bizum">
<label for="phone">Mobile phone registered with Bizum</label><input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel-national" required>
<button type="submit">Continue</button></form>${cancelButton(order)}`,
      );
    }
    return page(response, "Confirm in your bank's app", `${summary(order)}<p>We sent the payment request to your bank's app. Confirm it there, then continue.</p><form method="post" action="${action}/confirm"><button type="submit">I confirmed it in the app</button></form>${cancelButton(order)}`);
  }

  /** The shopper's answers on the bank's page. */
  function sessionAction(response: ServerResponse, order: SandboxOrder, step: string, form: URLSearchParams): void {
    if (order.status !== 'open') return showSession(response, order);
    order.error = undefined;
    if (step === 'cancel') return finish(response, order, '9915');
    if (step === 'card' && order.step === 'card') {
      const pan = (form.get('pan') ?? '').replace(/\s/g, '');
      const expiry = (form.get('expiry') ?? '').replace(/\s/g, '');
      const cvv = form.get('cvv') ?? '';
      if (!/^\d{13,19}$/.test(pan)) {
        order.error = 'Enter the card number: 13 to 19 digits.';
        return redirect(response, `${context.baseUrl}/sis/pago/${order.session}`);
      }
      order.pan = pan;
      if (pan === REDSYS_TEST.card.number) {
        if (expiry !== REDSYS_TEST.card.expiry) return finish(response, order, '0101');
        if (cvv !== REDSYS_TEST.card.cvv) return finish(response, order, '0129');
        order.step = 'challenge';
        return redirect(response, `${context.baseUrl}/sis/pago/${order.session}`);
      }
      // The refused test card, and any other card: the issuer declines it.
      return finish(response, order, pan === REDSYS_TEST.refusedCard ? '0190' : '0180');
    }
    if (step === 'authenticate' && order.step === 'challenge') return finish(response, order, '0000');
    if (step === 'bizum' && order.step === 'phone') {
      const phone = spanishMobile(form.get('phone') ?? '');
      if (!phone) {
        order.error = 'Enter a Spanish mobile number (9 digits, starting with 6 or 7).';
        return redirect(response, `${context.baseUrl}/sis/pago/${order.session}`);
      }
      if (phone === REDSYS_TEST.refusedBizumPhone) return finish(response, order, '0190');
      if (phone !== REDSYS_TEST.bizumPhone) {
        order.error = 'This phone is not registered with Bizum.';
        return redirect(response, `${context.baseUrl}/sis/pago/${order.session}`);
      }
      order.step = 'app';
      return redirect(response, `${context.baseUrl}/sis/pago/${order.session}`);
    }
    if (step === 'confirm' && order.step === 'app') return finish(response, order, '0000');
    return showSession(response, order);
  }

  /** POST /sis/rest/trataPeticionREST: a refund (3) or void (9) of an order, answered signed and at once, then notified. */
  function rest(request: SandboxRequest, response: ServerResponse): void {
    let body: Record<string, string | undefined>;
    try {
      body = JSON.parse(request.body) as Record<string, string | undefined>;
    } catch {
      return sendJson(response, 200, { errorCode: 'SIS0046' });
    }
    const parameters = verifyMerchant(secret, body);
    if (!parameters) return sendJson(response, 200, { errorCode: 'SIS0042' });
    if (parameters['DS_MERCHANT_MERCHANTCODE'] !== merchantCode || String(Number(parameters['DS_MERCHANT_TERMINAL'])) !== String(Number(terminal))) return sendJson(response, 200, { errorCode: 'SIS0026' });
    const type = parameters['DS_MERCHANT_TRANSACTIONTYPE'];
    const order = orders.get(parameters['DS_MERCHANT_ORDER'] ?? '');
    const merchantData = parameters['DS_MERCHANT_MERCHANTDATA'] ?? '';
    const answer = (code: string, amount: number, entry: SandboxOrder) => sendJson(response, 200, signRedsys(secret, redsysParameters(entry, type!, code, amount, merchantData, false), false));
    if (type === '3') {
      if (!order) return sendJson(response, 200, { errorCode: 'SIS0054' });
      if (order.status !== 'authorised') return sendJson(response, 200, { errorCode: 'SIS0056' });
      const amount = Number(parameters['DS_MERCHANT_AMOUNT']);
      if (!Number.isSafeInteger(amount) || amount <= 0) return sendJson(response, 200, { errorCode: 'SIS0018' });
      if (order.refunded + amount > order.amount) return sendJson(response, 200, { errorCode: 'SIS0057' });
      order.refunded += amount;
      answer('0900', amount, order);
      notify(order, '3', '0900', amount, merchantData);
      return;
    }
    if (type === '9') {
      if (!order) return sendJson(response, 200, { errorCode: 'SIS0054' });
      if (order.status === 'open') {
        // A session the shop gave up: closed, so the shopper can no longer pay it. Nothing moved, nothing to notify.
        order.status = 'voided';
        order.step = 'done';
        return answer('0400', order.amount, order);
      }
      if (order.status !== 'authorised' || order.refunded > 0) return sendJson(response, 200, { errorCode: 'SIS0072' });
      order.status = 'voided';
      answer('0400', order.amount, order);
      notify(order, '9', '0400', order.amount, merchantData);
      return;
    }
    return sendJson(response, 200, { errorCode: 'SIS0022' });
  }

  return {
    async handle(request, response) {
      const { method, path } = request;
      if (method === 'POST' && path === '/sis/realizarPago') {
        startPayment(request, response);
        return true;
      }
      if (method === 'POST' && path === '/sis/rest/trataPeticionREST') {
        rest(request, response);
        return true;
      }
      const session = /^\/sis\/pago\/([0-9a-f]{24})(?:\/(card|authenticate|bizum|confirm|cancel))?$/.exec(path);
      if (session) {
        const order = sessions.get(session[1]!);
        if (!order) {
          sisError(response, 'SIS0074', 'this payment session does not exist or has expired.');
          return true;
        }
        if (method === 'GET' && !session[2]) showSession(response, order);
        else if (method === 'POST' && session[2]) sessionAction(response, order, session[2], new URLSearchParams(request.body));
        else return false;
        return true;
      }
      // Test control: an order as the sandbox holds it.
      const inspect = /^\/__sandbox\/orders\/([0-9A-Za-z]{4,12})$/.exec(path);
      if (inspect && method === 'GET') {
        const order = orders.get(inspect[1]!);
        if (!order) sendJson(response, 404, { error: 'no such order' });
        else sendJson(response, 200, { order: order.order, status: order.status, step: order.step, amount: order.amount, refunded: order.refunded, bizum: order.bizum, response: order.response ?? null, merchantData: order.merchantData, language: order.language });
        return true;
      }
      return false;
    },
  };
}
