/**
 * The customer's store balance (spec §3 Balance, §4 movement types): what the store owes a
 * customer, in integer cents, spent at checkout.
 *
 * - ADD (a credit from the store: welcome credit, goodwill) and RETURNS (a refund to balance
 *   after a return) raise the balance.
 * - SPEND (paying an order at checkout) lowers it.
 * - BLOCK lowers it too: an amount operations hold back (a disputed refund, say). The history
 *   shows the sum of every BLOCK as `blocked`; releasing a hold is an ADD with a note.
 *
 * `user_balances.balance` is the running total and `balance_movements` the ledger: every change
 * is one upsert of the row, one `balance ± amount` UPDATE and one movement, returned here as
 * drizzle batch items for the caller's own `db.batch([...])`, so the change and its record
 * commit or fail together with whatever else the caller writes (an order). The
 * `user_balances_never_negative` trigger raises 'BALANCE_SPENT' when an UPDATE would take the
 * balance below zero, which aborts the whole batch: two checkouts racing for the same euros
 * never both spend them (`balanceSpentError` recognises that failure).
 *
 * A RETURNS movement for an order is credited at most once per customer and order: the
 * statements are guarded by "no RETURNS for this order yet", evaluated inside the batch (D1
 * runs a batch as one transaction, one at a time), so a retried or doubled operations call
 * changes nothing the second time.
 *
 * Customers see amounts, types, dates and order numbers; who made a movement and the
 * operations note stay internal.
 */
