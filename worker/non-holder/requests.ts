/**
 * Returns asked by someone who is not the invoice holder (spec §2 /rma-no-titular, §6): the
 * person who has the goods names the invoice (its printed code) and the article; the holder —
 * the order's owner — gets an e-mailed link and authorises or refuses. An authorised request
 * becomes an ordinary return of the holder's (`createReturn`, origin 'non_holder'): the refund
 * is the holder's, never the requester's.
 *
 * What a caller learns about an invoice that is not theirs is only what the spec's codes say
 * (5101 no such invoice, 1819 another store's, 1818 not on it); the holder's name, address and
 * the prices are never shown to the requester.
 */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { documents, orderLines, orders, returnAuthorizations, users } from '../db/schema';
import { appError } from '../http/errors';
import { randomToken, sha256 } from '../identity/crypto';
import type { AfterSalesDeps } from '../refunds/deps';
import { createReturn, returnableOrder } from '../returns/returns';
import { AUTHORIZATION_TTL_MS, authorizationStatus, isReturnableDocument, LINK_SECRET_PATTERN, type AuthorizationStatus } from './rules';

export type AuthorizationRow = typeof returnAuthorizations.$inferSelect;

export interface InvoiceArticle {
  document: { id: number; code: string; channel: string; orderNumber: string };
  /** The order's owner: the invoice holder. */
  holderUserId: number;
  line: { id: number; articleId: number; name: string; qty: number };
}

/**
 * The invoice with this printed code and the article's line on it, in the spec's order of
 * answers: no such sale document → 5101; one of another store (channel) → 1819; the article is
 * not on it → 1818.
 */
export async function invoiceArticle(db: Db, channelId: string, invoiceCode: string, articleId: number): Promise<InvoiceArticle> {
  const found = await db
    .select({ id: documents.id, code: documents.code, channel: documents.channel, orderNumber: documents.orderNumber, docType: documents.docType, holderUserId: orders.userId })
    .from(documents)
    .innerJoin(orders, eq(orders.orderNumber, documents.orderNumber))
    .where(eq(documents.code, invoiceCode))
    .orderBy(desc(documents.id));
  const document = found.find((row) => isReturnableDocument(row.docType));
  if (!document) throw appError('invoiceNotFound');
  if (document.channel !== channelId) throw appError('articleNotInChannel');
  const [line] = await db
    .select({ id: orderLines.id, articleId: orderLines.articleId, name: orderLines.name, qty: orderLines.qty })
    .from(orderLines)
    .where(and(eq(orderLines.orderNumber, document.orderNumber), eq(orderLines.articleId, articleId)))
    .limit(1);
  if (!line) throw appError('articleNotInInvoice');
  return { document: { id: document.id, code: document.code, channel: document.channel, orderNumber: document.orderNumber }, holderUserId: document.holderUserId, line };
}

export interface InvoiceItems {
  invoice: string;
  items: { article: number; name: string; qty: number }[];
}

/**
 * The items of an invoice, for the person who has it in hand: the code and the printed total
 * (VAT included) together show that. A wrong total answers exactly like an unknown invoice
 * (5101), so the codes, which run in sequence, do not open anyone's purchases; another store's
 * invoice is 1819, and the holder's own is ownInvoice. Names and units only, never prices.
 */
export async function invoiceItems(db: Db, input: { userId: number; channelId: string; invoice: string; totalCents: number }): Promise<InvoiceItems> {
  const found = await db
    .select({ id: documents.id, code: documents.code, channel: documents.channel, orderNumber: documents.orderNumber, docType: documents.docType, total: documents.total, holderUserId: orders.userId })
    .from(documents)
    .innerJoin(orders, eq(orders.orderNumber, documents.orderNumber))
    .where(eq(documents.code, input.invoice))
    .orderBy(desc(documents.id));
  const document = found.find((row) => isReturnableDocument(row.docType));
  if (!document || document.total !== input.totalCents) throw appError('invoiceNotFound');
  if (document.channel !== input.channelId) throw appError('articleNotInChannel');
  if (document.holderUserId === input.userId) throw appError('ownInvoice');
  const lines = await db
    .select({ article: orderLines.articleId, name: orderLines.name, qty: orderLines.qty })
    .from(orderLines)
    .where(eq(orderLines.orderNumber, document.orderNumber))
    .orderBy(orderLines.id);
  return { invoice: document.code, items: lines };
}

