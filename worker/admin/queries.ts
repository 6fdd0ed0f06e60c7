/**
 * The back-office's reads: orders, returns and after-sales cases of every customer, for staff
 * only (callers are behind requireStaff). Each screen's data comes in one D1 batch.
 */
import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { afterSalesCases, afterSalesMessages, documents, orderEvents, orderLines, orders, paymentOrders, payments, refunds, returnLines, returns, users } from '../db/schema';
import type { OrderState } from '../domain/orders/state-machine';
import { destinationLine } from '../orders/read';
import { allowedStaffEvents, staffMayCancel, type StaffOrderEvent } from './events';

export const ADMIN_PAGE_SIZE = 20;
/** Returns still needing a hand: asked, approved (parcel on its way back), received (refund due). */
export const RETURN_STATES_TO_HANDLE = ['requested', 'approved', 'received'] as const;
/** Cases that are not over yet. */
export const CASE_STATES_CLOSED = ['resolved', 'closed'] as const;

const iso = (ms: number) => new Date(ms).toISOString();
const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

export interface AdminSummary {
  toPrepare: number;
  toShip: number;
  awaitingTransfer: number;
  returnsToHandle: number;
  openCases: number;
}

/** The counts of the back-office home. */
export async function adminSummary(db: Db): Promise<AdminSummary> {
  const [[prepare], [ship], [transfer], [toHandle], [open]] = await db.batch([
    db.select({ n: count() }).from(orders).where(eq(orders.state, 'confirmed')),
    db.select({ n: count() }).from(orders).where(eq(orders.state, 'preparing')),
    db.select({ n: count() }).from(orders).where(and(eq(orders.state, 'awaiting_payment'), eq(orders.paymentMethod, 'transferencia'))),
    db.select({ n: count() }).from(returns).where(inArray(returns.state, [...RETURN_STATES_TO_HANDLE])),
    db.select({ n: count() }).from(afterSalesCases).where(notInArray(afterSalesCases.state, [...CASE_STATES_CLOSED])),
  ]);
  return { toPrepare: prepare?.n ?? 0, toShip: ship?.n ?? 0, awaitingTransfer: transfer?.n ?? 0, returnsToHandle: toHandle?.n ?? 0, openCases: open?.n ?? 0 };
}

export interface OrderFilters {
  /** Part of the order number. */
  number?: string;
  /** Part of the customer's e-mail address. */
  email?: string;
  state?: OrderState;
  channel?: string;
  page: number;
  pageSize: number;
}

export interface AdminOrderRow {
  orderNumber: string;
  channel: string;
  state: OrderState;
  paymentMethod: string;
  email: string;
  total: number;
  createdAt: string;
}

