/**
 * Returns (RMA, spec §2 returns, §9 return period): a customer — or the recipient of a gift, or
 * someone the invoice holder authorised — sends lines of a received order back; staff approve,
 * receive and refund them (worker/domain/returns/state-machine.ts).
 *
 * - Only delivered or collected orders (RETURN_NOT_ALLOWED), up to 30 days after the delivery
 *   (12038), at most the units received less those already in returns that were not rejected or
 *   cancelled (23052). The last rule is re-checked inside the INSERT itself, so two returns of one
 *   line racing cannot together send back more units than were bought.
 * - An order is one seller's part of a checkout, so a return is one seller's: a marketplace
 *   order's return carries its seller (`seller_id`), ours carry 0.
 * - The refund is the order owner's (the invoice holder), to the method chosen, through
 *   `refundOrder` with the key `return-<id>`: one refund per return whatever happens.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderEvents, orderLines, orders, refunds, returnLines, returns } from '../db/schema';
import { isReturnState, nextReturnState, RELEASED_RETURN_STATES, type ReturnEvent, type ReturnState } from '../domain/returns/state-machine';
import { labelCode, returnableUnits, returnLineAmount, RETURNABLE_ORDER_STATES, withinReturnPeriod } from '../domain/returns/rules';
import { AppError, appError, ERRORS } from '../http/errors';
import { transitionOrder, type OrderActor } from '../orders/transitions';
import type { AfterSalesDeps } from '../refunds/deps';
import { refundableAmount, refundByKey, refundOrder, type RefundRow } from '../refunds/refunds';
import { tellUser } from '../inbox/messages';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

/** At most this many different lines in one return (keeps the capped INSERT within D1's 100 parameters). */
export const MAX_RETURN_LINES = 20;

export interface CreateReturnInput {
  userId: number;
  orderNumber: string;
  lines: { orderLineId: number; qty: number }[];
  reason: string;
  comment?: string;
  refundMethod: 'original' | 'balance';
  origin?: 'customer' | 'gift' | 'non_holder';
  requestedBy?: string;
  now: Date;
}

export const returnRefundKey = (returnId: number): string => `return-${returnId}`;

const released = RELEASED_RETURN_STATES.map((s) => `'${s}'`).join(', ');
/** Units of an order line in returns that still count (not rejected or cancelled). */
const RETURNED_UNITS_SQL = `(SELECT COALESCE(SUM(rl.qty), 0) FROM return_lines rl JOIN returns r ON r.id = rl.return_id WHERE rl.order_line_id = ? AND r.state NOT IN (${released}))`;

/** When the order reached the customer: its delivered or collected event (else its last change). */
export async function deliveredAt(db: Db, orderNumber: string, fallback: number): Promise<number> {
  const [event] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderNumber, orderNumber), inArray(orderEvents.state, [...RETURNABLE_ORDER_STATES])))
    .orderBy(desc(orderEvents.at))
    .limit(1);
  return event?.at ?? fallback;
}

/** Units already in returns that count, per order line of the order. */
export async function returnedUnits(db: Db, orderNumber: string): Promise<Map<number, number>> {
  const { results } = await db.$client
    .prepare(
      `SELECT rl.order_line_id AS line, SUM(rl.qty) AS qty FROM return_lines rl JOIN returns r ON r.id = rl.return_id
       WHERE r.order_number = ? AND r.state NOT IN (${released}) GROUP BY rl.order_line_id`,
    )
    .bind(orderNumber)
    .all<{ line: number; qty: number }>();
  return new Map(results.map((r) => [r.line, r.qty]));
}

const invalidLines = (message: string) => appError('invalidRequest', { target: 'json', issues: [{ path: 'lines', message }] });