import { and, count, desc, eq, isNotNull, notExists, sql, sum, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { balanceMovements, userBalances } from '../db/schema';

export type MovementType = (typeof balanceMovements.type.enumValues)[number];

/** Spec §9 general list page size. */
export const BALANCE_PAGE_SIZE = 16;
/** The largest history page a caller may ask for. */
export const MAX_BALANCE_PAGE_SIZE = 50;
/** How many order-linked movements the per-user view lists (newest first). */
export const BALANCE_ORDERS_LIMIT = 50;

/** Whether a movement of this type raises the balance (ADD, RETURNS) or lowers it (SPEND, BLOCK). */
export function isCredit(type: MovementType): boolean {
  return type === 'ADD' || type === 'RETURNS';
}

/** The movement's effect on the balance: positive for credits, negative for SPEND and BLOCK. */
export function signedAmount(type: MovementType, amount: number): number {
  return isCredit(type) ? amount : -amount;
}

export interface BalanceOrder {
  /** The order number. */
  orderId: string;
  /** This movement's effect on the balance, in cents: positive credited, negative spent or held. */
  balance: number;
  /** ISO 8601. */
  date: string;
  isPaidUsingCard: boolean;
}

export interface UserBalance {
  balance: number;
  orders: BalanceOrder[];
}

export interface BalanceMovementView {
  type: MovementType;
  /** ISO 8601. */
  date: string;
  /** Cents, always positive: the type says which way it went. */
  amount: number;
  /** The order number, or null for movements not tied to an order. */
  order: string | null;
}

export interface BalanceHistory {
  validateData: { clientId: number; balance: number; blocked: number };
  movements: BalanceMovementView[];
  /** Movements in all pages. */
  total: number;
  page: number;
  pageSize: number;
}

const balanceRow = (db: Db, userId: number) => db.select({ balance: userBalances.balance }).from(userBalances).where(eq(userBalances.userId, userId));

/** The per-user view (spec §3): the balance and the movements tied to an order, newest first, at most BALANCE_ORDERS_LIMIT. */
export async function readBalance(db: Db, userId: number): Promise<UserBalance> {
  const [row, movements] = await db.batch([
    balanceRow(db, userId),
    db
      .select({ type: balanceMovements.type, amount: balanceMovements.amount, orderNumber: balanceMovements.orderNumber, isPaidUsingCard: balanceMovements.isPaidUsingCard, at: balanceMovements.at })
      .from(balanceMovements)
      .where(and(eq(balanceMovements.userId, userId), isNotNull(balanceMovements.orderNumber)))
      .orderBy(desc(balanceMovements.at), desc(balanceMovements.id))
      .limit(BALANCE_ORDERS_LIMIT),
  ]);
  return {
    balance: row[0]?.balance ?? 0,
    orders: movements.map((m) => ({ orderId: m.orderNumber!, balance: signedAmount(m.type, m.amount), date: new Date(m.at).toISOString(), isPaidUsingCard: m.isPaidUsingCard })),
  };
}

/** The history by client (spec §3): balance and blocked total, and one page of movements, newest first. */
export async function balanceHistory(db: Db, userId: number, { page, pageSize }: { page: number; pageSize: number }): Promise<BalanceHistory> {
  if (!Number.isInteger(page) || page < 1) throw new RangeError('page must be a positive integer');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_BALANCE_PAGE_SIZE) throw new RangeError(`pageSize must be 1..${MAX_BALANCE_PAGE_SIZE}`);
  const mine = eq(balanceMovements.userId, userId);
  const [row, totals, movements] = await db.batch([
    balanceRow(db, userId),
    db
      .select({ total: count(), blocked: sum(sql`case when ${balanceMovements.type} = 'BLOCK' then ${balanceMovements.amount} else 0 end`).mapWith(Number) })
      .from(balanceMovements)
      .where(mine),
    db
      .select({ type: balanceMovements.type, amount: balanceMovements.amount, orderNumber: balanceMovements.orderNumber, at: balanceMovements.at })
      .from(balanceMovements)
      .where(mine)
      .orderBy(desc(balanceMovements.at), desc(balanceMovements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return {
    validateData: { clientId: userId, balance: row[0]?.balance ?? 0, blocked: totals[0]?.blocked ?? 0 },
    movements: movements.map((m) => ({ type: m.type, date: new Date(m.at).toISOString(), amount: m.amount, order: m.orderNumber })),
    total: totals[0]?.total ?? 0,
    page,
    pageSize,
  };
}

/** A non-empty list of statements for `db.batch`, to spread into the caller's own list. */
export type BalanceStatements = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

interface Movement {
  userId: number;
  type: MovementType;
  amount: number;
  orderNumber: string | null;
  isPaidUsingCard: boolean;
  author: string | null;
  note: string | null;
  now: Date;
}

/**
 * The three statements of one change: make sure the balance row exists (at 0), move it by the
 * signed amount (the trigger refuses a negative result), record the movement. With `guard`,
 * the last two happen only while the guard holds.
 */
function changeStatements(db: Db, movement: Movement, guard?: SQL): BalanceStatements {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) throw new RangeError('A balance movement is a positive whole number of cents');
  const at = movement.now.getTime();
  const delta = signedAmount(movement.type, movement.amount);
  const row = and(eq(userBalances.userId, movement.userId), guard);
  return [
    db.insert(userBalances).values({ userId: movement.userId, balance: 0, updatedAt: at }).onConflictDoNothing(),
    db
      .update(userBalances)
      .set({ balance: sql`${userBalances.balance} + ${delta}`, updatedAt: at })
      .where(row),
    // Selected from the balance row so that the guard applies to the record too.
    db
      .insert(balanceMovements)
      .select((qb) =>
        qb
          .select({
            id: sql<number>`null`.as('id'),
            userId: userBalances.userId,
            type: sql<MovementType>`${movement.type}`.as('type'),
            amount: sql<number>`${movement.amount}`.as('amount'),
            orderNumber: sql<string | null>`${movement.orderNumber}`.as('order_number'),
            isPaidUsingCard: sql<boolean>`${movement.isPaidUsingCard ? 1 : 0}`.as('is_paid_using_card'),
            author: sql<string | null>`${movement.author}`.as('author'),
            note: sql<string | null>`${movement.note}`.as('note'),
            at: sql<number>`${at}`.as('at'),
          })
          .from(userBalances)
          .where(row),
      )
      .returning({ id: balanceMovements.id }),
  ];
}

/** No RETURNS movement for this customer and order yet. */
function noReturnYet(db: Db, userId: number, orderNumber: string): SQL {
  return notExists(
    db
      .select({ id: balanceMovements.id })
      .from(balanceMovements)
      .where(and(eq(balanceMovements.userId, userId), eq(balanceMovements.type, 'RETURNS'), eq(balanceMovements.orderNumber, orderNumber))),
  );
}

export interface CreditInput {
  userId: number;
  type: 'ADD' | 'RETURNS';
  amount: number;
  orderNumber: string | null;
  isPaidUsingCard: boolean;
  /** Who made it (operations). */
  author: string;
  note: string | null;
  now: Date;
  /**
   * The credit happens only while this holds, instead of "once per customer and order": a refund
   * (worker/refunds/refunds.ts) guards each of its credits by its own claim, so one order may get
   * several refunds to the balance, each once.
   */
  guard?: SQL;
}

/**
 * Raises the balance (ADD or RETURNS), creating the balance row if needed. A RETURNS with an
 * order number writes nothing when that order was already refunded to this customer's balance
 * (unless the caller gives its own `guard`); the last item's result (`returning`) is then empty.
 */
export function creditStatements(db: Db, input: CreditInput): BalanceStatements {
  const guard = input.guard ?? (input.type === 'RETURNS' && input.orderNumber !== null ? noReturnYet(db, input.userId, input.orderNumber) : undefined);
  return changeStatements(db, input, guard);
}

/**
 * Pays (part of) an order with the balance. The UPDATE `balance = balance - amount` makes the
 * trigger abort the caller's whole batch when the balance does not cover it (also when the
 * customer has no balance row: it is created at 0 first) — see `balanceSpentError`.
 */
export function spendStatements(db: Db, input: { userId: number; amount: number; orderNumber: string; now: Date }): BalanceStatements {
  return changeStatements(db, { ...input, type: 'SPEND', isPaidUsingCard: false, author: null, note: null });
}

/** Holds an amount back (operations); aborts the batch like a spend when the balance does not cover it. */
export function blockStatements(db: Db, input: { userId: number; amount: number; orderNumber: string | null; author: string; note: string | null; now: Date }): BalanceStatements {
  return changeStatements(db, { ...input, type: 'BLOCK', isPaidUsingCard: false });
}

/** Whether a failed batch was aborted by the `user_balances_never_negative` trigger. */
export function balanceSpentError(error: unknown): boolean {
  const text = String((error as Error)?.message ?? error) + String((error as { cause?: unknown })?.cause ?? '');
  return text.includes('BALANCE_SPENT');
}

export interface RecordedReturn {
  /** False when this order had already been refunded to the balance: nothing was written. */
  created: boolean;
  movement: BalanceMovementView & { isPaidUsingCard: boolean; author: string | null };
  balance: number;
}

