/**
 * Telling a customer something in their inbox (spec §2 /bandeja-de-entrada). Any area that has
 * news for a customer (an order paid or shipped, a return accepted, a case answered, a
 * subscription renewed…) adds a message with its kind (client/inbox/kinds.ts renders each kind
 * in the reader's language) and a ref unique per kind and user: telling the same event twice (a
 * retried webhook, a sweep) leaves one message.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { inboxMessages } from '../db/schema';

export interface InboxNews {
  userId: number;
  /** A kind of client/inbox/kinds.ts. */
  kind: string;
  /** What the message is about, unique per user and kind (an order number, `<returnId>:<state>`…). */
  ref: string;
  params: Record<string, string | number>;
  at: number;
}

/** The message as a statement of the caller's batch (it is added only if that batch commits). */
function inboxStatement(db: Db, news: InboxNews): BatchItem<'sqlite'> {
  return db
    .insert(inboxMessages)
    .values({ userId: news.userId, kind: news.kind, ref: news.ref, params: news.params, createdAt: news.at })
    .onConflictDoNothing();
}

/** Adds the message now; telling is never worth failing the caller for. */
export async function tellUser(db: Db, news: InboxNews): Promise<void> {
  try {
    await inboxStatement(db, news);
  } catch (error) {
    console.error('inbox: could not add a message', news.kind, news.ref, error);
  }
}
