/**
 * Subscriptions start when their order is paid (a fulfilment step, worker/orders/fulfil.ts): one
 * per paid line of an article with a plan (`subscription_plans`), unique by order line, so a
 * second run or a racing one creates nothing more. The step only sees the database, so the row
 * starts PAYMENT_TOKEN_PENDING; the card payment that paid the order then gives it the card it
 * stored for recurring use (`attachPaymentToken`, called with the provider's answer), which makes
 * it ACTIVE from the order's payment. A token that never arrives is found later (renew.ts) or
 * chosen by the customer (manage.ts).
 */
import type { Db } from '../db/client';
import type { PaidOrder } from '../orders/fulfil';
import type { StoredMethod } from '../payments/port';
import { canMove, periodEnd } from './states';
import { casStatements, subscriptionById, type SubscriptionRow } from './store';

interface Plan {
  article_id: number;
  period_months: number;
  periods: number | null;
}

/** The plans of these articles. */
async function plansOf(d1: D1Database, articleIds: readonly number[]): Promise<Map<number, Plan>> {
  const ids = [...new Set(articleIds)].slice(0, 90);
  if (ids.length === 0) return new Map();
  const { results } = await d1.prepare(`SELECT article_id, period_months, periods FROM subscription_plans WHERE article_id IN (${ids.map(() => '?').join(', ')})`).bind(...ids).all<Plan>();
  return new Map(results.map((p) => [p.article_id, p]));
}

/** Whether any of these orders has a line of a subscription article (its payment must store the card). */
export async function ordersHaveSubscription(d1: D1Database, orderNumbers: readonly string[]): Promise<boolean> {
  if (orderNumbers.length === 0) return false;
  const row = await d1
    .prepare(`SELECT 1 AS found FROM order_lines l JOIN subscription_plans p ON p.article_id = l.article_id WHERE l.service_kind IS NULL AND l.order_number IN (${orderNumbers.slice(0, 90).map(() => '?').join(', ')}) LIMIT 1`)
    .bind(...orderNumbers.slice(0, 90))
    .first<number>('found');
  return row === 1;
}

/** Creates the subscription of each paid subscription line (idempotent: unique by order line). */
export async function startSubscriptions(db: Db, order: PaidOrder, now: Date): Promise<void> {
  const d1 = db.$client;
  const lines = order.lines.filter((l) => l.serviceKind === null);
  const plans = await plansOf(d1, lines.map((l) => l.articleId));
  const at = now.getTime();
  const inserts = lines
    .filter((line) => plans.has(line.articleId))
    .map((line) => {
      const plan = plans.get(line.articleId)!;
      return d1
        .prepare(
          `INSERT INTO subscriptions (user_id, article_id, order_number, order_line_id, channel, language, state, price, period_months, periods, renewals, version, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, 'PAYMENT_TOKEN_PENDING', ?, ?, ?, 0, 0, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .bind(order.userId, line.articleId, order.orderNumber, line.id, order.channel, order.language, line.unitPrice * line.qty, plan.period_months, plan.periods, at, at);
    });
  if (inserts.length > 0) await d1.batch(inserts);
}

/** The card a subscription is charged on, as the provider described it. */
export type SubscriptionCard = Pick<StoredMethod, 'id' | 'brand' | 'lastFour' | 'holderName'>;

async function nameOf(d1: D1Database, row: SubscriptionRow): Promise<string> {
  return (await d1.prepare('SELECT name FROM order_lines WHERE id = ?').bind(row.order_line_id).first<string>('name')) ?? '';
}

/**
 * Gives a subscription waiting for a card that card (PAYMENT_TOKEN_PENDING → ACTIVATION_PENDING),
 * then activates it (→ ACTIVE): its first period runs from the order's payment. Each step is a
 * compare-and-set; a row another request moved meanwhile is re-read and judged again. Answers
 * the row as it ends up.
 */
export async function giveCardAndActivate(d1: D1Database, id: number, card: SubscriptionCard, now: number): Promise<SubscriptionRow | undefined> {
  for (let tries = 0; tries < 5; tries++) {
    const row = await subscriptionById(d1, id);
    if (!row) return undefined;
    if (row.state === 'PAYMENT_TOKEN_PENDING') {
      const patch = { state: 'ACTIVATION_PENDING' as const, payment_token: card.id, card_brand: card.brand ?? null, card_last_four: card.lastFour ?? null, card_holder_name: card.holderName ?? null };
      await d1.batch(casStatements(d1, row, patch, now));
      continue;
    }
    if (row.state !== 'ACTIVATION_PENDING' || !canMove(row.state, 'ACTIVE')) return row;
    const paidAt = (await d1.prepare('SELECT paid_at FROM orders WHERE order_number = ?').bind(row.order_number).first<number>('paid_at')) ?? now;
    const end = periodEnd(paidAt, row.period_months, 0);
    const name = await nameOf(d1, row);
    await d1.batch(casStatements(d1, row, { state: 'ACTIVE', start_at: paidAt, current_period_end: end }, now, { kind: 'subscription.active', ref: String(row.id), params: { subscriptionId: row.id, name, amount: row.price, date: end } }));
  }
  return subscriptionById(d1, id);
}

/**
 * The card payment of these orders was authorised and the provider stored `card` for recurring
 * use: the orders' subscriptions waiting for a card get it and start.
 */
export async function attachPaymentToken(d1: D1Database, orderNumbers: readonly string[], card: SubscriptionCard, now: number): Promise<void> {
  if (orderNumbers.length === 0 || !card.id) return;
  const numbers = orderNumbers.slice(0, 90);
  const { results } = await d1
    .prepare(`SELECT id FROM subscriptions WHERE state IN ('PAYMENT_TOKEN_PENDING', 'ACTIVATION_PENDING') AND order_number IN (${numbers.map(() => '?').join(', ')})`)
    .bind(...numbers)
    .all<{ id: number }>();
  for (const { id } of results) await giveCardAndActivate(d1, id, card, now);
}
