/**
 * What the customer does with a subscription (spec §7): read them, cancel one, change its card.
 * Someone else's subscription is the same 'not_found' as one that does not exist.
 */
import type { CardProviderGateway } from '../payments/port';
import { isExpired } from '../payments/stored-cards';
import { shopperReference } from '../payments/shopper';
import { giveCardAndActivate } from './start';
import { acceptsCard, isCancelable, maskToken, periodType } from './states';
import { compareAndSet, ownedSubscription, paymentsOf, subscriptionsOfUser, type PaymentRow, type SubscriptionRow } from './store';

/** One renewal charge as the customer sees it. */
export interface SubscriptionPaymentView {
  period: number;
  attempt: number;
  state: PaymentRow['state'];
  amount: number;
  date: number;
}

/** The spec §3 subscription, plus its id, period, next renewal and the history of its renewal charges. */
export interface SubscriptionView {
  id: number;
  name: string;
  referencedArticleId: number;
  description: string;
  state: SubscriptionRow['state'];
  /** Cents, each period. */
  price: number;
  type: ReturnType<typeof periodType>;
  periodMonths: number;
  periods: number | null;
  /** ms; null until it starts. */
  startDate: number | null;
  /** When what was paid runs out: the period end (renewed then while ACTIVE) or the end of a finished one. */
  endDate: number | null;
  /** The next charge, only while one will happen. */
  nextRenewal: number | null;
  canceledAt: number | null;
  promotions: string[];
  paymentMethod: { cardHolderName: string; cardBrand: string; lastFourDigits: string; paymentToken: string | null } | null;
  lastRenewal: number | null;
  renewals: number;
  orderNumber: string;
  payments: SubscriptionPaymentView[];
}

function viewOf(row: SubscriptionRow, name: string, description: string, payments: PaymentRow[]): SubscriptionView {
  const finished = row.state === 'EXPIRED' || row.state === 'CANCELED';
  return {
    id: row.id,
    name,
    referencedArticleId: row.article_id,
    description,
    state: row.state,
    price: row.price,
    type: periodType(row.period_months),
    periodMonths: row.period_months,
    periods: row.periods,
    startDate: row.start_at,
    endDate: finished ? (row.end_at ?? row.current_period_end) : row.current_period_end,
    nextRenewal: row.state === 'ACTIVE' && (row.periods === null || row.renewals + 1 < row.periods) ? row.current_period_end : null,
    canceledAt: row.canceled_at,
    promotions: [],
    paymentMethod: row.payment_token ? { cardHolderName: row.card_holder_name ?? '', cardBrand: row.card_brand ?? '', lastFourDigits: row.card_last_four ?? '', paymentToken: maskToken(row.payment_token) } : null,
    lastRenewal: row.last_renewal_at,
    renewals: row.renewals,
    orderNumber: row.order_number,
    payments: payments.map((p) => ({ period: p.period, attempt: p.attempt, state: p.state, amount: p.amount, date: p.updated_at })),
  };
}

/** The user's subscriptions, newest first, with the article's name in `language` (the order's name otherwise). */
export async function listSubscriptions(d1: D1Database, userId: number, language: string): Promise<SubscriptionView[]> {
  const rows = await subscriptionsOfUser(d1, userId);
  if (rows.length === 0) return [];
  const payments = await paymentsOf(d1, rows.map((r) => r.id));
  const ids = [...new Set(rows.map((r) => r.article_id))].slice(0, 90);
  const names = new Map(
    (await d1.prepare(`SELECT article_id, name, description FROM article_translations WHERE lang = ? AND article_id IN (${ids.map(() => '?').join(', ')})`).bind(language, ...ids).all<{ article_id: number; name: string; description: string | null }>()).results.map((t) => [t.article_id, t]),
  );
  const lineNames = new Map(
    (await d1.prepare(`SELECT id, name FROM order_lines WHERE id IN (${rows.slice(0, 90).map(() => '?').join(', ')})`).bind(...rows.slice(0, 90).map((r) => r.order_line_id)).all<{ id: number; name: string }>()).results.map((l) => [l.id, l.name]),
  );
  return rows.map((row) => {
    const text = names.get(row.article_id);
    return viewOf(row, text?.name ?? lineNames.get(row.order_line_id) ?? '', text?.description ?? '', payments.filter((p) => p.subscription_id === row.id));
  });
}

/**
 * Cancels the user's subscription: nothing more is charged; what was paid stays usable until the
 * end of the running period (`end_at`). 'conflict' when it is already cancelled or expired.
 */
export async function cancelSubscription(d1: D1Database, userId: number, id: number, now: number): Promise<'canceled' | 'not_found' | 'conflict'> {
  for (let tries = 0; tries < 5; tries++) {
    const row = await ownedSubscription(d1, userId, id);
    if (!row) return 'not_found';
    if (!isCancelable(row.state)) return 'conflict';
    const name = (await d1.prepare('SELECT name FROM order_lines WHERE id = ?').bind(row.order_line_id).first<string>('name')) ?? '';
    const endAt = row.current_period_end ?? now;
    if (await compareAndSet(d1, row, { state: 'CANCELED', canceled_at: now, end_at: endAt }, now, { kind: 'subscription.canceled', ref: String(row.id), params: { subscriptionId: row.id, name, date: endAt } })) return 'canceled';
  }
  return 'conflict';
}

export type TokenChange = 'changed' | 'not_found' | 'unknown_card' | 'expired_card' | 'conflict';

/**
 * Puts the user's subscription on another of their stored cards (the provider's list is the
 * only record of them). A subscription waiting for a card starts with it.
 */
export async function changePaymentToken(d1: D1Database, gateway: CardProviderGateway, userId: number, id: number, token: string, now: number): Promise<TokenChange> {
  const row = await ownedSubscription(d1, userId, id);
  if (!row) return 'not_found';
  if (!acceptsCard(row.state)) return 'conflict';
  const card = (await gateway.listStoredMethods(shopperReference(userId))).find((m) => m.id === token);
  if (!card) return 'unknown_card';
  const month = Number(card.expiryMonth);
  const year = Number(card.expiryYear) < 100 ? Number(card.expiryYear) + 2000 : Number(card.expiryYear);
  if (!(month >= 1 && month <= 12) || isExpired({ month, year }, new Date(now).toISOString().slice(0, 10))) return 'expired_card';
  for (let tries = 0; tries < 5; tries++) {
    const current = await ownedSubscription(d1, userId, id);
    if (!current || !acceptsCard(current.state)) return 'conflict';
    if (current.state === 'PAYMENT_TOKEN_PENDING' || current.state === 'ACTIVATION_PENDING') {
      const after = await giveCardAndActivate(d1, id, card, now);
      if (after?.payment_token === card.id) return 'changed';
      if (after?.state !== 'ACTIVE') return 'conflict';
      continue;
    }
    if (await compareAndSet(d1, current, { payment_token: card.id, card_brand: card.brand ?? null, card_last_four: card.lastFour ?? null, card_holder_name: card.holderName ?? null }, now)) return 'changed';
  }
  return 'conflict';
}
