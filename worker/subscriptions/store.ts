/**
 * Reading and changing subscription rows. Every change is a compare-and-set on `version`: the
 * statement applies only to the row as it was read, and the news of the change (an inbox
 * message) is in the same batch, conditioned on the row having reached the new version, so a
 * racing run, cancellation or retry either makes the change once or changes nothing.
 */
import type { SubscriptionPaymentState, SubscriptionState } from '../db/schema';

export interface SubscriptionRow {
  id: number;
  user_id: number;
  article_id: number;
  order_number: string;
  order_line_id: number;
  channel: string;
  language: string;
  state: SubscriptionState;
  price: number;
  period_months: number;
  periods: number | null;
  payment_token: string | null;
  card_brand: string | null;
  card_last_four: string | null;
  card_holder_name: string | null;
  start_at: number | null;
  current_period_end: number | null;
  end_at: number | null;
  canceled_at: number | null;
  renewals: number;
  last_renewal_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface PaymentRow {
  id: number;
  subscription_id: number;
  period: number;
  attempt: number;
  idempotency_key: string;
  amount: number;
  state: SubscriptionPaymentState;
  psp_reference: string | null;
  refusal_reason: string | null;
  created_at: number;
  updated_at: number;
}

const COLUMNS =
  'id, user_id, article_id, order_number, order_line_id, channel, language, state, price, period_months, periods, payment_token, card_brand, card_last_four, card_holder_name, start_at, current_period_end, end_at, canceled_at, renewals, last_renewal_at, version, created_at, updated_at';

export async function subscriptionById(d1: D1Database, id: number): Promise<SubscriptionRow | undefined> {
  return (await d1.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ?`).bind(id).first<SubscriptionRow>()) ?? undefined;
}

/** The user's subscription, or undefined for one that does not exist or is someone else's (the same 404). */
export async function ownedSubscription(d1: D1Database, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  return (await d1.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ? AND user_id = ?`).bind(id, userId).first<SubscriptionRow>()) ?? undefined;
}

export async function subscriptionsOfUser(d1: D1Database, userId: number): Promise<SubscriptionRow[]> {
  return (await d1.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC`).bind(userId).all<SubscriptionRow>()).results;
}

export async function subscriptionsInStates(d1: D1Database, states: readonly SubscriptionState[], limit: number): Promise<SubscriptionRow[]> {
  return (await d1.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE state IN (${states.map(() => '?').join(', ')}) ORDER BY id LIMIT ?`).bind(...states, limit).all<SubscriptionRow>()).results;
}

/** ACTIVE subscriptions whose period ended by `now`, oldest due first. */
export async function dueSubscriptions(d1: D1Database, now: number, limit: number): Promise<SubscriptionRow[]> {
  return (await d1.prepare(`SELECT ${COLUMNS} FROM subscriptions WHERE state = 'ACTIVE' AND current_period_end <= ? ORDER BY current_period_end, id LIMIT ?`).bind(now, limit).all<SubscriptionRow>()).results;
}

export async function paymentsOf(d1: D1Database, subscriptionIds: readonly number[]): Promise<PaymentRow[]> {
  if (subscriptionIds.length === 0) return [];
  const rows: PaymentRow[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < subscriptionIds.length; i += 90) {
    const ids = subscriptionIds.slice(i, i + 90);
    const { results } = await d1
      .prepare(`SELECT id, subscription_id, period, attempt, idempotency_key, amount, state, psp_reference, refusal_reason, created_at, updated_at FROM subscription_payments WHERE subscription_id IN (${ids.map(() => '?').join(', ')}) ORDER BY period DESC, attempt DESC`)
      .bind(...ids)
      .all<PaymentRow>();
    rows.push(...results);
  }
  return rows;
}

/** The columns a change may set (by their row names). */
export type SubscriptionPatch = Partial<Pick<SubscriptionRow, 'state' | 'payment_token' | 'card_brand' | 'card_last_four' | 'card_holder_name' | 'start_at' | 'current_period_end' | 'end_at' | 'canceled_at' | 'renewals' | 'last_renewal_at'>>;

/** Inbox news told when (and only when) the change applies. */
export interface News {
  kind: string;
  ref: string;
  params: Record<string, string | number>;
}

/**
 * The statements of one compare-and-set: the row moves from `row.version` to `row.version + 1`
 * with `patch`; `news` is added only if this very change was made (the row is at the new version
 * and state afterwards). Run them with `extra` statements in one batch; the first result's
 * `changes` says whether the change was made.
 */
export function casStatements(d1: D1Database, row: SubscriptionRow, patch: SubscriptionPatch, now: number, news?: News): D1PreparedStatement[] {
  const entries = Object.entries(patch) as [keyof SubscriptionPatch, unknown][];
  const sets = entries.map(([column]) => `${column} = ?`).concat(['version = version + 1', 'updated_at = ?']).join(', ');
  const statements = [d1.prepare(`UPDATE subscriptions SET ${sets} WHERE id = ? AND version = ?`).bind(...entries.map(([, value]) => value ?? null), now, row.id, row.version)];
  if (news) {
    statements.push(
      d1
        .prepare('INSERT INTO inbox_messages (user_id, kind, ref, params, created_at) SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM subscriptions WHERE id = ? AND version = ? AND state = ?) ON CONFLICT DO NOTHING')
        .bind(row.user_id, news.kind, news.ref, JSON.stringify(news.params), now, row.id, row.version + 1, patch.state ?? row.state),
    );
  }
  return statements;
}

/** Applies one compare-and-set; true when this call made the change. */
export async function compareAndSet(d1: D1Database, row: SubscriptionRow, patch: SubscriptionPatch, now: number, news?: News, extra: D1PreparedStatement[] = []): Promise<boolean> {
  const [update] = await d1.batch([...casStatements(d1, row, patch, now, news), ...extra]);
  return update!.meta.changes === 1;
}
