/**
 * The Inespay adapter: open-banking payments (the shopper's own bank transfers the money after
 * signing in at it), modelled on Berlin Group NextGenPSD2 payment initiation (protocol.ts).
 *
 * start: POST /v1/payments/sepa-credit-transfers → 201 RCVD with `_links.scaRedirect`, where the
 * shopper chooses a bank and authorises; back at our return page (`paymentId` appended) we ask
 * GET …/{paymentId}/status. cancel: DELETE …/{paymentId} (only before the bank authorised). A
 * transfer cannot be refunded through this API: refund() is refused (the money goes back by
 * another transfer, see docs/payments-inespay.md).
 */
import { GatewayError, type ModificationInput, type ModificationReceipt, type Money, type PaymentGateway, type PaymentOutcome, type StartPaymentInput, type SubmitDetailsInput } from '../port';
import type { InespayConfig } from './config';
import { API_KEY_HEADER, CREDITOR_IBAN, CREDITOR_NAME, MAX_REMITTANCE, PAYMENT_PRODUCT_PATH, formatAmount, requestId, statusMeaning } from './protocol';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The refund answer: open-banking payments are transfers; they go back by a new transfer, not through Inespay. */
export const REFUND_NOT_SUPPORTED = 'INESPAY_REFUND_NOT_SUPPORTED';

/** A paymentId as Inespay's sandbox and NextGenPSD2 ASPSPs issue them: short, URL-safe. */
const PAYMENT_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Maps a transactionStatus to the port's outcome for the payment `pspReference`. */
export function outcomeOf(pspReference: string, transactionStatus: unknown): PaymentOutcome {
  const status = typeof transactionStatus === 'string' ? transactionStatus : '';
  switch (statusMeaning(status)) {
    case 'paid':
      return { status: 'authorised', pspReference };
    case 'refused':
      return { status: 'refused', pspReference, refusalReason: 'RJCT', refusalReasonCode: 'RJCT' };
    case 'cancelled':
      return { status: 'cancelled', pspReference };
    default:
      return status ? { status: 'pending', pspReference } : { status: 'error', pspReference, refusalReason: 'no transactionStatus' };
  }
}

function errorKind(status: number): GatewayError['kind'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 400 || status === 404 || status === 405 || status === 409 || status === 422) return 'validation';
  if (status === 429 || status >= 500) return 'unavailable';
  return 'unexpected';
}

export class InespayGateway implements PaymentGateway {
  readonly provider = 'inespay' as const;
  private readonly fetcher: FetchLike;

  constructor(
    private readonly config: InespayConfig,
    fetcher?: FetchLike,
  ) {
    this.fetcher = fetcher ?? ((input, init) => fetch(input, init));
  }

