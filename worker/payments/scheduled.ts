/**
 * The scheduled payment check (Cron Trigger, wrangler.toml `[triggers]`): nothing waiting for a
 * payment stays stuck.
 *
 * - An attempt still pending at the provider past its own expiry (a Multibanco reference, MB WAY's
 *   window) or STUCK_PAYMENT_MS after its last change (the shopper left the 3-D Secure page, the
 *   provider never answered) is first asked of its provider when the provider can be asked (paid at
 *   the last minute: recorded; lapsed: the EXPIRE event, which frees the stock), else cancelled at its provider and marked
 *   expired, with a conditional update on the version it was read at, so a webhook that settles it
 *   meanwhile wins. Its orders stay payable (a new attempt, the pay-later link) until the hold window.
 * - An order paid through a gateway that is still awaiting payment HOLD_WINDOW_MS after it
 *   was placed is cancelled (payment_expired) and its stock given back once, unless an attempt is
 *   still alive or paid (worker/payments/events.ts `orderExpiredStatements`).
 *
 * A plain function of the database, the gateway and `now`, so the worker tests call it directly.
 */
import { idempotencyKey } from './adyen/client';
import { GATEWAY_METHODS_SQL, LIVE_PAYMENT_STATES, orderExpiredStatements, receiveEvents, stockRefreshStatements } from './events';
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

/** The gateway of a provider (worker/payments/providers.ts `maybeGatewayOf`), or one gateway for every attempt (tests). */
export type GatewayLookup = PaymentGateway | undefined | ((provider: string) => PaymentGateway | undefined);

export async function runPaymentChecks(db: D1Database, gateways: GatewayLookup, now: number): Promise<PaymentCheckResult> {
  const result: PaymentCheckResult = { expiredPayments: 0, cancelledOrders: 0 };
  const gatewayOf = typeof gateways === 'function' ? gateways : () => gateways;
  // Past its own expiry when the provider gave one (a Multibanco reference), else STUCK_PAYMENT_MS after its last change.
  const stuck = await db
    .prepare("SELECT id, reference, attempt, provider, psp_reference, amount, currency, version FROM payments WHERE state = 'pending' AND COALESCE(expires_at, updated_at + ?) < ? ORDER BY updated_at LIMIT ?")
    .bind(STUCK_PAYMENT_MS, now, BATCH)
    .all<{ id: number; reference: string; attempt: number; provider: string; psp_reference: string | null; amount: number; currency: string; version: number }>();
  for (const payment of stuck.results) {
    const gateway = gatewayOf(payment.provider);
    if (payment.psp_reference && gateway?.paymentStatus) {
      // Asked first: a payment made at the last minute (its notification lost) is recorded, not given up.
      const status = await gateway.paymentStatus({ pspReference: payment.psp_reference, reference: payment.reference }).catch((error: unknown) => {
        console.error('Asking a stuck payment failed', payment.reference, error);
        return undefined;
      });
      if (status && (status.status === 'authorised' || status.status === 'expired' || status.status === 'refused' || status.status === 'cancelled')) {
        const expired = status.status === 'expired';
        await receiveEvents(db, [{ pspReference: payment.psp_reference, originalReference: '', merchantReference: payment.reference, eventCode: expired ? 'EXPIRE' : 'AUTHORISATION', success: status.status === 'authorised' || expired, amount: { value: payment.amount, currency: payment.currency }, reason: expired ? 'Expired' : status.status === 'authorised' ? '' : 'Refused', raw: { source: 'status', status: status.status } }], now);
        if (expired) result.expiredPayments += 1;
        continue;
      }
    }
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
       WHERE o.state = 'awaiting_payment' AND o.payment_method IN ${GATEWAY_METHODS_SQL} AND o.created_at < ?
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.reference = COALESCE(po.reference, o.order_number) AND p.state IN ${LIVE_PAYMENT_STATES})
       ORDER BY o.created_at LIMIT ?`,
    )
    .bind(now - HOLD_WINDOW_MS, BATCH)
    .all<{ order_number: string; reference: string }>();
  for (const order of overdue.results) {
    const [cancelled] = await db.batch([...orderExpiredStatements(db, order.order_number, { reference: order.reference }, now), ...stockRefreshStatements(db, now)]);
    result.cancelledOrders += cancelled!.meta.changes;
  }
  return result;
}
