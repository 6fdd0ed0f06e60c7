/**
 * The renewal job (Cron Trigger, worker/index.ts scheduled → renewDueSubscriptions). Each run:
 *
 * 1. Subscriptions still waiting for a card (PAYMENT_TOKEN_PENDING) whose owner has exactly one
 *    usable stored card take it and start (start.ts giveCardAndActivate); with several, the
 *    customer chooses on the subscriptions screen. ACTIVATION_PENDING ones left half-way start.
 * 2. Every ACTIVE subscription whose period ended by the run's time: a plan with all its periods
 *    used expires; otherwise the next period is charged on the stored card. The run claims the
 *    subscription (compare-and-set on `version`) in the same batch that inserts the charge's
 *    PAYMENT_PENDING row with its key `sub:<id>:<period>:<attempt>`, then calls the provider with
 *    that key as its Idempotency-Key. A second run at the same time loses the claim; a run after
 *    one that died mid-charge sends the same key again and gets the first charge's answer.
 *    SUCCESSFUL: renewals + 1, the period advanced (counted from the start: states.ts periodEnd),
 *    the customer told. FAILED: told, tried again at the first run a day later, at most
 *    MAX_ATTEMPTS times, then EXPIRED at the end of the period paid.
 */
import { DEFAULT_CHANNELS, type ChannelId } from '../channel/channels';
import { isExpired } from '../payments/stored-cards';
import { adyenConfig, type AdyenEnv } from '../payments/adyen/config';
import { AdyenGateway } from '../payments/adyen/client';
import { GatewayError, type CardProviderGateway, type PaymentOutcome } from '../payments/port';
import { shopperReference } from '../payments/shopper';
import { giveCardAndActivate } from './start';
import { chargeKey, chargeReference, nextAttempt, periodEnd, renewalDecision, MAX_ATTEMPTS } from './states';
import { casStatements, compareAndSet, dueSubscriptions, subscriptionById, subscriptionsInStates, type PaymentRow, type SubscriptionRow } from './store';

/** Subscriptions looked at per run and step: the rest wait for the next run (every 15 minutes). */
const RUN_BATCH = 50;

export interface RenewalReport {
  activated: number;
  renewed: number;
  failed: number;
  expired: number;
}

/** The cron's entry: the card provider of this deployment (none: only expiries are done). */
export async function renewDueSubscriptions(env: AdyenEnv & { DB: D1Database }, now: number): Promise<RenewalReport> {
  const config = adyenConfig(env);
  return renewWith(env.DB, config ? new AdyenGateway(config) : undefined, now);
}

/** The job with its gateway given (tests wrap the sandbox's). */
export async function renewWith(d1: D1Database, gateway: CardProviderGateway | undefined, now: number): Promise<RenewalReport> {
  const report: RenewalReport = { activated: 0, renewed: 0, failed: 0, expired: 0 };
  if (gateway) report.activated = await adoptCards(d1, gateway, now);
  for (const row of await dueSubscriptions(d1, now, RUN_BATCH)) {
    try {
      const result = await renewOne(d1, gateway, row, now);
      if (result) report[result]++;
    } catch (error) {
      console.error('subscriptions: renewing failed', row.id, error);
    }
  }
  return report;
}

async function adoptCards(d1: D1Database, gateway: CardProviderGateway, now: number): Promise<number> {
  let activated = 0;
  const half = await subscriptionsInStates(d1, ['ACTIVATION_PENDING'], RUN_BATCH);
  for (const row of half) if ((await giveCardAndActivate(d1, row.id, { id: row.payment_token ?? '' }, now))?.state === 'ACTIVE') activated++;
  const waiting = await subscriptionsInStates(d1, ['PAYMENT_TOKEN_PENDING'], RUN_BATCH);
  const today = new Date(now).toISOString().slice(0, 10);
  for (const row of waiting) {
    try {
      const usable = (await gateway.listStoredMethods(shopperReference(row.user_id))).filter((m) => {
        const month = Number(m.expiryMonth);
        const year = Number(m.expiryYear) < 100 ? Number(m.expiryYear) + 2000 : Number(m.expiryYear);
        return m.id && month >= 1 && month <= 12 && !isExpired({ month, year }, today);
      });
      // Only an unambiguous card: with several, which one paid is the customer's to say.
      if (usable.length !== 1) continue;
      if ((await giveCardAndActivate(d1, row.id, usable[0]!, now))?.state === 'ACTIVE') activated++;
    } catch (error) {
      console.error('subscriptions: looking up the stored card failed', row.id, error);
    }
  }
  return activated;
}

