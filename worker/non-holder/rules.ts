/**
 * The pure rules of the two e-mailed links of this area (docs/after-sales.md): the holder's
 * authorisation of a return asked by someone else, and the key that moves an order to another
 * account. Both links carry 128 random bits; only their SHA-256 is stored, so the database alone
 * cannot make a working link.
 */

/** How long the holder has to answer a return request by someone else. */
export const AUTHORIZATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an order reassignment key works. */
export const REASSIGNMENT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 16 random bytes in base64url: 22 characters. */
export const LINK_SECRET_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The invoice code as printed ("ES-F-2026-000012"): channel, series, year, number. */
export const INVOICE_CODE_PATTERN = /^[A-Z]{2}-[A-Z0-9]{1,12}-\d{4}-\d{1,9}$/;

export const AUTHORIZATION_STATES = ['pending', 'authorised', 'refused'] as const;
export type AuthorizationState = (typeof AUTHORIZATION_STATES)[number];

/** What a request is now: an unanswered request past its expiry is `expired` (never stored: the clock decides). */
export type AuthorizationStatus = AuthorizationState | 'expired';

export function authorizationStatus(row: { state: string; expiresAt: number }, now: Date): AuthorizationStatus {
  if (row.state === 'authorised' || row.state === 'refused') return row.state;
  return row.expiresAt > now.getTime() ? 'pending' : 'expired';
}

/** Whether the holder may still answer: pending and not expired. */
export function isAnswerable(row: { state: string; expiresAt: number }, now: Date): boolean {
  return authorizationStatus(row, now) === 'pending';
}

/** Document types a non-holder may name: the sale's own documents, not credit notes or quotes. */
export const RETURNABLE_DOCUMENT_TYPES = ['invoice', 'ticket', 'marketplace', 'passiveSubject', 'order'] as const;

export function isReturnableDocument(docType: string): boolean {
  return (RETURNABLE_DOCUMENT_TYPES as readonly string[]).includes(docType);
}

export type ReassignmentStatus = 'open' | 'used' | 'expired';

export function reassignmentStatus(row: { usedAt: number | null; expiresAt: number }, now: Date): ReassignmentStatus {
  if (row.usedAt !== null) return 'used';
  return row.expiresAt > now.getTime() ? 'open' : 'expired';
}

/** E-mail addresses compare without case or surrounding spaces (as sign-in does). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** "j•••@example.com": enough for the owner to recognise their address, not enough to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * An amount as a person types it from a printed invoice, in cents: "1.234,56 €", "1,234.56",
 * "1234,5", "€ 99". The last `,` or `.` followed by one or two digits is the decimal mark; other
 * marks group thousands. Undefined when it is not an amount.
 */
export function parseAmountCents(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f€]|EUR/gi, '');
  if (!/^\d[\d.,]*$/.test(cleaned) || cleaned.length > 15) return undefined;
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  const whole = (decimal ? cleaned.slice(0, decimal.index) : cleaned).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return undefined;
  const cents = Number(whole) * 100 + (decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0);
  return Number.isSafeInteger(cents) ? cents : undefined;
}
