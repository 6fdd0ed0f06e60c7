/**
 * The scheduled payment check (Cron Trigger, wrangler.toml `[triggers]`): nothing waiting for a
 * payment stays stuck.
 *
 * - An attempt still pending at the provider STUCK_PAYMENT_MS after its last change (the shopper left
 *   the 3-D Secure page, the provider never answered) is cancelled at the provider and marked
 *   expired, with a conditional update on the version it was read at, so a webhook that settles it
 *   meanwhile wins. Its orders stay payable (a new attempt, the pay-later link) until the hold window.
 * - An order paid through the card provider that is still awaiting payment HOLD_WINDOW_MS after it
 *   was placed is cancelled (payment_expired) and its stock given back once, unless an attempt is
 *   still alive or paid (worker/payments/events.ts `orderExpiredStatements`).
 *
 * A plain function of the database, the gateway and `now`, so the worker tests call it directly.
 */
import { idempotencyKey } from './adyen/client';
import { CARD_METHODS_SQL, LIVE_PAYMENT_STATES, orderExpiredStatements } from './events';
import type { PaymentGateway } from './port';

/** How long an order paid by card keeps its stock while unpaid: two days to come back (a refused card, the pay-later link). */
export const HOLD_WINDOW_MS = 48 * 60 * 60 * 1000;
/** How long an attempt may wait for the shopper or the provider before it is given up. */
export const STUCK_PAYMENT_MS = 60 * 60 * 1000;
/** Rows handled per run; the next run (every 15 minutes) takes the rest. */
const BATCH = 50;

export interface PaymentCheckResult {
  expiredPayments: number;
  cancelledOrders: number;
}

export async function runPaymentChecks(db: D1Database, gateway: PaymentGateway | undefined, now: number): Promise<PaymentCheckResult> {
  const result: PaymentCheckResult = { expiredPayments: 0, cancelledOrders: 0 };
  const stuck = await db
    .prepare("SELECT id, reference, attempt, psp_reference, version FROM payments WHERE state = 'pending' AND updated_at < ? ORDER BY updated_at LIMIT ?")
    .bind(now - STUCK_PAYMENT_MS, BATCH)
    .all<{ id: number; reference: string; attempt: number; psp_reference: string | null; version: number }>();
  for (const payment of stuck.results) {
    if (payment.psp_reference && gateway) {
      // Best effort: a payment the provider already closed answers with a refused cancellation, by webhook.
      await gateway.cancel({ pspReference: payment.psp_reference, reference: payment.reference, idempotencyKey: await idempotencyKey('cancel', payment.reference, payment.attempt) }).catch((error: unknown) => console.error('Cancelling a stuck payment failed', payment.reference, error));
    }
    const expired = await db
      .prepare("UPDATE payments SET state = 'expired', stage = 'done', version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND state = 'pending'")
      .bind(now, payment.id, payment.version)
      .run();
    result.expiredPayments += expired.meta.changes;
  }
  const overdue = await db
    .prepare(
      `SELECT o.order_number, COALESCE(po.reference, o.order_number) AS reference FROM orders o LEFT JOIN payment_orders po ON po.order_number = o.order_number
       WHERE o.state = 'awaiting_payment' AND o.payment_method IN ${CARD_METHODS_SQL} AND o.created_at < ?
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.reference = COALESCE(po.reference, o.order_number) AND p.state IN ${LIVE_PAYMENT_STATES})
       ORDER BY o.created_at LIMIT ?`,
    )
    .bind(now - HOLD_WINDOW_MS, BATCH)
    .all<{ order_number: string; reference: string }>();
  for (const order of overdue.results) {
    const [cancelled] = await db.batch(orderExpiredStatements(db, order.order_number, { reference: order.reference }, now));
    result.cancelledOrders += cancelled!.meta.changes;
  }
  return result;
}