/** Orders matching the filters, newest first, a page at a time. */
export async function searchOrders(db: Db, filters: OrderFilters): Promise<{ orders: AdminOrderRow[]; total: number; page: number; pageSize: number }> {
  const conditions: SQL[] = [];
  // instr rather than LIKE: what staff type is matched literally (no % or _ wildcards).
  if (filters.number) conditions.push(sql`instr(${orders.orderNumber}, ${filters.number.trim().toUpperCase()}) > 0`);
  if (filters.email) conditions.push(sql`instr(${users.email}, ${filters.email.trim().toLowerCase()}) > 0`);
  if (filters.state) conditions.push(eq(orders.state, filters.state));
  if (filters.channel) conditions.push(eq(orders.channel, filters.channel));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await db.batch([
    db
      .select({ orderNumber: orders.orderNumber, channel: orders.channel, state: orders.state, paymentMethod: orders.paymentMethod, email: users.email, total: orders.total, createdAt: orders.createdAt })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(filters.pageSize)
      .offset(offsetOf(filters.page, filters.pageSize)),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return {
    orders: rows.map((row) => ({ ...row, state: row.state as OrderState, createdAt: iso(row.createdAt) })),
    total: total?.n ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

export interface AdminOrder {
  orderNumber: string;
  channel: string;
  language: string;
  state: OrderState;
  email: string;
  userId: number;
  paymentMethod: string;
  shippingType: number;
  destination: string;
  trackingNumber: string | null;
  articlesSubtotal: number;
  shippingCost: number;
  discount: number;
  giftCardAmount: number;
  balanceAmount: number;
  total: number;
  createdAt: string;
  paidAt: string | null;
  lines: { id: number; articleId: number; name: string; qty: number; unitPrice: number; totalPrice: number }[];
  events: { state: string; at: string }[];
  payments: { id: number; provider: string; method: string; state: string; amount: number; refundedAmount: number; pspReference: string | null; createdAt: string }[];
  documents: { id: number; docType: string; code: string; total: number; issuedAt: string }[];
  refunds: { id: number; amount: number; method: string; state: string; reason: string; createdAt: string }[];
  returns: { id: number; state: string; refundAmount: number; createdAt: string }[];
  cases: { id: number; state: string; subject: string; updatedAt: string }[];
  /** What staff may do now (worker/admin/events.ts). */
  allowedEvents: StaffOrderEvent[];
  cancellable: boolean;
}

/** One order with everything that happened to it, or undefined. */
export async function adminOrder(db: Db, orderNumber: string): Promise<AdminOrder | undefined> {
  const [[order], lines, events, paid, docs, refundRows, returnRows, caseRows] = await db.batch([
    db.select({ order: orders, email: users.email }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.orderNumber, orderNumber)),
    db.select().from(orderLines).where(eq(orderLines.orderNumber, orderNumber)).orderBy(asc(orderLines.id)),
    db.select({ state: orderEvents.state, at: orderEvents.at }).from(orderEvents).where(eq(orderEvents.orderNumber, orderNumber)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db
      .select()
      .from(payments)
      .where(inArray(payments.reference, db.select({ reference: paymentOrders.reference }).from(paymentOrders).where(eq(paymentOrders.orderNumber, orderNumber))))
      .orderBy(asc(payments.attempt)),
    db.select({ id: documents.id, docType: documents.docType, code: documents.code, total: documents.total, issuedAt: documents.issuedAt }).from(documents).where(eq(documents.orderNumber, orderNumber)).orderBy(asc(documents.issuedAt), asc(documents.id)),
    db.select().from(refunds).where(eq(refunds.orderNumber, orderNumber)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
    db.select({ id: returns.id, state: returns.state, refundAmount: returns.refundAmount, createdAt: returns.createdAt }).from(returns).where(eq(returns.orderNumber, orderNumber)).orderBy(asc(returns.createdAt)),
    db.select({ id: afterSalesCases.id, state: afterSalesCases.state, subject: afterSalesCases.subject, updatedAt: afterSalesCases.updatedAt }).from(afterSalesCases).where(eq(afterSalesCases.orderNumber, orderNumber)).orderBy(asc(afterSalesCases.createdAt)),
  ]);
  if (!order) return undefined;
  const o = order.order;
  const state = o.state as OrderState;
  return {
    orderNumber: o.orderNumber,
    channel: o.channel,
    language: o.language,
    state,
    email: order.email,
    userId: o.userId,
    paymentMethod: o.paymentMethod,
    shippingType: o.shippingType,
    destination: destinationLine(o.shippingAddress),
    trackingNumber: o.trackingNumber,
    articlesSubtotal: o.articlesSubtotal,
    shippingCost: o.shippingCost,
    discount: o.discount,
    giftCardAmount: o.giftCardAmount,
    balanceAmount: o.balanceAmount,
    total: o.total,
    createdAt: iso(o.createdAt),
    paidAt: o.paidAt === null ? null : iso(o.paidAt),
    lines: lines.map((l) => ({ id: l.id, articleId: l.articleId, name: l.name, qty: l.qty, unitPrice: l.unitPrice, totalPrice: l.totalPrice })),
    events: events.map((e) => ({ state: e.state, at: iso(e.at) })),
    payments: paid.map((p) => ({ id: p.id, provider: p.provider, method: p.method, state: p.state, amount: p.amount, refundedAmount: p.refundedAmount, pspReference: p.pspReference, createdAt: iso(p.createdAt) })),
    documents: docs.map((d) => ({ ...d, issuedAt: iso(d.issuedAt) })),
    refunds: refundRows.map((r) => ({ id: r.id, amount: r.amount, method: r.method, state: r.state, reason: r.reason, createdAt: iso(r.createdAt) })),
    returns: returnRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    cases: caseRows.map((c) => ({ ...c, updatedAt: iso(c.updatedAt) })),
    allowedEvents: allowedStaffEvents({ state, paymentMethod: o.paymentMethod, shippingType: o.shippingType }),
    cancellable: staffMayCancel(state),
  };
}

export interface AdminReturnRow {
  id: number;
  orderNumber: string;
  email: string;
  state: string;
  reason: string;
  refundMethod: string;
  refundAmount: number;
  createdAt: string;
}

const returnColumns = {
  id: returns.id,
  orderNumber: returns.orderNumber,
  email: users.email,
  state: returns.state,
  reason: returns.reason,
  refundMethod: returns.refundMethod,
  refundAmount: returns.refundAmount,
  createdAt: returns.createdAt,
};

/** Returns, oldest first among those to handle (first asked, first served), or of one state. */
export async function returnsQueue(db: Db, filters: { state?: string; page: number; pageSize: number }) {
  const where = filters.state ? eq(returns.state, filters.state) : inArray(returns.state, [...RETURN_STATES_TO_HANDLE]);
  const [rows, [total]] = await db.batch([
    db.select(returnColumns).from(returns).innerJoin(users, eq(users.id, returns.userId)).where(where).orderBy(asc(returns.createdAt), asc(returns.id)).limit(filters.pageSize).offset(offsetOf(filters.page, filters.pageSize)),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  return { returns: rows.map((r): AdminReturnRow => ({ ...r, createdAt: iso(r.createdAt) })), total: total?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

export interface AdminReturn extends AdminReturnRow {
  comment: string;
  origin: string;
  requestedBy: string | null;
  labelCode: string;
  updatedAt: string;
  lines: { orderLineId: number; articleId: number; name: string; qty: number; amount: number }[];
}

export async function adminReturn(db: Db, id: number): Promise<AdminReturn | undefined> {
  const [[row], lines] = await db.batch([
    db
      .select({ ...returnColumns, comment: returns.comment, origin: returns.origin, requestedBy: returns.requestedBy, labelCode: returns.labelCode, updatedAt: returns.updatedAt })
      .from(returns)
      .innerJoin(users, eq(users.id, returns.userId))
      .where(eq(returns.id, id)),
    db
      .select({ orderLineId: returnLines.orderLineId, articleId: returnLines.articleId, name: orderLines.name, qty: returnLines.qty, amount: returnLines.amount })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(eq(returnLines.returnId, id))
      .orderBy(asc(returnLines.id)),
  ]);
  if (!row) return undefined;
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), lines };
}

export interface AdminCaseRow {
  id: number;
  orderNumber: string;
  email: string;
  kind: string;
  state: string;
  subject: string;
  updatedAt: string;
}

const caseColumns = {
  id: afterSalesCases.id,
  orderNumber: afterSalesCases.orderNumber,
  email: users.email,
  kind: afterSalesCases.kind,
  state: afterSalesCases.state,
  subject: afterSalesCases.subject,
  updatedAt: afterSalesCases.updatedAt,
};

/** Cases, the longest waiting first among the open ones, or of one state. */
export async function casesQueue(db: Db, filters: { state?: string; page: number; pageSize: number }) {
  const where = filters.state ? eq(afterSalesCases.state, filters.state) : notInArray(afterSalesCases.state, [...CASE_STATES_CLOSED]);
  const [rows, [total]] = await db.batch([
    db.select(caseColumns).from(afterSalesCases).innerJoin(users, eq(users.id, afterSalesCases.userId)).where(where).orderBy(asc(afterSalesCases.updatedAt), asc(afterSalesCases.id)).limit(filters.pageSize).offset(offsetOf(filters.page, filters.pageSize)),
    db.select({ n: count() }).from(afterSalesCases).where(where),
  ]);
  return { cases: rows.map((r): AdminCaseRow => ({ ...r, updatedAt: iso(r.updatedAt) })), total: total?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

export interface AdminCase extends AdminCaseRow {
  orderLineId: number;
  lineName: string | null;
  createdAt: string;
  messages: { id: number; author: 'customer' | 'staff'; body: string; at: string }[];
}

export async function adminCase(db: Db, id: number): Promise<AdminCase | undefined> {
  const [[row], messages] = await db.batch([
    db
      .select({ ...caseColumns, orderLineId: afterSalesCases.orderLineId, lineName: orderLines.name, createdAt: afterSalesCases.createdAt })
      .from(afterSalesCases)
      .innerJoin(users, eq(users.id, afterSalesCases.userId))
      .leftJoin(orderLines, eq(orderLines.id, afterSalesCases.orderLineId))
      .where(eq(afterSalesCases.id, id)),
    db.select({ id: afterSalesMessages.id, author: afterSalesMessages.author, body: afterSalesMessages.body, at: afterSalesMessages.at }).from(afterSalesMessages).where(eq(afterSalesMessages.caseId, id)).orderBy(asc(afterSalesMessages.at), asc(afterSalesMessages.id)),
  ]);
  if (!row) return undefined;
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), messages: messages.map((m) => ({ ...m, at: iso(m.at) })) };
}
