/**
 * Inespay's protocol, the pure parts (docs/payments-inespay.md). Inespay publishes no API, so the
 * calls follow the Berlin Group NextGenPSD2 payment initiation that Spanish open-banking providers
 * expose (single `sepa-credit-transfers` payment, redirect SCA, `transactionStatus` ISO 20022
 * codes); the signed callback is modelled on Inespay's own notifications.
 */

export const PAYMENT_PRODUCT_PATH = '/v1/payments/sepa-credit-transfers';
/** The header carrying our API key on every call. */
export const API_KEY_HEADER = 'X-Api-Key';
export const SIGNATURE_HEADER = 'X-Inespay-Signature';
/** The account the transfers are made to: ours, as registered with Inespay. */
export const CREDITOR_IBAN = 'ES9121000418450200051332';
export const CREDITOR_NAME = 'Ampora';
/** NextGenPSD2 `remittanceInformationUnstructured` takes at most 140 characters; our reference has at most 80. */
export const MAX_REMITTANCE = 140;

/** The ISO 20022 payment statuses NextGenPSD2 answers (psd2-api 1.3.11 `transactionStatus`). */
export const TRANSACTION_STATUSES = ['ACCC', 'ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'RCVD', 'PDNG', 'RJCT', 'CANC', 'ACFC', 'PATC', 'PART'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * What a status means for the order. ACSP (the shopper's bank accepted the transfer for execution
 * after the shopper's authorisation), ACSC (debited from the shopper's account) and ACCC (credited
 * to ours) are all paid: a credit transfer cannot be pulled back by the payer the way a card
 * payment is charged back, and many banks never report past ACSP, so waiting for ACSC/ACCC would
 * leave paid orders unconfirmed. RJCT is a refusal, CANC a cancellation; everything else (RCVD,
 * PDNG, ACTC, ACCP, ACWC, ACWP, ACFC, PATC, PART) still waits.
 */
export type StatusMeaning = 'paid' | 'refused' | 'cancelled' | 'waiting';

export function statusMeaning(status: string): StatusMeaning {
  switch (status) {
    case 'ACSP':
    case 'ACSC':
    case 'ACCC':
      return 'paid';
    case 'RJCT':
      return 'refused';
    case 'CANC':
      return 'cancelled';
    default:
      return 'waiting';
  }
}

/** Cents as NextGenPSD2's `amount` string: 1234 → "12.34". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('an amount is a whole, non-negative number of cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** NextGenPSD2's `amount` string in cents ("12.34" → 1234, "12.3" → 1230, "12" → 1200), or undefined when it is not one with at most 2 decimals. */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

const hex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The X-Request-ID of one call: a UUID (RFC 9562 version 8, name-based) from SHA-256 of the scope,
 * our reference and the attempt, so the same attempt always sends the same id (the provider
 * answers a repeated initiation with the payment it made) and a new attempt a new one.
 */
export async function requestId(scope: string, reference: string, attempt: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${scope}\u0000${reference}\u0000${attempt}`))).slice(0, 16);
  digest[6] = (digest[6]! & 0x0f) | 0x80;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const h = hex(digest);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key, imported once per isolate and secret. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** The callback's signature: lower-case hex HMAC-SHA256 of the body's bytes under the callback secret. */
export async function signCallback(body: string, secret: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(body))));
}

/** Whether `signature` (hex, either case) signs `body` under `secret`; compared in constant time by WebCrypto. */
export async function verifyCallback(body: string, signature: string | null, secret: string): Promise<boolean> {
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature.trim())) return false;
  const bytes = new Uint8Array(signature.trim().match(/../g)!.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.verify('HMAC', await hmacKey(secret), bytes, new TextEncoder().encode(body));
}
