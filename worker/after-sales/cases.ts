/**
 * After-sales cases (spec §2 /historial-postventa, /caso-postventa/{id}; docs/after-sales.md): a
 * customer opens one on a line of a delivered or collected order of theirs, both sides write
 * messages with files, staff answer from the back-office (`replyAsStaff`) and the customer gets
 * an e-mail in their language.
 *
 * Every change of state is one D1 batch guarded by the state it was computed from: the message
 * and its files are inserted only while the case is still in that state, and the state moves
 * only from it. When the guard fails (someone else changed the case in between) the change is
 * computed again from the new state, a few times, then refused — so two messages crossing each
 * other are both kept and a message never lands on a case that was closed meanwhile.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { href } from '../../client/routes';
import { channelIdFromHost, DEFAULT_CHANNELS, type ChannelId } from '../channel/channels';
import { channelOrigins } from '../seo/hreflang';
import { tellUser } from '../inbox/messages';
import type { Db } from '../db/client';
import { afterSalesAttachments, afterSalesCases, afterSalesMessages, orderLines, orders, users } from '../db/schema';
import { isCaseState, nextCaseState, staffEventFor, type CaseEvent, type CaseKind, type CaseState } from '../domain/after-sales/state-machine';
import { emailSender } from '../email/provider';
import { caseReplyEmail } from '../email/templates';
import { appError } from '../http/errors';
import { i18nFor } from '../i18n/catalogs';
import type { AfterSalesDeps } from '../refunds/deps';
import { checkFiles, removeFiles, storeFiles, type IncomingFile, type StoredFile } from './files';

export type { CaseState } from '../domain/after-sales/state-machine';

/** Orders whose goods the customer has: the only ones a case can be opened on. */
const CASE_ORDER_STATES = ['delivered', 'collected'];
/** Rounds of "read the state, write guarded by it" before a change racing others is refused. */
const MAX_ROUNDS = 3;

export type CaseRow = typeof afterSalesCases.$inferSelect;

/** The cases as owned objects (worker/identity/owned.ts): another user's id is the same 404 as none. */
export const OWNED_CASES = { table: afterSalesCases, id: afterSalesCases.id, userId: afterSalesCases.userId };

export interface OpenCaseInput {
  userId: number;
  orderNumber: string;
  orderLineId: number;
  kind: CaseKind;
  subject: string;
  body: string;
  files: readonly IncomingFile[];
  now: Date;
}

/**
 * Opens a case with its first message and files. Someone else's order, or a line not on the
 * order, is a 404; an order not delivered or collected yet is `caseNotAllowed`; bad files refuse
 * everything before anything is written.
 */
export async function openCase(deps: AfterSalesDeps, input: OpenCaseInput): Promise<{ id: number }> {
  const { db, env } = deps;
  const [found] = await db
    .select({ state: orders.state, lineId: orderLines.id })
    .from(orders)
    .leftJoin(orderLines, and(eq(orderLines.orderNumber, orders.orderNumber), eq(orderLines.id, input.orderLineId)))
    .where(and(eq(orders.orderNumber, input.orderNumber), eq(orders.userId, input.userId)))
    .limit(1);
  if (!found) throw appError('orderNotFound');
  if (found.lineId === null) throw appError('notFound');
  if (!CASE_ORDER_STATES.includes(found.state)) throw appError('caseNotAllowed');
  const files = await checkFiles(input.files);
  const at = input.now.getTime();
  const [caseResult] = await env.DB.batch([
    env.DB.prepare('INSERT INTO after_sales_cases (user_id, order_number, order_line_id, kind, state, subject, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id').bind(
      input.userId,
      input.orderNumber,
      input.orderLineId,
      input.kind,
      'open' satisfies CaseState,
      input.subject,
      at,
      at,
    ),
    env.DB.prepare("INSERT INTO after_sales_messages (case_id, author, author_user_id, body, at) VALUES (last_insert_rowid(), 'customer', ?, ?, ?)").bind(input.userId, input.body, at),
  ]);
  const caseId = (caseResult!.results as { id: number }[])[0]!.id;
  if (files.length === 0) return { id: caseId };
  // The files' keys carry the case id, so they are stored once the case exists; if that fails the case goes too.
  let stored: StoredFile[] = [];
  try {
    stored = await storeFiles(env.FILES, caseId, files);
    await env.DB.batch(stored.map((file) => insertAttachment(env.DB, caseId, file)));
  } catch (error) {
    await removeFiles(env.FILES, stored);
    await env.DB.batch([env.DB.prepare('DELETE FROM after_sales_attachments WHERE case_id = ?').bind(caseId), env.DB.prepare('DELETE FROM after_sales_messages WHERE case_id = ?').bind(caseId), env.DB.prepare('DELETE FROM after_sales_cases WHERE id = ?').bind(caseId)]);
    throw error;
  }
  return { id: caseId };
}

