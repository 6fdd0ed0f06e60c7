/**
 * The SIBS gateway adapter (SIBS Payment Gateway API v1, "SPG"), for MB WAY and Multibanco. Every
 * call carries `X-IBM-Client-Id`; creating a payment, asking its status, refunding and cancelling
 * use the merchant's Bearer token; the method's own step (the MB WAY purchase request, generating
 * the Multibanco reference) is signed `Digest <transactionSignature>` with the signature the
 * creation returned. Amounts are decimal euros at SIBS, cents here.
 *
 * - MB WAY: create → purchase with the shopper's alias "351#9…" → Pending while the shopper answers
 *   in the app (MBWAY_WINDOW_MS) → Success / Declined / Expired by status or webhook. An unanswered
 *   request is a refusal here, not an EXPIRE: the shopper may try again and the order stays payable.
 * - Multibanco: create with a `paymentReference` window → generate → entity, reference, expiry
 *   (MULTIBANCO_WINDOW_MS) shown to the shopper; paid later at an ATM or bank (webhook Success), or
 *   Expired: the EXPIRE event, which cancels the orders and frees their stock unless paid.
 */
import type { ModificationInput, ModificationReceipt, PaymentGateway, PaymentOutcome, StartPaymentInput, SubmitDetailsInput } from '../port';
import { GatewayError } from '../port';
import type { SibsConfig } from './config';
import { mbwayAlias, portugueseMobile } from './phone';

/** How long the shopper has to accept an MB WAY request in the app before SIBS declines it as expired. */
export const MBWAY_WINDOW_MS = 5 * 60 * 1000;
/** How long a Multibanco reference can be paid: three days (SIBS lets the merchant choose the window). */
export const MULTIBANCO_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** SIBS' code for a call that went through. */
export const SIBS_OK = '000';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

interface ReturnStatus {
  statusCode?: string;
  statusMsg?: string;
  statusDescription?: string;
}

interface SibsAnswer {
  returnStatus?: ReturnStatus;
  transactionID?: string;
  transactionSignature?: string;
  paymentStatus?: string;
  paymentMethod?: string;
  merchant?: { merchantTransactionId?: string };
  paymentReference?: { reference?: string; entity?: string; amount?: { value?: number; currency?: string }; status?: string; expireDate?: string };
  // IBM API Connect's own error body (missing or unknown client id, bad token).
  httpCode?: string;
  httpMessage?: string;
  moreInformation?: string;
}

export const toSibsAmount = (cents: number): number => Math.round(cents) / 100;
export const fromSibsAmount = (value: number): number => Math.round(value * 100);

/** Our merchantTransactionId: the payment reference and the attempt, so each attempt is a new transaction at SIBS. */
export const merchantTransactionId = (reference: string, attempt: number): string => `${reference}-${attempt}`;

/** The payment reference a merchantTransactionId names (the attempt dropped). */
export function referenceOf(merchantTransactionId: string | undefined): string | undefined {
  if (!merchantTransactionId) return undefined;
  const cut = merchantTransactionId.lastIndexOf('-');
  return cut > 0 && /^\d+$/.test(merchantTransactionId.slice(cut + 1)) ? merchantTransactionId.slice(0, cut) : merchantTransactionId;
}

/**
 * A SIBS payment status, in the port's terms. `paymentMethod` says which: an MB WAY request that
 * lapsed is refused (the shopper may send another), a Multibanco reference that lapsed expires.
 */
export function outcomeOfStatus(status: string | undefined, paymentMethod: string | undefined, pspReference: string | undefined): PaymentOutcome {
  switch (status) {
    case 'Success':
      return { status: 'authorised', pspReference: pspReference ?? '' };
    case 'Declined':
      return { status: 'refused', pspReference, refusalReason: 'Declined' };
    case 'Expired':
      return paymentMethod === 'REFERENCE' ? { status: 'expired', pspReference } : { status: 'refused', pspReference, refusalReason: 'Expired' };
    case 'Canceled':
    case 'Cancelled':
      return { status: 'cancelled', pspReference };
    case 'Pending':
    case 'InProcessing':
    case 'Partial':
      return { status: 'pending', pspReference };
    default:
      return { status: 'error', pspReference, refusalReason: status ?? 'no status' };
  }
}

