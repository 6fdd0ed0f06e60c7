/**
 * Issuing tax documents (docs/invoicing.md, docs/after-sales.md "Documents"). A document is
 * never edited: invoices, simplified tickets and the marketplace seller's invoices are issued
 * once per order when it is paid; a refund issues a credit note that rectifies it; a ticket that
 * becomes nominative is cancelled by a corrective and replaced by an invoice.
 *
 * Numbering and the hash chain come from one conditional INSERT … SELECT: the number is the
 * series' last of the year + 1 and the row goes in only while the series' last hash is the one
 * this record was chained to, and while the order (or refund) has no such document yet. Two
 * issuers racing on a series: one inserts, the other finds the series moved on, reads it again
 * and retries; the unique index (channel, series, year, number) refuses a duplicate whatever
 * happens. So numbers are unbroken, the chain has no fork, and a retried call issues nothing twice.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ChannelId } from '../channel/channels';
import type { Db } from '../db/client';
import { documents, orderLines, orders, sellers } from '../db/schema';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { chainHash, issueDateText, zonedTimestamp } from '../domain/documents/chain';
import { documentCode, localDate } from '../domain/documents/numbering';
import { atcud } from '../domain/documents/portugal';
import {
  AMPORA,
  ORDER_DOCUMENT_TYPES,
  SHOP_SALES_ARE_RETAIL_CASE,
  VAT_RATES,
  ptValidationCode,
  seriesFor,
  spanishTypeCode,
  ticketAllowed,
  type DocumentType,
} from '../domain/documents/rules';
import { breakdownTotals, vatBreakdown } from '../domain/documents/vat';
import { reverseChargeLines } from '../domain/documents/exemption';
import { reverseChargeCertificate } from '../tax-certificates/certificates';
import { addressLine, addressPartsOf } from '../domain/identity/address-format';
import { appError } from '../http/errors';

export type DocumentRow = typeof documents.$inferSelect;

/** A printed line. `kind` says what it is, so the PDF names shipping and discounts in the reader's language. */
export interface DocumentLine {
  kind: 'article' | 'shipping' | 'discount' | 'refund' | 'adjustment';
  name: string;
  qty: number;
  /** Cents, VAT included. */
  unitPrice: number;
  total: number;
  /** Basis points. */
  rate: number;
  orderLineId?: number;
  articleId?: number;
}

export interface DocumentParty {
  name: string;
  taxId: string;
  address: string;
  country: string;
  /** The seller's id (0 = Ampora) on the seller side. */
  sellerId?: number;
  /** On the buyer side of a reverse-charge document: the tax-exemption certificate that made it one. */
  certificateId?: number;
}

/** What the document says, before it gets its number and hash. */
interface Draft {
  channel: ChannelId;
  docType: DocumentType;
  series: string;
  /** The Verifactu type code the chain record carries (F1, F2, R1, R5). */
  typeCode: string;
  orderNumber: string;
  userId: number;
  rectifiesId: number | null;
  refundId: number | null;
  language: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  lines: DocumentLine[];
}

/** Retries of a conditional insert that lost a race on its series; each round at least one issuer wins. */
const MAX_ATTEMPTS = 60;

export const asChannel = (channel: string): ChannelId => (channel in VAT_RATES ? (channel as ChannelId) : 'ES');

/**
 * Inserts the draft as the next document of its series, unless `guard` (an SQL condition that
 * is true while the document is still missing) has become false: then `existing` finds it.
 */
