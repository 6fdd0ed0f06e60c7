// The financing sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /financing): the
// consumer-credit protocol of docs/payments-financing.md, modelled on the common flow of Spanish
// point-of-sale lenders (no public standard API). The merchant API (Bearer key, Idempotency-Key,
// cents), the shopper's application page, a staff page deciding the applications left for review,
// and signed callbacks (X-Signature) retried with backoff until the store answers 2xx. In memory.
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { devVar, type ProviderSandbox, type SandboxContext, type SandboxRequest } from '../gateways/sandbox.ts';
import { decisionFor, validSpanishId } from './identities.ts';
import { signCallback } from './signature.ts';

type Status = 'pending_application' | 'pending_review' | 'approved' | 'denied' | 'cancelled' | 'expired';
type Product = 'FIN12' | 'LENDISMART' | 'PAYPERUSE';

/** Each product's amount limits (cents, inclusive) and terms, as the provider's catalogue. */
const PRODUCTS: Record<Product, { min: number; max: number; terms: number[] }> = {
  FIN12: { min: 9_000, max: 300_000, terms: [12] },
  LENDISMART: { min: 9_000, max: 100_000_000, terms: [6, 12, 18, 24, 36, 48, 60] },
  PAYPERUSE: { min: 1_000, max: 600_000, terms: [12, 24, 36] },
};

/** How long the application form stays open, and how long a review may take before it lapses. */
export const APPLICATION_WINDOW_MS = 60 * 60 * 1000;
export const REVIEW_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Delays between callback deliveries until the store answers 2xx: seconds, then minutes, then an hour. */
export const CALLBACK_RETRY_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000];

interface Refund {
  id: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  created_at: string;
}

interface Application {
  id: string;
  product: Product;
  reference: string;
  amount: number;
  currency: string;
  term_months: number;
  status: Status;
  customer: Record<string, unknown>;
  items: unknown[];
  urls: { return: string; cancel: string; notification: string };
  created_at: number;
  expires_at: number | null;
  decision_reason: string | null;
  refunded_amount: number;
  refunds: Refund[];
  documentId?: string;
}

interface ApiError {
  status: number;
  type: 'invalid_request_error' | 'authentication_error' | 'idempotency_error';
  code: string;
  message: string;
  param?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, error: ApiError): void {
  const { status, ...rest } = error;
  sendJson(response, status, { error: rest });
}

function sendHtml(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location });
  response.end();
}

