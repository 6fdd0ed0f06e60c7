/** Reading orders: a user's own (the result page) and the public tracking view of one order. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { inList } from '../db/limits';
import type { Db } from '../db/client';
import { orderEvents, orderLines, orders } from '../db/schema';
import { addressLine, addressPartsOf } from '../domain/identity/address-format';
import type { OrderState } from '../domain/orders/state-machine';
import { STATE_GROUPS } from '../../client/orders/actions';

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

// ---------------------------------------------------------------------------------------------
// The account's orders (docs/after-sales.md "Orders"): the lists, the detail, the summary calls.

/** Which orders a list shows: the online ones, the cancelled ones, or those made at a shop's till. */
export type OrderListScope = 'online' | 'cancelled' | 'front';

/** Orders per page of the account's lists. */
export const ACCOUNT_ORDERS_PAGE_SIZE = 10;

export interface AccountOrderDocument {
  id: number;
  docType: string;
  code: string;
  issuedAt: string;
}

export interface AccountOrderRefund {
  amount: number;
  state: string;
  method: string;
  reason: string;
  createdAt: string;
}

/** One order as the account's lists show it. */
export interface AccountOrder {
  orderNumber: string;
  createdAt: string;
  state: OrderState;
  sellerKind: string;
  /** The marketplace seller's or supplier's name; null for our own orders. */
  sellerName: string | null;
  shippingType: number;
  agency: string | null;
  deliveryDate: string | null;
  deliveryTime: string | null;
  destination: string;
  trackingNumber: string | null;
  paymentMethod: string;
  paidAt: string | null;
  articlesSubtotal: number;
  shippingCost: number;
  discount: number;
  giftCardAmount: number;
  balanceAmount: number;
  solidaryAmount: number;
  total: number;
  units: number;
  frontOrder: boolean;
  replacesOrderNumber: string | null;
  /** Epoch ms of the delivery or collection, for the 30-day return period. */
  receivedAt: number | null;
  documents: AccountOrderDocument[];
  refunds: AccountOrderRefund[];
}

interface AccountOrderRow {
  order_number: string;
  created_at: number;
  state: string;
  seller_kind: string;
  seller_name: string | null;
  shipping_type: number;
  agency: string | null;
  delivery_date: string | null;
  delivery_time: string | null;
  shipping_address: string;
  tracking_number: string | null;
  payment_method: string;
  paid_at: number | null;
  articles_subtotal: number;
  shipping_cost: number;
  discount: number;
  gift_card_amount: number;
  balance_amount: number;
  solidary_amount: number;
  total: number;
  front_order: number;
  replaces_order_number: string | null;
}

const ORDER_COLUMNS = `o.order_number, o.created_at, o.state, o.seller_kind, CASE WHEN o.seller_kind = 'own' THEN NULL ELSE s.name END AS seller_name, o.shipping_type,
  o.agency, o.delivery_date, o.delivery_time, o.shipping_address, o.tracking_number, o.payment_method, o.paid_at, o.articles_subtotal, o.shipping_cost,
  o.discount, o.gift_card_amount, o.balance_amount, o.solidary_amount, o.total, o.front_order, o.replaces_order_number`;

