/**
 * Refunds: money given back on an order (a cancellation, a return, a goodwill gesture), to the
 * way it was paid or to the store balance (docs/after-sales.md "Refunds and returns").
 *
 * - Idempotent by key: `refunds.idempotency_key` is unique, so the same refund asked twice (a
 *   retry, two tabs, a cancel clicked twice) is one row, one provider call, one credit note.
 * - Capped: the row is inserted by a conditional INSERT … SELECT whose WHERE re-reads, inside the
 *   statement, what the order's refunds already took, so two different refunds racing can never
 *   together give back more than was paid (the second is REFUND_EXCEEDS_PAID).
 * - Parts (worker/refunds/allocation.ts): card through the payments port (Idempotency-Key = the
 *   refund's key; a payment still only authorised and going back whole is cancelled instead),
 *   gift card back to the gift card, the rest to the balance (a RETURNS movement).
 *
 * States: requested (row written) → sending (one caller claimed the provider call) → sent (the
 * provider took it; the webhook then makes it refunded or failed) ; a refund with no card part
 * goes requested → refunded at once. The gift card and balance parts are credited in the same
 * batch as the move out of requested/sending, guarded by a transient 'crediting' state that only
 * that batch can see, so they are credited once whatever the number of callers.
 */
import { sql } from 'drizzle-orm';
import { creditStatements, type RecordedReturn } from '../balance/balance';
import type { Db } from '../db/client';
import type { refunds } from '../db/schema';
import { issueCreditNote } from '../documents/issue';
import { appError } from '../http/errors';
import { sha256 } from '../identity/crypto';
import { gatewayOf, isProviderId } from '../payments/providers';
import { receiveEvents } from '../payments/events';
import { GatewayError } from '../payments/port';
import { allocateRefund, paidTotal, refundable, type PaidSources, type RefundedSoFar, type RefundMethod } from './allocation';
import type { AfterSalesDeps } from './deps';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundState = 'requested' | 'sending' | 'sent' | 'refunded' | 'failed';

export interface RefundInput {
  orderNumber: string;
  amount: number;
  method: RefundMethod;
  reason: string;
  idempotencyKey: string;
  returnId?: number;
  lines?: { orderLineId: number; qty: number }[];
  /** How the balance movement is recorded (operations' refund call names its author and note). */
  movement?: { author: string; note: string | null; isPaidUsingCard?: boolean };
}

/** A provider call claimed this long ago without an answer is taken as lost and made again (same Idempotency-Key). */
export const STALE_SENDING_MS = 60_000;
/** The provider's Idempotency-Key may have at most 64 characters. */
const MAX_PROVIDER_KEY = 64;
const MAX_KEY = 200;
const LIVE_PAYMENT = "('authorised', 'captured', 'partially_refunded', 'refunded')";
/** States in which the order's money was received even without `paid_at` (orders before it existed). */
const RECEIVED_STATES = ['delivered', 'collected', 'returned'];
const TRANSFER_RECEIVED_STATES = ['confirmed', 'preparing', 'shipped', 'ready_for_pickup'];

type Movement = NonNullable<RefundInput['movement']> | Record<string, never>;

/** Provider events that settle a refund modification (its own psp reference): done, or failed. */
const REFUND_DONE_EVENT = "(event_code IN ('REFUND', 'CANCELLATION', 'CANCEL_OR_REFUND') AND success = 1)";
const REFUND_FAILED_EVENT = "(event_code = 'REFUND_FAILED' OR (event_code IN ('REFUND', 'CANCELLATION', 'CANCEL_OR_REFUND') AND success = 0))";

interface OrderFacts {
  order_number: string;
  user_id: number;
  state: string;
  payment_method: string;
  paid_at: number | null;
  total: number;
  balance_amount: number;
  gift_card_amount: number;
}

interface PaymentFacts {
  id: number;
  reference: string;
  provider: string;
  psp_reference: string;
  state: string;
  amount: number;
  refunded_amount: number;
  currency: string;
}

