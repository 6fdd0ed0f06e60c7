/**
 * Provider events, exactly once. Each event is stored with INSERT … ON CONFLICT DO NOTHING
 * (key: psp reference, event code, original reference), then applied through the payment state
 * machine in one D1 batch that claims the event and updates the payment only if the payment is
 * still at the version that was read. Two deliveries of one event, or two events racing, cannot
 * both move the payment: the loser's batch changes nothing and it re-reads.
 *
 * The provider's synchronous answer to /payments or /payments/details goes through the same path
 * (`recordOutcome`): an Authorised or Refused answer is the AUTHORISATION event it announces, with
 * the same key, so whichever of the answer and the webhook comes first applies it and the other
 * finds it stored.
 *
 * The orders a batch moves to paid are reported to the caller's `OrdersConfirmed` only after that
 * batch committed, and only by the batch that moved them: the order confirmation e-mail of a card
 * order goes out from here (worker/orders/confirmation.ts), once, whichever of the answer and the
 * webhook confirmed it.
 */
import { applyEvent, type PaymentState } from '../domain/payments/state-machine';
import { GATEWAY_METHODS, nextState } from '../domain/orders/state-machine';
import type { GatewayEvent } from './port';
import { dbFor } from '../db/client';
import { settleStockCodesSql, stageSoldOutSql, stockRefreshSql } from '../db/stock-codes';
import { afterOrderPaid } from '../orders/fulfil';
import { orderNewsStatement } from '../inbox/order-news';
import { settleRefunds } from '../refunds/refunds';

/** Modifications (refund, cancel, capture) name the payment in originalReference. */
const paymentPspOf = (event: Pick<GatewayEvent, 'pspReference' | 'originalReference'>): string => event.originalReference || event.pspReference;

/** The statements that store the events, each once; applying them is separate. */
function storeEventStatements(db: D1Database, events: GatewayEvent[], now: number): D1PreparedStatement[] {
  return events.map((event) =>
    db
      .prepare(
        `INSERT INTO payment_events (psp_reference, event_code, original_reference, payment_psp_reference, merchant_reference, success, amount, currency, raw, received_at, applied)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0) ON CONFLICT DO NOTHING`,
      )
      .bind(event.pspReference, event.eventCode, event.originalReference, paymentPspOf(event), event.merchantReference, event.success ? 1 : 0, event.amount.value, event.amount.currency, JSON.stringify(event.raw), now),
  );
}

interface PaymentRow {
  id: number;
  reference: string;
  state: PaymentState;
  amount: number;
  refunded_amount: number;
  version: number;
}

interface EventRow {
  psp_reference: string;
  event_code: string;
  original_reference: string;
  success: number;
  amount: number;
  applied: number;
  raw: string;
}

const MAX_ROUNDS = 10;

/** Told the order numbers a committed batch has just moved from awaiting_payment to paid (never twice for an order). */
export type OrdersConfirmed = (orderNumbers: string[]) => void;

