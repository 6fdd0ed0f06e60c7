// The PayPal sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /paypal): REST Orders v2
// and Payments v2 as PayPal answers them (shapes of paypal/paypal-rest-api-specifications, checked by
// tests/unit/payments/paypal-sandbox.test.ts), OAuth client credentials, PayPal-Request-Id replay,
// the buyer's approval page, and webhooks signed with the sandbox's own RSA key, checked by its own
// verify-webhook-signature. docs/payments-paypal.md lists its test data and controls.
import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { devVar, type ProviderSandbox, type SandboxContext, type SandboxRequest } from '../gateways/sandbox.ts';
import { checkOrderRequest, isObject, maxLength, money, NAMES, ISSUES, PaypalFailure, toValue, type Experience, type Money } from './checks.ts';

/** PayPal keeps a PayPal-Request-Id (and answers its first result again) for six hours. */
const REQUEST_ID_TTL_MS = 6 * 60 * 60 * 1000;
/** An order nobody approved lapses after three hours (PayPal's default). */
const ORDER_TTL_MS = 3 * 60 * 60 * 1000;
const TOKEN_LIFETIME_S = 32_400;
/**
 * PayPal retries a webhook answered with anything but 2xx up to 25 times over 3 days; the sandbox
 * keeps the 25 retries on a shortened schedule (seconds, then a minute apart).
 */
export const PAYPAL_WEBHOOK_RETRY_MS = [500, 1000, 2000, 4000, 8000, 15_000, 30_000, ...Array.from({ length: 18 }, () => 60_000)];
export const AUTH_ALGO = 'SHA256withRSA';
const CERT_PATH = '/v1/notifications/certs/CERT-360caa42-fca2a594-ampora-sandbox';

/** Test amounts (cents modulo 100) and what the capture does with them, whatever the buyer pressed. */
export const SANDBOX_AMOUNTS = { declined: 13, pending: 14 } as const;

/**
 * The approval page's buttons: pay; pay with a funding source that fails at capture (422
 * INSTRUMENT_DECLINED, the order stays approved); pay and have the capture DECLINED; pay and have
 * it held PENDING for review (settled by the /__sandbox/captures/{id}/complete|deny controls).
 */
export const BUYER_CHOICES = ['approve', 'instrument-declined', 'capture-declined', 'capture-pending'] as const;
export type BuyerChoice = (typeof BUYER_CHOICES)[number];

interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH';
}

interface Capture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';
  reason?: string;
  amount: Money;
  cents: number;
  refundedCents: number;
  invoiceId?: string;
  customId?: string;
  createTime: string;
  updateTime: string;
}

interface Refund {
  id: string;
  captureId: string;
  status: 'COMPLETED';
  amount: Money;
  customId?: string;
  invoiceId?: string;
  createTime: string;
}

interface Order {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  /** The purchase unit as requested (reference ids, amount, items, shipping). */
  unit: Record<string, unknown>;
  cents: number;
  currency: string;
  experience: Experience;
  /** Whether the request used payment_source.paypal (payer-action link) or the older approve link. */
  paymentSource: boolean;
  payer?: { payerId: string; email: string; given: string; surname: string };
  /** What the buyer chose on the approval page: the capture's fate (docs/payments-paypal.md). */
  choice: BuyerChoice;
  createdAt: number;
  createTime: string;
  updateTime: string;
  captureIds: string[];
}