interface Facts {
  order: OrderFacts;
  payment: PaymentFacts | undefined;
  giftCardCode: string | undefined;
  paid: PaidSources;
  refunded: RefundedSoFar;
}

/** What earlier refunds took, in SQL over `refunds` of one order (the same sums the cap re-checks). */
const COUNTED_TOTAL = "COALESCE(SUM(CASE WHEN state = 'failed' THEN amount - card_amount ELSE amount END), 0)";
const COUNTED_CARD = "COALESCE(SUM(CASE WHEN state = 'failed' THEN 0 ELSE card_amount END), 0)";
const COUNTED_GIFT = 'COALESCE(SUM(gift_card_amount), 0)';

function moneyReceivedOutsideProvider(order: OrderFacts): boolean {
  if (order.paid_at !== null) return true;
  if (RECEIVED_STATES.includes(order.state)) return true;
  return order.payment_method === 'transferencia' && TRANSFER_RECEIVED_STATES.includes(order.state);
}

async function readFacts(db: Db, orderNumber: string): Promise<Facts | undefined> {
  const d1 = db.$client;
  const [orderResult, paymentResult, giftResult, refundedResult] = await d1.batch([
    d1.prepare('SELECT order_number, user_id, state, payment_method, paid_at, total, balance_amount, gift_card_amount FROM orders WHERE order_number = ?').bind(orderNumber),
    // The checkout's payment (a pay-later link files the order under its reference too); the latest live attempt took the money.
    d1
      .prepare(
        `SELECT id, reference, provider, psp_reference, state, amount, refunded_amount, currency FROM payments
         WHERE reference = COALESCE((SELECT reference FROM payment_orders WHERE order_number = ?), ?) AND psp_reference IS NOT NULL AND state IN ${LIVE_PAYMENT}
         ORDER BY id DESC LIMIT 1`,
      )
      .bind(orderNumber, orderNumber),
    // The gift card is spent once per checkout, recorded under the checkout's first order.
    d1
      .prepare(
        `SELECT code FROM gift_card_movements WHERE amount < 0 AND order_number IN
           (SELECT order_number FROM orders WHERE checkout_key = (SELECT checkout_key FROM orders WHERE order_number = ?))
         ORDER BY id LIMIT 1`,
      )
      .bind(orderNumber),
    d1.prepare(`SELECT ${COUNTED_TOTAL} AS total, ${COUNTED_CARD} AS card, ${COUNTED_GIFT} AS gift_card FROM refunds WHERE order_number = ?`).bind(orderNumber),
  ]);
  const order = (orderResult!.results as OrderFacts[])[0];
  if (!order) return undefined;
  const payment = (paymentResult!.results as PaymentFacts[])[0];
  const giftCardCode = (giftResult!.results as { code: string }[])[0]?.code;
  const sums = (refundedResult!.results as { total: number; card: number; gift_card: number }[])[0]!;
  const outside = !payment && moneyReceivedOutsideProvider(order) ? order.total : 0;
  const paid: PaidSources = {
    card: payment ? order.total : 0,
    // A gift card we cannot find again is given back as balance.
    giftCard: giftCardCode ? order.gift_card_amount : 0,
    balance: order.balance_amount,
    other: outside + (giftCardCode ? 0 : order.gift_card_amount),
  };
  return { order, payment, giftCardCode, paid, refunded: { total: sums.total, card: sums.card, giftCard: sums.gift_card } };
}

/** What can still be given back on the order (0 for an order that does not exist). */
export async function refundableAmount(db: Db, orderNumber: string): Promise<number> {
  const facts = await readFacts(db, orderNumber);
  return facts ? refundable(facts.paid, facts.refunded) : 0;
}

/** What the order was paid, by source (for screens and tests). */
export async function paidSources(db: Db, orderNumber: string): Promise<PaidSources | undefined> {
  return (await readFacts(db, orderNumber))?.paid;
}