export async function createReturn(deps: AfterSalesDeps, input: CreateReturnInput): Promise<ReturnRow> {
  const { db } = deps;
  // The same line twice in one request is one line with both quantities.
  const wanted = new Map<number, number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.qty) || line.qty <= 0) throw invalidLines('Each line returns at least one unit');
    wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.qty);
  }
  if (wanted.size === 0) throw invalidLines('Choose at least one line to return');
  if (wanted.size > MAX_RETURN_LINES) throw invalidLines(`At most ${MAX_RETURN_LINES} lines per return`);

  const [order] = await db.select().from(orders).where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.userId, input.userId))).limit(1);
  if (!order) throw appError('orderNotFound');
  if (!(RETURNABLE_ORDER_STATES as readonly string[]).includes(order.state)) throw appError('returnNotAllowed');
  if (!withinReturnPeriod(await deliveredAt(db, order.orderNumber, order.updatedAt), input.now)) throw appError('returnPeriodExpired');

  const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, order.orderNumber));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const already = await returnedUnits(db, order.orderNumber);
  const chosen = [...wanted].map(([id, qty]) => {
    const line = byId.get(id);
    if (!line) throw invalidLines('A line is not part of this order');
    const left = returnableUnits(line.qty, already.get(id) ?? 0);
    if (qty > left) throw appError('returnQtyExceeded', { orderLineId: id, returnable: left });
    return { line, qty, amount: returnLineAmount(qty, line.unitPrice) };
  });

  const at = input.now.getTime();
  const code = labelCode();
  const amount = chosen.reduce((sum, c) => sum + c.amount, 0);
  const d1 = db.$client;
  // Every line's units are checked again inside the INSERT: a return of the same line committed meanwhile counts.
  const capped = chosen.map(() => `${RETURNED_UNITS_SQL} + ? <= ?`).join(' AND ');
  const statements = [
    d1
      .prepare(
        `INSERT INTO returns (user_id, order_number, state, reason, comment, refund_method, origin, requested_by, seller_id, label_code, refund_amount, created_at, updated_at)
         SELECT ?, ?, 'requested', ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${capped}`,
      )
      .bind(
        order.userId,
        order.orderNumber,
        input.reason.slice(0, 100),
        (input.comment ?? '').slice(0, 1000),
        input.refundMethod,
        input.origin ?? 'customer',
        input.requestedBy ?? null,
        order.sellerKind === 'marketplace' ? order.sellerId : 0,
        code,
        amount,
        at,
        at,
        ...chosen.flatMap((c) => [c.line.id, c.qty, c.line.qty]),
      ),
    // The label code is this attempt's own (random): the lines join only the row this batch inserted.
    ...chosen.map((c) =>
      d1
        .prepare('INSERT INTO return_lines (return_id, order_line_id, article_id, qty, amount) SELECT id, ?, ?, ?, ? FROM returns WHERE label_code = ? AND created_at = ?')
        .bind(c.line.id, c.line.articleId, c.qty, c.amount, code, at),
    ),
  ];
  const results = await d1.batch(statements);
  if (results[0]!.meta.changes !== 1) throw appError('returnQtyExceeded');
  const [row] = await db.select().from(returns).where(eq(returns.labelCode, code)).limit(1);
  return row!;
}

/**
 * Moves a return through its state machine with a conditional update on the state read. A
 * customer may only cancel their own return while it is requested (someone else's is 404).
 * `refund` gives the money back first (key `return-<id>`, so a retry or a race refunds once),
 * then marks the return refunded.
 */