const withParams = (url: string, params: Record<string, string>) => `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;
const euros = (cents: number) => `${(cents / 100).toFixed(2)} €`;

export function createFinancingSandbox(context: SandboxContext): ProviderSandbox {
  const apiKey = devVar('FINANCING_API_KEY');
  const merchantId = devVar('FINANCING_MERCHANT_ID');
  const secret = devVar('FINANCING_WEBHOOK_SECRET');
  const applications = new Map<string, Application>();
  /** Idempotency-Key → the request's hash and the answer given. */
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  function view(app: Application) {
    return {
      id: app.id,
      object: 'application',
      merchant_id: merchantId,
      product: app.product,
      reference: app.reference,
      amount: app.amount,
      currency: app.currency,
      term_months: app.term_months,
      status: app.status,
      redirect_url: app.status === 'pending_application' ? `${context.baseUrl}/apply/${app.id}` : undefined,
      expires_at: app.expires_at === null ? null : new Date(app.expires_at).toISOString(),
      decision_reason: app.decision_reason,
      refunded_amount: app.refunded_amount,
      refunds: app.refunds,
      created_at: new Date(app.created_at).toISOString(),
    };
  }

  /** Sends a signed callback, retried with backoff until the store answers 2xx. */
  function callback(app: Application, event: string, refund?: Refund): void {
    const body = JSON.stringify({
      id: app.id,
      event,
      event_id: newId('evt'),
      reference: app.reference,
      amount: app.amount,
      currency: app.currency,
      status: app.status,
      ...(app.decision_reason ? { decision_reason: app.decision_reason } : {}),
      ...(refund ? { refund } : {}),
      created_at: new Date(context.now()).toISOString(),
    });
    // Each delivery is signed when it leaves, so a retry an hour later is still fresh.
    const timestamp = Math.floor(context.now() / 1000);
    void context.notify(
      { url: app.urls.notification, headers: { 'Content-Type': 'application/json', 'X-Signature': signCallback(secret, body, timestamp) }, body },
      { retryDelaysMs: CALLBACK_RETRY_MS, accepted: (result) => result.status >= 200 && result.status < 300 },
    );
  }

  /** A waiting application past its window lapses (checked whenever it is read). */
  function lapse(app: Application): Application {
    if ((app.status === 'pending_application' || app.status === 'pending_review') && app.expires_at !== null && context.now() > app.expires_at) {
      app.status = 'expired';
      app.expires_at = null;
      callback(app, 'application.expired');
    }
    return app;
  }

  function settle(app: Application, status: 'approved' | 'denied', reason?: string): void {
    app.status = status;
    app.expires_at = null;
    app.decision_reason = status === 'denied' ? (reason ?? 'credit_policy') : null;
    callback(app, `application.${status}`);
  }

  function authorised(request: SandboxRequest): boolean {
    return request.headers['authorization'] === `Bearer ${apiKey}`;
  }

  function parseJson(body: string): Record<string, unknown> | undefined {
    try {
      const value: unknown = JSON.parse(body);
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Runs `handler` once per Idempotency-Key: the same key and body again get the same answer; another body, 409. */
  function once(request: SandboxRequest, response: ServerResponse, handler: () => { status: number; body: unknown }): void {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') {
      const answer = handler();
      sendJson(response, answer.status, answer.body);
      return;
    }
    const scoped = `${request.path}\u0000${key}`;
    const hash = createHash('sha256').update(request.body).digest('hex');
    const seen = idempotent.get(scoped);
    if (seen) {
      if (seen.hash !== hash) return sendError(response, { status: 409, type: 'idempotency_error', code: 'idempotency_key_reused', message: 'This Idempotency-Key was used with another request body.' });
      response.setHeader('Idempotent-Replayed', 'true');
      sendJson(response, seen.status, seen.body);
      return;
    }
    const answer = handler();
    // Errors of the request itself are not remembered: the corrected request may use the key.
    if (answer.status < 400) idempotent.set(scoped, { hash, ...answer });
    sendJson(response, answer.status, answer.body);
  }

  const invalid = (code: string, message: string, param?: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } } });
  const conflict = (code: string, message: string) => ({ status: 409, body: { error: { type: 'invalid_request_error', code, message } } });

  function createApplication(body: Record<string, unknown>): { status: number; body: unknown } {
    const product = body['product'];
    if (body['merchant_id'] !== merchantId) return invalid('merchant_mismatch', 'merchant_id is not the merchant of this API key.', 'merchant_id');
    if (typeof product !== 'string' || !Object.hasOwn(PRODUCTS, product)) return invalid('parameter_invalid', 'product must be FIN12, LENDISMART or PAYPERUSE.', 'product');
    const limits = PRODUCTS[product as Product];
    const reference = body['reference'];
    if (typeof reference !== 'string' || reference.length === 0 || reference.length > 80) return invalid('parameter_invalid', 'reference must have 1 to 80 characters.', 'reference');
    const amount = body['amount'];
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return invalid('parameter_invalid', 'amount must be a positive integer of cents.', 'amount');
    if (body['currency'] !== 'EUR') return invalid('parameter_invalid', 'currency must be EUR.', 'currency');
    if (amount < limits.min || amount > limits.max) return invalid('amount_out_of_range', `${product} finances from ${euros(limits.min)} to ${euros(limits.max)}.`, 'amount');
    const term = body['term_months'];
    if (typeof term !== 'number' || !limits.terms.includes(term)) return invalid('term_not_offered', `${product} is offered over ${limits.terms.join(', ')} months.`, 'term_months');
    const urls = body['urls'] as Record<string, unknown> | undefined;
    for (const name of ['return', 'cancel', 'notification'] as const) {
      const url = urls?.[name];
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return invalid('parameter_missing', `urls.${name} must be an absolute URL.`, `urls.${name}`);
    }
    const customer = body['customer'] as Record<string, unknown> | undefined;
    if (!customer || typeof customer['email'] !== 'string' || typeof customer['first_name'] !== 'string') return invalid('parameter_missing', 'customer.first_name and customer.email are required.', 'customer');
    const now = context.now();
    const app: Application = {
      id: newId('app'),
      product: product as Product,
      reference,
      amount,
      currency: 'EUR',
      term_months: term,
      status: 'pending_application',
      customer,
      items: Array.isArray(body['items']) ? body['items'] : [],
      urls: urls as Application['urls'],
      created_at: now,
      expires_at: now + APPLICATION_WINDOW_MS,
      decision_reason: null,
      refunded_amount: 0,
      refunds: [],
    };
    applications.set(app.id, app);
    return { status: 201, body: view(app) };
  }

  function applicationPage(app: Application, error?: string): string {
    const customer = app.customer;
    const name = [customer['first_name'], customer['last_name']].filter((part) => typeof part === 'string').join(' ');
    return `<p>${escapeHtml(name)}, you are applying to finance <strong>${euros(app.amount)}</strong> (${escapeHtml(app.product)}) over <strong>${app.term_months} months</strong> for order ${escapeHtml(app.reference)}.</p>
