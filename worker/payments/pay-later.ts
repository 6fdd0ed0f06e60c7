/**
 * Pay-later links (spec §2 /order/paynow/{hash}, §7 link calls, §8 1402/1421/1422/1429): an
 * order awaiting payment (a transfer the shopper would rather pay by card, a refused card) gets a
 * link anyone holding it can pay by card. The hash is 128 random bits kept in `pay_links`; it
 * stays the same while valid, so asking twice gives the same link.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inList } from '../db/limits';
import { orderLines, orders, payLinks } from '../db/schema';
import { isGatewayMethod, type OrderState } from '../domain/orders/state-machine';
import { scopeOf } from './attempts';
import { HOLD_WINDOW_MS } from './scheduled';

/** How long a link pays its order. Long enough for a bank-transfer customer to come back to it. */
export const PAY_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 lower-case hex digits: anything else is not one of ours and is refused before any read. */
const HASH_FORMAT = /^[0-9a-f]{32}$/;

export type PayLinkError = 1402 | 1421 | 1422 | 1429;

export interface PayLink {
  hash: string;
  orderNumber: string;
  /** Epoch ms. */
  expiresAt: number;
}

function randomHash(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Why an order cannot be paid, from its state: paid already (1421) or closed unpaid (1422). */
function stateProblem(state: string): 1421 | 1422 | undefined {
  if (state === 'awaiting_payment') return undefined;
  return (state as OrderState) === 'cancelled' ? 1422 : 1421;
}

/**
 * The user's valid link for the order, creating one when there is none. Only the owner's order
 * awaiting payment gets one. The insert and the read run in one batch (one transaction), and the
 * insert happens only when no valid link exists, so two concurrent calls give one link.
 */
export async function createPayLink(db: Db, userId: number, orderNumber: string, now: Date): Promise<PayLink | { error: 'not_found' | 1421 | 1422 }> {
  const at = now.getTime();
  const order = await db.select({ state: orders.state, paymentMethod: orders.paymentMethod, createdAt: orders.createdAt }).from(orders).where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId))).get();
  if (!order) return { error: 'not_found' };
  const problem = stateProblem(order.state);
  if (problem) return { error: problem };
  // A card order keeps its stock only for the hold window (worker/payments/scheduled.ts): its link
  // ends with it, so the link never promises a payment the scheduled check will cancel.
  const holdEnds = isGatewayMethod(order.paymentMethod) ? order.createdAt + HOLD_WINDOW_MS : Infinity;
  if (holdEnds <= at) return { error: 1422 };
  const expiresAt = Math.min(at + PAY_LINK_TTL_MS, holdEnds);
  const valid = and(eq(payLinks.orderNumber, orderNumber), gt(payLinks.expiresAt, at));
  const [, rows] = await db.batch([
    db.insert(payLinks).select(
      db
        .select({
          hash: sql<string>`${randomHash()}`.as('hash'),
          orderNumber: orders.orderNumber,
          userId: orders.userId,
          createdAt: sql<number>`${at}`.as('created_at'),
          expiresAt: sql<number>`${expiresAt}`.as('expires_at'),
        })
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), eq(orders.state, 'awaiting_payment'), sql`not exists (select 1 from ${payLinks} where ${valid})`)),
    ),
    db.select({ hash: payLinks.hash, orderNumber: payLinks.orderNumber, expiresAt: payLinks.expiresAt }).from(payLinks).where(valid).orderBy(asc(payLinks.createdAt), asc(payLinks.hash)).limit(1),
  ]);
  const link = rows[0];
  // The order left awaiting_payment between the read and the batch: nothing was inserted.
  if (!link) return { error: 1421 };
  return link;
}

/** The user's valid link for the order, if any (none for an order that is not theirs). */
export async function payLinkOf(db: Db, userId: number, orderNumber: string, now: Date): Promise<PayLink | undefined> {
  return db
    .select({ hash: payLinks.hash, orderNumber: payLinks.orderNumber, expiresAt: payLinks.expiresAt })
    .from(payLinks)
    .where(and(eq(payLinks.orderNumber, orderNumber), eq(payLinks.userId, userId), gt(payLinks.expiresAt, now.getTime())))
    .orderBy(asc(payLinks.createdAt), asc(payLinks.hash))
    .limit(1)
    .get();
}

interface LinkedOrders {
  link: { orderNumber: string; userId: number; expiresAt: number } | undefined;
  /** Every order of the linked order's checkout (same user), the linked one included. */
  checkout: (typeof orders.$inferSelect)[];
}