export async function transitionReturn(deps: AfterSalesDeps, input: { returnId: number; event: ReturnEvent; now: Date; actor: OrderActor }): Promise<ReturnRow> {
  const { db } = deps;
  const [row] = await db.select().from(returns).where(eq(returns.id, input.returnId)).limit(1);
  if (!row || (input.actor.kind === 'customer' && row.userId !== input.actor.userId)) throw appError('notFound');
  const from = row.state;
  const to = isReturnState(from) ? nextReturnState(from, input.event, input.actor.kind) : undefined;
  if (!to) throw appError('returnTransitionNotAllowed', { state: from, event: input.event });
  if (input.event === 'refund') await refundReturn(deps, row);
  const changed = await db
    .update(returns)
    .set({ state: to, updatedAt: input.now.getTime() })
    .where(and(eq(returns.id, row.id), eq(returns.state, from)))
    .returning();
  if (changed.length !== 1) {
    const [now] = await db.select().from(returns).where(eq(returns.id, row.id)).limit(1);
    // The same change made meanwhile (a double click): it stands.
    if (now && now.state === to) return now;
    throw appError('returnTransitionNotAllowed', { state: now?.state ?? from, event: input.event });
  }
  if (to === 'refunded') await markOrderReturned(deps, row.orderNumber, input.now);
  // The customer hears of what our side did (not of their own withdrawal); once per state (ref `<id>:<state>`).
  if (input.actor.kind !== 'customer') {
    await tellUser(db, { userId: row.userId, kind: 'return.state', ref: `${row.id}:${to}`, params: { returnId: row.id, orderNumber: row.orderNumber, state: to }, at: input.now.getTime() });
  }
  return changed[0]!;
}

/**
 * Once every unit of an order has come back and been refunded, the order itself is returned
 * (worker/domain/orders/state-machine.ts `return`). A return of part of it leaves it delivered or
 * collected, so the rest can still be returned or go to after-sales.
 */
async function markOrderReturned(deps: AfterSalesDeps, orderNumber: string, now: Date): Promise<void> {
  const left = await deps.db.$client
    .prepare(
      `SELECT (SELECT COALESCE(SUM(qty), 0) FROM order_lines WHERE order_number = ?1)
            - (SELECT COALESCE(SUM(rl.qty), 0) FROM return_lines rl JOIN returns r ON r.id = rl.return_id WHERE r.order_number = ?1 AND r.state = 'refunded') AS left_units`,
    )
    .bind(orderNumber)
    .first<number>('left_units');
  if (left !== 0) return;
  try {
    await transitionOrder(deps.db, { orderNumber, event: 'return', now, actor: { kind: 'system' } });
  } catch (error) {
    // Returned already by a concurrent refund of its last return: that stands.
    if (!(error instanceof AppError && error.entry === ERRORS.orderTransitionNotAllowed)) throw error;
  }
}

/** The return's refund: its amount, or what is left on the order if less (a cancellation refunded part already). */
async function refundReturn(deps: AfterSalesDeps, row: ReturnRow): Promise<RefundRow | undefined> {
  const key = returnRefundKey(row.id);
  const existing = await refundByKey(deps.db, key);
  const amount = existing ? existing.amount : Math.min(row.refundAmount, await refundableAmount(deps.db, row.orderNumber));
  if (amount <= 0) return undefined;
  const lines = await deps.db.select({ orderLineId: returnLines.orderLineId, qty: returnLines.qty }).from(returnLines).where(eq(returnLines.returnId, row.id));
  return refundOrder(deps, { orderNumber: row.orderNumber, amount, method: row.refundMethod, reason: 'return', idempotencyKey: key, returnId: row.id, lines });
}

export interface ReturnView {
  id: number;
  orderNumber: string;
  state: ReturnState;
  reason: string;
  comment: string;
  refundMethod: 'original' | 'balance';
  origin: 'customer' | 'gift' | 'non_holder';
  labelCode: string;
  refundAmount: number;
  createdAt: string;
  updatedAt: string;
  lines: { orderLineId: number; articleId: number; name: string; qty: number; amount: number }[];
  /** The refund made for it, once there is one. */
  refund: { state: string; amount: number; method: 'original' | 'balance' } | null;
}