export async function refundByKey(db: Db, idempotencyKey: string): Promise<RefundRow | undefined> {
  const row = await db.$client.prepare('SELECT * FROM refunds WHERE idempotency_key = ?').bind(idempotencyKey).first<Record<string, unknown>>();
  return row ? toRow(row) : undefined;
}

async function refundById(db: Db, id: number): Promise<RefundRow> {
  const row = await db.$client.prepare('SELECT * FROM refunds WHERE id = ?').bind(id).first<Record<string, unknown>>();
  return toRow(row!);
}

function toRow(r: Record<string, unknown>): RefundRow {
  return {
    id: r['id'] as number,
    idempotencyKey: r['idempotency_key'] as string,
    orderNumber: r['order_number'] as string,
    userId: r['user_id'] as number,
    returnId: (r['return_id'] as number | null) ?? null,
    amount: r['amount'] as number,
    method: r['method'] as RefundMethod,
    state: r['state'] as string,
    pspReference: (r['psp_reference'] as string | null) ?? null,
    cardAmount: r['card_amount'] as number,
    giftCardAmount: r['gift_card_amount'] as number,
    balanceAmount: r['balance_amount'] as number,
    reason: r['reason'] as string,
    createdAt: r['created_at'] as number,
    updatedAt: r['updated_at'] as number,
  };
}

/**
 * Gives back `amount` of the order (see the module comment). The same key again answers the
 * refund that stands (finishing it if a previous call was interrupted), whatever the amount.
 */
export async function refundOrder(deps: AfterSalesDeps, input: RefundInput): Promise<RefundRow> {
  return (await placeRefund(deps, input)).refund;
}

/** `refundOrder`, also telling whether this call wrote the refund (false: the key's refund stood already). */
export async function placeRefund(deps: AfterSalesDeps, input: RefundInput): Promise<{ refund: RefundRow; created: boolean }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError('A refund is a positive whole number of cents');
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > MAX_KEY) throw new RangeError(`A refund key has 1 to ${MAX_KEY} characters`);
  let row = await refundByKey(deps.db, input.idempotencyKey);
  let created = false;
  if (!row) ({ row, created } = await insertRefund(deps, input));
  row = await carryOut(deps, row, input.movement);
  await creditNoteFor(deps, row, input.lines);
  return { refund: row, created };
}

/** Writes the refund row, capped in SQL; a concurrent insert of the same key answers that row. */
async function insertRefund(deps: AfterSalesDeps, input: RefundInput): Promise<{ row: RefundRow; created: boolean }> {
  const { db } = deps;
  const at = deps.now.getTime();
  // A lost race on one part (two refunds both counting on the card) is recomputed from the new sums.
  for (let round = 0; round < 3; round++) {
    const facts = await readFacts(db, input.orderNumber);
    if (!facts) throw appError('orderNotFound');
    const parts = allocateRefund(facts.paid, facts.refunded, input.amount, input.method);
    if (!parts) {
      const existing = await refundByKey(db, input.idempotencyKey);
      if (existing) return { row: existing, created: false };
      throw appError('refundExceedsPaid', { refundable: refundable(facts.paid, facts.refunded) });
    }
    const inserted = await db.$client
      .prepare(
        `INSERT INTO refunds (idempotency_key, order_number, user_id, return_id, amount, method, state, card_amount, gift_card_amount, balance_amount, reason, created_at, updated_at)
         SELECT ?, ?, ?, ?, ?, ?, 'requested', ?, ?, ?, ?, ?, ?
         WHERE (SELECT ${COUNTED_TOTAL} FROM refunds WHERE order_number = ?) + ? <= ?
           AND (SELECT ${COUNTED_CARD} FROM refunds WHERE order_number = ?) + ? <= ?
           AND (SELECT ${COUNTED_GIFT} FROM refunds WHERE order_number = ?) + ? <= ?
         ON CONFLICT (idempotency_key) DO NOTHING
         RETURNING *`,
      )
      .bind(
        input.idempotencyKey,
        input.orderNumber,
        facts.order.user_id,
        input.returnId ?? null,
        input.amount,
        input.method,
        parts.card,
        parts.giftCard,
        parts.balance,
        input.reason.slice(0, 200),
        at,
        at,
        input.orderNumber,
        input.amount,
        paidTotal(facts.paid),
        input.orderNumber,
        parts.card,
        facts.paid.card,
        input.orderNumber,
        parts.giftCard,
        facts.paid.giftCard,
      )
      .first<Record<string, unknown>>();
    if (inserted) return { row: toRow(inserted), created: true };
    const existing = await refundByKey(db, input.idempotencyKey);
    if (existing) return { row: existing, created: false };
  }
  throw appError('refundExceedsPaid');
}