/** An attachment of the case's newest message (the one the same batch has just written). */
function insertAttachment(d1: D1Database, caseId: number, file: StoredFile, guardState?: CaseState): D1PreparedStatement {
  const guard = guardState ? ' WHERE EXISTS (SELECT 1 FROM after_sales_cases WHERE id = ? AND state = ?)' : '';
  const statement = d1.prepare(
    `INSERT INTO after_sales_attachments (case_id, message_id, r2_key, file_name, content_type, size)
     SELECT ?, (SELECT max(id) FROM after_sales_messages WHERE case_id = ?), ?, ?, ?, ?${guard}`,
  );
  const values = [caseId, caseId, file.r2Key, file.fileName, file.contentType, file.size];
  return guardState ? statement.bind(...values, caseId, guardState) : statement.bind(...values);
}

interface ChangeInput {
  caseId: number;
  /** Null for a staff change (any case); else only the owner's case is found. */
  userId: number | null;
  /** The event, from the state read (staff choose a target state; a close is always `close`). */
  event: (from: CaseState) => CaseEvent | undefined;
  message?: { author: 'customer' | 'staff'; authorUserId: number; body: string; files: readonly StoredFile[] };
  now: Date;
}

/**
 * Moves a case by one event and writes the message with it, guarded by the state read: the
 * batch's statements all run only while the case is in that state. A closed case answers
 * `caseClosed`, an event the state does not allow `caseTransitionNotAllowed`.
 */
async function changeCase(deps: AfterSalesDeps, input: ChangeInput): Promise<{ case: CaseRow; from: CaseState; to: CaseState; messageId: number | null }> {
  const { db, env } = deps;
  const at = input.now.getTime();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const row = await findCase(db, input.caseId, input.userId);
    const from = isCaseState(row.state) ? row.state : 'closed';
    if (from === 'closed') throw appError('caseClosed');
    const event = input.event(from);
    const to = event ? nextCaseState(from, event) : undefined;
    if (!to) throw appError('caseTransitionNotAllowed');
    const guard = 'WHERE EXISTS (SELECT 1 FROM after_sales_cases WHERE id = ? AND state = ?)';
    const statements: D1PreparedStatement[] = [];
    const message = input.message;
    if (message) {
      statements.push(
        env.DB.prepare(`INSERT INTO after_sales_messages (case_id, author, author_user_id, body, at) SELECT ?, ?, ?, ?, ? ${guard} RETURNING id`).bind(input.caseId, message.author, message.authorUserId, message.body, at, input.caseId, from),
        ...message.files.map((file) => insertAttachment(env.DB, input.caseId, file, from)),
      );
    }
    statements.push(env.DB.prepare('UPDATE after_sales_cases SET state = ?, updated_at = ? WHERE id = ? AND state = ?').bind(to, at, input.caseId, from));
    const results = await env.DB.batch(statements);
    if (results.at(-1)!.meta.changes === 1) {
      const messageId = message ? ((results[0]!.results as { id: number }[])[0]?.id ?? null) : null;
      return { case: { ...row, state: to, updatedAt: at }, from, to, messageId };
    }
  }
  throw appError('caseTransitionNotAllowed');
}

async function findCase(db: Db, caseId: number, userId: number | null): Promise<CaseRow> {
  const where = userId === null ? eq(afterSalesCases.id, caseId) : and(eq(afterSalesCases.id, caseId), eq(afterSalesCases.userId, userId));
  const [row] = await db.select().from(afterSalesCases).where(where).limit(1);
  if (!row) throw appError('notFound');
  return row;
}

/** Runs `write` with the files stored under the case; removes them if the write is refused or fails. */
async function withStoredFiles<T>(deps: AfterSalesDeps, caseId: number, files: readonly IncomingFile[], write: (stored: StoredFile[]) => Promise<T>): Promise<T> {
  const checked = await checkFiles(files);
  const stored = await storeFiles(deps.env.FILES, caseId, checked);
  try {
    return await write(stored);
  } catch (error) {
    await removeFiles(deps.env.FILES, stored);
    throw error;
  }
}