async function insertChained(db: Db, draft: Draft, now: Date, guard: SQL, existing: () => Promise<DocumentRow | undefined>): Promise<DocumentRow> {
  const date = localDate(draft.channel, now);
  const year = date.year;
  const breakdown = vatBreakdown(draft.lines);
  const totals = breakdownTotals(breakdown);
  const generatedAt = zonedTimestamp(now, CHANNEL_TIME_ZONES[draft.channel]);
  const sameSeries = and(eq(documents.channel, draft.channel), eq(documents.series, draft.series));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [[last], [ofYear]] = await db.batch([
      db.select({ hash: documents.hash }).from(documents).where(sameSeries).orderBy(desc(documents.id)).limit(1),
      db.select({ number: sql<number | null>`max(${documents.number})` }).from(documents).where(and(sameSeries, eq(documents.year, year))),
    ]);
    const previousHash = last?.hash ?? '';
    const number = (ofYear?.number ?? 0) + 1;
    const code = documentCode(draft.channel, draft.series, year, number);
    const hash = await chainHash({ issuerTaxId: draft.seller.taxId, code, issueDate: issueDateText(date), typeCode: draft.typeCode, vat: totals.vat, total: totals.total, previousHash, generatedAt });
    const documentAtcud = draft.channel === 'PT' ? atcud(ptValidationCode(draft.series), number) : null;
    const json = (value: unknown) => JSON.stringify(value);
    const nextOfYear = sql`(SELECT coalesce(max(number), 0) + 1 FROM documents WHERE channel = ${draft.channel} AND series = ${draft.series} AND year = ${year})`;
    try {
      const result = await db.run(sql`
        INSERT INTO documents (channel, doc_type, series, year, number, code, order_number, user_id, rectifies_id, refund_id, language, currency,
          seller, buyer, lines, vat_breakdown, taxable_total, vat_total, total, previous_hash, hash, atcud, issued_at)
        SELECT ${draft.channel}, ${draft.docType}, ${draft.series}, ${year}, ${nextOfYear}, ${code}, ${draft.orderNumber}, ${draft.userId}, ${draft.rectifiesId}, ${draft.refundId},
          ${draft.language}, 'EUR', ${json(draft.seller)}, ${json(draft.buyer)}, ${json(draft.lines)}, ${json(breakdown)}, ${totals.base}, ${totals.vat}, ${totals.total},
          ${previousHash}, ${hash}, ${documentAtcud}, ${now.getTime()}
        WHERE ${nextOfYear} = ${number}
          AND coalesce((SELECT hash FROM documents WHERE channel = ${draft.channel} AND series = ${draft.series} ORDER BY id DESC LIMIT 1), '') = ${previousHash}
          AND ${guard}`);
      if ((result.meta?.changes ?? 0) === 1) {
        const [row] = await db.select().from(documents).where(and(sameSeries, eq(documents.year, year), eq(documents.number, number)));
        return row!;
      }
    } catch (error) {
      // The unique index refused the number (a concurrent insert took it): read the series again.
      if (!/UNIQUE constraint failed/i.test(String(error))) throw error;
    }
    const found = await existing();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10)));
  }
  throw new Error(`Could not number a document in series ${draft.channel}-${draft.series} after ${MAX_ATTEMPTS} attempts`);
}

/** The document an order stands on now: its invoice (or the seller's), else its simplified ticket. */
export async function currentOrderDocument(db: Db, orderNumber: string): Promise<DocumentRow | undefined> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.orderNumber, orderNumber), inArray(documents.docType, [...ORDER_DOCUMENT_TYPES])))
    .orderBy(desc(documents.id));
  return rows.find((r) => r.docType !== 'ticket') ?? rows[0];
}

const text = (address: Record<string, unknown> | null | undefined, key: string) => (typeof address?.[key] === 'string' ? (address[key] as string).trim() : '');

/** The buyer printed: the billing address (name or company, tax id, address), else the shipping name alone. */
export function buyerOf(billing: Record<string, unknown> | null, shipping: Record<string, unknown>): DocumentParty {
  if (billing) {
    const person = `${text(billing, 'name')} ${text(billing, 'surname')}`.trim();
    const company = text(billing, 'billingType') === 'company' ? text(billing, 'companyName') : '';
    return { name: company || person, taxId: text(billing, 'nif'), address: addressLine(addressPartsOf(billing)), country: text(billing, 'countryIso') };
  }
  const who = shipping.whoPicksUp as { name?: unknown } | undefined;
  const name = shipping.kind === 'shop' ? (typeof who?.name === 'string' ? who.name : '') : `${text(shipping, 'name')} ${text(shipping, 'surname')}`.trim();
  return { name, taxId: '', address: '', country: text(shipping, 'countryIso') };
}

/** The order's lines as printed: articles, shipping and the discount, VAT included, at the channel's rate. */
export function orderDocumentLines(order: typeof orders.$inferSelect, lines: (typeof orderLines.$inferSelect)[]): DocumentLine[] {
  const rate = VAT_RATES[asChannel(order.channel)];
  const printed: DocumentLine[] = lines.map((l) => ({ kind: 'article', name: l.name, qty: l.qty, unitPrice: l.unitPrice, total: l.totalPrice, rate, orderLineId: l.id, articleId: l.articleId }));
  if (order.shippingCost > 0) printed.push({ kind: 'shipping', name: '', qty: 1, unitPrice: order.shippingCost, total: order.shippingCost, rate });
  // Gift cards and balance are ways of paying, not discounts; the solidary donation is no sale.
  if (order.discount > 0) printed.push({ kind: 'discount', name: '', qty: 1, unitPrice: -order.discount, total: -order.discount, rate });
  return printed;
}

