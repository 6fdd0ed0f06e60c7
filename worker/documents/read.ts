/** Reading a customer's documents: the account screens, the API and the PDF download. */
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents, refunds } from '../db/schema';
import { model347, type Model347 } from '../domain/documents/model347';
import { localDate } from '../domain/documents/numbering';
import { DOCUMENT_TYPES, type DocumentType } from '../domain/documents/rules';
import { appError } from '../http/errors';
import type { DocumentRow } from './issue';

export interface DocumentSummary {
  id: number;
  docType: DocumentType;
  code: string;
  orderNumber: string;
  year: number;
  issuedAt: string;
  total: number;
  currency: string;
  /** The code of the document a credit note rectifies. */
  rectifies: string | null;
  /** The return a credit note comes from (its refund's return), if any. */
  returnId: number | null;
}

/** Every document of the user, newest first, with what credit notes rectify and which return caused them. */
export async function userDocuments(db: Db, userId: number): Promise<DocumentSummary[]> {
  const [rows, refundRows] = await db.batch([
    db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.issuedAt), desc(documents.id)),
    db.select({ id: refunds.id, returnId: refunds.returnId }).from(refunds).where(eq(refunds.userId, userId)),
  ]);
  const codes = new Map(rows.map((r) => [r.id, r.code]));
  const returnOf = new Map(refundRows.map((r) => [r.id, r.returnId]));
  return rows.map((r) => ({
    id: r.id,
    docType: r.docType as DocumentType,
    code: r.code,
    orderNumber: r.orderNumber,
    year: r.year,
    issuedAt: new Date(r.issuedAt).toISOString(),
    total: r.total,
    currency: r.currency,
    rectifies: r.rectifiesId === null ? null : (codes.get(r.rectifiesId) ?? null),
    returnId: r.refundId === null ? null : (returnOf.get(r.refundId) ?? null),
  }));
}

/** One of the user's documents; another user's or none → invoiceNotFound (5101). */
export async function userDocument(db: Db, userId: number, id: number): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(and(eq(documents.id, id), eq(documents.userId, userId)));
  if (!row) throw appError('invoiceNotFound');
  return row;
}

export const isDocumentType = (value: string): value is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(value);

/**
 * The document the download address names: of the user's order, of that type; `id` picks one
 * when there are several (credit notes), else the newest. Undefined when there is none.
 */
export async function downloadableDocument(db: Db, userId: number, orderNumber: string, type: string, id?: number): Promise<{ document: DocumentRow; rectifiedCode?: string } | undefined> {
  if (!isDocumentType(type)) return undefined;
  const conditions = [eq(documents.userId, userId), eq(documents.orderNumber, orderNumber), eq(documents.docType, type)];
  if (id !== undefined) conditions.push(eq(documents.id, id));
  const [row] = await db.select().from(documents).where(and(...conditions)).orderBy(desc(documents.id)).limit(1);
  if (!row) return undefined;
  if (row.rectifiesId === null) return { document: row };
  const [rectified] = await db.select({ code: documents.code }).from(documents).where(eq(documents.id, row.rectifiesId));
  return { document: row, rectifiedCode: rectified?.code };
}

/**
 * Model 347 for a customer and year: Ampora's own Spanish documents (invoices, tickets and their
 * credit notes; a marketplace seller declares its own), by the quarter of their Madrid date.
 */
export async function userModel347(db: Db, userId: number, year: number): Promise<Model347> {
  // A day either side of the UTC year covers every Madrid date of it; the exact year is checked below.
  const from = Date.UTC(year, 0, 1) - 86_400_000;
  const to = Date.UTC(year + 1, 0, 1) + 86_400_000;
  const rows = await db
    .select({ issuedAt: documents.issuedAt, total: documents.total, series: documents.series })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.channel, 'ES'), inArray(documents.docType, ['invoice', 'ticket', 'passiveSubject', 'corrective']), gte(documents.issuedAt, from), lt(documents.issuedAt, to)));
  const ofYear = rows
    .filter((r) => !r.series.startsWith('RM'))
    .map((r) => ({ ...localDate('ES', new Date(r.issuedAt)), total: r.total }))
    .filter((r) => r.year === year);
  return model347(year, ofYear);
}
