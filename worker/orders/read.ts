/** Reading orders: a user's own (the result page) and the public tracking view of one order. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { inList } from '../db/limits';
import type { Db } from '../db/client';
import { orderEvents, orderLines, orders } from '../db/schema';
import { addressLine, addressPartsOf } from '../domain/identity/address-format';
import type { OrderState } from '../domain/orders/state-machine';

export interface OrderSummary {
  orderNumber: string;
  state: OrderState;
  paymentMethod: string;
  shippingType: number;
  articlesSubtotal: number;
  shippingCost: number;
  discount: number;
  /** Paid with a gift card and with the store balance. */
  giftCardAmount: number;
  balanceAmount: number;
  /** The solidary donation this order carries (an amount of the order, not one of its lines). */
  solidaryAmount: number;
  total: number;
  createdAt: string;
  /** Where it goes, in one line: the address, the collection point or the shop (and who collects it). */
  destination: string;
  /** The delivery day and time slot chosen, if any. */
  deliveryDate: string | null;
  deliveryTime: string | null;
  neutral: boolean;
  lines: { name: string; qty: number; unitPrice: number; totalPrice: number }[];
}

/**
 * The order's shipping address (a saved address, or the point or shop marker) as one line,
 * written the way its country writes addresses. Shop markers carry no country: our shops are
 * in Spain.
 */
export function destinationLine(address: Record<string, unknown>): string {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');
  const who = address.kind === 'point' ? text('pointName') : address.kind === 'shop' ? text('name') : `${text('name')} ${text('surname')}`.trim();
  const parts = addressPartsOf(address);
  return [who, addressLine({ ...parts, countryIso: parts.countryIso || (address.kind === 'shop' ? 'ES' : '') })].filter(Boolean).join(', ');
}

/** The user's orders among `numbers` (others' numbers are simply not found). */
export async function ordersOfUser(db: Db, userId: number, numbers: readonly string[]): Promise<OrderSummary[]> {
  if (numbers.length === 0) return [];
  // The orders and their lines in one round trip: the lines of the same owned orders, by subquery.
  const owned = and(eq(orders.userId, userId), inList(orders.orderNumber, numbers));
  const [rows, lines] = await db.batch([
    db.select().from(orders).where(owned).orderBy(asc(orders.orderKey)),
    db.select().from(orderLines).where(inArray(orderLines.orderNumber, db.select({ orderNumber: orders.orderNumber }).from(orders).where(owned))).orderBy(asc(orderLines.id)),
  ]);
  return rows.map((row) => ({
    orderNumber: row.orderNumber,
    state: row.state as OrderState,
    paymentMethod: row.paymentMethod,
    shippingType: row.shippingType,
    articlesSubtotal: row.articlesSubtotal,
    shippingCost: row.shippingCost,
    discount: row.discount,
    giftCardAmount: row.giftCardAmount,
    balanceAmount: row.balanceAmount,
    solidaryAmount: row.solidaryAmount,
    total: row.total,
    createdAt: new Date(row.createdAt).toISOString(),
    destination: destinationLine(row.shippingAddress),
    deliveryDate: row.deliveryDate,
    deliveryTime: row.deliveryTime,
    neutral: row.neutral,
    lines: lines.filter((l) => l.orderNumber === row.orderNumber).map((l) => ({ name: l.name, qty: l.qty, unitPrice: l.unitPrice, totalPrice: l.totalPrice })),
  }));
}

/** A line of the account overview's latest orders. */
export interface RecentOrder {
  orderNumber: string;
  state: OrderState;
  total: number;
  createdAt: string;
}

/** The user's latest orders, newest first (the account overview), read straight from D1 so a new order shows at once. */
export async function latestOrdersOfUser(db: Db, userId: number, limit = 5): Promise<RecentOrder[]> {
  const rows = await db
    .select({ orderNumber: orders.orderNumber, state: orders.state, total: orders.total, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
  return rows.map((row) => ({ orderNumber: row.orderNumber, state: row.state as OrderState, total: row.total, createdAt: new Date(row.createdAt).toISOString() }));
}

export interface TrackingView {
  orderNumber: string;
  state: OrderState;
  shippingType: number;
  units: number;
  placedAt: string;
  events: { state: OrderState; at: string }[];
}

/** What anyone with the order number may see: states and dates, no names, addresses or prices. */
export async function trackingView(db: Db, number: string): Promise<TrackingView | undefined> {
  const [order] = await db.select({ orderNumber: orders.orderNumber, state: orders.state, shippingType: orders.shippingType, createdAt: orders.createdAt }).from(orders).where(eq(orders.orderNumber, number));
  if (!order) return undefined;
  const [events, lines] = await Promise.all([
    db.select({ state: orderEvents.state, at: orderEvents.at }).from(orderEvents).where(eq(orderEvents.orderNumber, number)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db.select({ qty: orderLines.qty }).from(orderLines).where(eq(orderLines.orderNumber, number)),
  ]);
  return {
    orderNumber: order.orderNumber,
    state: order.state as OrderState,
    shippingType: order.shippingType,
    units: lines.reduce((sum, l) => sum + l.qty, 0),
    placedAt: new Date(order.createdAt).toISOString(),
    events: events.map((e) => ({ state: e.state as OrderState, at: new Date(e.at).toISOString() })),
  };
}
