/**
 * The PayPal adapter: REST Orders v2 with intent CAPTURE (docs/payments-paypal.md). The store
 * creates an order, the shopper approves it on PayPal's page (the `payer-action` link), comes back
 * with `token=<order id>` and the store captures it. The capture's status is the payment's: a
 * COMPLETED order says nothing about the money by itself. Our psp reference is the PayPal order id
 * (the id the shopper's return, the status check and every webhook lead back to); the capture id a
 * refund needs is read from the order when refunding.
 *
 * Every POST carries `PayPal-Request-Id` (PayPal keeps it six hours: the same id answers the same
 * order, capture or refund), derived from our reference and attempt like the card provider's keys.
 * HTTP errors become GatewayError with PayPal's `details[0].issue` as the code; a declined
 * instrument at capture is an outcome (refused), not an error.
 */
import { idempotencyKey } from '../adyen/client';
import { GatewayError, type ModificationInput, type ModificationReceipt, type Money, type PaymentGateway, type PaymentOutcome, type StartPaymentInput, type SubmitDetailsInput } from '../port';
import type { PaypalConfig } from './config';
import { buildOrderRequest, captureOf, outcomeOfOrder, PAYPAL_ID, paypalMoney, type PaypalCapture, type PaypalErrorBody, type PaypalOrder, type PaypalRefund } from './orders';

export { buildOrderRequest, captureOf, fromPaypalValue, outcomeOfOrder, PAYPAL_ID, paypalLocale, paypalMoney, toPaypalValue } from './orders';
export type { PaypalCapture, PaypalErrorBody, PaypalLink, PaypalMoney, PaypalOrder, PaypalRefund } from './orders';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

function errorKind(status: number): GatewayError['kind'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 400 || status === 404 || status === 409 || status === 422) return 'validation';
  if (status >= 500 || status === 429) return 'unavailable';
  return 'unexpected';
}

/** PayPal's error answer as a GatewayError: the first detail's issue (INSTRUMENT_DECLINED…) or the error's name is the code. */
export function paypalError(status: number, body: PaypalErrorBody | undefined): GatewayError {
  const issue = body?.details?.[0]?.issue ?? body?.name ?? body?.error;
  return new GatewayError(status, errorKind(status), issue, body?.name ?? body?.error, `PayPal answered ${status}${issue ? ` ${issue}` : ''}${body?.debug_id ? ` (debug id ${body.debug_id})` : ''}`);
}

