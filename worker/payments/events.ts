/**
 * Provider events, exactly once. Each event is stored with INSERT … ON CONFLICT DO NOTHING
 * (key: psp reference, event code, original reference), then applied through the payment state
 * machine in one D1 batch that claims the event and updates the payment only if the payment is
 * still at the version that was read. Two deliveries of one event, or two events racing, cannot
 * both move the payment: the loser's batch changes nothing and it re-reads.
 */
import { applyEvent, type PaymentState } from '../domain/payments/state-machine';
import { nextState } from '../domain/orders/state-machine';
import type { GatewayEvent } from './port';

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

/** Applies one stored event to its payment, once. Returns false when the payment does not exist yet. */
async function applyStoredEvent(db: D1Database, key: { pspReference: string; eventCode: string; originalReference: string }, paymentPsp: string, now: number): Promise<boolean> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [paymentResult, eventResult] = await db.batch([
      db.prepare('SELECT id, reference, state, amount, refunded_amount, version FROM payments WHERE psp_reference = ?').bind(paymentPsp),
      db.prepare('SELECT psp_reference, event_code, original_reference, success, amount, applied, raw FROM payment_events WHERE psp_reference = ? AND event_code = ? AND original_reference = ?').bind(key.pspReference, key.eventCode, key.originalReference),
    ]);
    const payment = (paymentResult!.results as PaymentRow[])[0];
    const event = (eventResult!.results as EventRow[])[0];
    if (!event || event.applied) return true;
    if (!payment) return false;
    const reason = (JSON.parse(event.raw) as { reason?: string }).reason;
    const change = applyEvent({ state: payment.state, amountCents: payment.amount, refundedCents: payment.refunded_amount }, { eventCode: event.event_code, success: event.success === 1, amountCents: event.amount, reason });
    const claim = db
      .prepare('UPDATE payment_events SET applied = 1 WHERE psp_reference = ? AND event_code = ? AND original_reference = ? AND applied = 0 AND (SELECT version FROM payments WHERE id = ?) = ?')
      .bind(key.pspReference, key.eventCode, key.originalReference, payment.id, payment.version);
    const statements = [claim];
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
      if (change.becamePaid) statements.push(...orderPaidStatements(db, payment.reference, payment.id, payment.version + 1, now));
    }
    const [claimed] = await db.batch(statements);
    if (claimed!.meta.changes === 1) return true;
    // Someone else moved the payment or applied this event meanwhile: read again.
  }
  throw new Error(`payment event ${key.pspReference}/${key.eventCode} could not be applied`);
}

/**
 * The order paid by this payment goes from awaiting_payment through its payment_received
 * transition (worker/domain/orders/state-machine.ts), recorded in order_events like any other.
 * Guarded by the payment's new version, so only the batch that applied the payment's change moves it.
 */
function orderPaidStatements(db: D1Database, orderNumber: string, paymentId: number, version: number, now: number): D1PreparedStatement[] {
  const confirmed = nextState('awaiting_payment', 'payment_received')!;
  return [
    db
      .prepare("UPDATE orders SET state = ?, updated_at = ? WHERE order_number = ? AND state = 'awaiting_payment' AND (SELECT version FROM payments WHERE id = ?) = ?")
      .bind(confirmed, now, orderNumber, paymentId, version),
    db.prepare('INSERT INTO order_events (order_number, state, at) SELECT ?, ?, ? WHERE changes() = 1').bind(orderNumber, confirmed, now),
  ];
}

/** Stores the verified events and applies each to its payment, if it exists yet. */
export async function receiveEvents(db: D1Database, events: GatewayEvent[], now: number): Promise<void> {
  await db.batch(storeEventStatements(db, events, now));
  for (const event of events) {
    await applyStoredEvent(db, event, paymentPspOf(event), now);
  }
}

/**
 * Applies, in arrival order, the events that came for a payment before its row existed.
 * Called right after a payment row is created with its psp reference.
 */
async function applyPendingEvents(db: D1Database, paymentPsp: string, now: number): Promise<void> {
  const { results } = await db
    .prepare('SELECT psp_reference, event_code, original_reference FROM payment_events WHERE payment_psp_reference = ? AND applied = 0 ORDER BY received_at, rowid')
    .bind(paymentPsp)
    .all<{ psp_reference: string; event_code: string; original_reference: string }>();
  for (const row of results) {
    await applyStoredEvent(db, { pspReference: row.psp_reference, eventCode: row.event_code, originalReference: row.original_reference }, paymentPsp, now);
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
export async function recordPayment(db: D1Database, payment: NewPayment, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO payments (reference, attempt, idempotency_key, provider, psp_reference, amount, currency, method, state, refusal_reason, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(payment.reference, payment.attempt, payment.idempotencyKey, payment.provider, payment.pspReference, payment.amountCents, payment.currency, payment.method, payment.state, payment.refusalReason ?? null, now, now)
    .run();
  if (payment.pspReference) await applyPendingEvents(db, payment.pspReference, now);
}
