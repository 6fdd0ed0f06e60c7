// The Aplazame sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /aplazame): the checkout
// API v4 as Aplazame documents it (github.com/aplazame/docs: checkout creation, checkout
// confirmation, orders API, test mode and test data), and the shopper's checkout page.
//
// - Every call: `Authorization: Bearer <private key>` (401 UnauthorizedException) and
//   `Accept: application/vnd.aplazame[.sandbox].v<N>+json` (406 otherwise); answers carry
//   `X-Aplazame-Media-Type`; errors are `{ error: { type, message, fields? } }`.
// - POST /checkout → 200 `{ id }` (the checkout id); the same order id again while it is still open
//   → the same checkout; an order id already decided → 409.
// - GET /orders/{mid}, GET|POST /orders/{mid}/refund `{ amount }`, POST /orders/{mid}/cancel (204).
// - The checkout page /checkout-page/?order=…&public-key=…&sandbox=… (plain HTML forms, targeting the
//   top window: the store shows the page in a frame). The shopper's DNI decides, as Aplazame's test
//   data says: 99999998T refused (ko / ko_generic), 99999995C identity challenge (pending /
//   challenge_required), any other accepted (pending / confirmation_required, then our "ok" or "ko").
// - Notifications to `merchant.notification_url` with the private key as Bearer, retried until the
//   store answers 200 `{"status": "ok"|"ko"}`; the confirmation's answer decides the order (ok →
//   status ok and a final notification; ko → ko / confirmation_rejected_by_merchant; no valid
//   answer after the retries → ko / merchant_failed_to_confirm).
// - Test controls under /__sandbox: fail-next (the next checkouts answer a temporary error: the
//   store's 695102), orders, confirmation (tell the sandbox the store's answer when a test delivered
//   the notification itself), challenge (pass, fail or let lapse an identity challenge), expire.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { devVar, type DeliveryResult, type ProviderSandbox, type SandboxContext, type SandboxRequest } from '../gateways/sandbox.ts';

/** Aplazame's published test documents (docs "Test data", Spain). */
export const APLAZAME_TEST_DOCUMENTS = { refused: '99999998T', challenge: '99999995C' } as const;

/** Delays between notification attempts (Aplazame retries until the order's expiry; shortened here). */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 60_000];

type Status = 'pending' | 'ok' | 'ko';

interface Article {
  id: string;
  name: string;
  quantity: number;
  price: number;
  tax_rate?: number;
  discount?: number;
}

interface SandboxOrder {
  checkoutId: string;
  mid: string;
  sandbox: boolean;
  status: Status;
  statusReason: string | null;
  totalAmount: number;
  currency: string;
  articles: Article[];
  merchant: Record<string, string | boolean | number | undefined>;
  customer: Record<string, unknown>;
  refunded: number;
  created: string;
  confirmed: string | null;
  cancelled: string | null;
  expired: string | null;
  /** What the store and the browser read in the notifications, in order. */
  notifications: { status: Status; status_reason: string | null }[];
}

const CURRENCIES: Record<string, { name: string; code: string; numeric: string; symbol: string }> = {
  EUR: { name: 'Euro', code: 'EUR', numeric: '978', symbol: '€' },
};

const ACCEPT = /^application\/vnd\.aplazame(\.sandbox)?\.v(\d+)\+json$/;

function send(response: ServerResponse, status: number, body?: unknown, version = 'v4'): void {
  const headers: Record<string, string> = { 'X-Aplazame-Media-Type': `aplazame.${version}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
  response.writeHead(status, headers);
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

const apiError = (type: string, message: string, fields?: Record<string, unknown>) => ({ error: { ...(fields ? { fields } : {}), message, type } });

function html(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#1a1a1a;background:#fff}main{max-width:36rem}fieldset{margin:1rem 0;border:1px solid #888;padding:.75rem}label{display:block;margin:.5rem 0 .25rem}input[type=text]{font-size:1rem;padding:.4rem;width:14rem}button{font-size:1rem;padding:.5rem 1rem;margin:.5rem .5rem 0 0}table{border-collapse:collapse}td,th{padding:.25rem .5rem;text-align:left;border-bottom:1px solid #ccc}.hint{color:#444}</style></head><body><main aria-label="Aplazame checkout (sandbox)">${body}</main></body></html>`);
}

