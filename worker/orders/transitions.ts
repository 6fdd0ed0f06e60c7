/**
 * Moving orders through their state machine (worker/domain/orders/state-machine.ts) after they
 * were placed: staff steps (prepare, ship, deliver, ready for pickup, collect), money received
 * (a transfer arrived, cash on delivery, paid in shop) and the customer's cancellation.
 *
 * Every change is ONE conditional update on the state that was read (`WHERE state = :from`), in
 * the same D1 batch as its order_events row and its side effects (stock back on cancel), so two
 * changes racing on one order cannot both apply: the loser's batch changes nothing, re-reads and
 * gets ORDER_TRANSITION_NOT_ALLOWED. Card payments confirm orders in worker/payments/events.ts
 * with the same kind of guard, which is what makes "cancel" and "pay" of one order exclusive.
 */
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { appError } from '../http/errors';
import type { Db } from '../db/client';
import { offers, orderEvents, orderLines, orders, payments } from '../db/schema';
import { nextState, type OrderEvent, type OrderState } from '../domain/orders/state-machine';
import { releaseStockStatements, stockRefreshStatements } from '../payments/events';
import { settleStockCodesSql, sqlText, stageSoldOutSql } from '../db/stock-codes';
import { idempotencyKey } from '../payments/adyen/client';
import { maybeGatewayOf } from '../payments/providers';
import { cancelReplacedOrderDocument } from '../documents/issue';
import { afterOrderPaid } from './fulfil';
import { voidUnrevealedCodesStatement } from '../digital/codes';
import { orderNewsStatement } from '../inbox/order-news';
import { refundableAmount, refundByKey, refundOrder } from '../refunds/refunds';
import type { AfterSalesDeps } from '../refunds/deps';
import { CANCELLABLE_STATES, CHANGEABLE_STATES, receivesMoney } from '../../client/orders/actions';

export { CANCELLABLE_STATES, receivesMoney };

export type OrderActor = { kind: 'customer' | 'staff' | 'system'; userId?: number };

interface OrderRow {
  order_number: string;
  user_id: number;
  state: OrderState;
  payment_method: string;
  paid_at: number | null;
  total: number;
  balance_amount: number;
  gift_card_amount: number;
  replaces_order_number: string | null;
}

async function readOrder(db: Db, orderNumber: string): Promise<OrderRow | undefined> {
  return (
    (await db.$client
      .prepare('SELECT order_number, user_id, state, payment_method, paid_at, total, balance_amount, gift_card_amount, replaces_order_number FROM orders WHERE order_number = ?')
      .bind(orderNumber)
      .first<OrderRow>()) ?? undefined
  );
}

/**
 * The statements of one transition, the order's UPDATE first: it changes one row only while
 * the order is still in `from` (and `extraGuard` holds), and every other statement runs only
 * when it did (`changes() = 1`, or the state it set).
 */
function transitionStatements(
  db: Db,
  order: OrderRow,
  input: { event: OrderEvent; to: OrderState; now: Date; trackingNumber?: string },
  extraGuard?: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  const d1 = db.$client;
  const at = input.now.getTime();
  const paid = receivesMoney(input.event, order.payment_method);
  const statements = [
    d1
      .prepare(
        `UPDATE orders SET state = ?, updated_at = ?, paid_at = CASE WHEN ? = 1 THEN COALESCE(paid_at, ?) ELSE paid_at END,
           tracking_number = COALESCE(?, tracking_number)
         WHERE order_number = ? AND state = ?${extraGuard ? ` AND ${extraGuard.sql}` : ''}`,
      )
      .bind(input.to, at, paid ? 1 : 0, at, input.trackingNumber ?? null, order.order_number, order.state, ...(extraGuard?.params ?? [])),
    d1.prepare('INSERT INTO order_events (order_number, state, at) SELECT ?, ?, ? WHERE changes() = 1').bind(order.order_number, input.to, at),
  ];
  // Guarded by the cancelled state itself: given back once, whoever cancelled.
  if (input.to === 'cancelled') statements.push(...releaseStockStatements(d1, order.order_number), voidUnrevealedCodesStatement(d1, order.order_number));
  // The customer's inbox message of the new state (shipped, delivered, cancelled), only if this batch moved the order.
  const news = orderNewsStatement(d1, order.order_number, input.to, at);
  if (news) statements.push(news);
  if (input.to === 'cancelled') statements.push(...stockRefreshStatements(d1, at));
  return statements;
}