/** The customer writes on their case (a resolved case reopens); someone else's case is a 404. */
export async function addCustomerMessage(deps: AfterSalesDeps, input: { userId: number; caseId: number; body: string; files: readonly IncomingFile[]; now: Date }): Promise<{ messageId: number; state: CaseState }> {
  // Ownership and "closed" first, so a refused message stores no file at all.
  const row = await findCase(deps.db, input.caseId, input.userId);
  if (row.state === 'closed') throw appError('caseClosed');
  return withStoredFiles(deps, input.caseId, input.files, async (files) => {
    const done = await changeCase(deps, {
      caseId: input.caseId,
      userId: input.userId,
      event: () => 'customer_message',
      message: { author: 'customer', authorUserId: input.userId, body: input.body, files },
      now: input.now,
    });
    return { messageId: done.messageId!, state: done.to };
  });
}

/** The customer closes their case (final). */
export async function closeCase(deps: AfterSalesDeps, input: { userId: number | null; caseId: number; now: Date }): Promise<{ state: CaseState }> {
  const done = await changeCase(deps, { caseId: input.caseId, userId: input.userId, event: () => 'close', now: input.now });
  return { state: done.to };
}

/**
 * Staff answer a case (the back-office, worker/api/admin.ts). With `state` they also move it
 * there (resolved, closed, awaiting_store while they look into it…); without, a reply waits for
 * the customer. An empty body with a state only moves the case. A written reply e-mails the
 * customer in their language with a link to the case.
 */
export async function replyAsStaff(
  deps: AfterSalesDeps,
  input: {
    caseId: number;
    staffUserId: number;
    body: string;
    state?: CaseState;
    now: Date;
    /** The back-office request's address: the e-mail's link then points at this deployment's hosts (else production's). */
    requestUrl?: URL;
  },
): Promise<void> {
  const body = input.body.trim();
  if (body === '' && !input.state) throw appError('invalidRequest', { issues: [{ path: 'body', message: 'A reply needs a message or a new state.' }] });
  const target = input.state;
  const done = await changeCase(deps, {
    caseId: input.caseId,
    userId: null,
    event: (from) => {
      if (!target) return 'staff_message';
      // A staff note on a resolved case keeps it resolved; choosing "resolved" again there is that note.
      if (target === 'resolved' && from === 'resolved' && body !== '') return 'staff_message';
      return staffEventFor(target);
    },
    ...(body !== '' ? { message: { author: 'staff' as const, authorUserId: input.staffUserId, body, files: [] } } : {}),
    now: input.now,
  });
  if (body !== '' && done.messageId !== null) {
    // In the customer's inbox too, once per reply (ref `<caseId>:<messageId>`).
    await tellUser(deps.db, { userId: done.case.userId, kind: 'case.reply', ref: `${done.case.id}:${done.messageId}`, params: { caseId: done.case.id, subject: done.case.subject }, at: input.now.getTime() });
    await emailReply(deps, done.case, body, done.messageId, input.requestUrl);
  }
}

/** Tells the customer our team answered (a failed delivery is logged: the reply stands and shows on the case page). */
async function emailReply(deps: AfterSalesDeps, row: CaseRow, body: string, messageId: number, requestUrl: URL | undefined): Promise<void> {
  try {
    const [found] = await deps.db
      .select({ email: users.email, language: users.language, orderLanguage: orders.language, channel: orders.channel })
      .from(users)
      .innerJoin(orders, eq(orders.orderNumber, row.orderNumber))
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!found) return;
    const channel = DEFAULT_CHANNELS[found.channel as ChannelId] ?? DEFAULT_CHANNELS.ES;
    // The account's language when the order's store offers it (the link opens there), else the one the order was placed in.
    const offered = (language: string): language is Language => (LANGUAGES as readonly string[]).includes(language) && channel.languages.includes(language as Language);
    const language = offered(found.language) ? found.language : offered(found.orderLanguage) ? found.orderLanguage : channel.defaultLanguage;
    const origin = requestUrl ? channelOrigins(requestUrl, channelIdFromHost(requestUrl.host) ?? channel.id, DEFAULT_CHANNELS)[channel.id] : `https://${channel.hosts.production}`;
    const url = `${origin}${href('accountAfterSalesCase', language, channel, { id: String(row.id) })}`;
    const excerpt = body.length > 500 ? `${body.slice(0, 500)}…` : body;
    await emailSender(deps.env, deps.db).send(caseReplyEmail(found.email, i18nFor(language), { caseId: row.id, subject: row.subject, excerpt, url, idempotencyKey: `case-reply-${messageId}` }));
  } catch (error) {
    console.error('Case reply e-mail failed', row.id, error);
  }
}

// ---------------------------------------------------------------------------------------------
// Reads

