/** Coupon status by precedence (spec §4: ACTIVE, EXPIRED, USED — USED outranks EXPIRED outranks ACTIVE) and the account's order. */
import { describe, expect, it } from 'vitest';
import { compareCoupons, couponStatus, notStarted, type CouponFacts, type CouponStatus } from '../../worker/coupons/status';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const BASE: CouponFacts = {
  startsAt: NOW - 10 * DAY,
  endsAt: NOW + 10 * DAY,
  perUserLimit: 1,
  userRedemptions: 0,
  couponUsageLimit: 0,
  couponUsageCounter: 0,
  campaignUsageLimit: 0,
  campaignUsageCounter: 0,
};

describe('couponStatus', () => {
  const table: [string, Partial<CouponFacts>, CouponStatus][] = [
    ['running, unused', {}, 'ACTIVE'],
    ['not started yet (decided: ACTIVE, usable from its start)', { startsAt: NOW + DAY }, 'ACTIVE'],
    ['starts exactly now (start inclusive)', { startsAt: NOW }, 'ACTIVE'],
    ['one millisecond before the end', { endsAt: NOW + 1 }, 'ACTIVE'],
    ['ends exactly now (end exclusive)', { endsAt: NOW }, 'EXPIRED'],
    ['ended yesterday', { endsAt: NOW - DAY }, 'EXPIRED'],
    ['per-user limit reached', { userRedemptions: 1 }, 'USED'],
    ['per-user limit passed', { perUserLimit: 2, userRedemptions: 3 }, 'USED'],
    ['used once of two allowed', { perUserLimit: 2, userRedemptions: 1 }, 'ACTIVE'],
    ['unlimited per user (0), used many times', { perUserLimit: 0, userRedemptions: 40 }, 'ACTIVE'],
    ['coupon usage limit reached', { couponUsageLimit: 1000, couponUsageCounter: 1000 }, 'USED'],
    ['coupon usage limit not reached', { couponUsageLimit: 1000, couponUsageCounter: 999 }, 'ACTIVE'],
    ['campaign usage limit reached', { campaignUsageLimit: 5, campaignUsageCounter: 5 }, 'USED'],
    ['unlimited coupon (0) with uses', { couponUsageLimit: 0, couponUsageCounter: 7 }, 'ACTIVE'],
    ['used and expired: USED wins', { userRedemptions: 1, endsAt: NOW - DAY }, 'USED'],
    ['run out and expired: USED wins', { couponUsageLimit: 1, couponUsageCounter: 1, endsAt: NOW - DAY }, 'USED'],
    ['used before it started (data oddity): USED', { userRedemptions: 1, startsAt: NOW + DAY }, 'USED'],
  ];
  it.each(table)('%s → %s', (_name, change, expected) => {
    expect(couponStatus({ ...BASE, ...change }, NOW)).toBe(expected);
  });

  it('says when an active coupon has not started', () => {
    expect(notStarted({ startsAt: NOW + 1 }, NOW)).toBe(true);
    expect(notStarted({ startsAt: NOW }, NOW)).toBe(false);
  });
});

describe('compareCoupons', () => {
  it('lists ACTIVE (ending soonest first), then EXPIRED and USED (latest end first), then by code', () => {
    const coupons = [
      { code: 'U1', status: 'USED' as const, endsAt: NOW + 5 * DAY },
      { code: 'E1', status: 'EXPIRED' as const, endsAt: NOW - 5 * DAY },
      { code: 'A2', status: 'ACTIVE' as const, endsAt: NOW + 9 * DAY },
      { code: 'E2', status: 'EXPIRED' as const, endsAt: NOW - DAY },
      { code: 'U2', status: 'USED' as const, endsAt: NOW + 8 * DAY },
      { code: 'A1', status: 'ACTIVE' as const, endsAt: NOW + 2 * DAY },
      { code: 'A0', status: 'ACTIVE' as const, endsAt: NOW + 2 * DAY },
    ];
    expect(coupons.sort(compareCoupons).map((c) => c.code)).toEqual(['A0', 'A1', 'A2', 'E2', 'E1', 'U2', 'U1']);
  });
});