/** Applies one stored event to its payment, once. Returns false when the payment does not exist yet. */
async function applyStoredEvent(db: D1Database, key: { pspReference: string; eventCode: string; originalReference: string }, paymentPsp: string, now: number, confirmed?: OrdersConfirmed): Promise<boolean> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [paymentResult, eventResult, ordersResult] = await db.batch([
      db.prepare('SELECT id, reference, state, amount, refunded_amount, version FROM payments WHERE psp_reference = ?').bind(paymentPsp),
      db.prepare('SELECT psp_reference, event_code, original_reference, success, amount, applied, raw FROM payment_events WHERE psp_reference = ? AND event_code = ? AND original_reference = ?').bind(key.pspReference, key.eventCode, key.originalReference),
      db.prepare(`SELECT order_number FROM payment_orders WHERE reference = (SELECT reference FROM payments WHERE psp_reference = ?) ORDER BY order_number`).bind(paymentPsp),
    ]);
    const payment = (paymentResult!.results as PaymentRow[])[0];
    const event = (eventResult!.results as EventRow[])[0];
    // A payment made before payment_orders existed (or by a test) pays the order named by its reference.
    const listed = (ordersResult!.results as { order_number: string }[]).map((row) => row.order_number);
    if (!event || event.applied) return true;
    if (!payment) return false;
    const orderNumbers = listed.length > 0 ? listed : [payment.reference];
    const reason = (JSON.parse(event.raw) as { reason?: string }).reason;
    const change = applyEvent({ state: payment.state, amountCents: payment.amount, refundedCents: payment.refunded_amount }, { eventCode: event.event_code, success: event.success === 1, amountCents: event.amount, reason });
    const claim = db
      .prepare('UPDATE payment_events SET applied = 1 WHERE psp_reference = ? AND event_code = ? AND original_reference = ? AND applied = 0 AND (SELECT version FROM payments WHERE id = ?) = ?')
      .bind(key.pspReference, key.eventCode, key.originalReference, payment.id, payment.version);
    const statements = [claim];
    let paidFrom = -1;
    if (change) {
      // Runs only when this batch's claim did: the claimed event is applied at version + 1.
      statements.push(
        db
          .prepare(
            `UPDATE payments SET state = ?, refunded_amount = ?, refusal_reason = COALESCE(?, refusal_reason), version = version + 1, updated_at = ?
             WHERE id = ? AND version = ? AND changes() = 1`,
          )
          .bind(change.state, change.refundedCents, change.refusalReason ?? null, now, payment.id, payment.version),
      );
      const guard = { paymentId: payment.id, version: payment.version + 1 };
      paidFrom = statements.length;
      if (change.becamePaid) statements.push(...orderNumbers.flatMap((number) => orderPaidStatements(db, number, guard, now)));
      // The provider gave up on the payment (EXPIRE, OFFER_CLOSED): its orders are cancelled and their stock
      // goes back, unless another attempt at the same reference is still alive or paid.
      if (change.state === 'expired') statements.push(...orderNumbers.flatMap((number) => orderExpiredStatements(db, number, { reference: payment.reference, guard }, now)), ...stockRefreshStatements(db, now));
    }
    const results = await db.batch(statements);
    if (results[0]!.meta.changes === 1) {
      if (change?.becamePaid) {
        // Each order's UPDATE (the first of its two statements) says whether this batch moved it.
        const paid = orderNumbers.filter((_, i) => results[paidFrom + 2 * i]!.meta.changes === 1);
        // Told after the commit: whatever the listener does, the event stays applied.
        if (paid.length > 0 && confirmed) {
          try {
            confirmed(paid);
          } catch (error) {
            console.error('Confirming paid orders failed', paid, error);
          }
        }
        // A paid order gets its invoice and what it delivers without a parcel (once; a failure is retried by the sweep).
        for (const number of paid) await afterOrderPaid(dbFor(db), number, new Date(now));
      }
      return true;
    }
    // Someone else moved the payment or applied this event meanwhile: read again.
  }
  throw new Error(`payment event ${key.pspReference}/${key.eventCode} could not be applied`);
}

/** The batch's guard: the payment is at the version this batch has just given it. */
interface VersionGuard {
  paymentId: number;
  version: number;
}

/**
 * An order paid by this payment goes from awaiting_payment through its payment_received
 * transition (worker/domain/orders/state-machine.ts), recorded in order_events like any other.
 * Guarded by the payment's new version, so only the batch that applied the payment's change moves it.
 */
function orderPaidStatements(db: D1Database, orderNumber: string, guard: VersionGuard, now: number): D1PreparedStatement[] {
  const confirmed = nextState('awaiting_payment', 'payment_received')!;
  return [
    db
      .prepare("UPDATE orders SET state = ?, updated_at = ?, paid_at = COALESCE(paid_at, ?) WHERE order_number = ? AND state = 'awaiting_payment' AND (SELECT version FROM payments WHERE id = ?) = ?")
      .bind(confirmed, now, now, orderNumber, guard.paymentId, guard.version),
    db.prepare('INSERT INTO order_events (order_number, state, at) SELECT ?, ?, ? WHERE changes() = 1').bind(orderNumber, confirmed, now),
  ];
}

/** Payment states in which an attempt may still take, or has taken, the shopper's money. */
export const LIVE_PAYMENT_STATES = "('pending', 'authorised', 'captured', 'partially_refunded', 'refunded')";

/**
 * Only orders placed to be paid through a gateway wait on its payment; a bank transfer paid later
 * by card keeps its own terms. The gateway methods as an SQL list (constants, never user input).
 */
export const GATEWAY_METHODS_SQL = `(${GATEWAY_METHODS.map((m) => `'${m}'`).join(', ')})`;

/**
 * An order whose payment expired (or whose hold window passed, worker/payments/scheduled.ts) goes
 * through payment_expired to cancelled, and its stock goes back, unless an attempt at its payment
 * reference is still alive or paid. With a guard, only the batch that expired the payment does it.
 */
export function orderExpiredStatements(db: D1Database, orderNumber: string, scope: { reference: string; guard?: VersionGuard }, now: number): D1PreparedStatement[] {
  const cancelled = nextState('awaiting_payment', 'payment_expired')!;
  const { guard } = scope;
  return [
    db
      .prepare(
        `UPDATE orders SET state = ?, updated_at = ? WHERE order_number = ? AND state = 'awaiting_payment' AND payment_method IN ${GATEWAY_METHODS_SQL}
         AND (SELECT version FROM payments WHERE id = ?) IS ?
         AND NOT EXISTS (SELECT 1 FROM payments WHERE reference = ? AND id IS NOT ? AND state IN ${LIVE_PAYMENT_STATES})`,
      )
      .bind(cancelled, now, orderNumber, guard?.paymentId ?? null, guard?.version ?? null, scope.reference, guard?.paymentId ?? null),
    db.prepare('INSERT INTO order_events (order_number, state, at) SELECT ?, ?, ? WHERE changes() = 1').bind(orderNumber, cancelled, now),
    ...releaseStockStatements(db, orderNumber),
    // The customer's inbox message (worker/inbox/order-news.ts), only once the order is cancelled.
    orderNewsStatement(db, orderNumber, cancelled, now)!,
  ];
}