export interface NewRequest {
  authorization: AuthorizationRow;
  /** The secret of the holder's link (only its SHA-256 is stored). */
  token: string;
  holder: { email: string; language: string };
  found: InvoiceArticle;
}

/**
 * Records a request and returns the holder's link secret. One open request per requester,
 * invoice and article: the insert itself refuses a second while the first is pending and
 * unexpired (two racing requests give one row), so the holder is not flooded with e-mails.
 */
export async function requestNonHolderReturn(
  db: Db,
  input: { requesterUserId: number; channelId: string; invoice: string; articleId: number; qty: number; reason: string; now: Date },
): Promise<NewRequest> {
  const found = await invoiceArticle(db, input.channelId, input.invoice, input.articleId);
  if (found.holderUserId === input.requesterUserId) throw appError('ownInvoice');
  // The return's own rules, checked now so the holder is not asked about a return that cannot happen
  // (they are checked again when the holder authorises).
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, found.document.orderNumber));
  const returnable = await returnableOrder(db, order!, input.now);
  if (returnable.open !== true) throw appError(returnable.open);
  const left = returnable.lines.find((line) => line.orderLineId === found.line.id)?.returnable ?? 0;
  if (input.qty > left) throw appError('returnQtyExceeded');
  const token = randomToken(16);
  const at = input.now.getTime();
  const tokenHash = await sha256(token);
  const inserted = await db.$client
    .prepare(
      `INSERT INTO return_authorizations (token_hash, document_id, article_id, qty, holder_user_id, requester_user_id, reason, state, created_at, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?9
       WHERE NOT EXISTS (SELECT 1 FROM return_authorizations WHERE document_id = ?2 AND article_id = ?3 AND requester_user_id = ?6 AND state = 'pending' AND expires_at > ?8)
       RETURNING id`,
    )
    .bind(tokenHash, found.document.id, input.articleId, input.qty, found.holderUserId, input.requesterUserId, input.reason, at, at + AUTHORIZATION_TTL_MS)
    .first<{ id: number }>();
  if (!inserted) throw appError('authorizationPending');
  const [[authorization], [holder]] = await db.batch([
    db.select().from(returnAuthorizations).where(eq(returnAuthorizations.id, inserted.id)),
    db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, found.holderUserId)),
  ]);
  return { authorization: authorization!, token, holder: holder!, found };
}

export interface AuthorizationStatusAnswer {
  invoice: string;
  article: number;
  /** Whose request this is to the caller. */
  role: 'requester' | 'holder' | null;
  /** 'none' when the caller has asked nothing about this article (or, as holder, been asked nothing). */
  status: AuthorizationStatus | 'none';
  qty: number | null;
  expiresAt: string | null;
  /** The return an authorised request became (the holder's). */
  returnId: number | null;
}

/**
 * GET /api/users/rma/user/rma/authorization/{invoice}/{article}: the caller's latest request for
 * this invoice and article, as requester or as holder. Someone else's request is never shown.
 */
