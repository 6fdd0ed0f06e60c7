/**
 * The subscription rules (spec §4), pure: when each state is entered, and the calendar of its
 * periods. The database code (start.ts, renew.ts, manage.ts) reads a row, asks these functions
 * what it becomes, and writes that back only if the row is still at the version it read.
 *
 * Subscription states:
 * - PAYMENT_TOKEN_PENDING: the order was paid but no stored card is known to charge the renewals
 *   (paid through a pay-later link, the card not stored, the answer with the token lost). The
 *   renewal job adopts the customer's only stored card; otherwise the customer chooses one.
 * - ACTIVATION_PENDING: a card was just given to a subscription waiting for one; the same
 *   request (or run) then activates it. It counts from the order's payment, not from the card.
 * - ACTIVE: paid up to `current_period_end`; the renewal job charges the card when it is reached.
 * - EXPIRED: the plan's periods are all paid and used, or a renewal failed MAX_ATTEMPTS times.
 * - CANCELED: the customer cancelled; nothing more is charged, and what was paid stays usable
 *   until `end_at` (the end of the period then running).
 *
 * Renewal payment states: PAYMENT_PENDING (claimed, the charge in flight or interrupted) →
 * PAYMENT_SUCCESSFUL (period advanced) | PAYMENT_FAILED (retried by a later run, a new attempt).
 */
import type { SubscriptionPaymentState, SubscriptionState } from '../db/schema';

/** A renewal is tried at most this many times for one period; then the subscription expires. */
export const MAX_ATTEMPTS = 3;
/** A failed renewal is tried again at the first run at least this long after the failure. */
export const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
/** A PAYMENT_PENDING charge younger than this may still be in flight in another run: left alone. */
export const IN_FLIGHT_MS = 10 * 60 * 1000;

const TRANSITIONS: Record<SubscriptionState, readonly SubscriptionState[]> = {
  PAYMENT_TOKEN_PENDING: ['ACTIVATION_PENDING', 'CANCELED'],
  ACTIVATION_PENDING: ['ACTIVE', 'CANCELED'],
  ACTIVE: ['EXPIRED', 'CANCELED'],
  EXPIRED: [],
  CANCELED: [],
};

const PAYMENT_TRANSITIONS: Record<SubscriptionPaymentState, readonly SubscriptionPaymentState[]> = {
  PAYMENT_PENDING: ['PAYMENT_FAILED', 'PAYMENT_SUCCESSFUL'],
  PAYMENT_FAILED: [],
  PAYMENT_SUCCESSFUL: [],
};

export function canMove(from: SubscriptionState, to: SubscriptionState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function canMovePayment(from: SubscriptionPaymentState, to: SubscriptionPaymentState): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** The customer may cancel while something may still be charged. */
export function isCancelable(state: SubscriptionState): boolean {
  return canMove(state, 'CANCELED');
}

/** States whose card will be charged again: that card cannot be removed. */
export function chargesCard(state: SubscriptionState): boolean {
  return state === 'ACTIVE' || state === 'ACTIVATION_PENDING';
}

/** Whether the card of a subscription may be changed (a finished one keeps the card it had). */
export function acceptsCard(state: SubscriptionState): boolean {
  return state === 'PAYMENT_TOKEN_PENDING' || state === 'ACTIVATION_PENDING' || state === 'ACTIVE';
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `months` calendar months after `from` (UTC), on the same day of the month, or the month's last
 * day when it has no such day (31 January + 1 month = 28/29 February), same time of day.
 */
export function addMonths(from: number, months: number): number {
  const d = new Date(from);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * The end of period `index` (0 = the period the order paid) of a subscription started at
 * `start`. Counted from the start each time, never from the previous end, so a start on the 31st
 * comes back to the 31st after a short month instead of drifting to the 28th.
 */
export function periodEnd(start: number, periodMonths: number, index: number): number {
  return addMonths(start, periodMonths * (index + 1));
}

/** What the renewal job reads of a subscription. */
export interface RenewalView {
  state: SubscriptionState;
  periods: number | null;
  renewals: number;
  currentPeriodEnd: number | null;
  paymentToken: string | null;
}

/** What the job does with a subscription at `now`. */
export type RenewalDecision = { kind: 'wait' } | { kind: 'expire' } | { kind: 'charge'; period: number };

export function renewalDecision(sub: RenewalView, now: number): RenewalDecision {
  if (sub.state !== 'ACTIVE' || sub.currentPeriodEnd === null || sub.currentPeriodEnd > now) return { kind: 'wait' };
  // The order paid one period; each renewal one more.
  if (sub.periods !== null && sub.renewals + 1 >= sub.periods) return { kind: 'expire' };
  return { kind: 'charge', period: sub.renewals + 1 };
}

/** The last attempt at the period being renewed, as the job finds it. */
export interface AttemptView {
  attempt: number;
  state: SubscriptionPaymentState;
  updatedAt: number;
}

/**
 * Which attempt to charge for a due period: the first; the same one again when it was left
 * PAYMENT_PENDING long enough ago that no run is still at it (its idempotency key makes the
 * provider answer the first charge instead of making a second); the next one a day after a
 * failure; none while a charge may be in flight or before the retry is due; 'give_up' after
 * MAX_ATTEMPTS failures.
 */
export function nextAttempt(last: AttemptView | undefined, now: number): { kind: 'charge'; attempt: number; resume: boolean } | { kind: 'wait' } | { kind: 'give_up' } {
  if (!last) return { kind: 'charge', attempt: 1, resume: false };
  if (last.state === 'PAYMENT_PENDING') return now - last.updatedAt >= IN_FLIGHT_MS ? { kind: 'charge', attempt: last.attempt, resume: true } : { kind: 'wait' };
  // A successful attempt for a period not yet advanced: the row was left behind; the job records it (renew.ts).
  if (last.state === 'PAYMENT_SUCCESSFUL') return { kind: 'wait' };
  if (last.attempt >= MAX_ATTEMPTS) return { kind: 'give_up' };
  return now - last.updatedAt >= RETRY_AFTER_MS ? { kind: 'charge', attempt: last.attempt + 1, resume: false } : { kind: 'wait' };
}

/** The provider's idempotency key of one charge: the same period and attempt is one charge, whoever sends it. */
export function chargeKey(subscriptionId: number, period: number, attempt: number): string {
  return `sub:${subscriptionId}:${period}:${attempt}`;
}

/** Our reference for the renewal charge at the provider (at most 80 characters). */
export function chargeReference(subscriptionId: number, period: number): string {
  return `SUB-${subscriptionId}-${period}`;
}

/** The customer-facing period type of a plan. */
export function periodType(periodMonths: number): 'MONTHLY' | 'YEARLY' | 'MONTHS' {
  if (periodMonths === 1) return 'MONTHLY';
  if (periodMonths === 12) return 'YEARLY';
  return 'MONTHS';
}

/** A card token as the customer sees it: the provider's id with all but its last four characters hidden. */
export function maskToken(token: string | null): string | null {
  if (!token) return null;
  return `${'•'.repeat(Math.max(0, Math.min(8, token.length - 4)))}${token.slice(-4)}`;
}