/**
 * Gives a cancelled order's units back to their offers, once: the lines that hold stock
 * (`stock_taken`) add their quantity back, then stop holding it, in the same batch. A second
 * delivery, a cron run and a webhook racing find no line holding stock and change nothing.
 * Offers that had run out promise their code again, and their articles are staged: the batch
 * ends with `stockRefreshStatements`, once however many orders it gives back, which refreshes
 * them and retires their pages (worker/db/stock-codes.ts).
 */
export function releaseStockStatements(db: D1Database, orderNumber: string): D1PreparedStatement[] {
  const cancelledOrder = "EXISTS (SELECT 1 FROM orders WHERE order_number = ?1 AND state = 'cancelled')";
  const held = `(SELECT offer_id FROM order_lines WHERE order_number = ?1 AND stock_taken = 1 AND ${cancelledOrder})`;
  return [
    db.prepare(stageSoldOutSql(held)).bind(orderNumber),
    db
      .prepare(
        `UPDATE offers SET stock = stock + (SELECT COALESCE(SUM(l.qty), 0) FROM order_lines l WHERE l.order_number = ?1 AND l.stock_taken = 1 AND l.offer_id = offers.id)
         WHERE id IN ${held}`,
      )
      .bind(orderNumber),
    db.prepare(settleStockCodesSql(held)).bind(orderNumber),
    db.prepare(`UPDATE order_lines SET stock_taken = 0 WHERE order_number = ?1 AND stock_taken = 1 AND ${cancelledOrder}`).bind(orderNumber),
  ];
}

/** Last in a batch that gave stock back: what the codes changed shows on the store (nothing when none changed). */
export function stockRefreshStatements(db: D1Database, now: number): D1PreparedStatement[] {
  return stockRefreshSql(now).map((text) => db.prepare(text));
}

/** Stores the verified events and applies each to its payment, if it exists yet. */
export async function receiveEvents(db: D1Database, events: GatewayEvent[], now: number, confirmed?: OrdersConfirmed): Promise<void> {
  // A notification may carry no event (a status that still waits); D1 refuses an empty batch.
  if (events.length === 0) return;
  await db.batch(storeEventStatements(db, events, now));
  for (const event of events) {
    await applyStoredEvent(db, event, paymentPspOf(event), now, confirmed);
  }
  // Our refunds (worker/refunds/refunds.ts) are told apart by the modification's own psp reference.
  await settleRefunds(db, events.filter((event) => REFUND_EVENT_CODES.has(event.eventCode)).map((event) => event.pspReference), now);
}

const REFUND_EVENT_CODES = new Set(['REFUND', 'REFUND_FAILED', 'CANCELLATION', 'CANCEL_OR_REFUND']);

/**
 * Applies, in arrival order, the events that came for a payment before its row existed.
 * Called right after a payment row is created with its psp reference.
 */
export async function applyPendingEvents(db: D1Database, paymentPsp: string, now: number, confirmed?: OrdersConfirmed): Promise<void> {
  const { results } = await db
    .prepare('SELECT psp_reference, event_code, original_reference FROM payment_events WHERE payment_psp_reference = ? AND applied = 0 ORDER BY received_at, rowid')
    .bind(paymentPsp)
    .all<{ psp_reference: string; event_code: string; original_reference: string }>();
  for (const row of results) {
    await applyStoredEvent(db, { pspReference: row.psp_reference, eventCode: row.event_code, originalReference: row.original_reference }, paymentPsp, now, confirmed);
  }
}

export interface NewPayment {
  reference: string;
  attempt: number;
  idempotencyKey: string;
  provider: string;
  pspReference: string | null;
  amountCents: number;
  currency: string;
  method: string;
  state: PaymentState;
  refusalReason?: string;
}

/** Records a payment attempt (once per idempotency key) and applies any event that was waiting for it. */
export async function recordPayment(db: D1Database, payment: NewPayment, now: number, confirmed?: OrdersConfirmed): Promise<void> {
  await db
    .prepare(
      `INSERT INTO payments (reference, attempt, idempotency_key, provider, psp_reference, amount, currency, method, state, refusal_reason, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(payment.reference, payment.attempt, payment.idempotencyKey, payment.provider, payment.pspReference, payment.amountCents, payment.currency, payment.method, payment.state, payment.refusalReason ?? null, now, now)
    .run();
  if (payment.pspReference) await applyPendingEvents(db, payment.pspReference, now, confirmed);
}
