/**
 * The Aplazame adapter (docs/payments-aplazame.md): checkout API v4 with the private key as Bearer
 * and the versioned `Accept` header; `fetch` injectable for tests. A checkout is not a payment:
 * nothing is owed until the shopper completes Aplazame's page and we confirm Aplazame's
 * notification, so a checkout that could not be created leaves nothing to wait for.
 */
import { GatewayError, type ModificationInput, type ModificationReceipt, type Money, type PaymentGateway, type PaymentOutcome, type StartPaymentInput, type SubmitDetailsInput } from '../port';
import { acceptHeader, type AplazameConfig } from './config';
import { checkoutBody, checkoutPage, midFor, outcomeOf, referenceOfMid, TIMEOUT_CHECKOUT_MIN, TIMEOUT_EXTRA_MIN, type AplazameOrder } from './protocol';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Our code for "Aplazame could not start the checkout just now": the browser tries once more after 1 s (spec §4). */
export const APLAZAME_RETRY_CODE = '695102';

/** Aplazame's answers that say "try again later" (its API reference: 408, 429, 500, 503), and no answer at all. */
const TEMPORARY = new Set([408, 429, 500, 502, 503, 504]);

interface AplazameErrorBody {
  error?: { type?: string; message?: string; fields?: unknown };
}

export class AplazameGateway implements PaymentGateway {
  readonly provider = 'aplazame' as const;

  constructor(
    private readonly config: AplazameConfig,
    private readonly fetcher: FetchLike = (input, init) => fetch(input, init),
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: T }> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.config.baseUrl}${path}`, {
        method,
        headers: { Accept: acceptHeader(this.config.sandbox), Authorization: `Bearer ${this.config.privateKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new GatewayError(503, 'unavailable', APLAZAME_RETRY_CODE, 'NetworkError', `Aplazame could not be reached: ${String(error)}`);
    }
    const text = await response.text();
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (response.ok) return { status: response.status, data: data as T };
    const error = (data as AplazameErrorBody | undefined)?.error;
    const type = error?.type ?? `HTTP ${response.status}`;
    const message = `Aplazame ${method} ${path.split('/').slice(0, 2).join('/')}: ${response.status} ${type}${error?.message ? ` (${error.message})` : ''}`;
    if (response.status === 401) throw new GatewayError(401, 'unauthorized', type, type, message);
    if (response.status === 403) throw new GatewayError(403, 'forbidden', type, type, message);
    if (TEMPORARY.has(response.status)) throw new GatewayError(response.status, 'unavailable', APLAZAME_RETRY_CODE, type, message);
    if (response.status >= 500) throw new GatewayError(response.status, 'unexpected', type, type, message);
    throw new GatewayError(response.status, 'validation', type, type, message);
  }

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    const mid = midFor(input.reference, input.attempt);
    let created: { data: { id?: string } };
    try {
      created = await this.call<{ id?: string }>('POST', '/checkout', checkoutBody(input));
    } catch (error) {
      // No checkout, so nothing the shopper could complete: the attempt is over and a new one may start at once.
      if (error instanceof GatewayError && error.errorCode === APLAZAME_RETRY_CODE) throw new GatewayError(error.httpStatus, 'validation', APLAZAME_RETRY_CODE, error.errorType, error.message);
      throw error;
    }
    const checkoutId = created.data?.id;
    if (typeof checkoutId !== 'string' || checkoutId === '') throw new GatewayError(502, 'unexpected', 'NoCheckoutId', undefined, 'Aplazame created no checkout id');
    return {
      status: 'action_needed',
      pspReference: mid,
      merchantReference: input.reference,
      // A redirect for any page that follows it; the Aplazame gateway page shows it in its frame instead (`display`).
      action: { type: 'redirect', method: 'GET', url: checkoutPage(this.config.checkoutPageUrl, checkoutId, this.config.publicKey, this.config.sandbox), display: 'iframe', checkoutId },
      // The checkout's own window, and the identity challenge's after it (both sent in the checkout).
      expiresAt: Date.now() + (TIMEOUT_CHECKOUT_MIN + TIMEOUT_EXTRA_MIN) * 60_000,
    };
  }

  /** The shopper is back from Aplazame's page (its URLs carry our `mid`): the order's status, asked of Aplazame. */
  async submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome> {
    const mid = input.details['mid'];
    if (typeof mid !== 'string' || !referenceOfMid(mid)) throw new GatewayError(400, 'validation', 'mid', undefined, 'the return names no Aplazame order');
    return this.orderStatus(mid);
  }

  async paymentStatus(input: { pspReference: string; reference: string }): Promise<PaymentOutcome> {
    return this.orderStatus(input.pspReference);
  }

  private async orderStatus(mid: string): Promise<PaymentOutcome> {
    const { data } = await this.call<AplazameOrder>('GET', `/orders/${encodeURIComponent(mid)}`);
    return outcomeOf(data ?? {}, mid);
  }

  /**
   * `POST /orders/{id}/refund` answers at once with what remains; Aplazame sends no notification
   * for it, so the receipt's id is ours (the order id and the refund's key).
   */
  async refund(input: ModificationInput & { amount: Money }): Promise<ModificationReceipt> {
    await this.call('POST', `/orders/${encodeURIComponent(input.pspReference)}/refund`, { amount: input.amount.value });
    // Aplazame answers the refund and sends no notification of it: the answer is its outcome.
    return { pspReference: `${input.pspReference}:refund:${input.idempotencyKey.slice(0, 16)}`, status: 'settled' };
  }

  /**
   * `POST /orders/{id}/cancel` (204) takes only confirmed orders. A checkout never confirmed owes
   * nothing and lapses on its own at Aplazame, so its refusal (4xx) is not a failure here.
   */
  async cancel(input: ModificationInput): Promise<ModificationReceipt> {
    try {
      await this.call('POST', `/orders/${encodeURIComponent(input.pspReference)}/cancel`);
    } catch (error) {
      if (!(error instanceof GatewayError && error.kind === 'validation')) throw error;
    }
    return { pspReference: input.pspReference, status: 'received' };
  }
}