/** Runs a transition's batch; when its guarded UPDATE changed nothing, the order moved meanwhile. */
async function runTransition(db: Db, orderNumber: string, statements: D1PreparedStatement[]): Promise<void> {
  const results = await db.$client.batch(statements);
  if (results[0]!.meta.changes === 1) return;
  const now = await readOrder(db, orderNumber);
  if (!now) throw appError('orderNotFound');
  throw appError('orderTransitionNotAllowed');
}

/**
 * Moves the order by `event`. Not allowed from its state → ORDER_TRANSITION_NOT_ALLOWED (and a
 * concurrent change that got there first makes it so too); unknown order → ORDER_NOT_FOUND.
 * Does not refund: cancelling an order that was paid is `cancelOrder`.
 */
export async function transitionOrder(
  db: Db,
  input: { orderNumber: string; event: OrderEvent; now: Date; actor: OrderActor; trackingNumber?: string },
): Promise<{ from: OrderState; to: OrderState }> {
  const order = await readOrder(db, input.orderNumber);
  if (!order) throw appError('orderNotFound');
  const to = nextState(order.state, input.event);
  if (!to) throw appError('orderTransitionNotAllowed');
  await runTransition(db, order.order_number, transitionStatements(db, order, { event: input.event, to, now: input.now, trackingNumber: input.trackingNumber }));
  // The paid order's invoice and fulfilment; the transition stands whatever happens there (the sweep retries).
  if (receivesMoney(input.event, order.payment_method)) await afterOrderPaid(db, order.order_number, input.now);
  return { from: order.state, to };
}

/** No attempt to pay the order has a provider call in flight: its answer could still take the money. */
const IN_FLIGHT_GUARD = "NOT EXISTS (SELECT 1 FROM payment_orders po JOIN payments p ON p.reference = po.reference WHERE po.order_number = orders.order_number AND p.state = 'pending' AND p.stage IN ('starting', 'details'))";

/** The key of the refund a cancellation makes: one per order, so a retried cancel refunds once. */
export const cancelRefundKey = (orderNumber: string): string => `cancel:${orderNumber}`;

/**
 * Cancels the order before it ships (else ORDER_NOT_CANCELLABLE) and gives back what was paid
 * (card, balance and gift card parts, through `refundOrder`). `userId` null is staff; a user's
 * call on another user's order is ORDER_NOT_FOUND.
 *
 * Against a payment of the same order:
 * - the card payment confirms the order only while it is awaiting payment, and this cancellation
 *   moves it only from the state it read: one of the two wins. A payment confirmed first is
 *   refunded by this cancellation (from `confirmed`); a cancellation first leaves nothing to pay
 *   (`startPayment` claims an attempt only while every order of its scope awaits payment).
 * - an attempt whose provider call is in flight (stage starting or details) could still take the
 *   money after the cancellation: the order is then not cancelled (PAYMENT_IN_PROGRESS 31008, try
 *   again in a moment). An attempt waiting for the shopper (3-D Secure) is given up in the same
 *   batch and cancelled at the provider, as a superseded attempt is.
 * - the order leaves its checkout's payment scope (`payment_orders`), so the checkout's other
 *   orders can still be paid; a payment started from the scope read before charges nothing, as
 *   its claim requires the scope's amount unchanged (worker/payments/attempts.ts).
 * - a cancellation that committed but whose refund failed is finished by calling it again: the
 *   order is cancelled already, and the refund's key makes it one refund.
 */
