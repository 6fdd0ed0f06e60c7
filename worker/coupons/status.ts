/**
 * The status of a customer's coupon (spec §4 "Coupon status by precedence: ACTIVE, EXPIRED,
 * USED") and the order the account lists coupons in. Pure: the facts come in, a status comes out.
 *
 * Reading of the precedence: the list is in rising precedence. ACTIVE is what a coupon is when
 * nothing else holds, so it cannot outrank anything (read the other way, an expired coupon would
 * show ACTIVE); EXPIRED overrides ACTIVE, and USED overrides both — a coupon the customer used up
 * and that has since ended shows USED, which is what happened to it.
 *
 * - USED: the customer's redemptions of the campaign reached its per-user limit, or the coupon's
 *   (or its campaign's) total usage limit is reached — it cannot be used again by anyone's doing
 *   but a new coupon. Limits of 0 are unlimited, as in the promotions engine.
 * - EXPIRED: the campaign ended (`now ≥ endsAt`, the engine's exclusive end).
 * - ACTIVE: otherwise, including a coupon whose campaign has not started yet: it is neither used
 *   nor over, and the screen says from when it can be used (`notStarted`).
 */

const COUPON_STATUSES = ['ACTIVE', 'EXPIRED', 'USED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export interface CouponFacts {
  /** Epoch ms, inclusive. */
  startsAt: number;
  /** Epoch ms, exclusive. */
  endsAt: number;
  /** The campaign's redemptions allowed per customer; 0 = unlimited. */
  perUserLimit: number;
  /** This customer's redemptions of the campaign. */
  userRedemptions: number;
  /** The coupon code's total usage limit (0 = unlimited) and its uses so far. */
  couponUsageLimit: number;
  couponUsageCounter: number;
  /** The campaign's total usage limit (0 = unlimited) and its uses so far. */
  campaignUsageLimit: number;
  campaignUsageCounter: number;
}

const reached = (limit: number, used: number) => limit > 0 && used >= limit;

/** The status by precedence USED > EXPIRED > ACTIVE (see the module header). */
export function couponStatus(facts: CouponFacts, now: number): CouponStatus {
  if (reached(facts.perUserLimit, facts.userRedemptions) || reached(facts.couponUsageLimit, facts.couponUsageCounter) || reached(facts.campaignUsageLimit, facts.campaignUsageCounter)) return 'USED';
  if (now >= facts.endsAt) return 'EXPIRED';
  return 'ACTIVE';
}

/** True while an ACTIVE coupon's campaign has not begun (it works from `startsAt`). */
export const notStarted = (facts: Pick<CouponFacts, 'startsAt'>, now: number) => now < facts.startsAt;

const RANK: Record<CouponStatus, number> = { ACTIVE: 0, EXPIRED: 1, USED: 2 };

export interface SortableCoupon {
  status: CouponStatus;
  code: string;
  /** Epoch ms. */
  endsAt: number;
}

/**
 * The account's order: ACTIVE, then EXPIRED, then USED. Active ones ending soonest first (the
 * one to use before it goes); expired and used ones most recent end first; then by code, so the
 * order is total and pages never overlap.
 */
export function compareCoupons(a: SortableCoupon, b: SortableCoupon): number {
  if (a.status !== b.status) return RANK[a.status] - RANK[b.status];
  if (a.endsAt !== b.endsAt) return a.status === 'ACTIVE' ? a.endsAt - b.endsAt : b.endsAt - a.endsAt;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}