const SCOPE_SQL: Record<OrderListScope, string> = {
  online: 'o.front_order = 0',
  cancelled: "o.state = 'cancelled'",
  front: 'o.front_order = 1',
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The statements reading what belongs to a set of orders (given as an SQL subquery of order numbers and its parameters). */
function belongingStatements(d1: D1Database, numbers: { sql: string; params: unknown[] }): D1PreparedStatement[] {
  return [
    d1.prepare(`SELECT id, order_number, doc_type, code, issued_at FROM documents WHERE order_number IN (${numbers.sql}) ORDER BY issued_at, id`).bind(...numbers.params),
    d1.prepare(`SELECT order_number, amount, state, method, reason, created_at FROM refunds WHERE order_number IN (${numbers.sql}) ORDER BY created_at, id`).bind(...numbers.params),
    d1.prepare(`SELECT order_number, MAX(at) AS at FROM order_events WHERE state IN ('delivered', 'collected') AND order_number IN (${numbers.sql}) GROUP BY order_number`).bind(...numbers.params),
    d1.prepare(`SELECT order_number, SUM(qty) AS units FROM order_lines WHERE order_number IN (${numbers.sql}) GROUP BY order_number`).bind(...numbers.params),
  ];
}

function accountOrders(rows: AccountOrderRow[], belonging: D1Result[]): AccountOrder[] {
  const [docs, refunds, received, units] = belonging.map((r) => r.results as Record<string, unknown>[]) as [Record<string, unknown>[], Record<string, unknown>[], Record<string, unknown>[], Record<string, unknown>[]];
  return rows.map((row) => {
    const mine = (r: Record<string, unknown>) => r['order_number'] === row.order_number;
    const receivedAt = received.find(mine)?.['at'];
    return {
      orderNumber: row.order_number,
      createdAt: iso(row.created_at),
      state: row.state as OrderState,
      sellerKind: row.seller_kind,
      sellerName: row.seller_name,
      shippingType: row.shipping_type,
      agency: row.agency,
      deliveryDate: row.delivery_date,
      deliveryTime: row.delivery_time,
      destination: destinationLine(JSON.parse(row.shipping_address) as Record<string, unknown>),
      trackingNumber: row.tracking_number,
      paymentMethod: row.payment_method,
      paidAt: row.paid_at === null ? null : iso(row.paid_at),
      articlesSubtotal: row.articles_subtotal,
      shippingCost: row.shipping_cost,
      discount: row.discount,
      giftCardAmount: row.gift_card_amount,
      balanceAmount: row.balance_amount,
      solidaryAmount: row.solidary_amount,
      total: row.total,
      units: Number(units.find(mine)?.['units'] ?? 0),
      frontOrder: row.front_order === 1,
      replacesOrderNumber: row.replaces_order_number,
      receivedAt: typeof receivedAt === 'number' ? receivedAt : null,
      documents: docs.filter(mine).map((d) => ({ id: d['id'] as number, docType: d['doc_type'] as string, code: d['code'] as string, issuedAt: iso(d['issued_at'] as number) })),
      refunds: refunds.filter(mine).map((r) => ({ amount: r['amount'] as number, state: r['state'] as string, method: r['method'] as string, reason: r['reason'] as string, createdAt: iso(r['created_at'] as number) })),
    };
  });
}

/** A page of the user's orders, newest first, with their documents, refunds and delivery dates: one D1 batch. */
export async function accountOrdersPage(db: Db, userId: number, input: { scope: OrderListScope; page: number; pageSize?: number }): Promise<{ orders: AccountOrder[]; total: number; page: number; pageSize: number }> {
  const d1 = db.$client;
  const pageSize = input.pageSize ?? ACCOUNT_ORDERS_PAGE_SIZE;
  const offset = (input.page - 1) * pageSize;
  const where = `o.user_id = ? AND ${SCOPE_SQL[input.scope]}`;
  const order = 'ORDER BY o.created_at DESC, o.order_number DESC';
  const pageNumbers = { sql: `SELECT o.order_number FROM orders o WHERE ${where} ${order} LIMIT ? OFFSET ?`, params: [userId, pageSize, offset] };
  const [rows, count, ...belonging] = await d1.batch([
    d1.prepare(`SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN sellers s ON s.id = o.seller_id WHERE ${where} ${order} LIMIT ? OFFSET ?`).bind(userId, pageSize, offset),
    d1.prepare(`SELECT count(*) AS n FROM orders o WHERE ${where}`).bind(userId),
    ...belongingStatements(d1, pageNumbers),
  ]);
  return { orders: accountOrders(rows!.results as AccountOrderRow[], belonging), total: (count!.results[0] as { n: number }).n, page: input.page, pageSize };
}

export interface AccountOrderDetail extends AccountOrder {
  lines: { id: number; articleId: number; name: string; qty: number; unitPrice: number; totalPrice: number; giftPaper: boolean }[];
  /** The addresses as one line each (billing null when none was given). */
  shippingAddress: string;
  billingAddress: string | null;
  events: { state: OrderState; at: string }[];
  returns: { id: number; state: string; refundAmount: number; createdAt: string }[];
  cases: { id: number; state: string; subject: string; createdAt: string }[];
  giftCode: string | null;
  /** The order that replaced this one (a change), if any. */
  replacedBy: string | null;
}

/** One of the user's orders with everything the detail screen shows; undefined when it is not theirs or does not exist. */
export async function accountOrderDetail(db: Db, userId: number, orderNumber: string): Promise<AccountOrderDetail | undefined> {
  const d1 = db.$client;
  const owned = { sql: 'SELECT order_number FROM orders WHERE order_number = ? AND user_id = ?', params: [orderNumber, userId] };
  const [rows, extra, lines, events, returns, cases, replacedBy, ...belonging] = await d1.batch([
    d1.prepare(`SELECT ${ORDER_COLUMNS} FROM orders o LEFT JOIN sellers s ON s.id = o.seller_id WHERE o.order_number = ? AND o.user_id = ?`).bind(orderNumber, userId),
    d1.prepare('SELECT billing_address, gift_code FROM orders WHERE order_number = ? AND user_id = ?').bind(orderNumber, userId),
    d1.prepare(`SELECT id, article_id, name, qty, unit_price, total_price, gift_paper FROM order_lines WHERE order_number IN (${owned.sql}) ORDER BY id`).bind(...owned.params),
    d1.prepare(`SELECT state, at FROM order_events WHERE order_number IN (${owned.sql}) ORDER BY at, id`).bind(...owned.params),
    d1.prepare('SELECT id, state, refund_amount, created_at FROM returns WHERE order_number = ? AND user_id = ? ORDER BY created_at, id').bind(orderNumber, userId),
    d1.prepare('SELECT id, state, subject, created_at FROM after_sales_cases WHERE order_number = ? AND user_id = ? ORDER BY created_at, id').bind(orderNumber, userId),
    d1.prepare('SELECT order_number FROM orders WHERE replaces_order_number = ? AND user_id = ? ORDER BY created_at LIMIT 1').bind(orderNumber, userId),
    ...belongingStatements(d1, owned),
  ]);
  const row = (rows!.results as AccountOrderRow[])[0];
  if (!row) return undefined;
  const [base] = accountOrders([row], belonging);
  const more = extra!.results[0] as { billing_address: string | null; gift_code: string | null };
  const billing = more.billing_address ? (JSON.parse(more.billing_address) as Record<string, unknown> | null) : null;
  return {
    ...base!,
    lines: (lines!.results as { id: number; article_id: number; name: string; qty: number; unit_price: number; total_price: number; gift_paper: number }[]).map((l) => ({
      id: l.id,
      articleId: l.article_id,
      name: l.name,
      qty: l.qty,
      unitPrice: l.unit_price,
      totalPrice: l.total_price,
      giftPaper: l.gift_paper === 1,
    })),
    shippingAddress: base!.destination,
    billingAddress: billing ? destinationLine(billing) : null,
    events: (events!.results as { state: string; at: number }[]).map((e) => ({ state: e.state as OrderState, at: iso(e.at) })),
    returns: (returns!.results as { id: number; state: string; refund_amount: number; created_at: number }[]).map((r) => ({ id: r.id, state: r.state, refundAmount: r.refund_amount, createdAt: iso(r.created_at) })),
    cases: (cases!.results as { id: number; state: string; subject: string; created_at: number }[]).map((r) => ({ id: r.id, state: r.state, subject: r.subject, createdAt: iso(r.created_at) })),
    giftCode: more.gift_code,
    replacedBy: (replacedBy!.results[0] as { order_number: string } | undefined)?.order_number ?? null,
  };
}

/** GET /api/user/orders/resume: how many orders per state, and the latest few. */
export async function ordersResume(db: Db, userId: number): Promise<{ counts: Record<string, number>; total: number; latest: RecentOrder[] }> {
  const d1 = db.$client;
  const [counts, latest] = await d1.batch([
    d1.prepare('SELECT state, count(*) AS n FROM orders WHERE user_id = ? GROUP BY state').bind(userId),
    d1.prepare('SELECT order_number, state, total, created_at FROM orders WHERE user_id = ? ORDER BY created_at DESC, order_number DESC LIMIT 5').bind(userId),
  ]);
  const byState = new Map((counts!.results as { state: string; n: number }[]).map((r) => [r.state, r.n]));
  const grouped = Object.fromEntries(Object.entries(STATE_GROUPS).map(([group, states]) => [group, states.reduce((sum, s) => sum + (byState.get(s) ?? 0), 0)]));
  return {
    counts: grouped,
    total: [...byState.values()].reduce((a, b) => a + b, 0),
    latest: (latest!.results as { order_number: string; state: string; total: number; created_at: number }[]).map((r) => ({ orderNumber: r.order_number, state: r.state as OrderState, total: r.total, createdAt: iso(r.created_at) })),
  };
}

export interface MinimalOrder {
  orderNumber: string;
  state: OrderState;
  total: number;
  articlesSubtotal: number;
  shippingCost: number;
  discount: number;
  paid: boolean;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/user/orders/{id}/minimal: the user's order in a few fields, or undefined. */
export async function minimalOrder(db: Db, userId: number, orderNumber: string): Promise<MinimalOrder | undefined> {
  const row = await db.$client
    .prepare('SELECT order_number, state, total, articles_subtotal, shipping_cost, discount, paid_at, created_at, updated_at FROM orders WHERE order_number = ? AND user_id = ?')
    .bind(orderNumber, userId)
    .first<{ order_number: string; state: string; total: number; articles_subtotal: number; shipping_cost: number; discount: number; paid_at: number | null; created_at: number; updated_at: number }>();
  if (!row) return undefined;
  return {
    orderNumber: row.order_number,
    state: row.state as OrderState,
    total: row.total,
    articlesSubtotal: row.articles_subtotal,
    shippingCost: row.shipping_cost,
    discount: row.discount,
    paid: row.paid_at !== null,
    paidAt: row.paid_at === null ? null : iso(row.paid_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