function errorKind(status: number): GatewayError['kind'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 400 || status === 404 || status === 422) return 'validation';
  if (status >= 500) return 'unavailable';
  return 'unexpected';
}

export class SibsGateway implements PaymentGateway {
  readonly provider = 'sibs' as const;
  private readonly fetcher: FetchLike;
  private readonly now: () => number;

  constructor(
    private readonly config: SibsConfig,
    options: { fetcher?: FetchLike; now?: () => number } = {},
  ) {
    this.fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? (() => Date.now());
  }

  private async call(method: 'GET' | 'POST', path: string, authorization: string, body?: unknown): Promise<SibsAnswer> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.config.baseUrl}/api/v1${path}`, {
        method,
        headers: { 'X-IBM-Client-Id': this.config.clientId, Authorization: authorization, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new GatewayError(503, 'unavailable', undefined, undefined, `SIBS could not be reached: ${String(error)}`);
    }
    const text = await response.text();
    let answer: SibsAnswer = {};
    try {
      answer = text ? (JSON.parse(text) as SibsAnswer) : {};
    } catch {
      if (response.ok) throw new GatewayError(502, 'unexpected', undefined, undefined, 'SIBS answered something that is not JSON');
    }
    const code = answer.returnStatus?.statusCode ?? answer.httpCode;
    if (!response.ok) throw new GatewayError(response.status, errorKind(response.status), code, undefined, answer.returnStatus?.statusDescription ?? answer.returnStatus?.statusMsg ?? answer.moreInformation ?? answer.httpMessage);
    // SIBS answers some refusals with 200 and a status code other than "000".
    if (code !== SIBS_OK) throw new GatewayError(400, 'validation', code, undefined, answer.returnStatus?.statusDescription ?? answer.returnStatus?.statusMsg ?? 'SIBS refused the request');
    return answer;
  }

  private bearer(): string {
    return `Bearer ${this.config.bearerToken}`;
  }

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    const type = input.paymentMethod['type'];
    if (type !== 'mbway' && type !== 'multibanco') throw new GatewayError(400, 'validation', undefined, undefined, `SIBS does not take ${String(type)}`);
    if (input.amount.currency !== 'EUR') throw new GatewayError(400, 'validation', undefined, undefined, 'SIBS takes euros only');
    const phone = type === 'mbway' ? portugueseMobile(String(input.paymentMethod['phone'] ?? '')) : undefined;
    if (type === 'mbway' && !phone) throw new GatewayError(400, 'validation', undefined, undefined, 'not a Portuguese mobile number');
    const now = this.now();
    const amount = { value: toSibsAmount(input.amount.value), currency: 'EUR' };
    const expiresAt = now + (type === 'mbway' ? MBWAY_WINDOW_MS : MULTIBANCO_WINDOW_MS);
    const created = await this.call('POST', '/payments', this.bearer(), {
      merchant: { terminalId: this.config.terminalId, channel: 'web', merchantTransactionId: merchantTransactionId(input.reference, input.attempt) },
      transaction: {
        transactionTimestamp: new Date(now).toISOString(),
        description: `Order ${input.reference}`,
        moto: false,
        paymentType: 'PURS',
        amount,
        paymentMethod: [type === 'mbway' ? 'MBWAY' : 'REFERENCE'],
        ...(type === 'multibanco'
          ? { paymentReference: { initialDatetime: new Date(now).toISOString(), finalDatetime: new Date(expiresAt).toISOString(), maxAmount: amount, minAmount: amount, entity: this.config.entity } }
          : {}),
      },
    });
    const id = created.transactionID;
    const signature = created.transactionSignature;
    if (!id || !signature) throw new GatewayError(502, 'unexpected', undefined, undefined, 'SIBS created no transaction');
    const digest = `Digest ${signature}`;
    if (type === 'mbway') {
      const purchase = await this.call('POST', `/payments/${encodeURIComponent(id)}/mbway-id/purchase`, digest, { customerPhone: mbwayAlias(phone!) });
      const outcome = outcomeOfStatus(purchase.paymentStatus, 'MBWAY', id);
      if (outcome.status !== 'pending') return { ...outcome, merchantReference: input.reference };
      return {
        status: 'action_needed',
        pspReference: id,
        merchantReference: input.reference,
        // The island says where to look; only the last digits of the phone are shown back.
        action: { type: 'await', paymentMethodType: 'mbway', phoneEnding: phone!.slice(-3), expiresAt },
        expiresAt,
      };
    }
    const generated = await this.call('POST', `/payments/${encodeURIComponent(id)}/service-reference/generate`, digest, {});
    const reference = generated.paymentReference;
    if (!reference?.reference || !reference.entity) throw new GatewayError(502, 'unexpected', undefined, undefined, 'SIBS generated no reference');
    const expireDate = reference.expireDate ? Date.parse(reference.expireDate) : Number.NaN;
    const until = Number.isFinite(expireDate) ? expireDate : expiresAt;
    return {
      status: 'action_needed',
      pspReference: id,
      merchantReference: input.reference,
      action: {
        type: 'voucher',
        paymentMethodType: 'multibanco',
        entity: reference.entity,
        reference: reference.reference.replace(/\s+/g, ''),
        amount: reference.amount?.value === undefined ? input.amount.value : fromSibsAmount(reference.amount.value),
        currency: 'EUR',
        expiresAt: until,
      },
      expiresAt: until,
    };
  }

  /** Neither method sends the shopper away and back: a return carries nothing to confirm. */
  async submitDetails(_input: SubmitDetailsInput): Promise<PaymentOutcome> {
    throw new GatewayError(400, 'validation', undefined, undefined, 'SIBS payments have no return to confirm; their status is asked');
  }

  async paymentStatus(input: { pspReference: string; reference: string }): Promise<PaymentOutcome> {
    const answer = await this.call('GET', `/payments/${encodeURIComponent(input.pspReference)}/status`, this.bearer());
    const outcome = outcomeOfStatus(answer.paymentStatus, answer.paymentMethod, answer.transactionID ?? input.pspReference);
    const echoed = referenceOf(answer.merchant?.merchantTransactionId);
    return echoed === undefined ? outcome : { ...outcome, merchantReference: echoed };
  }

  async refund(input: ModificationInput & { amount: { value: number; currency: string } }): Promise<ModificationReceipt> {
    const answer = await this.call('POST', `/payments/${encodeURIComponent(input.pspReference)}/refund`, this.bearer(), {
      // The key of this refund: the same refund asked again is the same transaction at SIBS.
      merchant: { terminalId: this.config.terminalId, channel: 'web', merchantTransactionId: input.idempotencyKey.slice(0, 35) },
      transaction: {
        transactionTimestamp: new Date(this.now()).toISOString(),
        description: `Refund ${input.reference}`,
        amount: { value: toSibsAmount(input.amount.value), currency: input.amount.currency },
        originalTransaction: { id: input.pspReference },
      },
    });
    if (!answer.transactionID) throw new GatewayError(502, 'unexpected', undefined, undefined, 'SIBS answered the refund without its transaction');
    return { pspReference: answer.transactionID, status: 'received' };
  }

  /**
   * Withdraws an MB WAY request or voids a Multibanco reference still unpaid (SIBS sends no
   * notification for it). A SIBS purchase (PURS) is a sale, not an authorisation: once paid it
   * cannot be voided, so giving a paid one back whole is its refund, settled by the RFND notification.
   */
  async cancel(input: ModificationInput): Promise<ModificationReceipt> {
    const status = await this.call('GET', `/payments/${encodeURIComponent(input.pspReference)}/status`, this.bearer()) as SibsAnswer & { amount?: { value?: number; currency?: string } };
    if (status.paymentStatus === 'Success' && typeof status.amount?.value === 'number') {
      return this.refund({ ...input, amount: { value: fromSibsAmount(status.amount.value), currency: status.amount.currency ?? 'EUR' } });
    }
    const answer = await this.call('POST', `/payments/${encodeURIComponent(input.pspReference)}/cancellation`, this.bearer(), {
      merchant: { terminalId: this.config.terminalId, channel: 'web', merchantTransactionId: input.idempotencyKey.slice(0, 35) },
      transaction: {
        transactionTimestamp: new Date(this.now()).toISOString(),
        description: `Cancel ${input.reference}`,
        ...(input.amount ? { amount: { value: toSibsAmount(input.amount.value), currency: input.amount.currency } } : {}),
        originalTransaction: { id: input.pspReference },
      },
    });
    return { pspReference: answer.transactionID ?? input.pspReference, status: 'received' };
  }
}