/** Moves the refund on from wherever it stands until it is sent, refunded or failed (or another caller holds it). */
async function carryOut(deps: AfterSalesDeps, row: RefundRow, movement?: Movement): Promise<RefundRow> {
  const { db } = deps;
  const at = deps.now.getTime();
  if (row.state === 'requested' && row.cardAmount === 0) return finish(deps, row, 'requested', 'refunded', null, movement);
  if (row.state === 'requested' || (row.state === 'sending' && row.updatedAt + STALE_SENDING_MS <= at)) {
    // One caller makes the provider call: the one whose claim changed the row.
    const claim = await db.$client.prepare("UPDATE refunds SET state = 'sending', updated_at = ? WHERE id = ? AND state = ? AND updated_at = ?").bind(at, row.id, row.state, row.updatedAt).run();
    if (claim.meta.changes !== 1) return refundById(db, row.id);
    return sendToProvider(deps, { ...row, state: 'sending', updatedAt: at }, movement);
  }
  return row;
}

async function sendToProvider(deps: AfterSalesDeps, row: RefundRow, movement?: Movement): Promise<RefundRow> {
  const { db } = deps;
  const facts = await readFacts(db, row.orderNumber);
  const payment = facts?.payment;
  if (!payment) {
    // The payment is no longer refundable (cancelled meanwhile): the card part cannot go back by card.
    return finish(deps, row, 'sending', 'failed', null, movement);
  }
  const others = await db.$client
    .prepare("SELECT COUNT(*) AS n FROM refunds WHERE id <> ? AND card_amount > 0 AND state <> 'failed' AND order_number IN (SELECT order_number FROM payment_orders WHERE reference = ?)")
    .bind(row.id, payment.reference)
    .first<number>('n');
  // Never captured and going back whole: void the authorisation rather than refund it.
  const voids = payment.state === 'authorised' && payment.refunded_amount === 0 && row.cardAmount === payment.amount && (others ?? 0) === 0;
  const modification = { pspReference: payment.psp_reference, reference: `${row.orderNumber}-R${row.id}`, idempotencyKey: await providerKey(row.idempotencyKey) };
  try {
    const gateway = gatewayOf(deps.env, isProviderId(payment.provider) ? payment.provider : 'adyen');
    const receipt = voids ? await gateway.cancel(modification) : await gateway.refund({ ...modification, amount: { value: row.cardAmount, currency: payment.currency } });
    const sent = await finish(deps, row, 'sending', 'sent', receipt.pspReference, movement);
    if (receipt.status !== 'settled') return sent;
    // Final at once (no notification will come): the provider's event, through the same exactly-once path.
    await receiveEvents(db.$client, [{ pspReference: receipt.pspReference, originalReference: payment.psp_reference, merchantReference: payment.reference, eventCode: voids ? 'CANCELLATION' : 'REFUND', success: true, amount: { value: row.cardAmount, currency: payment.currency }, raw: { source: 'receipt', provider: gateway.provider } }], Date.now());
    return refundById(db, row.id);
  } catch (error) {
    if (error instanceof GatewayError && (error.kind === 'validation' || error.kind === 'forbidden')) {
      // The provider refused it: only the card part failed; the rest is still given.
      console.error('The provider refused a refund', row.idempotencyKey, error);
      return finish(deps, row, 'sending', 'failed', null, movement);
    }
    // Unreachable or unexpected: left to be tried again with the same key (the provider dedupes it).
    await db.$client.prepare("UPDATE refunds SET state = 'requested' WHERE id = ? AND state = 'sending' AND updated_at = ?").bind(row.id, row.updatedAt).run();
    throw error;
  }
}

