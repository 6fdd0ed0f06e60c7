/**
 * The Multibanco reference an order is waiting to be paid with (entity, reference, amount, expiry),
 * for /cart/ok and the account's order detail: the latest attempt of the order's payment, still
 * pending with the reference SIBS generated (stored as the answer's `voucher` action) and not past
 * its expiry. None once it is paid, expired, cancelled, or superseded by another method's attempt.
 */
import type { PaymentAnswer } from '../answer';

export interface MultibancoVoucher {
  entity: string;
  reference: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Ms since the epoch. */
  expiresAt: number;
}

/** The voucher of a stored `voucher` action, or undefined when the action is not a complete one. */
export function voucherOf(action: Record<string, unknown> | undefined): MultibancoVoucher | undefined {
  if (action?.['type'] !== 'voucher') return undefined;
  const { entity, reference, amount, currency, expiresAt } = action;
  if (typeof entity !== 'string' || typeof reference !== 'string' || typeof amount !== 'number' || typeof expiresAt !== 'number') return undefined;
  return { entity, reference, amount, currency: typeof currency === 'string' ? currency : 'EUR', expiresAt };
}

export async function pendingMultibancoVoucher(db: D1Database, orderNumber: string, now: number): Promise<MultibancoVoucher | null> {
  const row = await db
    .prepare(
      `SELECT p.state, p.method, p.answer, p.expires_at FROM payments p
       WHERE p.reference = COALESCE((SELECT reference FROM payment_orders WHERE order_number = ?), ?)
       ORDER BY p.attempt DESC LIMIT 1`,
    )
    .bind(orderNumber, orderNumber)
    .first<{ state: string; method: string; answer: string | null; expires_at: number | null }>();
  if (!row || row.state !== 'pending' || row.method !== 'multibanco' || !row.answer) return null;
  const voucher = voucherOf((JSON.parse(row.answer) as PaymentAnswer).action);
  return voucher && voucher.expiresAt > now ? voucher : null;
}