export async function cancelOrder(deps: AfterSalesDeps, input: { orderNumber: string; userId: number | null; now: Date }): Promise<void> {
  const { db } = deps;
  const order = await readOrder(db, input.orderNumber);
  if (!order || (input.userId !== null && order.user_id !== input.userId)) throw appError('orderNotFound');
  if (order.state === 'cancelled') {
    await finishCancelRefund(deps, order);
    return;
  }
  if (!CANCELLABLE_STATES.includes(order.state)) throw appError('orderNotCancellable');
  const to = nextState(order.state, 'cancel')!;
  const at = input.now.getTime();
  const statements = transitionStatements(db, order, { event: 'cancel', to, now: input.now }, { sql: IN_FLIGHT_GUARD, params: [] });
  const givenUpAt = statements.length;
  if (order.state === 'awaiting_payment') {
    // Attempts left waiting for the shopper can no longer pay this order: given up here, only if the order was cancelled by this batch.
    statements.push(
      db.$client
        .prepare(
          `UPDATE payments SET state = 'cancelled', stage = 'done', version = version + 1, updated_at = ?
           WHERE reference = (SELECT reference FROM payment_orders WHERE order_number = ?) AND state = 'pending' AND stage IN ('action', 'done', 'failed')
             AND EXISTS (SELECT 1 FROM order_events WHERE order_number = ? AND state = 'cancelled' AND at = ?)
           RETURNING reference, attempt, provider, psp_reference`,
        )
        .bind(at, order.order_number, order.order_number, at),
      // It leaves its checkout's payment scope, so the scope's other orders can still be paid by card (a scope pays only while all its orders await payment).
      db.$client
        .prepare("DELETE FROM payment_orders WHERE order_number = ? AND EXISTS (SELECT 1 FROM order_events WHERE order_number = ? AND state = 'cancelled' AND at = ?)")
        .bind(order.order_number, order.order_number, at),
    );
  }
  const results = await db.$client.batch(statements);
  if (results[0]!.meta.changes !== 1) {
    const after = await readOrder(db, order.order_number);
    if (!after) throw appError('orderNotFound');
    // Another cancellation got there first: the same outcome, its refund finished once.
    if (after.state === 'cancelled') return finishCancelRefund(deps, after);
    if (!CANCELLABLE_STATES.includes(after.state)) throw appError('orderNotCancellable');
    // Still in its state: a payment attempt is in flight and may yet take the money.
    if (after.state === order.state) throw appError('paymentInProgress');
    // Paid meanwhile: the customer sees the new state; cancelling again then refunds.
    throw appError('orderTransitionNotAllowed');
  }
  if (order.state === 'awaiting_payment') {
    const givenUp = (results[givenUpAt]?.results ?? []) as { reference: string; attempt: number; provider: string; psp_reference: string | null }[];
    if (givenUp.length > 0) await cancelAttempts(deps, givenUp);
  }
  await finishCancelRefund(deps, { ...order, state: to });
}

/** Tells the provider about the attempts this cancellation gave up (the scheduled check's key, so it is one cancel). */
async function cancelAttempts(deps: AfterSalesDeps, rows: { reference: string; attempt: number; provider: string; psp_reference: string | null }[]): Promise<void> {
  for (const row of rows) {
    if (!row.psp_reference) continue;
    try {
      const gateway = maybeGatewayOf(deps.env, row.provider);
      if (!gateway) continue;
      await gateway.cancel({ pspReference: row.psp_reference, reference: row.reference, idempotencyKey: await idempotencyKey('cancel', row.reference, row.attempt) });
    } catch (error) {
      console.error('Cancelling the payment attempt of a cancelled order failed', row.reference, row.attempt, error);
    }
  }
}

/**
 * Gives back what the cancelled order had been paid, once (the refund's key). A cancelled order
 * that another order replaced (a change, spec §7 cart modifier) refunds nothing: its money went
 * to the new order.
 */
async function finishCancelRefund(deps: AfterSalesDeps, order: OrderRow): Promise<void> {
  const key = cancelRefundKey(order.order_number);
  const [replaced, previous] = await Promise.all([
    deps.db.$client.prepare('SELECT 1 AS one FROM orders WHERE replaces_order_number = ? LIMIT 1').bind(order.order_number).first(),
    refundByKey(deps.db, key),
  ]);
  if (replaced) return;
  // A retried cancellation resumes its own refund; a first one gives back all that is left (a return made before is not given twice).
  const amount = previous ? previous.amount : await refundableAmount(deps.db, order.order_number);
  if (amount > 0) await refundOrder(deps, { orderNumber: order.order_number, amount, method: 'original', reason: 'cancel', idempotencyKey: key });
  // What this order carried from the orders it replaced is still theirs to give back (a chain of changes, newest first).
  let from = order.replaces_order_number;
  for (let depth = 0; from && depth < MAX_CHANGES; depth++) {
    const carriedKey = `${key}:${from}`;
    const carried = (await refundByKey(deps.db, carriedKey))?.amount ?? (await refundableAmount(deps.db, from));
    if (carried > 0) await refundOrder(deps, { orderNumber: from, amount: carried, method: 'original', reason: 'cancel', idempotencyKey: carriedKey });
    from = (await readOrder(deps.db, from))?.replaces_order_number ?? null;
  }
}

/** Changes of changes followed when a replacement is cancelled (a bound on a loop over data). */
const MAX_CHANGES = 20;

// ---------------------------------------------------------------------------------------------
// Changing an order (spec §7 cart modifier): the changed cart is placed as a new order that
// replaces the old one. The old one is cancelled in the placing batch itself (worker/orders/place.ts).

/** The placing batch failed because the order being changed moved on meanwhile (paid by card, prepared, cancelled). */
export class ReplacedOrderMovedError extends Error {}