/** The provider's Idempotency-Key: the refund's key, or its digest when longer than the provider takes. */
export async function providerKey(key: string): Promise<string> {
  return key.length <= MAX_PROVIDER_KEY ? key : sha256(key);
}

/**
 * One batch: the refund leaves `from` (claimed through the transient 'crediting' state), the gift
 * card and balance parts are credited only under that claim, and the refund lands in `to` — or,
 * for a card refund whose webhook already arrived, in what the webhook said.
 */
async function finish(deps: AfterSalesDeps, row: RefundRow, from: RefundState, to: RefundState, pspReference: string | null, movement: Movement = {}): Promise<RefundRow> {
  const { db } = deps;
  const d1 = db.$client;
  const at = deps.now.getTime();
  const claimed = sql`exists (select 1 from refunds where id = ${row.id} and state = 'crediting')`;
  const statements: D1PreparedStatement[] = [
    d1.prepare("UPDATE refunds SET state = 'crediting', psp_reference = COALESCE(?, psp_reference), updated_at = ? WHERE id = ? AND state = ?").bind(pspReference, at, row.id, from),
  ];
  if (row.giftCardAmount > 0) {
    const code = await d1
      .prepare(
        `SELECT code FROM gift_card_movements WHERE amount < 0 AND order_number IN
           (SELECT order_number FROM orders WHERE checkout_key = (SELECT checkout_key FROM orders WHERE order_number = ?)) ORDER BY id LIMIT 1`,
      )
      .bind(row.orderNumber)
      .first<string>('code');
    statements.push(
      d1.prepare("UPDATE gift_cards SET balance = balance + ? WHERE code = ? AND EXISTS (SELECT 1 FROM refunds WHERE id = ? AND state = 'crediting')").bind(row.giftCardAmount, code, row.id),
      d1
        .prepare("INSERT INTO gift_card_movements (code, order_number, amount, at) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM refunds WHERE id = ? AND state = 'crediting')")
        .bind(code, row.orderNumber, row.giftCardAmount, at, row.id),
    );
  }
  if (row.balanceAmount > 0) {
    const credit = creditStatements(db, {
      userId: row.userId,
      type: 'RETURNS',
      amount: row.balanceAmount,
      orderNumber: row.orderNumber,
      isPaidUsingCard: ('isPaidUsingCard' in movement ? movement.isPaidUsingCard : undefined) ?? row.cardAmount > 0,
      author: ('author' in movement ? movement.author : undefined) ?? 'refund',
      note: 'note' in movement ? (movement.note ?? null) : `${row.reason} (${row.idempotencyKey})`.slice(0, 500),
      now: deps.now,
      guard: claimed,
    });
    for (const item of credit) {
      const query = (item as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
      statements.push(d1.prepare(query.sql).bind(...query.params));
    }
  }
  statements.push(
    to === 'sent'
      ? d1.prepare(`UPDATE refunds SET state = ${SETTLED_BY_WEBHOOK}, updated_at = ? WHERE id = ? AND state = 'crediting'`).bind(pspReference, pspReference, at, row.id)
      : d1.prepare("UPDATE refunds SET state = ?, updated_at = ? WHERE id = ? AND state = 'crediting'").bind(to, at, row.id),
  );
  await d1.batch(statements);
  return refundById(db, row.id);
}

/** A card refund's state once the provider took it: what its webhook said, if it came first, else sent. */
const SETTLED_BY_WEBHOOK = `CASE
  WHEN EXISTS (SELECT 1 FROM payment_events WHERE psp_reference = ? AND ${REFUND_FAILED_EVENT}) THEN 'failed'
  WHEN EXISTS (SELECT 1 FROM payment_events WHERE psp_reference = ? AND ${REFUND_DONE_EVENT}) THEN 'refunded'
  ELSE 'sent' END`;

async function creditNoteFor(deps: AfterSalesDeps, row: RefundRow, lines: RefundInput['lines']): Promise<void> {
  // A refund whose only part failed gave nothing back: no credit note.
  const given = row.state === 'failed' ? row.amount - row.cardAmount : row.amount;
  if (given <= 0 || row.state === 'requested' || row.state === 'sending') return;
  try {
    await issueCreditNote(deps.db, { orderNumber: row.orderNumber, refundId: row.id, amount: given, lines, now: deps.now });
  } catch (error) {
    // The refund stands; the note is issued again by the next call with the same key.
    console.error('Issuing the credit note of a refund failed', row.idempotencyKey, error);
  }
}

/**
 * The provider's verdict on refund modifications (worker/payments/events.ts calls this with the
 * events it stored): a sent refund whose own psp reference is settled becomes refunded or failed.
 * A verdict that arrives before the refund is marked sent is read by `finish` from the stored event.
 */
export async function settleRefunds(d1: D1Database, pspReferences: string[], now: number): Promise<void> {
  if (pspReferences.length === 0) return;
  await d1.batch(
    pspReferences.map((psp) =>
      d1
        .prepare(
          `UPDATE refunds SET updated_at = ?, state = CASE
             WHEN EXISTS (SELECT 1 FROM payment_events WHERE psp_reference = ? AND ${REFUND_FAILED_EVENT}) THEN 'failed'
             WHEN EXISTS (SELECT 1 FROM payment_events WHERE psp_reference = ? AND ${REFUND_DONE_EVENT}) THEN 'refunded'
             ELSE state END
           WHERE psp_reference = ? AND state IN ('sent', 'refunded')`,
        )
        .bind(now, psp, psp, psp),
    ),
  );
}

/** The key of operations' refund to balance (POST /api/user/balance/api-return): one per order. */
export const opsReturnKey = (orderNumber: string): string => `ops-return:${orderNumber}`;

/**
 * The balance movement a refund to the balance wrote (operations' answer): the RETURNS of the
 * refund's customer, order and amount, written at the moment the refund was settled.
 */
export async function refundMovement(db: Db, refund: RefundRow, created: boolean): Promise<RecordedReturn> {
  const d1 = db.$client;
  const [movementResult, balanceResult] = await d1.batch([
    d1
      .prepare("SELECT type, amount, order_number, is_paid_using_card, author, at FROM balance_movements WHERE user_id = ? AND type = 'RETURNS' AND order_number = ? AND amount = ? AND at = ? ORDER BY id LIMIT 1")
      .bind(refund.userId, refund.orderNumber, refund.balanceAmount, refund.updatedAt),
    d1.prepare('SELECT balance FROM user_balances WHERE user_id = ?').bind(refund.userId),
  ]);
  const m = (movementResult!.results as { type: 'RETURNS'; amount: number; order_number: string; is_paid_using_card: number; author: string | null; at: number }[])[0];
  const balance = (balanceResult!.results as { balance: number }[])[0]?.balance ?? 0;
  return {
    created,
    movement: m
      ? { type: m.type, date: new Date(m.at).toISOString(), amount: m.amount, order: m.order_number, isPaidUsingCard: m.is_paid_using_card === 1, author: m.author }
      : { type: 'RETURNS', date: new Date(refund.updatedAt).toISOString(), amount: refund.balanceAmount, order: refund.orderNumber, isPaidUsingCard: false, author: null },
    balance,
  };
}
