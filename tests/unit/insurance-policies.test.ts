/** The rules of insurance policies (worker/insurances/rules.ts, ./covered.ts): terms, states, the renewal window, new-policy eligibility. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageDetails, coverageOf } from '../../worker/insurances/covered';
import { isRenewable, newPolicyDeadline, newPolicyPlans, policyEnd, policyStart, policyState, type Purchase } from '../../worker/insurances/rules';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('the term of a policy', () => {
  it.each([
    ['2026-11-20T10:00:00.000Z', 2, '2028-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00:00.000Z', 3, '2029-11-20T10:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', 2, '2028-12-31T23:59:59.999Z'],
    // 29 February has no twin in a common year: the term ends on the 28th.
    ['2028-02-29T08:00:00.000Z', 2, '2030-02-28T08:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', 4, '2032-02-29T08:00:00.000Z'],
    ['2027-02-28T08:00:00.000Z', 1, '2028-02-28T08:00:00.000Z'],
  ])('%s + %i years ends %s', (start, years, end) => {
    expect(new Date(policyEnd(at(start), years)).toISOString()).toBe(end);
  });

  it('always lasts between 365 and 366 days a year, and a renewal starting at the end continues without a gap', () => {
    fc.assert(
      fc.property(fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2040-01-01T00:00:00Z') }), fc.integer({ min: 1, max: 5 }), (start, years) => {
        const end = policyEnd(start, years);
        expect(end - start).toBeGreaterThanOrEqual(years * 365 * DAY - DAY);
        expect(end - start).toBeLessThanOrEqual(years * 366 * DAY);
        expect(policyStart(start + DAY, end, end)).toBe(end);
      }),
    );
  });

  it.each([
    // [paid at, end of the renewed policy, latest end covering the purchase, start]
    [100, null, null, 100],
    [100, 500, null, 500],
    [100, 500, 500, 500],
    // Renewed twice: the second renewal follows the first instead of overlapping it.
    [100, 500, 900, 900],
    // A new policy bought while another still covers the purchase starts at its end.
    [100, null, 300, 300],
    [400, null, 300, 400],
  ] as const)('paid %i, renewing one ending %s, covered until %s: starts %i', (paidAt, renewedEnd, coveredUntil, start) => {
    expect(policyStart(paidAt, renewedEnd, coveredUntil)).toBe(start);
  });
});

describe('the state shown', () => {
  const endsAt = at('2028-11-20T10:00:00Z');
  it.each([
    ['active', endsAt - 1, 'active'],
    ['active', endsAt, 'expired'],
    ['active', endsAt + DAY, 'expired'],
    ['expired', endsAt - DAY, 'expired'],
    ['cancelled', endsAt - DAY, 'cancelled'],
    ['cancelled', endsAt + DAY, 'cancelled'],
  ] as const)('%s at end %+d ms reads %s', (state, now, shown) => {
    expect(policyState({ state, endsAt }, now)).toBe(shown);
  });
});

describe('the renewal window: from 60 days before the end to 30 days after, once', () => {
  const endsAt = at('2028-11-20T10:00:00Z');
  it.each([
    [-61 * DAY, false],
    [-60 * DAY - 1, false],
    [-60 * DAY, true],
    [-1, true],
    [0, true],
    [30 * DAY - 1, true],
    [30 * DAY, false],
    [400 * DAY, false],
  ])('%i ms from the end: %s', (offset, renewable) => {
    expect(isRenewable({ state: 'active', endsAt, renewed: false }, endsAt + offset)).toBe(renewable);
  });

  it('refuses a policy renewed already or cancelled, and accepts one already shown as expired', () => {
    expect(isRenewable({ state: 'active', endsAt, renewed: true }, endsAt - DAY)).toBe(false);
    expect(isRenewable({ state: 'cancelled', endsAt, renewed: false }, endsAt - DAY)).toBe(false);
    expect(isRenewable({ state: 'expired', endsAt, renewed: false }, endsAt + DAY)).toBe(true);
  });
});

describe('a new policy for an article bought earlier', () => {
  const plans = [
    { id: 3, years: 3, articlePriceMin: 15_000, articlePriceMax: 39_999, price: 4_499, categoryIds: [7, 8] },
    { id: 2, years: 2, articlePriceMin: 15_000, articlePriceMax: 39_999, price: 2_999, categoryIds: [7, 8] },
    { id: 1, years: 2, articlePriceMin: 5_000, articlePriceMax: 14_999, price: 1_499, categoryIds: [7, 8] },
    { id: 9, years: 2, articlePriceMin: 15_000, articlePriceMax: 39_999, price: 2_999, categoryIds: [99] },
  ];
  const paidAt = at('2026-11-01T12:00:00Z');
  const purchase: Purchase = { paidAt, unitPrice: 20_000, categoryId: 7, sellerKind: 'own', type: 'normal', covered: false, undone: false };
  const ids = (p: Partial<Purchase>, now = paidAt + DAY) => newPolicyPlans({ ...purchase, ...p }, plans, now).map((plan) => plan.id);

  it('offers the plans of the article’s category and the band of the price paid, shortest first', () => {
    expect(ids({})).toEqual([2, 3]);
    expect(ids({ unitPrice: 10_000 })).toEqual([1]);
    expect(ids({ unitPrice: 15_000 })).toEqual([2, 3]);
    expect(ids({ unitPrice: 40_000 })).toEqual([]);
    expect(ids({ categoryId: 99 })).toEqual([9]);
  });

  it.each([
    ['another seller’s article', { sellerKind: 'marketplace' }],
    ['a dropshipped article', { sellerKind: 'dropshipping' }],
    ['a digital article', { type: 'digital' }],
    ['a category without plans', { categoryId: 5 }],
    ['an article with a policy already', { covered: true }],
    ['a cancelled or returned order', { undone: true }],
  ] as const)('offers nothing for %s', (_, change) => {
    expect(ids(change)).toEqual([]);
  });

  it('is open for 30 days from payment', () => {
    expect(newPolicyDeadline(paidAt)).toBe(paidAt + 30 * DAY);
    expect(ids({}, paidAt)).toEqual([2, 3]);
    expect(ids({}, paidAt + 30 * DAY - 1)).toEqual([2, 3]);
    expect(ids({}, paidAt + 30 * DAY)).toEqual([]);
    expect(ids({}, paidAt - 1)).toEqual([]);
  });
});

describe('what a standalone insurance line covers (order_lines.details)', () => {
  it('round-trips through the order line and ignores details of other lines', () => {
    expect(coverageOf(coverageDetails({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 12 }))).toEqual({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 12 });
    expect(coverageOf(coverageDetails({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 12, renewsPolicyId: 4 }))).toEqual({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 12, renewsPolicyId: 4 });
    expect(coverageOf(null)).toBeNull();
    expect(coverageOf({ recipientName: 'Ana', recipientEmail: 'ana@example.com' })).toBeNull();
    expect(coverageOf({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 'x' })).toBeNull();
    expect(coverageOf({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 3, renewsPolicyId: -1 })).toEqual({ coversOrderNumber: 'ES-261101-ABCDEF', coversArticleId: 3 });
  });
});