/** Access tokens per API and credentials, kept until shortly before `expires_in` runs out (one per isolate). */
const tokens = new Map<string, { token: string; expiresAt: number } | Promise<{ token: string; expiresAt: number }>>();
/** A token is renewed this long before PayPal's expiry, so no call starts with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

export interface WebhookSignature {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export class PaypalGateway implements PaymentGateway {
  readonly provider = 'paypal' as const;
  private readonly fetcher: FetchLike;

  constructor(
    private readonly config: PaypalConfig,
    fetcher?: FetchLike,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.fetcher = fetcher ?? ((input, init) => fetch(input, init));
  }

  /** A token belongs to the credentials that got it: a changed secret must not go on using the old one. */
  private get tokenKey(): string {
    return `${this.config.baseUrl}\u0000${this.config.clientId}\u0000${this.config.clientSecret}`;
  }

  /** OAuth 2.0 client credentials: `POST /v1/oauth2/token` with Basic client id and secret. */
  private async accessToken(): Promise<string> {
    const cached = tokens.get(this.tokenKey);
    if (cached) {
      const held = await Promise.resolve(cached).catch(() => undefined);
      if (held && held.expiresAt > this.now()) return held.token;
    }
    const request = (async () => {
      const basic = btoa(`${this.config.clientId}:${this.config.clientSecret}`);
      const response = await this.send(`${this.config.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: 'grant_type=client_credentials',
      });
      const body = (await response.json().catch(() => undefined)) as ({ access_token?: string; expires_in?: number } & PaypalErrorBody) | undefined;
      if (!response.ok || !body?.access_token) throw paypalError(response.status === 200 ? 502 : response.status, body);
      const lifetime = Math.max(0, (body.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS);
      return { token: body.access_token, expiresAt: this.now() + lifetime };
    })();
    tokens.set(this.tokenKey, request);
    try {
      const got = await request;
      tokens.set(this.tokenKey, got);
      return got.token;
    } catch (error) {
      tokens.delete(this.tokenKey);
      throw error;
    }
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetcher(url, init);
    } catch (error) {
      throw new GatewayError(0, 'unavailable', undefined, undefined, `PayPal could not be reached: ${String(error)}`);
    }
  }

  /** One API call with the bearer token; a token PayPal no longer takes is dropped and the call made once more. */
  private async call<T>(method: 'GET' | 'POST', path: string, options: { body?: string; requestId?: string; prefer?: string } = {}): Promise<T> {
    for (let round = 0; ; round++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
      if (options.prefer) headers['Prefer'] = options.prefer;
      const response = await this.send(`${this.config.baseUrl}${path}`, { method, headers, ...(options.body !== undefined ? { body: options.body } : {}) });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (response.ok) {
        if (body === undefined) throw new GatewayError(response.status, 'unexpected', undefined, undefined, 'PayPal answered without a JSON body');
        return body as T;
      }
      if (response.status === 401 && round === 0) {
        tokens.delete(this.tokenKey);
        continue;
      }
      throw paypalError(response.status, body as PaypalErrorBody | undefined);
    }
  }

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    const order = await this.call<PaypalOrder>('POST', '/v2/checkout/orders', {
      body: JSON.stringify(buildOrderRequest(input)),
      requestId: await idempotencyKey('paypal-order', input.reference, input.attempt),
      prefer: 'return=representation',
    });
    const approve = order.links?.find((link) => link.rel === 'payer-action') ?? order.links?.find((link) => link.rel === 'approve');
    const merchantReference = order.purchase_units?.[0]?.reference_id ?? input.reference;
    // The same request id answers the order as it is now: one already captured is its capture's outcome.
    if (order.status === 'COMPLETED' || !approve) return approve ? outcomeOfOrder(order) : { status: 'error', pspReference: order.id, merchantReference, refusalReason: `order ${order.status} without an approval link` };
    return { status: 'action_needed', pspReference: order.id, merchantReference, action: { type: 'redirect', url: approve.href, method: 'GET' } };
  }

  /** The shopper is back from the approval page with `token` = the order id (and PayerID): the capture decides. */
  async submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome> {
    const token = input.details['token'];
    if (typeof token !== 'string' || !PAYPAL_ID.test(token)) throw new GatewayError(400, 'validation', 'INVALID_RESOURCE_ID', undefined, 'the return carries no PayPal order id');
    return this.capture(token, input.idempotencyKey);
  }

  private async capture(orderId: string, requestId: string): Promise<PaymentOutcome> {
    try {
      return outcomeOfOrder(await this.call<PaypalOrder>('POST', `/v2/checkout/orders/${orderId}/capture`, { body: '{}', requestId, prefer: 'return=representation' }));
    } catch (error) {
      if (error instanceof GatewayError && error.httpStatus === 422) {
        // The funding source was declined: the payment is refused (a new attempt starts a new order).
        if (error.errorCode === 'INSTRUMENT_DECLINED') return { status: 'refused', pspReference: orderId, refusalReason: 'INSTRUMENT_DECLINED' };
        // Captured by another request (the scheduled check, a second tab): its capture is the answer.
        if (error.errorCode === 'ORDER_ALREADY_CAPTURED') return outcomeOfOrder(await this.order(orderId));
      }
      throw error;
    }
  }

  private order(orderId: string): Promise<PaypalOrder> {
    if (!PAYPAL_ID.test(orderId)) throw new GatewayError(400, 'validation', 'INVALID_RESOURCE_ID');
    return this.call<PaypalOrder>('GET', `/v2/checkout/orders/${orderId}`);
  }

  /**
   * `GET /v2/checkout/orders/{id}` and its capture. An order the shopper approved but never came
   * back from (the tab closed on the way) is captured here: they pressed "Pay now", and the
   * scheduled check must not give up a payment PayPal would take. Unapproved or gone: still pending
   * (the scheduled check then gives the attempt up; the orders stay payable).
   */
  async paymentStatus(input: { pspReference: string; reference: string }): Promise<PaymentOutcome> {
    let order: PaypalOrder;
    try {
      order = await this.order(input.pspReference);
    } catch (error) {
      if (error instanceof GatewayError && error.httpStatus === 404) return { status: 'pending', pspReference: input.pspReference };
      throw error;
    }
    if (order.status === 'APPROVED' && !captureOf(order)) return this.capture(order.id, await idempotencyKey('paypal-capture', order.id, 0));
    return outcomeOfOrder(order);
  }

  /** The capture money can still be given back from, read from the order (our psp reference). */
  private async refundableCapture(orderId: string): Promise<PaypalCapture | undefined> {
    const capture = captureOf(await this.order(orderId));
    return capture && (capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED') && PAYPAL_ID.test(capture.id) ? capture : undefined;
  }

  private async refundCapture(captureId: string, body: Record<string, unknown>, requestId: string): Promise<ModificationReceipt> {
    const refund = await this.call<PaypalRefund>('POST', `/v2/payments/captures/${captureId}/refund`, { body: JSON.stringify(body), requestId, prefer: 'return=representation' });
    // PayPal settles most refunds at once (COMPLETED) or later (PENDING), and says so by webhook either way.
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') throw new GatewayError(422, 'validation', `REFUND_${refund.status}`);
    return { pspReference: refund.id, status: 'received' };
  }

  /** `POST /v2/payments/captures/{capture_id}/refund`; the PAYMENT.CAPTURE.REFUNDED webhook settles it. */
  async refund(input: ModificationInput & { amount: Money }): Promise<ModificationReceipt> {
    const capture = await this.refundableCapture(input.pspReference);
    if (!capture) throw new GatewayError(422, 'validation', 'CAPTURE_NOT_REFUNDABLE', undefined, 'the PayPal order has no completed capture to refund');
    const customId = /^[A-Za-z0-9-_.,]{1,127}$/.test(input.reference) ? { custom_id: input.reference } : {};
    return this.refundCapture(capture.id, { amount: paypalMoney(input.amount), ...customId }, input.idempotencyKey);
  }

  /**
   * Nothing to cancel at PayPal for an order not captured: there is no void for a CAPTURE order, and
   * PayPal lets an unapproved or uncaptured order lapse (3 hours by default). A captured order
   * holds money, so "cancel the payment" gives all of what remains back (a refund, settled by its webhook).
   */
  async cancel(input: ModificationInput): Promise<ModificationReceipt> {
    let capture: PaypalCapture | undefined;
    try {
      capture = await this.refundableCapture(input.pspReference);
    } catch (error) {
      if (error instanceof GatewayError && error.httpStatus === 404) return { pspReference: input.pspReference, status: 'received' };
      throw error;
    }
    if (!capture) return { pspReference: input.pspReference, status: 'received' };
    return this.refundCapture(capture.id, {}, input.idempotencyKey);
  }

  /**
   * `POST /v1/notifications/verify-webhook-signature`: PayPal checks the transmission's signature
   * against its certificate and our webhook id. The event goes in as the bytes received, never
   * re-serialised (the signature covers their CRC32).
   */
  async verifyWebhookSignature(signature: WebhookSignature, rawEvent: string): Promise<boolean> {
    const head = JSON.stringify({
      auth_algo: signature.authAlgo,
      cert_url: signature.certUrl,
      transmission_id: signature.transmissionId,
      transmission_sig: signature.transmissionSig,
      transmission_time: signature.transmissionTime,
      webhook_id: this.config.webhookId,
    });
    const body = `${head.slice(0, -1)},"webhook_event":${rawEvent}}`;
    const answer = await this.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', { body });
    return answer.verification_status === 'SUCCESS';
  }

  /** `GET /v2/payments/captures/{id}`: the order a capture belongs to, for webhooks that name only the capture. */
  async orderIdOfCapture(captureId: string): Promise<string | undefined> {
    if (!PAYPAL_ID.test(captureId)) return undefined;
    const capture = await this.call<PaypalCapture>('GET', `/v2/payments/captures/${captureId}`);
    return capture.supplementary_data?.related_ids?.order_id;
  }
}

/** For tests: forget the cached access tokens. */
export function forgetPaypalTokens(): void {
  tokens.clear();
}