/** How the failed guard shows in D1's error: the events row's NOT NULL `at`, left NULL on purpose. */
export const isReplacedOrderMoved = (text: string): boolean => text.includes('NOT NULL constraint failed: order_events.at');

/**
 * The statements, FIRST in the batch that places the replacement, that cancel the replaced order:
 * only the user's own order, ours, still awaiting payment or confirmed, with no payment call in
 * flight. When that UPDATE changes nothing, the order_events insert writes NULL into `at` (NOT
 * NULL), which fails the whole batch: no new order, no stock taken, nothing spent. Its stock goes
 * back before the new order's comes off, so the same units can be bought again. Attempts waiting
 * for the shopper are given up (cancelled at the provider by `settleReplacement`).
 */
export function replacedOrderStatements(db: Db, input: { orderNumber: string; userId: number; now: Date }): BatchItem<'sqlite'>[] {
  const at = input.now.getTime();
  const n = input.orderNumber;
  const changeable = sql.join(
    CHANGEABLE_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const cancelled = sql`EXISTS (SELECT 1 FROM orders WHERE order_number = ${n} AND state = 'cancelled')`;
  // The offers whose units go back, as releaseStockStatements (worker/payments/events.ts) gives them back, for this batch:
  // raw statements of a drizzle batch take no parameters, so the order number is written into the text.
  const held = `(SELECT offer_id FROM order_lines WHERE order_number = ${sqlText(n)} AND stock_taken = 1 AND EXISTS (SELECT 1 FROM orders WHERE order_number = ${sqlText(n)} AND state = 'cancelled'))`;
  // Query builders rather than raw statements where there are parameters: drizzle's D1 batch binds only prepared builders.
  // The caller refreshes what the codes changed (stockRefreshSql) once the batch's stock changes are done.
  return [
    db
      .update(orders)
      .set({ state: 'cancelled', updatedAt: at })
      .where(sql`order_number = ${n} AND user_id = ${input.userId} AND state IN (${changeable}) AND seller_kind = 'own' AND front_order = 0 AND ${sql.raw(IN_FLIGHT_GUARD)}`),
    // Drizzle names every column (id, order_number, state, at): a NULL id is the next rowid.
    db.insert(orderEvents).select(sql`SELECT NULL, ${n}, 'cancelled', CASE WHEN changes() = 1 THEN ${at} ELSE NULL END`),
    db.run(stageSoldOutSql(held)),
    db
      .update(offers)
      .set({ stock: sql`stock + (SELECT COALESCE(SUM(l.qty), 0) FROM order_lines l WHERE l.order_number = ${n} AND l.stock_taken = 1 AND l.offer_id = offers.id)` })
      .where(sql.raw(`id IN ${held}`)),
    db.run(settleStockCodesSql(held)),
    db.update(orderLines).set({ stockTaken: false }).where(sql`order_number = ${n} AND stock_taken = 1 AND ${cancelled}`),
    db
      .update(payments)
      .set({ state: 'cancelled', stage: 'done', version: sql`version + 1`, updatedAt: at })
      .where(sql`reference = (SELECT reference FROM payment_orders WHERE order_number = ${n}) AND state = 'pending' AND stage IN ('action', 'done', 'failed') AND ${cancelled}`),
  ];
}

/**
 * After the replacement is placed: the attempts it gave up are cancelled at the provider, and
 * when the new orders cost less than what the old one was paid, the difference goes back the way
 * it was paid (one refund per change: its key is the old order's).
 */
export async function settleReplacement(deps: AfterSalesDeps, input: { orderNumber: string; credit: number; carried: number; now: Date }): Promise<void> {
  const { results } = await deps.db.$client
    .prepare("SELECT reference, attempt, provider, psp_reference FROM payments WHERE reference = (SELECT reference FROM payment_orders WHERE order_number = ?) AND state = 'cancelled' AND updated_at = ?")
    .bind(input.orderNumber, input.now.getTime())
    .all<{ reference: string; attempt: number; provider: string; psp_reference: string | null }>();
  if (results.length > 0) await cancelAttempts(deps, results);
  // The old order's money pays the new one, which is invoiced itself: the old invoice is cancelled whole.
  if (input.credit > 0) await cancelReplacedOrderDocument(deps.db, input.orderNumber, input.now);
  const difference = input.credit - input.carried;
  if (difference > 0) await refundOrder(deps, { orderNumber: input.orderNumber, amount: difference, method: 'original', reason: 'change', idempotencyKey: `change:${input.orderNumber}` });
}
