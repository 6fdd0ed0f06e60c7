/**
 * Redsys' vocabulary in our terms (docs/payments-redsys.md), pure: the order number of an
 * attempt, the shopper's language code, what a `Ds_Response` means, and the neutral events a
 * verified notification carries.
 */
import type { GatewayEvent, PaymentOutcome } from '../port';

/** Redsys' transaction types used here: a sale, its refund ("devolución"), its void ("anulación"). */
export const TRANSACTION = { payment: '0', refund: '3', void: '9' } as const;

/** ISO 4217 numeric code of the euro (Redsys' DS_MERCHANT_CURRENCY). */
export const EURO = '978';

const ORDER_TAIL = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The Redsys order of an attempt (DS_MERCHANT_ORDER, kept as its psp reference): 12 characters,
 * the first 4 digits, as Redsys requires, from a digest of our reference and the attempt. Our
 * order numbers are longer than 12, so they cannot be used as such; the digest makes each attempt
 * a new order (Redsys refuses an order number twice, SIS0051) and the same attempt the same order.
 */
export async function redsysOrder(reference: string, attempt: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`redsys-order\u0000${reference}\u0000${attempt}`)));
  const digits = Array.from(digest.subarray(0, 4), (byte) => String(byte % 10)).join('');
  const tail = Array.from(digest.subarray(4, 12), (byte) => ORDER_TAIL[byte % 36]).join('');
  return digits + tail;
}

export const isRedsysOrder = (value: unknown): value is string => typeof value === 'string' && /^\d{4}[0-9A-Za-z]{0,8}$/.test(value);

/** Redsys' DS_MERCHANT_CONSUMERLANGUAGE for our languages; Spanish otherwise. */
const LANGUAGES: Record<string, string> = { es: '001', en: '002', fr: '004', de: '005', it: '007', pt: '009' };

export const consumerLanguage = (locale: string | undefined): string => LANGUAGES[(locale ?? '').slice(0, 2).toLowerCase()] ?? '001';

/** What a `Ds_Response` says: 0000–0099 authorised, 0400 void accepted, 0900 refund accepted, 9915 the shopper cancelled. */
export type ResponseMeaning = 'authorised' | 'voided' | 'refunded' | 'cancelled' | 'refused';

export function responseMeaning(response: string | undefined): ResponseMeaning {
  if (!response || !/^\d{1,4}$/.test(response)) return 'refused';
  const code = Number(response);
  if (code <= 99) return 'authorised';
  if (code === 400) return 'voided';
  if (code === 900) return 'refunded';
  if (code === 9915) return 'cancelled';
  return 'refused';
}

/** The id we give a refund or void of `order`: Redsys names them by the original order only, so our reference (echoed in Ds_MerchantData) tells them apart. */
export const modificationReference = (order: string, reference: string): string => `${order}-${reference}`;

/** The outcome of a payment's signed parameters (a return to URLOK/URLKO, a notification). */
export function paymentOutcome(parameters: Record<string, string>): PaymentOutcome {
  const pspReference = parameters['Ds_Order']!;
  const merchantReference = parameters['Ds_MerchantData'] || undefined;
  const code = parameters['Ds_Response'] ?? '';
  const meaning = responseMeaning(code);
  const base = merchantReference ? { merchantReference } : {};
  if (meaning === 'authorised') return { status: 'authorised', pspReference, ...base };
  if (meaning === 'cancelled') return { status: 'cancelled', pspReference, ...base };
  return { status: 'refused', pspReference, refusalReason: `Redsys ${code}`, refusalReasonCode: code, ...base };
}

/**
 * The events of a verified online notification: a sale's AUTHORISATION (success or not; a shopper
 * who cancelled is a refused authorisation, like our answer to the return), a refund's REFUND, a
 * void's CANCELLATION. Undefined for a transaction type we never send.
 */
export function notificationEvents(parameters: Record<string, string>): GatewayEvent[] | undefined {
  const order = parameters['Ds_Order'];
  const amount = Number(parameters['Ds_Amount']);
  if (!isRedsysOrder(order) || !Number.isSafeInteger(amount) || amount < 0) return undefined;
  const currency = (parameters['Ds_Currency'] ?? EURO) === EURO ? 'EUR' : (parameters['Ds_Currency'] ?? '');
  const type = parameters['Ds_TransactionType'] ?? TRANSACTION.payment;
  const merchantData = parameters['Ds_MerchantData'] ?? '';
  const meaning = responseMeaning(parameters['Ds_Response']);
  const reason = `Redsys ${parameters['Ds_Response'] ?? ''}`.trim();
  const common = { merchantReference: merchantData, amount: { value: amount, currency }, raw: parameters, paymentMethod: parameters['Ds_ProcessedPayMethod'] === '68' ? 'bizum' : undefined };
  if (type === TRANSACTION.payment) {
    const success = meaning === 'authorised';
    return [{ ...common, pspReference: order, originalReference: '', eventCode: 'AUTHORISATION', success, reason: success ? '' : meaning === 'cancelled' ? 'Cancelled' : reason }];
  }
  if ((type === TRANSACTION.refund || type === TRANSACTION.void) && merchantData !== '') {
    const refund = type === TRANSACTION.refund;
    const success = meaning === (refund ? 'refunded' : 'voided');
    return [{ ...common, pspReference: modificationReference(order, merchantData), originalReference: order, eventCode: refund ? 'REFUND' : 'CANCELLATION', success, reason: success ? '' : reason }];
  }
  return undefined;
}