const escape = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const euros = (cents: number, currency: string): string => `${(cents / 100).toFixed(2)} ${currency}`;
const normaliseDocument = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

function parseJson(body: string): unknown {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** What Aplazame checks of a checkout (its "Checkout creation" page): required fields, and the total as the sum of its parts. */
export function validateCheckout(body: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const need = (path: string, message = 'This field is required.') => (fields[path] ??= []).push(message);
  if (!isObject(body)) return { non_field_errors: ['Invalid data. Expected a dictionary.'] };
  const { merchant, order, customer, shipping } = body;
  if (!isObject(merchant)) need('merchant');
  else {
    for (const url of ['notification_url', 'success_url', 'pending_url', 'error_url'] as const) if (typeof merchant[url] !== 'string' || merchant[url] === '') need(`merchant.${url}`);
    if (merchant['timeout_checkout'] !== undefined && (!isInt(merchant['timeout_checkout']) || merchant['timeout_checkout'] < 1 || merchant['timeout_checkout'] > 120)) need('merchant.timeout_checkout', 'Ensure this value is between 1 and 120.');
    if (merchant['timeout_extra'] !== undefined && (!isInt(merchant['timeout_extra']) || merchant['timeout_extra'] < 0 || merchant['timeout_extra'] > 2880)) need('merchant.timeout_extra', 'Ensure this value is between 0 and 2880.');
  }
  if (!isObject(order)) need('order');
  else {
    if (typeof order['id'] !== 'string' || order['id'] === '' || order['id'].length > 64) need('order.id');
    if (typeof order['currency'] !== 'string' || !CURRENCIES[order['currency']]) need('order.currency', 'Unsupported currency.');
    if (!isInt(order['total_amount']) || order['total_amount'] <= 0) need('order.total_amount', 'A positive integer (cents) is required.');
    const articles = order['articles'];
    if (!Array.isArray(articles) || articles.length === 0) need('order.articles');
    else {
      articles.forEach((article: unknown, i) => {
        if (!isObject(article) || typeof article['id'] !== 'string' || typeof article['name'] !== 'string' || !isInt(article['quantity']) || article['quantity'] < 1 || !isInt(article['price'])) need(`order.articles.${i}`, 'id, name, quantity and price (cents) are required.');
      });
      if (!fields['order.articles.0'] && isInt(order['total_amount'])) {
        const rate = isInt(order['tax_rate']) ? order['tax_rate'] : 0;
        const withTax = (price: number, itemRate: unknown) => Math.round((price * (10_000 + (isInt(itemRate) ? itemRate : rate))) / 10_000);
        let sum = 0;
        for (const a of articles as Record<string, number>[]) sum += (withTax(a['price']!, a['tax_rate']) - (a['discount'] ?? 0)) * a['quantity']!;
        if (isObject(shipping) && isInt(shipping['price'])) sum += withTax(shipping['price'], shipping['tax_rate']) - (isInt(shipping['discount']) ? shipping['discount'] : 0);
        if (isInt(order['discount'])) sum -= order['discount'];
        if (sum !== order['total_amount']) need('order.total_amount', `The total amount (${order['total_amount']}) is not the sum of the articles and shipping (${sum}).`);
      }
    }
  }
  if (!isObject(customer)) need('customer');
  else if (typeof customer['email'] !== 'string' || !customer['email'].includes('@')) need('customer.email', 'Enter a valid email address.');
  if (!isObject(shipping)) need('shipping');
  else for (const key of ['first_name', 'last_name', 'street', 'city', 'state', 'country', 'postcode', 'name'] as const) if (typeof shipping[key] !== 'string' || shipping[key] === '') need(`shipping.${key}`);
  return fields;
}

export function createAplazameSandbox(context: SandboxContext): ProviderSandbox {
  const privateKey = devVar('APLAZAME_PRIVATE_KEY');
  const publicKey = devVar('APLAZAME_PUBLIC_KEY');
  const orders = new Map<string, SandboxOrder>();
  const byCheckout = new Map<string, SandboxOrder>();
  /** Temporary failures to answer the next checkouts (fail-next): an order id prefix, a status, how many left. */
  const failures: { prefix: string; status: number; left: number }[] = [];
  const iso = () => new Date(context.now()).toISOString();

  function view(order: SandboxOrder): Record<string, unknown> {
    return {
      id: order.checkoutId,
      status: order.status,
      status_reason: order.statusReason,
      sandbox: order.sandbox,
      mid: order.mid,
      total_amount: order.totalAmount,
      tax_rate: 0,
      discount: 0,
      discount_rate: 0,
      currency: CURRENCIES[order.currency] ?? { code: order.currency },
      rejected: order.status === 'ko' && order.statusReason === 'ko_generic',
      confirmed: order.confirmed,
      verified: order.status === 'pending' && order.statusReason === 'confirmation_required' ? iso() : null,
      expired: order.expired,
      expires_at: new Date(Date.parse(order.created) + Number(order.merchant['timeout_checkout'] ?? 60) * 60_000).toISOString(),
      cancelled: order.cancelled,
      created: order.created,
    };
  }

  function notificationTarget(order: SandboxOrder): string | undefined {
    const url = order.merchant['notification_url'];
    if (typeof url !== 'string') return undefined;
    // The store's own hosts (es.localhost…) do not resolve from here: the same path at the store's address.
    if (context.storeUrl) {
      const parsed = new URL(url);
      return `${context.storeUrl}${parsed.pathname}${parsed.search}`;
    }
    return url;
  }

  const answerOf = (result: DeliveryResult | undefined): 'ok' | 'ko' | undefined => {
    if (!result || result.status !== 200) return undefined;
    const status = (parseJson(result.body) as { status?: unknown } | undefined)?.status;
    return status === 'ok' || status === 'ko' ? status : undefined;
  };

  /** Moves the order and tells the store; the confirmation's answer decides what follows. */
  async function move(order: SandboxOrder, status: Status, reason: string | null): Promise<void> {
    order.status = status;
    order.statusReason = reason;
    if (status === 'ko' && reason?.startsWith('expired')) order.expired = iso();
    order.notifications.push({ status, status_reason: reason });
    const url = notificationTarget(order);
    if (!url) return;
    const confirmation = status === 'pending' && reason === 'confirmation_required';
    const result = await context.notify(
      { url, headers: { Authorization: `Bearer ${privateKey}`, 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(view(order)) },
      { retryDelaysMs: RETRY_DELAYS_MS, accepted: (r) => (confirmation ? answerOf(r) !== undefined : answerOf(r) === 'ok') },
    );
    // In the outbox (no store to reach): the test tells the sandbox the store's answer (/__sandbox/orders/{mid}/confirmation).
    if (!confirmation || !context.storeUrl) return;
    await decide(order, answerOf(result));
  }

  async function decide(order: SandboxOrder, answer: 'ok' | 'ko' | undefined): Promise<void> {
    if (order.status !== 'pending' || order.statusReason !== 'confirmation_required') return;
    if (answer === 'ok') {
      order.confirmed = iso();
      await move(order, 'ok', null);
    } else {
      await move(order, 'ko', answer === 'ko' ? 'confirmation_rejected_by_merchant' : 'merchant_failed_to_confirm');
    }
  }

  function authorised(request: SandboxRequest, response: ServerResponse): { sandbox: boolean; version: string } | undefined {
    const accept = ACCEPT.exec(String(request.headers['accept'] ?? ''));
    if (request.headers['authorization'] !== `Bearer ${privateKey}`) {
      send(response, 401, apiError('UnauthorizedException', request.headers['authorization'] ? 'Invalid token.' : 'Authentication credentials were not provided.'));
      return undefined;
    }
    if (!accept) {
      send(response, 406, apiError('NotAcceptableException', 'Could not satisfy the request Accept header.'));
      return undefined;
    }
    return { sandbox: Boolean(accept[1]), version: `v${accept[2]}` };
  }

  function createCheckout(request: SandboxRequest, response: ServerResponse, mode: { sandbox: boolean; version: string }): void {
    const body = parseJson(request.body);
    const fields = validateCheckout(body);
    if (Object.keys(fields).length > 0) return send(response, 400, apiError('ApiValidationException', 'API validation error', fields), mode.version);
    const checkout = body as { merchant: Record<string, string>; order: Record<string, unknown>; customer: Record<string, unknown> };
    const mid = String(checkout.order['id']);
    const failure = failures.find((f) => mid.startsWith(f.prefix));
    if (failure) {
      if (--failure.left <= 0) failures.splice(failures.indexOf(failure), 1);
      return send(response, failure.status, apiError(failure.status === 429 ? 'ThrottledException' : 'ServiceUnavailableException', 'Temporarily offline for maintenance. Please try again later.'), mode.version);
    }
    const existing = orders.get(mid);
    if (existing) {
      // Aplazame does not allow two orders with one id; the same order still open gets its checkout again.
      if (existing.status !== 'pending' || existing.statusReason !== 'in_process') return send(response, 409, apiError('ConflictException', 'An order with this id already exists.', { order__id: mid }), mode.version);
      return send(response, 200, { id: existing.checkoutId }, mode.version);
    }
    const order: SandboxOrder = {
      checkoutId: randomBytes(16).toString('hex'),
      mid,
      sandbox: mode.sandbox,
      status: 'pending',
      statusReason: 'in_process',
      totalAmount: Number(checkout.order['total_amount']),
      currency: String(checkout.order['currency']),
      articles: checkout.order['articles'] as Article[],
      merchant: checkout.merchant,
      customer: checkout.customer,
      refunded: 0,
      created: iso(),
      confirmed: null,
      cancelled: null,
      expired: null,
      notifications: [],
    };
    orders.set(mid, order);
    byCheckout.set(order.checkoutId, order);
    send(response, 200, { id: order.checkoutId }, mode.version);
  }

  function checkoutPage(request: SandboxRequest, response: ServerResponse): void {
    const order = byCheckout.get(request.query.get('order') ?? '');
    if (request.query.get('public-key') !== publicKey) return html(response, 403, 'Aplazame sandbox', '<h1>Aplazame sandbox</h1><p role="alert">This checkout needs the merchant’s public key.</p>');
    if (!order) return html(response, 404, 'Aplazame sandbox', '<h1>Aplazame sandbox</h1><p role="alert">There is no checkout with this id.</p>');
    if (order.status !== 'pending' || order.statusReason !== 'in_process') return html(response, 409, 'Aplazame sandbox', `<h1>Aplazame sandbox</h1><p role="alert">This checkout is closed (${escape(order.status)}${order.statusReason ? ` / ${escape(order.statusReason)}` : ''}).</p>`);
    const rows = order.articles.map((a) => `<tr><td>${escape(a.name)}</td><td>${a.quantity}</td><td>${escape(euros(a.price, order.currency))}</td></tr>`).join('');
    const plans = [3, 6, 12].map((n, i) => `<label><input type="radio" name="instalments" value="${n}"${i === 0 ? ' checked' : ''}> ${n} monthly instalments of ${escape(euros(Math.ceil(order.totalAmount / n), order.currency))}</label>`).join('');
    html(
      response,
      200,
      'Aplazame sandbox checkout',
      `<h1>Pay in instalments with Aplazame (sandbox)</h1>
<p>Order <strong>${escape(order.mid)}</strong>: <strong data-amount>${escape(euros(order.totalAmount, order.currency))}</strong></p>
<table><caption>Items</caption><thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="complete" target="_top">
<input type="hidden" name="order" value="${escape(order.checkoutId)}">
<fieldset><legend>Instalments</legend>${plans}</fieldset>
<label for="document">DNI / NIE</label>
<input type="text" id="document" name="document" autocomplete="off" required aria-describedby="document-hint">
<p id="document-hint" class="hint">Test data: ${APLAZAME_TEST_DOCUMENTS.refused} is refused, ${APLAZAME_TEST_DOCUMENTS.challenge} asks for an identity check, any other is accepted.</p>
<button type="submit">Confirm and pay with Aplazame</button>
</form>
<form method="post" action="dismiss" target="_top"><input type="hidden" name="order" value="${escape(order.checkoutId)}"><button type="submit">Back to the store</button></form>`,
    );
  }

  function redirect(response: ServerResponse, url: string): void {
    response.writeHead(303, { Location: url });
    response.end();
  }

  async function complete(request: SandboxRequest, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(request.body);
    const order = byCheckout.get(form.get('order') ?? '');
    if (!order || order.status !== 'pending' || order.statusReason !== 'in_process') return html(response, 409, 'Aplazame sandbox', '<h1>Aplazame sandbox</h1><p role="alert">This checkout is closed.</p>');
    const document = normaliseDocument(form.get('document') ?? '');
    const merchant = order.merchant as Record<string, string>;
    if (document === APLAZAME_TEST_DOCUMENTS.refused) {
      await move(order, 'ko', 'ko_generic');
      return redirect(response, merchant['ko_url'] ?? merchant['error_url']!);
    }
    if (document === APLAZAME_TEST_DOCUMENTS.challenge) {
      await move(order, 'pending', 'challenge_required');
      return redirect(response, merchant['pending_url']!);
    }
    // Accepted: the store confirms (or not) in its answer to the notification, before the shopper is
    // sent back; a store that does not answer at once is retried in the background.
    await Promise.race([move(order, 'pending', 'confirmation_required'), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    redirect(response, merchant['success_url']!);
  }

  function dismiss(request: SandboxRequest, response: ServerResponse): void {
    const order = byCheckout.get(new URLSearchParams(request.body).get('order') ?? '');
    if (!order) return html(response, 404, 'Aplazame sandbox', '<h1>Aplazame sandbox</h1><p role="alert">There is no checkout with this id.</p>');
    redirect(response, String(order.merchant['dismiss_url'] ?? '/'));
  }

  async function control(request: SandboxRequest, response: ServerResponse, parts: string[]): Promise<boolean> {
    const body = (parseJson(request.body) ?? {}) as Record<string, unknown>;
    if (parts[0] === 'fail-next' && request.method === 'POST') {
      failures.push({ prefix: typeof body['orderPrefix'] === 'string' ? body['orderPrefix'] : '', status: isInt(body['status']) ? body['status'] : 503, left: isInt(body['times']) ? body['times'] : 1 });
      send(response, 204);
      return true;
    }
    if (parts[0] === 'orders' && parts.length === 1 && request.method === 'GET') {
      const prefix = request.query.get('mid') ?? '';
      send(response, 200, [...orders.values()].filter((o) => o.mid.startsWith(prefix)).map((o) => ({ ...view(o), refunded: o.refunded, notifications: o.notifications })));
      return true;
    }
    const order = parts[0] === 'orders' && parts[1] ? orders.get(decodeURIComponent(parts[1])) : undefined;
    if (parts[0] === 'orders' && parts.length === 3 && request.method === 'POST') {
      if (!order) {
        send(response, 404, apiError('ObjectNotFoundException', 'Object not found'));
        return true;
      }
      if (parts[2] === 'confirmation') {
        await decide(order, body['status'] === 'ok' ? 'ok' : body['status'] === 'ko' ? 'ko' : undefined);
      } else if (parts[2] === 'challenge' && order.status === 'pending' && order.statusReason === 'challenge_required') {
        if (body['result'] === 'ok') await move(order, 'pending', 'confirmation_required');
        else await move(order, 'ko', body['result'] === 'expired' ? 'expired_challenge' : 'failed_challenge');
      } else if (parts[2] === 'expire' && order.status === 'pending') {
        await move(order, 'ko', order.statusReason === 'challenge_required' ? 'expired_challenge' : 'expired');
      }
      send(response, 200, view(order));
      return true;
    }
    return false;
  }

  return {
    async handle(request, response) {
      const parts = request.path.split('/').filter(Boolean);
      if (parts[0] === '__sandbox') return control(request, response, parts.slice(1));
      if (parts[0] === 'checkout-page') {
        if (parts.length === 1 && request.method === 'GET') checkoutPage(request, response);
        else if (parts[1] === 'complete' && request.method === 'POST') await complete(request, response);
        else if (parts[1] === 'dismiss' && request.method === 'POST') dismiss(request, response);
        else return false;
        return true;
      }
      if (parts[0] !== 'checkout' && parts[0] !== 'orders') return false;
      const mode = authorised(request, response);
      if (!mode) return true;
      if (parts[0] === 'checkout' && parts.length === 1) {
        if (request.method !== 'POST') send(response, 405, apiError('MethodNotAllowedException', `Method "${request.method}" not allowed.`), mode.version);
        else createCheckout(request, response, mode);
        return true;
      }
      const order = parts[1] ? orders.get(decodeURIComponent(parts[1])) : undefined;
      if (parts[0] !== 'orders' || !order || order.sandbox !== mode.sandbox) {
        send(response, 404, apiError('ObjectNotFoundException', 'Object not found', { order__id: parts[1] ?? '' }), mode.version);
        return true;
      }
      if (parts.length === 2 && request.method === 'GET') {
        send(response, 200, view(order), mode.version);
        return true;
      }
      const confirmed = order.status === 'ok';
      if (parts[2] === 'refund' && parts.length === 3) {
        if (request.method === 'GET') {
          send(response, 200, { remaining_amount: order.totalAmount - order.refunded }, mode.version);
          return true;
        }
        if (!confirmed) {
          send(response, 409, apiError('ConflictException', 'Refund requests are only accepted for confirmed orders.'), mode.version);
          return true;
        }
        const amount = (parseJson(request.body) as { amount?: unknown } | undefined)?.amount;
        if (!isInt(amount) || amount <= 0 || amount > order.totalAmount - order.refunded) {
          send(response, 400, apiError('ApiValidationException', 'API validation error', { amount: [`Enter an amount between 1 and ${order.totalAmount - order.refunded}.`] }), mode.version);
          return true;
        }
        order.refunded += amount;
        // Refunding the whole amount cancels the order.
        if (order.refunded === order.totalAmount) order.cancelled = iso();
        send(response, 200, { remaining_amount: order.totalAmount - order.refunded }, mode.version);
        return true;
      }
      if (parts[2] === 'cancel' && parts.length === 3 && request.method === 'POST') {
        if (!confirmed || order.cancelled) {
          send(response, 409, apiError('ConflictException', 'Cancellation requests are only accepted for confirmed orders.'), mode.version);
          return true;
        }
        order.cancelled = iso();
        order.refunded = order.totalAmount;
        send(response, 204, undefined, mode.version);
        return true;
      }
      send(response, 405, apiError('MethodNotAllowedException', `Method "${request.method}" not allowed.`), mode.version);
      return true;
    },
  };
}
