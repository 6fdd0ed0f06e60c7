/**
 * What an order's changes tell its customer in the inbox (client/inbox/kinds.ts `order.*`). The
 * statements go into the batch that commits the change itself (worker/orders/transitions.ts,
 * worker/payments/events.ts), so a change that did not happen tells nothing; the ref is the order
 * number, so a change told twice (a retried webhook, two staff clicks) leaves one message.
 */
import type { Db } from '../db/client';
import type { OrderState } from '../domain/orders/state-machine';

/** The kind each state an order enters is told as; the other states tell nothing. */
const ORDER_STATE_NEWS: Partial<Record<OrderState, string>> = {
  shipped: 'order.shipped',
  delivered: 'order.delivered',
  // Collected at the shop: it reached the customer as a delivery does.
  collected: 'order.delivered',
  cancelled: 'order.cancelled',
};

/**
 * The message of the order entering `state`, as a statement of the transition's batch: it adds
 * the message only while the order is in that state (so only once the batch's UPDATE moved it).
 * Undefined for a state that tells nothing.
 */
export function orderNewsStatement(d1: D1Database, orderNumber: string, state: OrderState, at: number): D1PreparedStatement | undefined {
  const kind = ORDER_STATE_NEWS[state];
  if (!kind) return undefined;
  const params =
    state === 'shipped'
      ? "CASE WHEN tracking_number IS NULL OR tracking_number = '' THEN json_object('orderNumber', order_number) ELSE json_object('orderNumber', order_number, 'trackingNumber', tracking_number) END"
      : "json_object('orderNumber', order_number)";
  return d1
    .prepare(`INSERT INTO inbox_messages (user_id, kind, ref, params, created_at) SELECT user_id, ?, order_number, ${params}, ? FROM orders WHERE order_number = ? AND state = ? ON CONFLICT DO NOTHING`)
    .bind(kind, at, orderNumber, state);
}

/**
 * The order was paid (worker/orders/fulfil.ts afterOrderPaid, which every way an order becomes
 * paid calls): one statement that reads the order itself, dated when it was paid. Telling is
 * never worth failing the payment for.
 */
export async function tellOrderPaid(db: Db, orderNumber: string): Promise<void> {
  try {
    await db.$client
      .prepare(
        `INSERT INTO inbox_messages (user_id, kind, ref, params, created_at)
         SELECT user_id, 'order.paid', order_number, json_object('orderNumber', order_number), paid_at FROM orders
         WHERE order_number = ? AND paid_at IS NOT NULL AND state <> 'cancelled' ON CONFLICT DO NOTHING`,
      )
      .bind(orderNumber)
      .run();
  } catch (error) {
    console.error('inbox: could not tell a paid order', orderNumber, error);
  }
}
