/**
 * The fulfilment step of gift cards (docs/account.md "Gift cards"): every paid unit of a
 * gift-card line becomes one gift card of the line's unit price, valid for the page's months from
 * the payment, for the recipient the buyer named on the line (or the buyer, when the line was
 * added without one). Idempotent: a card is one row per (order line, unit), inserted only if
 * absent, so running twice or two runs racing leave one card per unit. E-mailing them is
 * ./send.ts, after payment.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inList } from '../db/limits';
import { giftCardArticles, giftCards, users } from '../db/schema';
import type { PaidLine, PaidOrder } from '../orders/fulfil';
import { giftCardDetailsOf, giftCardExpiry, newGiftCardCode } from './rules';

/** The order's lines that are gift cards (service lines never are). */
async function giftCardLines(db: Db, lines: readonly PaidLine[]): Promise<PaidLine[]> {
  const candidates = lines.filter((line) => line.serviceKind === null);
  if (candidates.length === 0) return [];
  const rows = await db
    .select({ articleId: giftCardArticles.articleId })
    .from(giftCardArticles)
    .where(
      inList(
        giftCardArticles.articleId,
        candidates.map((line) => line.articleId),
      ),
    );
  const ids = new Set(rows.map((row) => row.articleId));
  return candidates.filter((line) => ids.has(line.articleId));
}

/** Issues one gift card per paid unit of a gift-card line (owner: gift cards). */
export async function issueGiftCards(db: Db, order: PaidOrder, now: Date, newCode: () => string = () => newGiftCardCode()): Promise<void> {
  const lines = await giftCardLines(db, order.lines);
  if (lines.length === 0) return;
  const [buyer] = await db.select({ email: users.email, nick: users.nick }).from(users).where(eq(users.id, order.userId));
  const expiresAt = giftCardExpiry(order.paidAt);
  const rows = lines.flatMap((line) => {
    const details = giftCardDetailsOf(line.details);
    return Array.from({ length: line.qty }, (_, unitIndex) => ({
      code: newCode(),
      balance: line.unitPrice,
      initialAmount: line.unitPrice,
      expiresAt,
      createdAt: now.getTime(),
      orderNumber: order.orderNumber,
      orderLineId: line.id,
      unitIndex,
      buyerUserId: order.userId,
      recipientName: details?.recipientName ?? buyer?.nick ?? buyer?.email ?? '',
      recipientEmail: details?.recipientEmail ?? buyer?.email ?? '',
      message: details?.message ?? '',
    }));
  });
  // One statement per card: a unit already issued (an earlier or concurrent run) is left as it is.
  const statements = rows.map((row) => db.insert(giftCards).values(row).onConflictDoNothing());
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  // A code drawn twice (80 random bits: practically never) inserts nothing either; the unit is then
  // missing and the step fails, so the sweep runs it again with new codes.
  const issued = await db
    .select({ orderLineId: giftCards.orderLineId })
    .from(giftCards)
    .where(
      inList(
        giftCards.orderLineId,
        lines.map((line) => line.id),
      ),
    );
  const wanted = lines.reduce((sum, line) => sum + line.qty, 0);
  if (issued.length < wanted) throw new Error(`gift cards of order ${order.orderNumber}: ${issued.length} of ${wanted} issued`);
}
