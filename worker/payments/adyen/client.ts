/**
 * The Adyen adapter: Checkout API v71 over HTTP, Advanced flow (our server calls /payments and
 * /payments/details; the browser never talks to the API). A refused card is an HTTP 200 with
 * resultCode Refused, so it is an outcome, not an error; HTTP errors become GatewayError.
 */
import { z } from 'zod';
import type { CardProviderGateway, GatewayEvent, ModificationInput, ModificationReceipt, Money, PaymentOutcome, StartPaymentInput, StoredMethod, StoredMethodCharge, SubmitDetailsInput } from '../port';
import { GatewayError } from '../port';
import type { AdyenConfig } from './config';
import { verifyItemHmac } from './hmac';
import { ONEY_METHOD, oneyPaymentFields } from './oney';

export const API_VERSION = 'v71';
/** Adyen keeps idempotency keys of at most 64 characters. */
export const MAX_IDEMPOTENCY_KEY = 64;
/** Adyen's `reference` limit. */
export const MAX_REFERENCE = 80;

/** A stable key for one attempt at one reference: the same order and attempt always give the same key. */
export async function idempotencyKey(scope: string, reference: string, attempt: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${scope}\u0000${reference}\u0000${attempt}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, MAX_IDEMPOTENCY_KEY);
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

interface AdyenPaymentResponse {
  resultCode?: string;
  pspReference?: string;
  refusalReason?: string;
  refusalReasonCode?: string;
  merchantReference?: string;
  action?: Record<string, unknown> & { type: string };
  additionalData?: Record<string, string | undefined>;
  paymentMethod?: { brand?: string; type?: string };
}

/** The card the answer says was stored (or used stored): its id from the recurring or tokenization keys. */
function storedMethodOf(body: AdyenPaymentResponse): StoredMethod | undefined {
  const data = body.additionalData ?? {};
  const id = data['tokenization.storedPaymentMethodId'] ?? data['recurring.recurringDetailReference'];
  if (!id) return undefined;
  return { id, brand: body.paymentMethod?.brand ?? data['paymentMethod'], lastFour: data['cardSummary'], holderName: data['cardHolderName'] };
}

/** Maps an Adyen /payments or /payments/details answer to the port's outcome. */
export function mapPaymentResponse(body: AdyenPaymentResponse): PaymentOutcome {
  const outcome = mapResult(body);
  return body.merchantReference === undefined ? outcome : { ...outcome, merchantReference: body.merchantReference };
}

function mapResult(body: AdyenPaymentResponse): PaymentOutcome {
  const psp = body.pspReference;
  switch (body.resultCode) {
    case 'Authorised': {
      const storedMethod = storedMethodOf(body);
      return storedMethod ? { status: 'authorised', pspReference: psp ?? '', storedMethod } : { status: 'authorised', pspReference: psp ?? '' };
    }
    case 'Refused':
      return { status: 'refused', pspReference: psp, refusalReason: body.refusalReason, refusalReasonCode: body.refusalReasonCode };
    case 'Cancelled':
      return { status: 'cancelled', pspReference: psp };
    case 'Pending':
    case 'Received':
      return body.action ? { status: 'action_needed', pspReference: psp, action: body.action } : { status: 'pending', pspReference: psp };
    case 'RedirectShopper':
    case 'IdentifyShopper':
    case 'ChallengeShopper':
    case 'PresentToShopper':
      if (body.action) return { status: 'action_needed', pspReference: psp, action: body.action };
      return { status: 'error', pspReference: psp, refusalReason: `${body.resultCode} without action` };
    default:
      return { status: 'error', pspReference: psp, refusalReason: body.refusalReason ?? body.resultCode };
  }
}

function errorKind(status: number): GatewayError['kind'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 400 || status === 422) return 'validation';
  if (status >= 500) return 'unavailable';
  return 'unexpected';
}

export class AdyenGateway implements CardProviderGateway {
  readonly provider = 'adyen' as const;
  private readonly fetcher: FetchLike;

  constructor(
    private readonly config: AdyenConfig,
    fetcher?: FetchLike,
  ) {
    this.fetcher = fetcher ?? ((input, init) => fetch(input, init));
  }