/** Page-ready returns (newest first) with their lines' names and their refund. */
async function views(db: Db, rows: ReturnRow[]): Promise<ReturnView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, refundRows] = await db.batch([
    db
      .select({ returnId: returnLines.returnId, orderLineId: returnLines.orderLineId, articleId: returnLines.articleId, qty: returnLines.qty, amount: returnLines.amount, name: orderLines.name })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(inArray(returnLines.returnId, ids))
      .orderBy(returnLines.id),
    db.select({ returnId: refunds.returnId, state: refunds.state, amount: refunds.amount, method: refunds.method }).from(refunds).where(inArray(refunds.returnId, ids)),
  ]);
  return rows.map((r) => {
    const refund = refundRows.find((f) => f.returnId === r.id);
    return {
      id: r.id,
      orderNumber: r.orderNumber,
      state: r.state as ReturnState,
      reason: r.reason,
      comment: r.comment,
      refundMethod: r.refundMethod,
      origin: r.origin,
      labelCode: r.labelCode,
      refundAmount: r.refundAmount,
      createdAt: new Date(r.createdAt).toISOString(),
      updatedAt: new Date(r.updatedAt).toISOString(),
      lines: lines.filter((l) => l.returnId === r.id).map(({ returnId: _, ...l }) => l),
      refund: refund ? { state: refund.state, amount: refund.amount, method: refund.method } : null,
    };
  });
}

/** The user's returns, newest first (at most 100: a customer has a handful). */
export async function listReturns(db: Db, userId: number): Promise<ReturnView[]> {
  const rows = await db.select().from(returns).where(eq(returns.userId, userId)).orderBy(desc(returns.createdAt), desc(returns.id)).limit(100);
  return views(db, rows);
}

/** One of the user's returns, or 404 (someone else's reads exactly like none). */
export async function readReturn(db: Db, userId: number, id: number): Promise<ReturnView> {
  const [row] = await db.select().from(returns).where(and(eq(returns.id, id), eq(returns.userId, userId))).limit(1);
  if (!row) throw appError('notFound');
  return (await views(db, [row]))[0]!;
}

export interface ReturnableLine {
  orderLineId: number;
  articleId: number;
  name: string;
  /** Units received. */
  qty: number;
  /** Units that may still be returned. */
  returnable: number;
  unitPrice: number;
}

export interface ReturnableOrder {
  orderNumber: string;
  state: string;
  /** Whether a return can be asked for now, else why not. */
  open: true | 'returnNotAllowed' | 'returnPeriodExpired';
  /** ISO 8601, when delivered. */
  periodEndsAt: string | null;
  lines: ReturnableLine[];
}

/** What of the order can be returned now (the form of the returns screen and of the gift return). */
export async function returnableOrder(db: Db, order: typeof orders.$inferSelect, now: Date): Promise<ReturnableOrder> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderNumber, order.orderNumber)).orderBy(orderLines.id);
  const already = await returnedUnits(db, order.orderNumber);
  const received = (RETURNABLE_ORDER_STATES as readonly string[]).includes(order.state);
  const delivered = received ? await deliveredAt(db, order.orderNumber, order.updatedAt) : null;
  const open = !received ? 'returnNotAllowed' : withinReturnPeriod(delivered!, now) ? true : 'returnPeriodExpired';
  return {
    orderNumber: order.orderNumber,
    state: order.state,
    open,
    periodEndsAt: delivered === null ? null : new Date(delivered + 30 * 24 * 60 * 60 * 1000).toISOString(),
    lines: lines.map((l) => ({ orderLineId: l.id, articleId: l.articleId, name: l.name, qty: l.qty, returnable: returnableUnits(l.qty, already.get(l.id) ?? 0), unitPrice: l.unitPrice })),
  };
}

/** The user's order as a returnable order, or 404. */
export async function ownReturnableOrder(db: Db, userId: number, orderNumber: string, now: Date): Promise<ReturnableOrder> {
  const [order] = await db.select().from(orders).where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId))).limit(1);
  if (!order) throw appError('orderNotFound');
  return returnableOrder(db, order, now);
}

/** The gift order with this number and gift code (case-insensitive), or GIFT_CODE_NOT_FOUND. */
export async function giftOrder(db: Db, orderNumber: string, code: string): Promise<typeof orders.$inferSelect> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.giftCode, code.trim().toUpperCase())))
    .limit(1);
  if (!order || !order.giftCode) throw appError('giftCodeNotFound');
  return order;
}