export async function authorizationStatusFor(db: Db, input: { userId: number; channelId: string; invoice: string; articleId: number; now: Date }): Promise<AuthorizationStatusAnswer> {
  const found = await invoiceArticle(db, input.channelId, input.invoice, input.articleId);
  const [row] = await db
    .select()
    .from(returnAuthorizations)
    .where(
      and(
        eq(returnAuthorizations.documentId, found.document.id),
        eq(returnAuthorizations.articleId, input.articleId),
        or(eq(returnAuthorizations.requesterUserId, input.userId), eq(returnAuthorizations.holderUserId, input.userId)),
      ),
    )
    .orderBy(desc(returnAuthorizations.id))
    .limit(1);
  const base = { invoice: found.document.code, article: input.articleId };
  if (!row) return { ...base, role: null, status: 'none', qty: null, expiresAt: null, returnId: null };
  const role = row.requesterUserId === input.userId ? 'requester' : 'holder';
  return { ...base, role, status: authorizationStatus(row, input.now), qty: row.qty, expiresAt: new Date(row.expiresAt).toISOString(), returnId: role === 'holder' ? row.returnId : null };
}

export interface HolderView {
  authorization: AuthorizationRow;
  status: AuthorizationStatus;
  invoice: string;
  orderNumber: string;
  articleName: string;
  requesterEmail: string;
}

/**
 * The request behind a holder's link: undefined when the token is malformed or unknown, or does
 * not belong to this invoice and article (the page says the link is not valid); the 404 error
 * when it is someone else's to answer (the signed-in person is not the holder).
 */
export async function requestForHolder(db: Db, input: { token: string; invoice: string; articleId: number; userId: number; now: Date }): Promise<HolderView | undefined> {
  if (!LINK_SECRET_PATTERN.test(input.token)) return undefined;
  const [row] = await db
    .select({ authorization: returnAuthorizations, code: documents.code, orderNumber: documents.orderNumber, requesterEmail: users.email })
    .from(returnAuthorizations)
    .innerJoin(documents, eq(documents.id, returnAuthorizations.documentId))
    .innerJoin(users, eq(users.id, returnAuthorizations.requesterUserId))
    .where(eq(returnAuthorizations.tokenHash, await sha256(input.token)));
  if (!row || row.code !== input.invoice || row.authorization.articleId !== input.articleId) return undefined;
  if (row.authorization.holderUserId !== input.userId) throw appError('notFound');
  const [line] = await db
    .select({ name: orderLines.name })
    .from(orderLines)
    .where(and(eq(orderLines.orderNumber, row.orderNumber), eq(orderLines.articleId, row.authorization.articleId)))
    .limit(1);
  return {
    authorization: row.authorization,
    status: authorizationStatus(row.authorization, input.now),
    invoice: row.code,
    orderNumber: row.orderNumber,
    articleName: line?.name ?? '',
    requesterEmail: row.requesterEmail,
  };
}

export interface AnswerResult {
  state: 'authorised' | 'refused';
  returnId: number | null;
  requesterEmail: string;
  requesterLanguage: string;
  invoice: string;
  articleName: string;
}

/** Why an answer was not taken, read after the conditional update changed nothing. */
async function refusal(db: Db, id: number, now: Date): Promise<never> {
  const [row] = await db.select().from(returnAuthorizations).where(eq(returnAuthorizations.id, id));
  throw appError(row && authorizationStatus(row, now) === 'expired' ? 'invalidLink' : 'authorizationAnswered');
}

/**
 * The holder's answer through their link. Only the holder, signed in, may answer (anyone else:
 * 404); once (authorizationAnswered after); before the expiry (invalidLink after). Authorising
 * claims the request first (pending → authorised, conditional), then makes the holder's return;
 * if the return is refused (return period over, units already returned…) the claim is undone so
 * the holder may still refuse, and the return's own error is the answer.
 */