/** Who sells the order: the marketplace seller for its orders, Ampora of the order's channel otherwise. */
export async function orderSeller(db: Db, order: typeof orders.$inferSelect): Promise<DocumentParty> {
  const channel = asChannel(order.channel);
  if (order.sellerKind !== 'marketplace') return { ...AMPORA[channel], sellerId: 0 };
  const [shop] = await db.select().from(sellers).where(eq(sellers.id, order.sellerId));
  return { name: shop?.name ?? '', taxId: shop?.taxId ?? '', address: '', country: shop?.country ?? channel, sellerId: order.sellerId };
}

const orderDocumentGuard = (orderNumber: string) =>
  sql`NOT EXISTS (SELECT 1 FROM documents WHERE order_number = ${orderNumber} AND doc_type IN ('invoice', 'ticket', 'marketplace', 'passiveSubject'))`;

/**
 * Issues the order's document once it is paid (`paid_at` set): the seller's own document for a
 * marketplace order, a simplified ticket when Spain's rules allow one, an invoice otherwise —
 * a reverse-charge one (`passiveSubject`, 0 % VAT on the amounts paid, the buyer's certificate
 * kept in `buyer.certificateId`) when a validated certificate covers the billing address now
 * (worker/domain/documents/exemption.ts).
 * Idempotent: an order that has one gets it back; an unpaid or unknown order gets undefined.
 */
export async function ensureOrderDocument(db: Db, orderNumber: string, now: Date): Promise<DocumentRow | undefined> {
  const existing = await currentOrderDocument(db, orderNumber);
  if (existing) return existing;
  const [[order], lines] = await db.batch([
    db.select().from(orders).where(eq(orders.orderNumber, orderNumber)),
    db.select().from(orderLines).where(eq(orderLines.orderNumber, orderNumber)).orderBy(orderLines.id),
  ]);
  if (!order || order.paidAt === null) return undefined;
  const channel = asChannel(order.channel);
  const printed = orderDocumentLines(order, lines);
  const buyer = buyerOf(order.billingAddress, order.shippingAddress);
  const total = printed.reduce((sum, l) => sum + l.total, 0);
  const seller = await orderSeller(db, order);
  let docType: DocumentType =
    order.sellerKind === 'marketplace'
      ? 'marketplace'
      : ticketAllowed({ channel, frontOrder: order.frontOrder, total, buyerTaxId: buyer.taxId !== '', retail: SHOP_SALES_ARE_RETAIL_CASE })
        ? 'ticket'
        : 'invoice';
  const certificate = docType === 'invoice' ? await reverseChargeCertificate(db, { ...order, channel }, now) : null;
  if (certificate) docType = 'passiveSubject';
  const draft: Draft = {
    channel,
    docType,
    series: seriesFor(docType, order.sellerKind === 'marketplace' ? order.sellerId : 0),
    typeCode: spanishTypeCode(docType),
    orderNumber,
    userId: order.userId,
    rectifiesId: null,
    refundId: null,
    language: order.language,
    seller,
    buyer: certificate ? { ...buyer, certificateId: certificate.id } : buyer,
    lines: certificate ? reverseChargeLines(printed) : printed,
  };
  return insertChained(db, draft, now, orderDocumentGuard(orderNumber), () => currentOrderDocument(db, orderNumber));
}

function correctiveDraft(original: DocumentRow, lines: DocumentLine[], refundId: number | null): Draft {
  const sellerId = original.docType === 'marketplace' ? Number((original.seller as unknown as DocumentParty).sellerId ?? 0) : 0;
  return {
    channel: asChannel(original.channel),
    docType: 'corrective',
    series: seriesFor('corrective', sellerId),
    typeCode: spanishTypeCode('corrective', original.docType === 'ticket'),
    orderNumber: original.orderNumber,
    userId: original.userId,
    rectifiesId: original.id,
    refundId,
    language: original.language,
    seller: original.seller as unknown as DocumentParty,
    buyer: original.buyer as unknown as DocumentParty,
    lines,
  };
}

/**
 * The credit note of a refund: it rectifies the order's document with negative amounts. With
 * `lines`, the returned units are printed at the prices of the invoice (an amount that differs
 * from them, such as shipping refunded too, is one more line); without, one line of the amount.
 * Idempotent per refund: the same refund always gets the same credit note.
 */