export interface CaseSummary {
  id: number;
  orderNumber: string;
  orderLineId: number;
  articleName: string;
  kind: CaseKind;
  state: CaseState;
  subject: string;
  createdAt: string;
  /** The last message or change of state. */
  updatedAt: string;
}

export interface CaseAttachment {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
}

export interface CaseMessage {
  id: number;
  author: 'customer' | 'staff';
  body: string;
  at: string;
  attachments: CaseAttachment[];
}

export interface CaseDetail extends CaseSummary {
  messages: CaseMessage[];
}

const iso = (ms: number) => new Date(ms).toISOString();

const summaryColumns = {
  id: afterSalesCases.id,
  orderNumber: afterSalesCases.orderNumber,
  orderLineId: afterSalesCases.orderLineId,
  articleName: orderLines.name,
  kind: afterSalesCases.kind,
  state: afterSalesCases.state,
  subject: afterSalesCases.subject,
  createdAt: afterSalesCases.createdAt,
  updatedAt: afterSalesCases.updatedAt,
};

function toSummary(row: { id: number; orderNumber: string; orderLineId: number; articleName: string | null; kind: string; state: string; subject: string; createdAt: number; updatedAt: number }): CaseSummary {
  return { ...row, articleName: row.articleName ?? '', kind: row.kind as CaseKind, state: isCaseState(row.state) ? row.state : 'closed', createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** The most cases a history lists (the newest activity first). */
export const CASES_LIST_LIMIT = 100;

/** The user's cases, latest activity first. */
export async function casesOfUser(db: Db, userId: number): Promise<CaseSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(afterSalesCases)
    .leftJoin(orderLines, eq(orderLines.id, afterSalesCases.orderLineId))
    .where(eq(afterSalesCases.userId, userId))
    .orderBy(desc(afterSalesCases.updatedAt), desc(afterSalesCases.id))
    .limit(CASES_LIST_LIMIT);
  return rows.map(toSummary);
}

/** One case with its conversation; `userId` null reads any case (staff). Another user's case is a 404. */
export async function caseDetail(db: Db, caseId: number, userId: number | null): Promise<CaseDetail> {
  const where = userId === null ? eq(afterSalesCases.id, caseId) : and(eq(afterSalesCases.id, caseId), eq(afterSalesCases.userId, userId));
  const [[row], messages, attachments] = await db.batch([
    db.select(summaryColumns).from(afterSalesCases).leftJoin(orderLines, eq(orderLines.id, afterSalesCases.orderLineId)).where(where).limit(1),
    db.select().from(afterSalesMessages).where(eq(afterSalesMessages.caseId, caseId)).orderBy(asc(afterSalesMessages.at), asc(afterSalesMessages.id)),
    db.select().from(afterSalesAttachments).where(eq(afterSalesAttachments.caseId, caseId)).orderBy(asc(afterSalesAttachments.id)),
  ]);
  if (!row) throw appError('notFound');
  return {
    ...toSummary(row),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      at: iso(m.at),
      attachments: attachments.filter((a) => a.messageId === m.id).map((a) => ({ id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.size })),
    })),
  };
}

/** An attachment of a case as stored; `userId` null for staff. Another user's case or file is a 404. */
export async function caseAttachment(db: Db, input: { caseId: number; attachmentId: number; userId: number | null }) {
  const owner = input.userId === null ? [] : [eq(afterSalesCases.userId, input.userId)];
  const [row] = await db
    .select({ r2Key: afterSalesAttachments.r2Key, fileName: afterSalesAttachments.fileName, contentType: afterSalesAttachments.contentType, size: afterSalesAttachments.size })
    .from(afterSalesAttachments)
    .innerJoin(afterSalesCases, eq(afterSalesCases.id, afterSalesAttachments.caseId))
    .where(and(eq(afterSalesAttachments.id, input.attachmentId), eq(afterSalesAttachments.caseId, input.caseId), ...owner))
    .limit(1);
  if (!row) throw appError('notFound');
  return row;
}

/** The lines of a delivered or collected order of the user a case can be opened on (the form's choices). */
export async function caseableLines(db: Db, userId: number, orderNumber: string): Promise<{ state: string; lines: { id: number; name: string; qty: number }[] } | null> {
  const [order] = await db.select({ state: orders.state }).from(orders).where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId))).limit(1);
  if (!order) return null;
  const lines = await db.select({ id: orderLines.id, name: orderLines.name, qty: orderLines.qty }).from(orderLines).where(eq(orderLines.orderNumber, orderNumber)).orderBy(asc(orderLines.id));
  return { state: order.state, lines };
}

export const canOpenCaseOn = (orderState: string): boolean => CASE_ORDER_STATES.includes(orderState);
