/**
 * The payment gateway port: what the checkout, the account and returns need from a card
 * provider, in provider-neutral terms. Adapters (worker/payments/adyen/) speak each provider's
 * protocol; nothing outside worker/payments/ knows the provider's field names.
 */

/** Money in integer minor units (cents) of an ISO 4217 currency. */
export interface Money {
  value: number;
  currency: string;
}

/** What the shopper's browser must do next (3-D Secure, redirect, wallet…), passed on as the provider gave it. */
export type PaymentAction = Record<string, unknown> & { type: string };

export type PaymentOutcome = (
  | { status: 'authorised'; pspReference: string }
  | { status: 'refused'; pspReference?: string; refusalReason?: string; refusalReasonCode?: string }
  | { status: 'pending'; pspReference?: string }
  | { status: 'action_needed'; pspReference?: string; action: PaymentAction }
  | { status: 'cancelled'; pspReference?: string }
  | { status: 'error'; pspReference?: string; refusalReason?: string }
) & {
  /** The `reference` the payment was started with, as the provider echoes it: ties a details answer to its payment. */
  merchantReference?: string;
};

/**
 * Whether a provider answer is about the payment we started as `reference` (and, once known,
 * `pspReference`). A 3-D Secure result is opaque to us, so a result copied from another
 * shopper's payment reaches the provider intact; its answer names that other payment.
 */
export function outcomeIsFor(outcome: PaymentOutcome, reference: string | ((merchantReference: string) => boolean), pspReference?: string | null): boolean {
  if (outcome.merchantReference !== undefined) {
    const same = typeof reference === 'string' ? outcome.merchantReference === reference : reference(outcome.merchantReference);
    if (!same) return false;
  } else if (typeof reference !== 'string') {
    return false;
  }
  return !pspReference || !outcome.pspReference || outcome.pspReference === pspReference;
}

/** A details answer that belongs to another payment: nothing is recorded, the caller gets a 400. */
export class DetailsMismatchError extends Error {
  constructor() {
    super('the payment details belong to another payment');
    this.name = 'DetailsMismatchError';
  }
}

export interface StartPaymentInput {
  amount: Money;
  /** Our order number (or checkout reference): the provider's `reference`, at most 80 characters. */
  reference: string;
  /** The attempt number for this reference: a new attempt gets a new idempotency key. */
  attempt: number;
  /** The browser's payment method data (encrypted card fields, wallet token, stored card id). */
  paymentMethod: Record<string, unknown>;
  returnUrl: string;
  shopperReference?: string;
  storePaymentMethod?: boolean;
  /** Browser data and channel for 3-D Secure 2 (passed through). */
  browserInfo?: Record<string, unknown>;
  origin?: string;
  shopperLocale?: string;
  countryCode?: string;
  shopperIP?: string;
}

export interface SubmitDetailsInput {
  details: Record<string, unknown>;
  paymentData?: string;
  /** Idempotency key of this details call (e.g. derived from the reference and attempt). */
  idempotencyKey: string;
}

export interface ModificationInput {
  pspReference: string;
  amount?: Money;
  /** Our reference for the modification (e.g. the return number). */
  reference: string;
  idempotencyKey: string;
}

/** The provider took the request; its outcome arrives by webhook. */
export interface ModificationReceipt {
  pspReference: string;
  status: 'received';
}

export interface StoredMethod {
  id: string;
  brand?: string;
  lastFour?: string;
  expiryMonth?: string;
  expiryYear?: string;
  holderName?: string;
}

/** One verified webhook event, in neutral terms. */
export interface GatewayEvent {
  pspReference: string;
  originalReference: string;
  merchantReference: string;
  eventCode: string;
  success: boolean;
  amount: Money;
  reason?: string;
  paymentMethod?: string;
  /** The item as received, kept verbatim for audit. */
  raw: unknown;
}

export interface PaymentGateway {
  paymentMethods(input: { amount: Money; countryCode?: string; shopperReference?: string; shopperLocale?: string }): Promise<unknown>;
  startPayment(input: StartPaymentInput): Promise<PaymentOutcome>;
  submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome>;
  refund(input: ModificationInput & { amount: Money }): Promise<ModificationReceipt>;
  cancel(input: ModificationInput): Promise<ModificationReceipt>;
  listStoredMethods(shopperReference: string): Promise<StoredMethod[]>;
  disableStoredMethod(shopperReference: string, storedMethodId: string): Promise<void>;
  /** Whether every item of a webhook body is signed with our key; the events when they are, undefined when not. */
  verifyWebhook(body: unknown): Promise<GatewayEvent[] | undefined>;
}

/** The provider answered with an HTTP error (bad key, validation, outage). */
export class GatewayError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly kind: 'unauthorized' | 'forbidden' | 'validation' | 'unavailable' | 'unexpected',
    readonly errorCode?: string,
    readonly errorType?: string,
    message?: string,
  ) {
    super(message ?? `payment gateway error ${httpStatus}${errorCode ? ` (${errorCode})` : ''}`);
    this.name = 'GatewayError';
  }
}