/** The link and the orders of its checkout, in one round trip. */
async function linkedOrders(db: Db, hash: string): Promise<LinkedOrders> {
  const linked = db.select({ orderNumber: payLinks.orderNumber }).from(payLinks).where(eq(payLinks.hash, hash));
  const checkoutKey = db.select({ key: orders.checkoutKey }).from(orders).where(inArray(orders.orderNumber, linked));
  const owner = db.select({ userId: payLinks.userId }).from(payLinks).where(eq(payLinks.hash, hash));
  const [links, checkout] = await db.batch([
    db.select({ orderNumber: payLinks.orderNumber, userId: payLinks.userId, expiresAt: payLinks.expiresAt }).from(payLinks).where(eq(payLinks.hash, hash)),
    db.select().from(orders).where(and(inArray(orders.checkoutKey, checkoutKey), inArray(orders.userId, owner))).orderBy(asc(orders.orderKey)),
  ]);
  return { link: links[0], checkout };
}

type Resolved = { link: NonNullable<LinkedOrders['link']>; payable: LinkedOrders['checkout'] } | { error: PayLinkError };

/** The link checked (it exists, its order is unpaid and open, it has not expired) and the orders one payment of it covers. */
async function resolveLinked(db: Db, hash: string, now: Date): Promise<Resolved> {
  if (!HASH_FORMAT.test(hash)) return { error: 1402 };
  const { link, checkout } = await linkedOrders(db, hash);
  if (!link) return { error: 1402 };
  const own = checkout.find((o) => o.orderNumber === link.orderNumber);
  if (!own) return { error: 1402 };
  // The order's fate first: "already paid" tells the payer more than "link expired".
  const problem = stateProblem(own.state);
  if (problem) return { error: problem };
  if (link.expiresAt <= now.getTime()) return { error: 1429 };
  // Which orders the payment covers is the payment scope's decision (attempts.ts `scopeOf`), the
  // same one the card payment charges: the linked order first, then the scope's other unpaid orders.
  const scope = await scopeOf(db.$client, own.orderNumber);
  const covered = new Set(scope?.orders.filter((o) => o.state === 'awaiting_payment' && o.user_id === link.userId).map((o) => o.order_number));
  return { link, payable: [own, ...checkout.filter((o) => o !== own && covered.has(o.orderNumber))] };
}

/**
 * Who a pay-later hash pays for and which orders, or why it cannot be used: 1402 no such link
 * (or not a hash at all), 1421 the order is paid, 1422 it was cancelled (or its payment window
 * expired), 1429 the link expired.
 */
export async function resolvePayLink(db: Db, hash: string, now: Date): Promise<{ userId: number; orderNumbers: string[] } | { error: 1402 | 1421 | 1422 | 1429 }> {
  const resolved = await resolveLinked(db, hash, now);
  if ('error' in resolved) return resolved;
  return { userId: resolved.link.userId, orderNumbers: resolved.payable.map((o) => o.orderNumber) };
}

/** What the payer of a link sees: the orders, their lines and amounts. Nothing about the customer. */
export interface PayLinkOrders {
  orderNumbers: string[];
  channel: string;
  expiresAt: string;
  /** The sum of the orders' totals: what the card is charged. */
  total: number;
  orders: {
    orderNumber: string;
    state: string;
    paymentMethod: string;
    articlesSubtotal: number;
    shippingCost: number;
    discount: number;
    giftCardAmount: number;
    balanceAmount: number;
    solidaryAmount: number;
    total: number;
    lines: { name: string; qty: number; unitPrice: number; totalPrice: number }[];
  }[];
}

export async function payLinkOrders(db: Db, hash: string, now: Date): Promise<PayLinkOrders | { error: PayLinkError }> {
  const resolved = await resolveLinked(db, hash, now);
  if ('error' in resolved) return resolved;
  const numbers = resolved.payable.map((o) => o.orderNumber);
  const lines = await db
    .select({ orderNumber: orderLines.orderNumber, name: orderLines.name, qty: orderLines.qty, unitPrice: orderLines.unitPrice, totalPrice: orderLines.totalPrice })
    .from(orderLines)
    .where(inList(orderLines.orderNumber, numbers))
    .orderBy(asc(orderLines.id));
  return {
    orderNumbers: numbers,
    channel: resolved.payable[0]!.channel,
    expiresAt: new Date(resolved.link.expiresAt).toISOString(),
    total: resolved.payable.reduce((sum, o) => sum + o.total, 0),
    orders: resolved.payable.map((o) => ({
      orderNumber: o.orderNumber,
      state: o.state,
      paymentMethod: o.paymentMethod,
      articlesSubtotal: o.articlesSubtotal,
      shippingCost: o.shippingCost,
      discount: o.discount,
      giftCardAmount: o.giftCardAmount,
      balanceAmount: o.balanceAmount,
      solidaryAmount: o.solidaryAmount,
      total: o.total,
      lines: lines.filter((l) => l.orderNumber === o.orderNumber).map(({ orderNumber: _, ...line }) => line),
    })),
  };
}