<p>Test identities: 00000000T approved, 11111111H denied, 22222222J pending review; any other valid DNI or NIE is approved.</p>
${error ? `<p role="alert" id="form-error">${escapeHtml(error)}</p>` : ''}
<form method="post">
<p><label for="document_id">Document ID (DNI or NIE)</label><br><input id="document_id" name="document_id" autocomplete="off" required value="${escapeHtml(typeof customer['document_id'] === 'string' ? customer['document_id'] : '')}"${error ? ' aria-describedby="form-error" aria-invalid="true"' : ''}></p>
<p><label for="monthly_income">Net monthly income (€)</label><br><input id="monthly_income" name="monthly_income" inputmode="numeric" required value="1800"></p>
<p><label for="iban">Bank account (IBAN)</label><br><input id="iban" name="iban" required value="ES9121000418450200051332"></p>
<p><button type="submit" name="action" value="submit">Submit application</button> <button type="submit" name="action" value="cancel" formnovalidate>Cancel and return to the store</button></p>
</form>`;
  }

  function reviewsPage(): string {
    const waiting = [...applications.values()].map(lapse).filter((app) => app.status === 'pending_review');
    if (waiting.length === 0) return '<p>No application is waiting for review.</p>';
    return `<ul>${waiting
      .map(
        (app) => `<li><p>${escapeHtml(app.id)}: order ${escapeHtml(app.reference)}, ${euros(app.amount)} over ${app.term_months} months (${escapeHtml(app.product)}), document ${escapeHtml(app.documentId ?? '')}.</p>
<form method="post" action="${escapeHtml(`${context.baseUrl}/__sandbox/applications/${app.id}/decision`)}"><button type="submit" name="decision" value="approve">Approve ${escapeHtml(app.id)}</button> <button type="submit" name="decision" value="deny">Deny ${escapeHtml(app.id)}</button></form></li>`,
      )
      .join('')}</ul>`;
  }

  return {
    async handle(request, response) {
      const { method, path } = request;
      const parts = path.split('/').filter(Boolean);

      // --- Merchant API ---
      if (parts[0] === 'v1' && parts[1] === 'applications') {
        if (!authorised(request)) {
          sendError(response, { status: 401, type: 'authentication_error', code: 'invalid_api_key', message: 'No valid API key was given as a Bearer token.' });
          return true;
        }
        if (parts.length === 2 && method === 'POST') {
          const body = parseJson(request.body);
          if (!body) {
            sendError(response, { status: 400, type: 'invalid_request_error', code: 'invalid_json', message: 'The body is not a JSON object.' });
            return true;
          }
          once(request, response, () => createApplication(body));
          return true;
        }
        const app = parts[2] ? applications.get(parts[2]) : undefined;
        if (!app) {
          sendError(response, { status: 404, type: 'invalid_request_error', code: 'resource_missing', message: 'No such application.' });
          return true;
        }
        lapse(app);
        if (parts.length === 3 && method === 'GET') {
          sendJson(response, 200, view(app));
          return true;
        }
        if (parts.length === 4 && parts[3] === 'cancel' && method === 'POST') {
          once(request, response, () => {
            if (app.status === 'cancelled') return { status: 200, body: view(app) };
            // An approved loan not refunded yet can still be withdrawn whole; once partly refunded, only refunds.
            const cancellable = app.status === 'pending_application' || app.status === 'pending_review' || (app.status === 'approved' && app.refunded_amount === 0);
            if (!cancellable) return conflict('application_not_cancellable', `An application ${app.status} cannot be cancelled.`);
            app.status = 'cancelled';
            app.expires_at = null;
            callback(app, 'application.cancelled');
            return { status: 200, body: view(app) };
          });
          return true;
        }
        if (parts.length === 4 && parts[3] === 'refunds' && method === 'POST') {
          const body = parseJson(request.body);
          once(request, response, () => {
            const amount = body?.['amount'];
            if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return invalid('parameter_invalid', 'amount must be a positive integer of cents.', 'amount');
            if (app.status !== 'approved') return conflict('refund_not_allowed', `An application ${app.status} has no loan to refund.`);
            if (amount > app.amount - app.refunded_amount) return conflict('amount_exceeds_refundable', `At most ${euros(app.amount - app.refunded_amount)} is left to refund.`);
            const refund: Refund = { id: newId('rf'), amount, currency: app.currency, status: 'succeeded', created_at: new Date(context.now()).toISOString() };
            app.refunded_amount += amount;
            app.refunds.push(refund);
            callback(app, 'loan.refunded', refund);
            return { status: 201, body: { ...refund, application_id: app.id, status: 'pending' } };
          });
          return true;
        }
        return false;
      }

      // --- The shopper's application page ---
      if (parts[0] === 'apply' && parts.length === 2) {
        const app = applications.get(parts[1]!);
        if (!app) {
          sendHtml(response, 404, 'Application not found', '<p>This application does not exist.</p>');
          return true;
        }
        lapse(app);
        if (app.status !== 'pending_application') {
          sendHtml(response, 409, 'Application closed', `<p>This application is ${escapeHtml(app.status.replace('_', ' '))}.</p><p><a href="${escapeHtml(withParams(app.urls.return, { application_id: app.id, status: app.status }))}">Return to the store</a></p>`);
          return true;
        }
        if (method === 'GET') {
          sendHtml(response, 200, 'Apply for financing', applicationPage(app));
          return true;
        }
        if (method !== 'POST') return false;
        const form = new URLSearchParams(request.body);
        if (form.get('action') === 'cancel') {
          app.status = 'cancelled';
          app.expires_at = null;
          callback(app, 'application.cancelled');
          redirect(response, withParams(app.urls.cancel, { application_id: app.id, status: app.status }));
          return true;
        }
        const documentId = (form.get('document_id') ?? '').trim().toUpperCase();
        if (!validSpanishId(documentId)) {
          sendHtml(response, 400, 'Apply for financing', applicationPage(app, 'Enter a valid DNI or NIE, e.g. 00000000T.'));
          return true;
        }
        if (!/^\d{1,7}$/.test((form.get('monthly_income') ?? '').trim()) || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test((form.get('iban') ?? '').replace(/\s/g, '').toUpperCase())) {
          sendHtml(response, 400, 'Apply for financing', applicationPage(app, 'Enter your monthly income in euros and an IBAN.'));
          return true;
        }
        app.documentId = documentId;
        const decision = decisionFor(documentId);
        if (decision === 'pending_review') {
          // A person decides later (the staff page below); the shopper goes back and the order waits.
          app.status = 'pending_review';
          app.expires_at = context.now() + REVIEW_WINDOW_MS;
        } else {
          settle(app, decision);
        }
        redirect(response, withParams(app.urls.return, { application_id: app.id, status: app.status }));
        return true;
      }

      // --- Staff and test controls ---
      if (parts[0] === '__sandbox') {
        if (parts[1] === 'reviews' && parts.length === 2 && method === 'GET') {
          sendHtml(response, 200, 'Applications waiting for review', reviewsPage());
          return true;
        }
        if (parts[1] === 'applications' && parts.length === 2 && method === 'GET') {
          const reference = request.query.get('reference');
          sendJson(response, 200, [...applications.values()].filter((app) => !reference || app.reference === reference).map((app) => view(lapse(app))));
          return true;
        }
        const app = parts[1] === 'applications' && parts[2] ? applications.get(parts[2]) : undefined;
        if (parts.length === 4 && method === 'POST' && (parts[3] === 'decision' || parts[3] === 'expire')) {
          if (!app) {
            sendError(response, { status: 404, type: 'invalid_request_error', code: 'resource_missing', message: 'No such application.' });
            return true;
          }
          lapse(app);
          if (parts[3] === 'expire') {
            // Forces the window to lapse now (a review nobody decided, a form left unfilled).
            if (app.status === 'pending_application' || app.status === 'pending_review') app.expires_at = context.now() - 1;
            lapse(app);
            sendJson(response, 200, view(app));
            return true;
          }
          const decision = new URLSearchParams(request.body).get('decision');
          if (app.status !== 'pending_review' || (decision !== 'approve' && decision !== 'deny')) {
            sendError(response, { status: 409, type: 'invalid_request_error', code: 'not_under_review', message: 'Only an application under review can be decided, with approve or deny.' });
            return true;
          }
          settle(app, decision === 'approve' ? 'approved' : 'denied', 'review_denied');
          redirect(response, `${context.baseUrl}/__sandbox/reviews`);
          return true;
        }
      }
      return false;
    },
  };
}