  private url(path: string, query?: Record<string, string>): string {
    const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
    return `${this.config.baseUrl}/${API_VERSION}${path}${qs}`;
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: { body?: unknown; query?: Record<string, string>; idempotencyKey?: string } = {}): Promise<T | undefined> {
    const headers: Record<string, string> = { 'X-API-Key': this.config.apiKey, Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) {
      if (options.idempotencyKey.length > MAX_IDEMPOTENCY_KEY) throw new GatewayError(0, 'validation', undefined, undefined, 'idempotency key longer than 64 characters');
      headers['Idempotency-Key'] = options.idempotencyKey;
    }
    let response: Response;
    try {
      response = await this.fetcher(this.url(path, options.query), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    } catch (error) {
      throw new GatewayError(0, 'unavailable', undefined, undefined, `payment gateway unreachable: ${String(error)}`);
    }
    if (response.status === 204) return undefined;
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const e = (json ?? {}) as { errorCode?: string; errorType?: string; message?: string };
      throw new GatewayError(response.status, errorKind(response.status), e.errorCode, e.errorType, e.message);
    }
    return json as T;
  }

  private checkReference(reference: string): void {
    if (reference.length === 0 || reference.length > MAX_REFERENCE) throw new GatewayError(0, 'validation', undefined, undefined, 'reference must have 1 to 80 characters');
  }

  async paymentMethods(input: { amount: Money; countryCode?: string; shopperReference?: string; shopperLocale?: string }): Promise<unknown> {
    return this.call('POST', '/paymentMethods', { body: { merchantAccount: this.config.merchantAccount, amount: input.amount, countryCode: input.countryCode, shopperReference: input.shopperReference, shopperLocale: input.shopperLocale, channel: 'Web' } });
  }

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    this.checkReference(input.reference);
    const body = input.paymentMethod['type'] === ONEY_METHOD ? this.oneyBody(input) : this.cardBody(input);
    const key = await idempotencyKey('payment', input.reference, input.attempt);
    return mapPaymentResponse((await this.call<AdyenPaymentResponse>('POST', '/payments', { body, idempotencyKey: key })) ?? {});
  }

  /** Oney (facilypay_3x/_4x): a redirect to Oney's page, no card, no 3-D Secure. */
  private oneyBody(input: StartPaymentInput): Record<string, unknown> {
    return {
      merchantAccount: this.config.merchantAccount,
      amount: { currency: input.amount.currency, value: input.amount.value },
      reference: input.reference,
      ...oneyPaymentFields(input),
      returnUrl: input.returnUrl,
      channel: 'Web',
      shopperInteraction: 'Ecommerce',
      origin: input.origin,
      shopperLocale: input.shopperLocale,
      countryCode: input.countryCode,
      shopperIP: input.shopperIP,
    };
  }

  private cardBody(input: StartPaymentInput): Record<string, unknown> {
    return {
      merchantAccount: this.config.merchantAccount,
      amount: { currency: input.amount.currency, value: input.amount.value },
      reference: input.reference,
      paymentMethod: input.paymentMethod,
      returnUrl: input.returnUrl,
      channel: 'Web',
      shopperInteraction: input.paymentMethod['storedPaymentMethodId'] ? 'ContAuth' : 'Ecommerce',
      recurringProcessingModel: input.storePaymentMethod || input.paymentMethod['storedPaymentMethodId'] ? (input.recurringProcessingModel ?? 'CardOnFile') : undefined,
      shopperReference: input.shopperReference,
      storePaymentMethod: input.storePaymentMethod,
      browserInfo: input.browserInfo,
      origin: input.origin,
      shopperLocale: input.shopperLocale,
      countryCode: input.countryCode,
      shopperIP: input.shopperIP,
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
    };
  }

  /** A subscription's renewal: the stored card, no shopper present (ContAuth), recurringProcessingModel Subscription. */
  async chargeStoredMethod(input: StoredMethodCharge): Promise<PaymentOutcome> {
    this.checkReference(input.reference);
    const body = {
      merchantAccount: this.config.merchantAccount,
      amount: { currency: input.amount.currency, value: input.amount.value },
      reference: input.reference,
      paymentMethod: { type: 'scheme', storedPaymentMethodId: input.storedMethodId },
      shopperReference: input.shopperReference,
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
      returnUrl: input.returnUrl,
    };
    return mapPaymentResponse((await this.call<AdyenPaymentResponse>('POST', '/payments', { body, idempotencyKey: input.idempotencyKey })) ?? {});
  }

  async submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome> {
    const body = { details: input.details, paymentData: input.paymentData };
    return mapPaymentResponse((await this.call<AdyenPaymentResponse>('POST', '/payments/details', { body, idempotencyKey: input.idempotencyKey })) ?? {});
  }

  private async modification(kind: 'refunds' | 'cancels', input: ModificationInput): Promise<ModificationReceipt> {
    this.checkReference(input.reference);
    const body = { merchantAccount: this.config.merchantAccount, reference: input.reference, ...(input.amount ? { amount: input.amount } : {}) };
    const answer = await this.call<{ pspReference?: string; status?: string }>('POST', `/payments/${encodeURIComponent(input.pspReference)}/${kind}`, { body, idempotencyKey: input.idempotencyKey });
    if (answer?.status !== 'received' || !answer.pspReference) throw new GatewayError(200, 'unexpected', undefined, undefined, `unexpected ${kind} answer`);
    return { pspReference: answer.pspReference, status: 'received' };
  }

  refund(input: ModificationInput & { amount: Money }): Promise<ModificationReceipt> {
    return this.modification('refunds', input);
  }

  cancel(input: ModificationInput): Promise<ModificationReceipt> {
    return this.modification('cancels', input);
  }

  async listStoredMethods(shopperReference: string): Promise<StoredMethod[]> {
    const answer = await this.call<{ storedPaymentMethods?: Array<Record<string, string | undefined>> }>('GET', '/storedPaymentMethods', { query: { shopperReference, merchantAccount: this.config.merchantAccount } });
    return (answer?.storedPaymentMethods ?? []).map((m) => ({ id: m['id'] ?? '', brand: m['brand'], lastFour: m['lastFour'], expiryMonth: m['expiryMonth'], expiryYear: m['expiryYear'], holderName: m['holderName'] }));
  }

  async disableStoredMethod(shopperReference: string, storedMethodId: string): Promise<void> {
    await this.call('DELETE', `/storedPaymentMethods/${encodeURIComponent(storedMethodId)}`, { query: { shopperReference, merchantAccount: this.config.merchantAccount } });
  }

  async verifyWebhook(body: unknown): Promise<GatewayEvent[] | undefined> {
    return verifyNotification(this.config.hmacKey, body);
  }
}

