/**
 * The rules of extended-insurance policies (docs/account.md "Insurance"), pure so that each has
 * its table of tests (tests/unit/insurance-policies.test.ts):
 *
 * - a policy starts when its order is paid (a renewal: when the policy it continues ends) and
 *   lasts the plan's years, in calendar years (UTC); `ends_at` is the first instant no longer
 *   covered. A 29 February start ends on 28 February;
 * - it is active until then and expired from then on (worked out on every read, no sweep needed);
 * - it may be renewed from 60 days before its end until 30 days after, once, for another term of
 *   the same plan at the plan's price of the day;
 * - a new policy can be bought for an article the store itself sold (physical, in the plan's
 *   categories and price band by the price paid) within 30 days of its payment — the return
 *   period: past it the article may already have failed — while it has no policy.
 */
import { eligibleInsurances, type InsurancePlan } from '../cart/rules';

const DAY = 86_400_000;
export const RENEW_BEFORE_DAYS = 60;
export const RENEW_AFTER_DAYS = 30;
export const NEW_POLICY_DAYS = 30;

export type PolicyState = 'active' | 'expired' | 'cancelled';

/** The end of a term of `years` starting at `startsAt` (ms): the same day and time `years` later, 29 February → 28 February. */
export function policyEnd(startsAt: number, years: number): number {
  const start = new Date(startsAt);
  const year = start.getUTCFullYear() + years;
  const month = start.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
}

/** The state a customer sees: an active policy past its end is expired. */
export function policyState(policy: { state: PolicyState; endsAt: number }, now: number): PolicyState {
  if (policy.state === 'active' && now >= policy.endsAt) return 'expired';
  return policy.state;
}

/** Whether a policy may be renewed now: not cancelled, not renewed yet, from 60 days before its end to 30 days after. */
export function isRenewable(policy: { state: PolicyState; endsAt: number; renewed: boolean }, now: number): boolean {
  if (policy.state === 'cancelled' || policy.renewed) return false;
  return now >= policy.endsAt - RENEW_BEFORE_DAYS * DAY && now < policy.endsAt + RENEW_AFTER_DAYS * DAY;
}

/**
 * When a paid policy starts: at payment, or for a renewal at the end of the policy it continues;
 * never before the end of another policy already covering the same purchase (two renewals paid
 * for one policy follow each other instead of overlapping).
 */
export function policyStart(paidAt: number, renewedEnd: number | null, coveredUntil: number | null): number {
  const base = renewedEnd ?? paidAt;
  return coveredUntil !== null && coveredUntil > base ? coveredUntil : base;
}

/** An article line of a paid order, as the new-policy rule sees it. */
export interface Purchase {
  paidAt: number;
  /** The price paid for one unit (the plan's band is chosen by it). */
  unitPrice: number;
  categoryId: number;
  sellerKind: 'own' | 'marketplace' | 'dropshipping';
  type: string;
  /** A policy (in any state) covers it already. */
  covered: boolean;
  /** The order was cancelled or returned. */
  undone: boolean;
}

/** The last instant (exclusive) a new policy can be bought for a purchase paid at `paidAt`. */
export const newPolicyDeadline = (paidAt: number): number => paidAt + NEW_POLICY_DAYS * DAY;

/** The plans a purchase may get a new policy with now, shortest first; none when it may not have one. */
export function newPolicyPlans<P extends InsurancePlan>(purchase: Purchase, plans: readonly P[], now: number): P[] {
  if (purchase.covered || purchase.undone || now >= newPolicyDeadline(purchase.paidAt) || now < purchase.paidAt) return [];
  return eligibleInsurances({ price: purchase.unitPrice, categoryId: purchase.categoryId, sellerKind: purchase.sellerKind, type: purchase.type }, plans);
}