interface StoredAnswer {
  status: number;
  body: unknown;
  at: number;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal-like ids: 17 upper-case letters and digits. */
function paypalId(): string {
  const bytes = randomBytes(17);
  return [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** Account and payer ids: 13 characters without 0, 1, I and O (PayPal's pattern). */
const ACCOUNT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const accountId = (): string => [...randomBytes(13)].map((b) => ACCOUNT_ALPHABET[b % ACCOUNT_ALPHABET.length]).join('');

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createPaypalSandbox(context: SandboxContext): ProviderSandbox {
  const clientId = devVar('PAYPAL_CLIENT_ID');
  const clientSecret = devVar('PAYPAL_CLIENT_SECRET');
  const webhookId = devVar('PAYPAL_WEBHOOK_ID');
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const tokens = new Map<string, number>();
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const refunds = new Map<string, Refund>();
  const answers = new Map<string, StoredAnswer>();
  const certUrl = () => `${context.baseUrl}${CERT_PATH}`;

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': randomBytes(7).toString('hex'), ...headers });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };

  const errorBody = (failure: PaypalFailure) => {
    const [name, message] = NAMES[failure.status] ?? NAMES[400]!;
    const debugId = randomBytes(7).toString('hex');
    return {
      name,
      message,
      debug_id: debugId,
      ...(failure.issue ? { details: [{ ...(failure.field ? { field: failure.field, location: 'body' } : {}), issue: failure.issue, ...(ISSUES[failure.issue] ? { description: ISSUES[failure.issue] } : {}) }] } : {}),
      links: [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${failure.issue ?? name}`, rel: 'information_link', method: 'GET' }],
    };
  };

  function authorised(request: SandboxRequest): boolean {
    const header = request.headers['authorization'];
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = tokens.get(token);
    return expires !== undefined && expires > context.now();
  }

  function parseBody(request: SandboxRequest, optional = false): Record<string, unknown> {
    if (request.body.trim() === '') {
      if (optional) return {};
      throw new PaypalFailure(400, 'MALFORMED_REQUEST_JSON');
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      throw new PaypalFailure(400, 'MALFORMED_REQUEST_JSON');
    }
    if (!isObject(body)) throw new PaypalFailure(400, 'MALFORMED_REQUEST_JSON');
    return body;
  }

  const requestId = (request: SandboxRequest): string | undefined => {
    const value = request.headers['paypal-request-id'];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  /** The first answer to this PayPal-Request-Id for this operation, within six hours (a replay answers 200). */
  function replayed(scope: string, request: SandboxRequest): StoredAnswer | undefined {
    const id = requestId(request);
    if (!id) return undefined;
    const stored = answers.get(`${scope}\u0000${id}`);
    if (!stored || stored.at + REQUEST_ID_TTL_MS < context.now()) return undefined;
    return stored;
  }

  function remember(scope: string, request: SandboxRequest, status: number, body: unknown): void {
    const id = requestId(request);
    if (id) answers.set(`${scope}\u0000${id}`, { status, body, at: context.now() });
  }

  const orderLinks = (order: Order): Link[] => {
    const self: Link = { href: `${context.baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
    if (order.status === 'PAYER_ACTION_REQUIRED') return [self, { href: `${context.baseUrl}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }];
    if (order.status === 'CREATED') {
      return [
        self,
        { href: `${context.baseUrl}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
        { href: `${context.baseUrl}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' },
        { href: `${context.baseUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
      ];
    }
    if (order.status === 'APPROVED') return [self, { href: `${context.baseUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }];
    return [self];
  };

  const captureLinks = (capture: Capture): Link[] => [
    { href: `${context.baseUrl}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
    { href: `${context.baseUrl}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${context.baseUrl}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
  ];

  const captureJson = (capture: Capture, withRelated: boolean) => {
    const fee = Math.round(capture.cents * 0.029) + 35;
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(capture.status === 'DECLINED' || capture.status === 'FAILED'
        ? {}
        : { seller_receivable_breakdown: { gross_amount: capture.amount, paypal_fee: { currency_code: capture.amount.currency_code, value: toValue(Math.min(fee, capture.cents)) }, net_amount: { currency_code: capture.amount.currency_code, value: toValue(Math.max(0, capture.cents - fee)) } } }),
      ...(capture.invoiceId ? { invoice_id: capture.invoiceId } : {}),
      ...(capture.customId ? { custom_id: capture.customId } : {}),
      links: captureLinks(capture),
      create_time: capture.createTime,
      update_time: capture.updateTime,
      ...(withRelated ? { supplementary_data: { related_ids: { order_id: capture.orderId } } } : {}),
    };
  };

  const refundJson = (refund: Refund) => ({
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    ...(refund.invoiceId ? { invoice_id: refund.invoiceId } : {}),
    ...(refund.customId ? { custom_id: refund.customId } : {}),
    seller_payable_breakdown: { gross_amount: refund.amount, net_amount: refund.amount, total_refunded_amount: refund.amount },
    links: [
      { href: `${context.baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${context.baseUrl}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
    create_time: refund.createTime,
    update_time: refund.createTime,
  });

  const orderJson = (order: Order, full: boolean) => {
    const payer = order.payer;
    const source = order.paymentSource || payer ? { payment_source: { paypal: payer ? { email_address: payer.email, account_id: payer.payerId, account_status: 'VERIFIED', name: { given_name: payer.given, surname: payer.surname }, address: { country_code: 'FR' } } : {} } } : {};
    const unitCaptures = order.captureIds.map((id) => captures.get(id)!).filter(Boolean);
    const unitRefunds = [...refunds.values()].filter((refund) => order.captureIds.includes(refund.captureId));
    const payments = unitCaptures.length > 0 ? { payments: { captures: unitCaptures.map((c) => captureJson(c, false)), ...(unitRefunds.length > 0 ? { refunds: unitRefunds.map(refundJson) } : {}) } } : {};
    // The minimal answer (no Prefer: return=representation) still shows a captured order's payments, as PayPal's does.
    if (!full) return { id: order.id, status: order.status, ...source, ...(unitCaptures.length > 0 ? { purchase_units: [{ reference_id: String(order.unit['reference_id'] ?? 'default'), ...payments }] } : {}), links: orderLinks(order) };
    const { items, shipping, ...unit } = order.unit as Record<string, unknown> & { items?: unknown; shipping?: unknown };
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...source,
      purchase_units: [
        {
          reference_id: 'default',
          ...unit,
          ...(items ? { items } : {}),
          payee: { email_address: 'merchant@ampora.example', merchant_id: 'AMPRDVMRCHNT2' },
          ...(shipping ? { shipping } : {}),
          ...payments,
        },
      ],
      ...(payer ? { payer: { name: { given_name: payer.given, surname: payer.surname }, email_address: payer.email, payer_id: payer.payerId } } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: orderLinks(order),
    };
  };

  /** The order, unless it lapsed unapproved (PayPal then no longer finds it). */
  function findOrder(id: string): Order {
    const order = orders.get(id);
    if (!order) throw new PaypalFailure(404, 'INVALID_RESOURCE_ID');
    if ((order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') && order.createdAt + ORDER_TTL_MS < context.now()) throw new PaypalFailure(404, 'INVALID_RESOURCE_ID');
    return order;
  }

  /** The store's notification URL: configured at PayPal per app; the store's origin, or the order's own (Worker tests). */
  function webhookUrl(order: Order): string {
    const origin = context.storeUrl ?? (order.experience.return_url ? new URL(order.experience.return_url).origin : 'http://localhost');
    return `${origin}/api/paymentGateway/paypal/notification`;
  }

  /** Signs and sends one webhook event (PayPal's scheme: transmission id|time|webhook id|CRC32 of the body, SHA256withRSA). */
  function sendWebhook(order: Order, eventType: string, resourceType: string, resource: Record<string, unknown>, summary: string): void {
    const now = context.now();
    const event = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date(now).toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${context.baseUrl}/v1/notifications/webhooks-events/WH-${order.id}`, rel: 'self', method: 'GET' },
        { href: `${context.baseUrl}/v1/notifications/webhooks-events/WH-${order.id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date(now).toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`);
    const signature = signer.sign(privateKey, 'base64');
    void context.notify(
      {
        url: webhookUrl(order),
        headers: {
          'Content-Type': 'application/json',
          'PAYPAL-TRANSMISSION-ID': transmissionId,
          'PAYPAL-TRANSMISSION-TIME': transmissionTime,
          'PAYPAL-TRANSMISSION-SIG': signature,
          'PAYPAL-CERT-URL': certUrl(),
          'PAYPAL-AUTH-ALGO': AUTH_ALGO,
        },
        body,
      },
      { retryDelaysMs: PAYPAL_WEBHOOK_RETRY_MS, accepted: (result) => result.status >= 200 && result.status < 300 },
    );
  }

  function captureWebhook(capture: Capture): void {
    const order = orders.get(capture.orderId)!;
    const type = capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : capture.status === 'PENDING' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.DECLINED';
    const summary = capture.status === 'COMPLETED' ? `Payment completed for EUR ${capture.amount.value} EUR` : capture.status === 'PENDING' ? 'Payment pending' : 'Payment declined';
    sendWebhook(order, type, 'capture', captureJson(capture, true), summary);
  }

  function createOrder(request: SandboxRequest, response: ServerResponse): void {
    const prefer = String(request.headers['prefer'] ?? '');
    const full = prefer.includes('return=representation');
    const stored = replayed('order', request);
    if (stored) {
      const order = orders.get(stored.body as string)!;
      send(response, 200, orderJson(order, full));
      return;
    }
    const checked = checkOrderRequest(parseBody(request));
    const now = context.now();
    const order: Order = {
      id: paypalId(),
      intent: checked.intent,
      status: checked.paymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      unit: checked.unit,
      cents: checked.cents,
      currency: checked.currency,
      experience: checked.experience,
      paymentSource: checked.paymentSource,
      choice: 'approve',
      createdAt: now,
      createTime: iso(now),
      updateTime: iso(now),
      captureIds: [],
    };
    orders.set(order.id, order);
    remember('order', request, 201, order.id);
    send(response, 201, orderJson(order, full));
  }

  function captureOrder(id: string, request: SandboxRequest, response: ServerResponse): void {
    const full = String(request.headers['prefer'] ?? '').includes('return=representation');
    const stored = replayed(`capture:${id}`, request);
    if (stored) {
      send(response, 200, orderJson(orders.get(id)!, full));
      return;
    }
    parseBody(request, true);
    const order = findOrder(id);
    if (order.status === 'COMPLETED') throw new PaypalFailure(422, 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') throw new PaypalFailure(422, 'ORDER_NOT_APPROVED');
    if (order.choice === 'instrument-declined') throw new PaypalFailure(422, 'INSTRUMENT_DECLINED');
    const now = context.now();
    const test = order.cents % 100;
    const status: Capture['status'] = test === SANDBOX_AMOUNTS.declined || order.choice === 'capture-declined' ? 'DECLINED' : test === SANDBOX_AMOUNTS.pending || order.choice === 'capture-pending' ? 'PENDING' : 'COMPLETED';
    const unit = order.unit;
    const capture: Capture = {
      id: paypalId(),
      orderId: order.id,
      status,
      ...(status === 'PENDING' ? { reason: 'PENDING_REVIEW' } : {}),
      amount: { currency_code: order.currency, value: toValue(order.cents) },
      cents: order.cents,
      refundedCents: 0,
      ...(typeof unit['invoice_id'] === 'string' ? { invoiceId: unit['invoice_id'] } : {}),
      ...(typeof unit['custom_id'] === 'string' ? { customId: unit['custom_id'] } : {}),
      createTime: iso(now),
      updateTime: iso(now),
    };
    captures.set(capture.id, capture);
    order.captureIds.push(capture.id);
    // A declined capture completes the order too: the order's status alone is no proof of payment.
    order.status = 'COMPLETED';
    order.updateTime = iso(now);
    remember(`capture:${id}`, request, 201, order.id);
    send(response, 201, orderJson(order, full));
    captureWebhook(capture);
  }

  function refundCapture(id: string, request: SandboxRequest, response: ServerResponse): void {
    const stored = replayed(`refund:${id}`, request);
    if (stored) {
      // Payments v2 publishes only 201 for a refund: a replay answers the same refund with it.
      send(response, 201, refundJson(refunds.get(stored.body as string)!));
      return;
    }
    const body = parseBody(request, true);
    const capture = captures.get(id);
    if (!capture) throw new PaypalFailure(404, 'INVALID_RESOURCE_ID');
    if (capture.status === 'REFUNDED') throw new PaypalFailure(422, 'CAPTURE_FULLY_REFUNDED');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') throw new PaypalFailure(422, 'REFUND_NOT_ALLOWED');
    const remaining = capture.cents - capture.refundedCents;
    let cents = remaining;
    if (body['amount'] !== undefined) {
      const asked = money(body['amount'], '/amount');
      if (asked.money.currency_code !== capture.amount.currency_code) throw new PaypalFailure(422, 'REFUND_CAPTURE_CURRENCY_MISMATCH', '/amount/currency_code');
      if (asked.cents <= 0) throw new PaypalFailure(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', '/amount/value');
      if (asked.cents > remaining) throw new PaypalFailure(422, 'REFUND_AMOUNT_EXCEEDED', '/amount/value');
      cents = asked.cents;
    }
    maxLength(body['custom_id'], 127, '/custom_id');
    maxLength(body['invoice_id'], 127, '/invoice_id');
    const now = context.now();
    const refund: Refund = {
      id: paypalId(),
      captureId: capture.id,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: toValue(cents) },
      ...(typeof body['custom_id'] === 'string' ? { customId: body['custom_id'] } : {}),
      ...(typeof body['invoice_id'] === 'string' ? { invoiceId: body['invoice_id'] } : {}),
      createTime: iso(now),
    };
    refunds.set(refund.id, refund);
    capture.refundedCents += cents;
    capture.status = capture.refundedCents >= capture.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = iso(now);
    remember(`refund:${id}`, request, 201, refund.id);
    send(response, 201, refundJson(refund));
    sendWebhook(orders.get(capture.orderId)!, 'PAYMENT.CAPTURE.REFUNDED', 'refund', refundJson(refund), `A ${refund.amount.currency_code} ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`);
  }

  function verifySignature(request: SandboxRequest, response: ServerResponse): void {
    const body = parseBody(request);
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (body[field] === undefined) throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', `/${field}`);
    }
    const event = body['webhook_event'];
    let ok = body['auth_algo'] === AUTH_ALGO && body['cert_url'] === certUrl() && body['webhook_id'] === webhookId && isObject(event);
    if (ok) {
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${String(body['transmission_id'])}|${String(body['transmission_time'])}|${webhookId}|${crc32(JSON.stringify(event))}`);
      try {
        ok = verifier.verify(publicKey, String(body['transmission_sig']), 'base64');
      } catch {
        ok = false;
      }
    }
    send(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  function issueToken(request: SandboxRequest, response: ServerResponse): void {
    const header = request.headers['authorization'];
    const basic = typeof header === 'string' && header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (basic !== `${clientId}:${clientSecret}`) {
      send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
      send(response, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      return;
    }
    const token = `A21AA${randomBytes(32).toString('base64url')}`;
    tokens.set(token, context.now() + TOKEN_LIFETIME_S * 1000);
    send(response, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-AMPORA-SANDBOX',
      expires_in: TOKEN_LIFETIME_S,
      nonce: `${iso(context.now())}${createHash('sha256').update(token).digest('hex').slice(0, 16)}`,
    });
  }

  function html(response: ServerResponse, status: number, title: string, body: string): void {
    response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
  }

  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
    response.end();
  };

  const withQuery = (url: string, query: Record<string, string>) => `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;

  /** The buyer's approval page: no login, "Pay now", a declined funding source, or back to the store. */
  function approvalPage(request: SandboxRequest, response: ServerResponse): void {
    const token = request.query.get('token') ?? '';
    const order = orders.get(token);
    if (!order || (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') || order.createdAt + ORDER_TTL_MS < context.now()) {
      html(response, 404, 'PayPal Sandbox: this payment is no longer available', '<p>Go back to the store and start the payment again.</p>');
      return;
    }
    const unit = order.unit;
    const items = Array.isArray(unit['items']) ? (unit['items'] as Record<string, unknown>[]) : [];
    const list = items.length > 0 ? `<ul>${items.map((item) => `<li>${escapeHtml(String(item['name']))} × ${escapeHtml(String(item['quantity']))}</li>`).join('')}</ul>` : '';
    const hidden = `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`;
    html(
      response,
      200,
      'PayPal Sandbox: pay with PayPal',
      `<p>Order <strong>${escapeHtml(String(unit['reference_id'] ?? order.id))}</strong>: <strong>${escapeHtml(toValue(order.cents))} ${escapeHtml(order.currency)}</strong></p>${list}
<p>You are signed in as the sandbox buyer (buyer@example.com).</p>
<form method="post" action="${escapeHtml(`${context.baseUrl}/checkoutnow/approve`)}">${hidden}<button type="submit">Pay now</button></form>
<form method="post" action="${escapeHtml(`${context.baseUrl}/checkoutnow/cancel`)}">${hidden}<button type="submit">Cancel and return to the store</button></form>
<h2>Test outcomes</h2>
<form method="post" action="${escapeHtml(`${context.baseUrl}/checkoutnow/capture-declined`)}">${hidden}<button type="submit">Pay now: the payment will be declined</button></form>
<form method="post" action="${escapeHtml(`${context.baseUrl}/checkoutnow/instrument-declined`)}">${hidden}<button type="submit">Pay now: the funding source will be refused</button></form>
<form method="post" action="${escapeHtml(`${context.baseUrl}/checkoutnow/capture-pending`)}">${hidden}<button type="submit">Pay now: the payment will be held for review</button></form>`,
    );
  }

  function approvalAction(action: BuyerChoice | 'cancel', request: SandboxRequest, response: ServerResponse): void {
    const token = new URLSearchParams(request.body).get('token') ?? '';
    const order = orders.get(token);
    if (!order || (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') || order.createdAt + ORDER_TTL_MS < context.now()) {
      html(response, 404, 'PayPal Sandbox: this payment is no longer available', '<p>Go back to the store and start the payment again.</p>');
      return;
    }
    if (action === 'cancel') {
      // PayPal appends the order id to the cancel URL; the order stays unapproved and lapses.
      redirect(response, withQuery(order.experience.cancel_url ?? order.experience.return_url ?? '/', { token: order.id }));
      return;
    }
    const now = context.now();
    order.status = 'APPROVED';
    order.choice = action;
    order.payer = { payerId: accountId(), email: 'buyer@example.com', given: 'Sandbox', surname: 'Buyer' };
    order.updateTime = iso(now);
    sendWebhook(order, 'CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(order, true) as unknown as Record<string, unknown>, 'An order has been approved by buyer');
    redirect(response, withQuery(order.experience.return_url ?? '/', { token: order.id, PayerID: order.payer.payerId }));
  }

  /** Test controls: settle a PENDING capture, make an order look three hours old. */
  function control(path: string, response: ServerResponse): boolean {
    const settle = /^\/__sandbox\/captures\/([A-Z0-9]+)\/(complete|deny)$/.exec(path);
    if (settle) {
      const capture = captures.get(settle[1]!);
      if (!capture || capture.status !== 'PENDING') {
        send(response, 404, { error: 'no pending capture' });
        return true;
      }
      capture.status = settle[2] === 'complete' ? 'COMPLETED' : 'DECLINED';
      delete capture.reason;
      capture.updateTime = iso(context.now());
      send(response, 200, captureJson(capture, true));
      captureWebhook(capture);
      return true;
    }
    const age = /^\/__sandbox\/orders\/([A-Z0-9]+)\/expire$/.exec(path);
    if (age) {
      const order = orders.get(age[1]!);
      if (!order) {
        send(response, 404, { error: 'no such order' });
        return true;
      }
      order.createdAt -= ORDER_TTL_MS + 1;
      send(response, 200, { id: order.id, status: order.status });
      return true;
    }
    return false;
  }

  return {
    async handle(request, response) {
      const { method, path } = request;
      try {
        if (method === 'POST' && path === '/v1/oauth2/token') {
          issueToken(request, response);
          return true;
        }
        if (method === 'GET' && path === CERT_PATH) {
          response.writeHead(200, { 'Content-Type': 'application/x-pem-file' });
          response.end(publicPem);
          return true;
        }
        if (method === 'GET' && path === '/checkoutnow') {
          approvalPage(request, response);
          return true;
        }
        const approval = /^\/checkoutnow\/([a-z-]+)$/.exec(path);
        if (method === 'POST' && approval && (approval[1] === 'cancel' || (BUYER_CHOICES as readonly string[]).includes(approval[1]!))) {
          approvalAction(approval[1] as BuyerChoice | 'cancel', request, response);
          return true;
        }
        if (method === 'POST' && path.startsWith('/__sandbox/')) return control(path, response);
        const api = path.startsWith('/v2/') || path.startsWith('/v1/notifications/');
        if (!api) return false;
        if (!authorised(request)) throw new PaypalFailure(401);
        if (method === 'POST' && path === '/v2/checkout/orders') {
          createOrder(request, response);
          return true;
        }
        const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
        if (orderPath && method === 'GET' && !orderPath[2]) {
          send(response, 200, orderJson(findOrder(orderPath[1]!), true));
          return true;
        }
        if (orderPath && method === 'POST' && orderPath[2]) {
          captureOrder(orderPath[1]!, request, response);
          return true;
        }
        const capturePath = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
        if (capturePath && method === 'GET' && !capturePath[2]) {
          const capture = captures.get(capturePath[1]!);
          if (!capture) throw new PaypalFailure(404, 'INVALID_RESOURCE_ID');
          send(response, 200, captureJson(capture, true));
          return true;
        }
        if (capturePath && method === 'POST' && capturePath[2]) {
          refundCapture(capturePath[1]!, request, response);
          return true;
        }
        const refundPath = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
        if (refundPath && method === 'GET') {
          const refund = refunds.get(refundPath[1]!);
          if (!refund) throw new PaypalFailure(404, 'INVALID_RESOURCE_ID');
          send(response, 200, refundJson(refund));
          return true;
        }
        if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
          verifySignature(request, response);
          return true;
        }
        throw new PaypalFailure(404);
      } catch (error) {
        if (!(error instanceof PaypalFailure)) throw error;
        send(response, error.status, errorBody(error));
        return true;
      }
    },
  };
}
