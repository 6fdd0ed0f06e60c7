/**
 * Reading the inbox (spec §2 /bandeja-de-entrada, §9 page size 16): a user's messages newest
 * first, one message (opening it marks it read), read/unread marks and the unread count the
 * account menu shows. Every call is scoped to the user: someone else's message id answers 404,
 * exactly like one that does not exist, and changes nothing.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inboxMessages } from '../db/schema';
import { appError } from '../http/errors';
import type { InboxRow } from '../../client/inbox/kinds';

export const INBOX_PAGE_SIZE = 16;
export const INBOX_MAX_PAGE_SIZE = 50;

const columns = { id: inboxMessages.id, kind: inboxMessages.kind, params: inboxMessages.params, createdAt: inboxMessages.createdAt, readAt: inboxMessages.readAt };

export interface InboxPage {
  rows: InboxRow[];
  total: number;
  unread: number;
}

/** One page of the user's messages (newest first; ties by id), with the total and unread counts, in one batch. */
export async function inboxPage(db: Db, userId: number, page: number, pageSize: number): Promise<InboxPage> {
  const mine = eq(inboxMessages.userId, userId);
  const [rows, [totals]] = await db.batch([
    db
      .select(columns)
      .from(inboxMessages)
      .where(mine)
      .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), unread: sql<number>`coalesce(sum(case when ${inboxMessages.readAt} is null then 1 else 0 end), 0)` })
      .from(inboxMessages)
      .where(mine),
  ]);
  return { rows: rows as InboxRow[], total: totals?.total ?? 0, unread: Number(totals?.unread ?? 0) };
}

/** The user's unread messages (the account menu's count). */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks the user's message read (keeping the first reading's time) or unread, and answers it as
 * it is then. Only the owner's row is touched; otherwise 404.
 */
export async function markMessage(db: Db, userId: number, id: number, read: boolean, now: Date): Promise<InboxRow> {
  const [row] = await db
    .update(inboxMessages)
    .set({ readAt: read ? sql`coalesce(${inboxMessages.readAt}, ${now.getTime()})` : null })
    .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId)))
    .returning(columns);
  if (!row) throw appError('notFound');
  return row as InboxRow;
}

/** Marks every unread message of the user read; answers how many changed. */
export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const changed = await db
    .update(inboxMessages)
    .set({ readAt: now.getTime() })
    .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)))
    .returning({ id: inboxMessages.id });
  return changed.length;
}
