/**
 * The payment gateway port: what the checkout, the account and returns need from a payment
 * provider, in provider-neutral terms. Adapters (worker/payments/<provider>/, listed in
 * worker/payments/providers.ts) speak each provider's protocol; nothing outside worker/payments/
 * knows the provider's field names.
 */

/** Money in integer minor units (cents) of an ISO 4217 currency. */
export interface Money {
  value: number;
  currency: string;
}

/** What the shopper's browser must do next (3-D Secure, redirect, wallet…), passed on as the provider gave it. */
export type PaymentAction = Record<string, unknown> & { type: string };

export type PaymentOutcome = (
  /** `storedMethod`: the card the provider stored with this payment for later charges (a subscription's first payment). */
  | { status: 'authorised'; pspReference: string; storedMethod?: StoredMethod }
  | { status: 'refused'; pspReference?: string; refusalReason?: string; refusalReasonCode?: string }
  | { status: 'pending'; pspReference?: string }
  | { status: 'action_needed'; pspReference?: string; action: PaymentAction }
  | { status: 'cancelled'; pspReference?: string }
  /** The provider let the payment lapse (a Multibanco reference unpaid by its expiry, MB WAY unanswered): the EXPIRE event. */
  | { status: 'expired'; pspReference?: string }
  | { status: 'error'; pspReference?: string; refusalReason?: string }
) & {
  /** The `reference` the payment was started with, as the provider echoes it: ties a details answer to its payment. */
  merchantReference?: string;
  /**
   * When a payment still waiting (pending, or an action for the shopper) lapses at the provider, in
   * ms since the epoch: a Multibanco reference's expiry, MB WAY's window. The scheduled check gives
   * the attempt up only after it (worker/payments/scheduled.ts); without it, after STUCK_PAYMENT_MS.
   */
  expiresAt?: number;
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
  /** Where the provider sends the shopper back (our /cart/order/securePayment page, with the order and provider in its query). */
  returnUrl: string;
  /** Where the provider sends a shopper who gives up on its page; `returnUrl` with `cancelled=1` unless given. */
  cancelUrl?: string;
  /** Where the provider's server-to-server notifications go: /api/paymentGateway/{provider}/notification on the request's origin. */
  notificationUrl?: string;
  /** The shopper, for providers that need them (instalments, financing, Oney): name, e-mail, phone, addresses. */
  shopper?: ShopperDetails;
  /** The order lines, for providers that show or score them (PayPal, Aplazame, Oney, financing). */
  lines?: OrderLine[];
  shopperReference?: string;
  storePaymentMethod?: boolean;
  /** Why the card is stored or used stored: 'Subscription' when later charges renew a subscription; 'CardOnFile' otherwise. */
  recurringProcessingModel?: 'CardOnFile' | 'Subscription';
  /** Browser data and channel for 3-D Secure 2 (passed through). */
  browserInfo?: Record<string, unknown>;
  origin?: string;
  shopperLocale?: string;
  countryCode?: string;
  shopperIP?: string;
}

export interface ShopperDetails {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 when known, e.g. +34600111222. */
  phone?: string;
  /** The billing tax id (DNI/NIE, NIF…) when the billing address has one. */
  documentId?: string;
  billingAddress?: PostalAddress;
  shippingAddress?: PostalAddress;
}

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface OrderLine {
  articleId: number;
  name: string;
  qty: number;
  /** Cents, taxes included. */
  unitPrice: number;
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

/**
 * The provider took the request: 'received', its outcome arrives by notification; 'settled', the
 * provider's answer is its final outcome and no notification follows (Aplazame's refunds), so it is
 * recorded as the provider's event at once.
 */
export interface ModificationReceipt {
  pspReference: string;
  status: 'received' | 'settled';
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

/** The payment providers of the store (worker/payments/providers.ts maps each method to one). */
export type ProviderId = 'adyen' | 'paypal' | 'redsys' | 'aplazame' | 'sibs' | 'inespay' | 'financing';

export interface PaymentGateway {
  /** Stored with each attempt (`payments.provider`): refunds, cancels and checks go back to the same provider. */
  readonly provider: ProviderId;
  startPayment(input: StartPaymentInput): Promise<PaymentOutcome>;
  /** Completes a payment the shopper's browser came back from (3-D Secure, a redirect), with what it brought back. */
  submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome>;
  refund(input: ModificationInput & { amount: Money }): Promise<ModificationReceipt>;
  cancel(input: ModificationInput): Promise<ModificationReceipt>;
  /**
   * The payment's state asked of the provider (MB WAY polling, a shopper back from a redirect with
   * nothing to confirm, the scheduled check before giving an attempt up). Providers that cannot be
   * asked leave it out: their notification settles the payment.
   */
  paymentStatus?(input: { pspReference: string; reference: string }): Promise<PaymentOutcome>;
}

/** The card provider's extras: its payment methods for adyen-web, stored cards, its HMAC-signed webhooks. */
export interface CardProviderGateway extends PaymentGateway {
  paymentMethods(input: { amount: Money; countryCode?: string; shopperReference?: string; shopperLocale?: string }): Promise<unknown>;
  listStoredMethods(shopperReference: string): Promise<StoredMethod[]>;
  disableStoredMethod(shopperReference: string, storedMethodId: string): Promise<void>;
  /** Whether every item of a webhook body is signed with our key; the events when they are, undefined when not. */
  verifyWebhook(body: unknown): Promise<GatewayEvent[] | undefined>;
  /**
   * Charges a stored card without the shopper (a subscription's renewal): merchant-initiated, the
   * same `idempotencyKey` always the same charge. Left out by a provider that cannot.
   */
  chargeStoredMethod?(input: StoredMethodCharge): Promise<PaymentOutcome>;
}

/** A merchant-initiated charge of a stored card (worker/subscriptions/renew.ts). */
export interface StoredMethodCharge {
  amount: Money;
  /** Our reference for the charge (at most 80 characters). */
  reference: string;
  shopperReference: string;
  storedMethodId: string;
  /** At most 64 characters: one charge per key, whatever the number of calls. */
  idempotencyKey: string;
  /** Required by the provider's request schema although no shopper is sent anywhere. */
  returnUrl: string;
}

/** A notification as it reached /api/paymentGateway/{provider}/notification: verified by the adapter from its raw bytes. */
export interface NotificationRequest {
  method: string;
  url: string;
  headers: Headers;
  /** The body exactly as sent (signatures are over the bytes). */
  body: string;
}

/** What the provider expects back; anything else makes it retry. */
export interface NotificationReply {
  status: number;
  body: string;
  contentType: string;
}

export interface VerifiedNotification {
  /** The events it carries, in neutral terms (AUTHORISATION success true/false, CANCELLATION, EXPIRE, REFUND…). */
  events: GatewayEvent[];
  /**
   * The answer once the events are applied. `accepted` is false when a confirmation names a
   * payment we no longer take (its orders cancelled meanwhile): Aplazame is then told "ko".
   */
  reply(accepted: boolean): NotificationReply;
}

/** Each provider's notifications: verified by its own scheme (HMAC, RSA via the provider, AES-GCM, Bearer key). */
export interface NotificationReceiver {
  /** The verified notification, or undefined when it is not the provider's (401, nothing stored). */
  receive(request: NotificationRequest): Promise<VerifiedNotification | undefined>;
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