export async function answerRequest(deps: AfterSalesDeps, input: { token: string; userId: number; decision: 'authorise' | 'refuse'; refundMethod: 'original' | 'balance' }): Promise<AnswerResult> {
  const { db, now } = deps;
  if (!LINK_SECRET_PATTERN.test(input.token)) throw appError('invalidLink');
  const [found] = await db
    .select({ authorization: returnAuthorizations, orderNumber: documents.orderNumber, code: documents.code, requesterEmail: users.email, requesterLanguage: users.language })
    .from(returnAuthorizations)
    .innerJoin(documents, eq(documents.id, returnAuthorizations.documentId))
    .innerJoin(users, eq(users.id, returnAuthorizations.requesterUserId))
    .where(eq(returnAuthorizations.tokenHash, await sha256(input.token)));
  if (!found) throw appError('invalidLink');
  const row = found.authorization;
  if (row.holderUserId !== input.userId) throw appError('notFound');
  const status = authorizationStatus(row, now);
  if (status === 'expired') throw appError('invalidLink');
  if (status !== 'pending') throw appError('authorizationAnswered');
  const [line] = await db
    .select({ id: orderLines.id, name: orderLines.name })
    .from(orderLines)
    .where(and(eq(orderLines.orderNumber, found.orderNumber), eq(orderLines.articleId, row.articleId)))
    .limit(1);
  const open = and(eq(returnAuthorizations.id, row.id), eq(returnAuthorizations.state, 'pending'), gt(returnAuthorizations.expiresAt, now.getTime()));
  const result = { requesterEmail: found.requesterEmail, requesterLanguage: found.requesterLanguage, invoice: found.code, articleName: line?.name ?? '' };
  if (input.decision === 'refuse') {
    const changed = await db.update(returnAuthorizations).set({ state: 'refused' }).where(open).returning({ id: returnAuthorizations.id });
    if (changed.length === 0) return refusal(db, row.id, now);
    return { ...result, state: 'refused', returnId: null };
  }
  if (!line) throw appError('articleNotInInvoice');
  const claimed = await db.update(returnAuthorizations).set({ state: 'authorised' }).where(open).returning({ id: returnAuthorizations.id });
  if (claimed.length === 0) return refusal(db, row.id, now);
  let returnId: number;
  try {
    // The holder of record is the order's owner now (an order reassigned since moves its requests too).
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNumber, found.orderNumber));
    const created = await createReturn(deps, {
      userId: order?.userId ?? row.holderUserId,
      orderNumber: found.orderNumber,
      lines: [{ orderLineId: line.id, qty: row.qty }],
      reason: row.reason,
      refundMethod: input.refundMethod,
      origin: 'non_holder',
      requestedBy: found.requesterEmail,
      now,
    });
    returnId = created.id;
  } catch (error) {
    await db
      .update(returnAuthorizations)
      .set({ state: 'pending' })
      .where(and(eq(returnAuthorizations.id, row.id), eq(returnAuthorizations.state, 'authorised'), sql`${returnAuthorizations.returnId} IS NULL`));
    throw error;
  }
  await db.update(returnAuthorizations).set({ returnId }).where(eq(returnAuthorizations.id, row.id));
  return { ...result, state: 'authorised', returnId };
}

export interface RequesterRow {
  invoice: string;
  articleId: number;
  articleName: string;
  qty: number;
  reason: string;
  status: AuthorizationStatus;
  createdAt: string;
}

/** The signed-in person's own requests, newest first (the request screen lists them). */
export async function requestsOf(db: Db, userId: number, now: Date, limit = 20): Promise<RequesterRow[]> {
  const rows = await db
    .select({ authorization: returnAuthorizations, code: documents.code, name: orderLines.name })
    .from(returnAuthorizations)
    .innerJoin(documents, eq(documents.id, returnAuthorizations.documentId))
    .leftJoin(orderLines, and(eq(orderLines.orderNumber, documents.orderNumber), eq(orderLines.articleId, returnAuthorizations.articleId)))
    .where(eq(returnAuthorizations.requesterUserId, userId))
    .orderBy(desc(returnAuthorizations.id))
    .limit(limit);
  return rows.map(({ authorization: a, code, name }) => ({
    invoice: code,
    articleId: a.articleId,
    articleName: name ?? '',
    qty: a.qty,
    reason: a.reason,
    status: authorizationStatus(a, now),
    createdAt: new Date(a.createdAt).toISOString(),
  }));
}