export async function issueCreditNote(
  db: Db,
  input: { orderNumber: string; refundId: number; amount: number; lines?: { orderLineId: number; qty: number }[]; now: Date },
): Promise<DocumentRow> {
  const byRefund = async () => (await db.select().from(documents).where(and(eq(documents.refundId, input.refundId), eq(documents.docType, 'corrective'))).limit(1))[0];
  const existing = await byRefund();
  if (existing) return existing;
  const target = await documentedOrderOf(db, input.orderNumber, input.refundId);
  if (target === null) {
    // The difference refunded when a change cost less: the old order's document, cancelled whole, covers it.
    const cancelled = await cancelReplacedOrderDocument(db, input.orderNumber, input.now);
    if (!cancelled) throw appError('invoiceNotFound');
    return cancelled;
  }
  const original = await ensureOrderDocument(db, target, input.now);
  if (!original) throw appError('invoiceNotFound');
  const invoiced = original.lines as unknown as DocumentLine[];
  const rate = invoiced.find((l) => l.kind === 'article')?.rate ?? VAT_RATES[asChannel(original.channel)];
  const printed: DocumentLine[] = [];
  for (const returned of input.lines ?? []) {
    const line = invoiced.find((l) => l.kind === 'article' && l.orderLineId === returned.orderLineId);
    if (!line || returned.qty > line.qty) throw appError('articleNotInInvoice');
    printed.push({ ...line, qty: returned.qty, unitPrice: -line.unitPrice, total: -line.unitPrice * returned.qty });
  }
  const rest = -input.amount - printed.reduce((sum, l) => sum + l.total, 0);
  if (rest !== 0 || printed.length === 0) printed.push({ kind: printed.length === 0 ? 'refund' : 'adjustment', name: '', qty: 1, unitPrice: rest, total: rest, rate });
  const guard = sql`NOT EXISTS (SELECT 1 FROM documents WHERE refund_id = ${input.refundId} AND doc_type = 'corrective')`;
  return insertChained(db, correctiveDraft(original, printed, input.refundId), input.now, guard, byRefund);
}

/**
 * A simplified ticket becomes a nominative invoice: a corrective cancels the whole ticket and an
 * invoice with the buyer of `billing` replaces it. Only a ticket nothing has rectified yet
 * (documentNotConvertible), and only for a billing address with a tax id (nominativeNeedsTaxId).
 * Each step is idempotent, so a call cut between them completes when asked again.
 */
/**
 * Whose document a refund rectifies. A refund is made on the order the money was paid for, but
 * when that order was replaced by a change (spec §7 cart modifier) its invoice is cancelled whole
 * and the money is invoiced on the replacement: a later refund (cancelling or returning the
 * replacement) rectifies the newest order of the chain; the difference refunded by the change
 * itself (reason 'change') rectifies nothing new (null).
 */
async function documentedOrderOf(db: Db, orderNumber: string, refundId: number): Promise<string | null> {
  const next = (number: string) => db.$client.prepare('SELECT order_number FROM orders WHERE replaces_order_number = ? LIMIT 1').bind(number).first<string>('order_number');
  let current = orderNumber;
  let replacement = await next(current);
  if (replacement === null) return current;
  const reason = await db.$client.prepare('SELECT reason FROM refunds WHERE id = ?').bind(refundId).first<string>('reason');
  if (reason === 'change') return null;
  for (let depth = 0; replacement !== null && depth < MAX_CHANGES; depth++) {
    current = replacement;
    replacement = await next(current);
  }
  return current;
}

/** Changes of changes followed to find the order that holds the money (a bound on a loop over data). */
const MAX_CHANGES = 20;

/** The corrective that cancels `original` whole (no refund behind it), issued once. */
async function cancellingCorrective(db: Db, original: DocumentRow, now: Date): Promise<DocumentRow> {
  const cancelling = (original.lines as unknown as DocumentLine[]).map((l) => ({ ...l, unitPrice: -l.unitPrice, total: -l.total }));
  const guard = sql`NOT EXISTS (SELECT 1 FROM documents WHERE rectifies_id = ${original.id} AND doc_type = 'corrective' AND refund_id IS NULL)`;
  const cancellingOf = async () =>
    (await db.select().from(documents).where(and(eq(documents.rectifiesId, original.id), eq(documents.docType, 'corrective'), isNull(documents.refundId))).limit(1))[0];
  return insertChained(db, correctiveDraft(original, cancelling, null), now, guard, cancellingOf);
}