const notificationItemSchema = z.looseObject({
  pspReference: z.string().min(1).max(64),
  originalReference: z.string().max(64).optional(),
  merchantAccountCode: z.string().max(200),
  merchantReference: z.string().max(200).optional(),
  amount: z.looseObject({ value: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), currency: z.string().length(3) }),
  eventCode: z.string().min(1).max(64),
  success: z.enum(['true', 'false']),
  reason: z.string().max(2000).optional(),
  paymentMethod: z.string().max(200).optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});

/** Adyen's standard notification body (Webhooks-v1 `NotificationRequest`); unknown fields are kept. */
export const adyenNotificationSchema = z.looseObject({
  live: z.string().optional(),
  notificationItems: z.array(z.object({ NotificationRequestItem: notificationItemSchema })).min(1).max(100),
});

export type AdyenNotification = z.infer<typeof adyenNotificationSchema>;

/** The events of a standard notification body when every item is signed with the key; undefined otherwise. */
export async function verifyNotification(hmacKey: string, body: unknown): Promise<GatewayEvent[] | undefined> {
  const parsed = adyenNotificationSchema.safeParse(body);
  return parsed.success ? verifyParsedNotification(hmacKey, parsed.data) : undefined;
}

/** As verifyNotification, for a body already validated against adyenNotificationSchema (the webhook route). */
export async function verifyParsedNotification(hmacKey: string, notification: AdyenNotification): Promise<GatewayEvent[] | undefined> {
  const events: GatewayEvent[] = [];
  for (const { NotificationRequestItem: item } of notification.notificationItems) {
    const signature = item.additionalData?.['hmacSignature'];
    if (!(await verifyItemHmac(hmacKey, item, typeof signature === 'string' ? signature : undefined))) return undefined;
    events.push({
      pspReference: item.pspReference,
      originalReference: item.originalReference ?? '',
      merchantReference: item.merchantReference ?? '',
      eventCode: item.eventCode,
      success: item.success === 'true',
      amount: { value: item.amount.value, currency: item.amount.currency },
      reason: item.reason,
      paymentMethod: item.paymentMethod,
      raw: item,
    });
  }
  return events;
}
