/**
 * Order reassignment (spec §2 /reasignacion-pedidos/{key}): the order's owner gives an order to
 * another account by its e-mail address; the other account's owner opens the e-mailed link
 * signed in with that address and confirms, and the order moves — with its returns, after-sales
 * cases, tax documents and the holder of any non-holder return request on it. The key is 128
 * random bits, stored as its SHA-256; it works once, before its expiry, for that account only.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderReassignments, orders, users } from '../db/schema';
import { appError } from '../http/errors';
import { findUserByEmail, normalizeEmail } from '../identity/accounts';
import { randomToken, sha256 } from '../identity/crypto';
import { loadOwned } from '../identity/owned';
import { LINK_SECRET_PATTERN, maskEmail, REASSIGNMENT_TTL_MS, reassignmentStatus, sameEmail, type ReassignmentStatus } from '../non-holder/rules';

/** Orders as owned objects: another user's order number is the same 404 as an unknown one. */
export const OWNED_ORDERS = { table: orders, id: orders.orderNumber, userId: orders.userId };

export interface Offer {
  key: string;
  orderNumber: string;
  channel: string;
  expiresAt: number;
  recipient: { email: string; language: string };
}

/**
 * Offers the caller's order to the account with this e-mail (1301 when there is none; the
 * caller's own address is refused). An earlier open offer of the same order stops working.
 */
export async function offerReassignment(db: Db, input: { userId: number; orderNumber: string; email: string; now: Date }): Promise<Offer> {
  const order = await loadOwned(db, OWNED_ORDERS, input.userId, input.orderNumber);
  const recipient = await findUserByEmail(db, input.email);
  if (!recipient) throw appError('userNotFound', { email: normalizeEmail(input.email) });
  if (recipient.id === input.userId) throw appError('reassignToSelf');
  const key = randomToken(16);
  const at = input.now.getTime();
  const expiresAt = at + REASSIGNMENT_TTL_MS;
  await db.batch([
    db
      .update(orderReassignments)
      .set({ expiresAt: at })
      .where(and(eq(orderReassignments.orderNumber, order.orderNumber), isNull(orderReassignments.usedAt), gt(orderReassignments.expiresAt, at))),
    db.insert(orderReassignments).values({ keyHash: await sha256(key), orderNumber: order.orderNumber, fromUserId: input.userId, toEmail: recipient.email, createdAt: at, expiresAt }),
  ]);
  return { key, orderNumber: order.orderNumber, channel: order.channel, expiresAt, recipient: { email: recipient.email, language: recipient.language } };
}

export type ReassignmentView =
  | { status: 'invalid' }
  /** Signed in with another account than the one the link was sent to. */
  | { status: 'wrongAccount'; maskedEmail: string }
  | { status: 'open'; orderNumber: string; fromName: string; expiresAt: number; total: number; createdAt: number };

async function rowForKey(db: Db, key: string) {
  if (!LINK_SECRET_PATTERN.test(key)) return undefined;
  const [row] = await db.select().from(orderReassignments).where(eq(orderReassignments.keyHash, await sha256(key)));
  return row;
}

/** What the reassignment page shows for this key to this signed-in person. */
export async function reassignmentView(db: Db, input: { key: string; user: { id: number; email: string }; now: Date }): Promise<ReassignmentView> {
  const row = await rowForKey(db, input.key);
  if (!row || reassignmentStatus(row, input.now) !== 'open') return { status: 'invalid' };
  if (!sameEmail(row.toEmail, input.user.email)) return { status: 'wrongAccount', maskedEmail: maskEmail(row.toEmail) };
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, userId: orders.userId, total: orders.total, articlesSubtotal: orders.articlesSubtotal, createdAt: orders.createdAt, fromEmail: users.email, fromNick: users.nick })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderNumber, row.orderNumber));
  if (!order || order.userId !== row.fromUserId) return { status: 'invalid' };
  return { status: 'open', orderNumber: order.orderNumber, fromName: order.fromNick ?? order.fromEmail, expiresAt: row.expiresAt, total: order.articlesSubtotal, createdAt: order.createdAt };
}

/**
 * Moves the order to the signed-in recipient. One D1 batch: the key is used up (only while
 * unused and unexpired) and every row of the order moves from the giver to the recipient, each
 * statement guarded by that very use of the key, so a replayed or concurrent confirmation
 * moves nothing; the giver must still own the order.
 */
export async function acceptReassignment(db: Db, input: { key: string; user: { id: number; email: string }; now: Date }): Promise<{ orderNumber: string; status: ReassignmentStatus }> {
  const row = await rowForKey(db, input.key);
  if (!row || reassignmentStatus(row, input.now) !== 'open') throw appError('invalidLink');
  // Someone else's link reads like one that does not exist.
  if (!sameEmail(row.toEmail, input.user.email)) throw appError('notFound');
  const at = input.now.getTime();
  const used = 'EXISTS (SELECT 1 FROM order_reassignments WHERE key_hash = ?1 AND used_at = ?2)';
  const move = (table: 'returns' | 'after_sales_cases' | 'documents') =>
    db.$client.prepare(`UPDATE ${table} SET user_id = ?3 WHERE order_number = ?4 AND user_id = ?5 AND ${used}`).bind(row.keyHash, at, input.user.id, row.orderNumber, row.fromUserId);
  const results = await db.$client.batch([
    db.$client
      .prepare('UPDATE order_reassignments SET used_at = ?2 WHERE key_hash = ?1 AND used_at IS NULL AND expires_at > ?2 AND EXISTS (SELECT 1 FROM orders WHERE order_number = ?3 AND user_id = ?4)')
      .bind(row.keyHash, at, row.orderNumber, row.fromUserId),
    db.$client.prepare(`UPDATE orders SET user_id = ?3, updated_at = ?2 WHERE order_number = ?4 AND user_id = ?5 AND ${used}`).bind(row.keyHash, at, input.user.id, row.orderNumber, row.fromUserId),
    move('returns'),
    move('after_sales_cases'),
    move('documents'),
    db.$client
      .prepare(`UPDATE return_authorizations SET holder_user_id = ?3 WHERE holder_user_id = ?5 AND document_id IN (SELECT id FROM documents WHERE order_number = ?4) AND ${used}`)
      .bind(row.keyHash, at, input.user.id, row.orderNumber, row.fromUserId),
  ]);
  if ((results[0]?.meta.changes ?? 0) === 0) throw appError('invalidLink');
  return { orderNumber: row.orderNumber, status: 'used' };
}