/**
 * An order another one replaced (a change, spec §7 cart modifier): its money now pays the new
 * order, which gets its own invoice, so the old order's document is cancelled whole. Issued once;
 * nothing when the old order was never paid. A refund of the difference afterwards is covered by
 * this corrective (issueCreditNote answers it), so the money is never invoiced twice.
 */
export async function cancelReplacedOrderDocument(db: Db, orderNumber: string, now: Date): Promise<DocumentRow | undefined> {
  const original = await ensureOrderDocument(db, orderNumber, now);
  if (!original) return undefined;
  const rectifying = await db.select().from(documents).where(and(eq(documents.rectifiesId, original.id), eq(documents.docType, 'corrective')));
  const refunded = rectifying.reduce((sum, d) => sum + (d.refundId !== null ? d.total : 0), 0);
  // Refunds already credited part of it: cancel only what is left (amounts are negative on correctives).
  if (refunded === 0) return cancellingCorrective(db, original, now);
  const left = original.total + refunded;
  if (left <= 0) return undefined;
  const rate = (original.lines as unknown as DocumentLine[]).find((l) => l.kind === 'article')?.rate ?? VAT_RATES[asChannel(original.channel)];
  const guard = sql`NOT EXISTS (SELECT 1 FROM documents WHERE rectifies_id = ${original.id} AND doc_type = 'corrective' AND refund_id IS NULL)`;
  const cancellingOf = async () =>
    (await db.select().from(documents).where(and(eq(documents.rectifiesId, original.id), eq(documents.docType, 'corrective'), isNull(documents.refundId))).limit(1))[0];
  return insertChained(db, correctiveDraft(original, [{ kind: 'adjustment', name: '', qty: 1, unitPrice: -left, total: -left, rate }], null), now, guard, cancellingOf);
}

export async function convertToNominative(db: Db, input: { orderNumber: string; billing: Record<string, unknown>; now: Date }): Promise<DocumentRow> {
  const current = await currentOrderDocument(db, input.orderNumber);
  if (!current || current.docType !== 'ticket') throw appError('documentNotConvertible');
  const buyer = buyerOf(input.billing, {});
  if (!buyer.taxId) throw appError('nominativeNeedsTaxId');
  const rectifying = await db.select().from(documents).where(and(eq(documents.rectifiesId, current.id), eq(documents.docType, 'corrective')));
  if (rectifying.some((d) => d.refundId !== null)) throw appError('documentNotConvertible');
  const ticketLines = current.lines as unknown as DocumentLine[];
  if (rectifying.length === 0) await cancellingCorrective(db, current, input.now);
  const invoiceOf = async () =>
    (await db.select().from(documents).where(and(eq(documents.orderNumber, input.orderNumber), eq(documents.docType, 'invoice'))).limit(1))[0];
  const draft: Draft = {
    channel: asChannel(current.channel),
    docType: 'invoice',
    series: seriesFor('invoice'),
    typeCode: spanishTypeCode('invoice'),
    orderNumber: current.orderNumber,
    userId: current.userId,
    rectifiesId: null,
    refundId: null,
    language: current.language,
    seller: current.seller as unknown as DocumentParty,
    buyer,
    lines: ticketLines,
  };
  const guard = sql`NOT EXISTS (SELECT 1 FROM documents WHERE order_number = ${input.orderNumber} AND doc_type = 'invoice')`;
  return insertChained(db, draft, input.now, guard, invoiceOf);
}

/** How many orders one sweep looks at: a lost call after payment is rare, and the next sweep takes the rest. */
export const SWEEP_BATCH = 50;

/**
 * The scheduled sweep: issues the document of paid orders that have none (the call after the
 * payment was lost). Returns how many it issued.
 */
export async function issueMissingDocuments(db: Db, now: Date): Promise<number> {
  const missing = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), sql`NOT EXISTS (SELECT 1 FROM documents d WHERE d.order_number = ${orders.orderNumber} AND d.doc_type IN ('invoice', 'ticket', 'marketplace', 'passiveSubject'))`))
    .limit(SWEEP_BATCH);
  let issued = 0;
  for (const { orderNumber } of missing) {
    try {
      if (await ensureOrderDocument(db, orderNumber, now)) issued++;
    } catch (error) {
      console.error(`documents: could not issue the document of order ${orderNumber}`, error);
    }
  }
  return issued;
}