async function lastAttempt(d1: D1Database, id: number, period: number): Promise<PaymentRow | undefined> {
  return (
    (await d1
      .prepare('SELECT id, subscription_id, period, attempt, idempotency_key, amount, state, psp_reference, refusal_reason, created_at, updated_at FROM subscription_payments WHERE subscription_id = ? AND period = ? ORDER BY attempt DESC LIMIT 1')
      .bind(id, period)
      .first<PaymentRow>()) ?? undefined
  );
}

async function nameOf(d1: D1Database, row: SubscriptionRow): Promise<string> {
  return (await d1.prepare('SELECT name FROM order_lines WHERE id = ?').bind(row.order_line_id).first<string>('name')) ?? '';
}

function expiry(row: SubscriptionRow, name: string) {
  return { kind: 'subscription.expired', ref: String(row.id), params: { subscriptionId: row.id, name, date: row.current_period_end ?? 0 } };
}

async function renewOne(d1: D1Database, gateway: CardProviderGateway | undefined, row: SubscriptionRow, now: number): Promise<keyof RenewalReport | undefined> {
  const decision = renewalDecision({ state: row.state, periods: row.periods, renewals: row.renewals, currentPeriodEnd: row.current_period_end, paymentToken: row.payment_token }, now);
  if (decision.kind === 'wait') return undefined;
  const name = await nameOf(d1, row);
  if (decision.kind === 'expire') return (await compareAndSet(d1, row, { state: 'EXPIRED', end_at: row.current_period_end }, now, expiry(row, name))) ? 'expired' : undefined;
  const { period } = decision;
  const last = await lastAttempt(d1, row.id, period);
  // A charge that succeeded but whose period was not advanced (the run died in between): record it now.
  if (last?.state === 'PAYMENT_SUCCESSFUL') return (await advance(d1, row.id, period, now, name)) ? 'renewed' : undefined;
  const next = nextAttempt(last && { attempt: last.attempt, state: last.state, updatedAt: last.updated_at }, now);
  if (next.kind === 'wait') return undefined;
  if (next.kind === 'give_up') return (await compareAndSet(d1, row, { state: 'EXPIRED', end_at: row.current_period_end }, now, expiry(row, name))) ? 'expired' : undefined;
  if (!gateway?.chargeStoredMethod || !row.payment_token) return undefined;
  const key = chargeKey(row.id, period, next.attempt);
  // The claim: this run, and no other, charges this attempt (a resumed attempt is claimed by touching its row).
  const claim = casStatements(d1, row, {}, now);
  const claimed = row.version + 1;
  const attemptRow = next.resume
    ? d1.prepare("UPDATE subscription_payments SET updated_at = ? WHERE idempotency_key = ? AND state = 'PAYMENT_PENDING' AND EXISTS (SELECT 1 FROM subscriptions WHERE id = ? AND version = ?)").bind(now, key, row.id, claimed)
    : d1
        .prepare("INSERT INTO subscription_payments (subscription_id, period, attempt, idempotency_key, amount, state, created_at, updated_at) SELECT ?, ?, ?, ?, ?, 'PAYMENT_PENDING', ?, ? WHERE EXISTS (SELECT 1 FROM subscriptions WHERE id = ? AND version = ?) ON CONFLICT DO NOTHING")
        .bind(row.id, period, next.attempt, key, row.price, now, now, row.id, claimed);
  const [won, pending] = await d1.batch([...claim, attemptRow]);
  if (won!.meta.changes !== 1 || pending!.meta.changes !== 1) return undefined;
  const currency = DEFAULT_CHANNELS[row.channel as ChannelId]?.currency ?? 'EUR';
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.chargeStoredMethod({
      amount: { value: row.price, currency },
      reference: chargeReference(row.id, period),
      shopperReference: shopperReference(row.user_id),
      storedMethodId: row.payment_token,
      idempotencyKey: key,
      returnUrl: `https://${DEFAULT_CHANNELS[row.channel as ChannelId]?.hosts.production ?? DEFAULT_CHANNELS.ES.hosts.production}/`,
    });
  } catch (error) {
    // The provider refused the request itself (an unknown or removed card): a failed attempt.
    // Unreachable: maybe charged, maybe not; the row stays pending and a later run asks again with the same key.
    if (error instanceof GatewayError && error.kind === 'validation') outcome = { status: 'refused', refusalReason: error.errorCode ? `validation ${error.errorCode}` : 'validation' };
    else throw error;
  }
  if (outcome.status === 'authorised') {
    await d1.prepare("UPDATE subscription_payments SET state = 'PAYMENT_SUCCESSFUL', psp_reference = ?, updated_at = ? WHERE idempotency_key = ? AND state = 'PAYMENT_PENDING'").bind(outcome.pspReference || null, now, key).run();
    return (await advance(d1, row.id, period, now, name)) ? 'renewed' : undefined;
  }
  if (outcome.status === 'pending' || outcome.status === 'action_needed') return undefined;
  const reason = 'refusalReason' in outcome && outcome.refusalReason ? outcome.refusalReason : outcome.status;
  const failed = await d1
    .prepare("UPDATE subscription_payments SET state = 'PAYMENT_FAILED', psp_reference = COALESCE(?, psp_reference), refusal_reason = ?, updated_at = ? WHERE idempotency_key = ? AND state = 'PAYMENT_PENDING'")
    .bind(outcome.pspReference ?? null, reason, now, key)
    .run();
  if (failed.meta.changes !== 1) return undefined;
  const current = await subscriptionById(d1, row.id);
  if (!current) return 'failed';
  await d1.batch([
    d1.prepare('INSERT INTO inbox_messages (user_id, kind, ref, params, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING').bind(row.user_id, 'subscription.renewal_failed', `${row.id}:${period}:${next.attempt}`, JSON.stringify({ subscriptionId: row.id, name, amount: row.price, date: now }), now),
  ]);
  // The last attempt failed: the subscription ends with the period it paid.
  if (next.attempt >= MAX_ATTEMPTS && current.state === 'ACTIVE') {
    await compareAndSet(d1, current, { state: 'EXPIRED', end_at: current.current_period_end }, now, expiry(current, name));
    return 'expired';
  }
  return 'failed';
}

/**
 * Records a successful renewal of `period`: renewals + 1 and the next period end. Applies once
 * (only while `renewals` is the period before), whatever the state meanwhile: a cancellation
 * racing the charge keeps the period paid. Re-read and retried on a version conflict.
 */
async function advance(d1: D1Database, id: number, period: number, now: number, name: string): Promise<boolean> {
  for (let tries = 0; tries < 5; tries++) {
    const row = await subscriptionById(d1, id);
    if (!row || row.renewals !== period - 1 || row.start_at === null) return false;
    const end = periodEnd(row.start_at, row.period_months, period);
    const patch = row.state === 'CANCELED' ? { renewals: period, last_renewal_at: now, current_period_end: end, end_at: end } : { renewals: period, last_renewal_at: now, current_period_end: end };
    if (await compareAndSet(d1, row, patch, now, { kind: 'subscription.renewed', ref: `${id}:${period}`, params: { subscriptionId: id, name, amount: row.price, date: end } })) return true;
  }
  return false;
}
