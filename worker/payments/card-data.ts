/**
 * Card numbers never reach our server in clear (PCI DSS SAQ-A: the card form is the provider's
 * secured fields, which send only encrypted data). Any /api JSON body carrying a Luhn-valid
 * 13–19-digit number (spaces or dashes allowed) where a card number would go — a field named like
 * one, or anywhere in the payment and card calls — is refused with CARD_DATA_NOT_ACCEPTED before
 * any handler reads it: nothing is stored, logged or forwarded.
 *
 * Elsewhere only card-named fields are looked at, so an EAN, a phone number or an id in an
 * ordinary body passes as before. Encrypted fields (`encryptedCardNumber`…) and wallet tokens are
 * refused only when their whole value is a card number, not encrypted at all.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context';
import { appError } from '../http/errors';

/** Field names a card number goes in (compared without case, dashes or underscores). */
const CARD_FIELD = /^(number|pan|card.*|.*cardnumber|primaryaccountnumber)$/;
/** Fields whose value is encrypted or opaque by design: refused only when they hold a bare card number. */
const OPAQUE_FIELD = /^(encrypted.*|.*token|redirectresult|threedsresult|paymentdata|riskdata|.*signature)$/;
/** A run of digits, each separated from the next by at most one space or dash. */
const DIGIT_RUN = /\d(?:[ -]?\d)*/g;
const BARE = /^\s*\d(?:[ -]?\d){12,18}\s*$/;
/** Identifiers (a stored card's id, an order id, a psp reference): all digits at some providers, never a card number. */
const ID_FIELD = /(id|reference)$/;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const isCardNumber = (candidate: string): boolean => {
  const digits = candidate.replace(/[ -]/g, '');
  return digits.length >= 13 && digits.length <= 19 && luhnValid(digits);
};

/**
 * Whether the text contains a card number: a run of digits, or consecutive groups of one (as in
 * "ref 12 4111 1111 1111 1111"), of 13–19 digits passing the Luhn check. `whole`: only when the
 * text is nothing but that number.
 */
function hasCardNumber(text: string, whole: boolean): boolean {
  if (whole) return BARE.test(text) && isCardNumber(text.trim());
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.split(/[ -]/);
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length < 19; last++) {
        digits += groups[last];
        if (isCardNumber(digits)) return true;
      }
    }
  }
  return false;
}

const normalise = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/**
 * Whether a parsed JSON body carries a card number in clear. `everywhere`: the payment and card
 * calls, where any text field is looked at; otherwise only card-named fields.
 */
export function carriesCardNumber(body: unknown, everywhere: boolean): boolean {
  // `inCard`: under a card-named field (`card: { digits: … }`), every field is one.
  const visit = (value: unknown, key: string, inCard: boolean, depth: number): boolean => {
    if (depth > 64) return false;
    if (ID_FIELD.test(key)) return false;
    const cardField = inCard || CARD_FIELD.test(key);
    if (Array.isArray(value)) return value.some((item) => visit(item, key, cardField, depth + 1));
    if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => visit(v, normalise(k), cardField, depth + 1));
    if (typeof value === 'number') {
      // Past 2^53 the digits are no longer exact: a card-length number in a card field is refused as it is.
      const text = Number.isSafeInteger(value) ? String(value) : value.toFixed(0);
      return (cardField || everywhere) && text.length >= 13 && text.length <= 19 && (!Number.isSafeInteger(value) || isCardNumber(text));
    }
    if (typeof value !== 'string') return false;
    if (OPAQUE_FIELD.test(key)) return hasCardNumber(value, true);
    return (cardField || everywhere) && hasCardNumber(value, false);
  };
  return visit(body, '', false, 0);
}

/** The payment and card calls: any field of their bodies is looked at. */
const PAYMENT_PATHS = /^\/api\/(orders\/payment\/|user\/adyen\/|user\/bankCards|users\/[^/]+\/bankCards|user\/0\/bankstore\/|checkout\/orders\/transaction\/)/;
/** Provider notifications are signed by the provider and carry no card form data (and have their own body limit). */
const EXEMPT_PATHS = /^\/api\/paymentGateway\//;

export const refuseCardData = createMiddleware<AppEnv>(async (c, next) => {
  const path = new URL(c.req.url).pathname;
  const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
  if (hasBody && !EXEMPT_PATHS.test(path) && /json/i.test(c.req.header('Content-Type') ?? '')) {
    let body: unknown;
    try {
      // Hono keeps the parsed body: the route's validator reads the same one.
      body = await c.req.json();
    } catch {
      body = undefined; // the route's own validation answers the malformed body
    }
    if (body !== undefined && carriesCardNumber(body, PAYMENT_PATHS.test(path))) throw appError('cardDataNotAccepted');
  }
  await next();
});