  private async call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.config.baseUrl}${path}`, {
        method,
        headers: { Accept: 'application/json', [API_KEY_HEADER]: this.config.apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new GatewayError(0, 'unavailable', undefined, undefined, `Inespay unreachable: ${String(error)}`);
    }
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      // NextGenPSD2 errors: { tppMessages: [{ category, code, path?, text? }] }.
      const first = Array.isArray(json?.['tppMessages']) ? (json['tppMessages'] as Record<string, unknown>[])[0] : undefined;
      const code = typeof first?.['code'] === 'string' ? first['code'] : undefined;
      const text = typeof first?.['text'] === 'string' ? first['text'] : undefined;
      throw new GatewayError(response.status, errorKind(response.status), code, typeof first?.['category'] === 'string' ? first['category'] : undefined, `Inespay answered ${response.status}${code ? ` ${code}` : ''}${text ? `: ${text}` : ''}`);
    }
    return { status: response.status, json };
  }

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    const { amount, reference } = input;
    // SEPA credit transfers are in euros; refused here rather than by the bank after the shopper signed in.
    if (amount.currency !== 'EUR') throw new GatewayError(400, 'validation', 'FORMAT_ERROR', 'ERROR', `Inespay transfers only euros, not ${amount.currency}`);
    if (amount.value <= 0) throw new GatewayError(400, 'validation', 'FORMAT_ERROR', 'ERROR', 'Inespay transfers a positive amount');
    if (reference.length === 0 || reference.length > MAX_REMITTANCE) throw new GatewayError(400, 'validation', 'FORMAT_ERROR', 'ERROR', 'the reference must have 1 to 140 characters');
    const headers: Record<string, string> = {
      'X-Request-ID': await requestId('payment', reference, input.attempt),
      'TPP-Redirect-URI': input.returnUrl,
      'TPP-Nok-Redirect-URI': input.cancelUrl ?? `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}cancelled=1`,
      'TPP-Redirect-Preferred': 'true',
    };
    // Mandatory in NextGenPSD2 for a payment the shopper starts; Cloudflare always gives it.
    if (input.shopperIP) headers['PSU-IP-Address'] = input.shopperIP;
    if (input.notificationUrl) headers['TPP-Notification-URI'] = input.notificationUrl;
    if (input.shopperLocale) headers['PSU-Accept-Language'] = input.shopperLocale;
    const { json } = await this.call('POST', PAYMENT_PRODUCT_PATH, headers, {
      instructedAmount: { currency: amount.currency, amount: formatAmount(amount.value) },
      creditorAccount: { iban: CREDITOR_IBAN },
      creditorName: CREDITOR_NAME,
      remittanceInformationUnstructured: reference,
    });
    const paymentId = typeof json?.['paymentId'] === 'string' ? json['paymentId'] : '';
    const links = (json?.['_links'] ?? {}) as Record<string, { href?: unknown } | undefined>;
    const href = links['scaRedirect']?.href;
    if (!PAYMENT_ID.test(paymentId)) throw new GatewayError(502, 'unexpected', undefined, undefined, 'Inespay answered without a paymentId');
    const status = json?.['transactionStatus'];
    // An initiation the bank settled or refused at once needs no redirect.
    if (statusMeaning(String(status)) !== 'waiting' || typeof href !== 'string') return { ...outcomeOf(paymentId, status), merchantReference: reference };
    const url = new URL(href, `${this.config.baseUrl}/`).toString();
    return { status: 'action_needed', pspReference: paymentId, merchantReference: reference, action: { type: 'redirect', url, method: 'GET' } };
  }

  /** The shopper is back from the bank: Inespay appends the `paymentId`; its status says how it went. */
  async submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome> {
    const paymentId = input.details['paymentId'];
    if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId)) throw new GatewayError(400, 'validation', 'FORMAT_ERROR', 'ERROR', 'the return carries no paymentId');
    return this.status(paymentId);
  }

  async paymentStatus(input: { pspReference: string; reference: string }): Promise<PaymentOutcome> {
    return this.status(input.pspReference);
  }

  private async status(paymentId: string): Promise<PaymentOutcome> {
    const { json } = await this.call('GET', `${PAYMENT_PRODUCT_PATH}/${encodeURIComponent(paymentId)}/status`, { 'X-Request-ID': crypto.randomUUID() });
    return outcomeOf(paymentId, json?.['transactionStatus']);
  }

  /** Open-banking payments are transfers from the shopper's bank: nothing to reverse at Inespay. */
  async refund(_input: ModificationInput & { amount: Money }): Promise<ModificationReceipt> {
    throw new GatewayError(403, 'forbidden', REFUND_NOT_SUPPORTED, 'ERROR', 'Inespay payments are bank transfers: refund them with a transfer of our own');
  }

  /** Cancels a payment the bank has not authorised yet (DELETE; 204). Its CANC callback follows. */
  async cancel(input: ModificationInput): Promise<ModificationReceipt> {
    const scope = `cancel\u0000${input.idempotencyKey}`;
    await this.call('DELETE', `${PAYMENT_PRODUCT_PATH}/${encodeURIComponent(input.pspReference)}`, { 'X-Request-ID': await requestId(scope, input.reference, 0) });
    return { pspReference: input.pspReference, status: 'received' };
  }
}
