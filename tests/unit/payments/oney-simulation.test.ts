// Oney's simulation (worker/payments/oney/simulation.ts): cents only, the instalments add up to the
// total plus the fee exactly, the later instalments are equal, the first carries the fee and the
// left-over cents, monthly dates, and a TAEG that discounts the plan back to the purchase.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, feeFor, ONEY_FEES, ONEY_VARIANTS, simulate, taegOf } from '../../../worker/payments/oney/simulation';
import { oneyBusinessInfo } from '../../../worker/payments/oney/business-info';

const RULE_3X = ONEY_FEES.IT['3x'];

describe('Oney simulation', () => {
  it('100,00 € in 3: 1,45 € fee on the first instalment, the left-over cent too', () => {
    expect(simulate(10_000, '3x', RULE_3X, '2026-11-25')).toEqual({
      code: '3x',
      instalmentsCount: 3,
      purchaseAmount: 10_000,
      fee: 145,
      totalAmount: 10_145,
      taeg: expect.any(Number),
      instalments: [
        { number: 1, date: '2026-11-25', amount: 3_334 + 145 },
        { number: 2, date: '2026-12-25', amount: 3_333 },
        { number: 3, date: '2027-01-25', amount: 3_333 },
      ],
    });
  });

  it('the fee is rounded half up to the cent and capped', () => {
    expect(feeFor(6_000, { basisPoints: 145, max: 1_500 })).toBe(87); // 87.00
    expect(feeFor(10_034, { basisPoints: 145, max: 1_500 })).toBe(145); // 145.493 → 145
    expect(feeFor(10_035, { basisPoints: 145, max: 1_500 })).toBe(146); // 145.5075 → 146
    expect(feeFor(250_000, { basisPoints: 145, max: 1_500 })).toBe(1_500); // 3 625 capped
  });

  it('property: for any total in Oney’s range and either variant, cents only and the sum is total + fee exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(...ONEY_VARIANTS), fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }), (total, variant, day) => {
        const today = day.toISOString().slice(0, 10);
        const plan = simulate(total, variant, ONEY_FEES.ES[variant], today);
        const amounts = plan.instalments.map((i) => i.amount);
        expect(amounts.every((a) => Number.isSafeInteger(a) && a >= 0)).toBe(true);
        expect(amounts.reduce((s, a) => s + a, 0)).toBe(total + plan.fee);
        expect(plan.totalAmount).toBe(total + plan.fee);
        expect(new Set(amounts.slice(1)).size).toBe(1);
        expect(amounts[0]! - plan.fee - amounts[1]!).toBeGreaterThanOrEqual(0);
        expect(amounts[0]! - plan.fee - amounts[1]!).toBeLessThan(plan.instalmentsCount);
        expect(plan.fee).toBeLessThanOrEqual(ONEY_FEES.ES[variant].max);
        expect(plan.instalments[0]!.date).toBe(today);
        expect(plan.instalments.map((i) => i.date)).toEqual([...plan.instalments.map((i) => i.date)].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('dates: the same day of the next months, the last day of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(simulate(12_000, '4x', ONEY_FEES.FR['4x'], '2026-10-31').instalments.map((i) => i.date)).toEqual(['2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31']);
  });

  it('TAEG: the rate at which the instalments are worth the purchase today; none without a fee', () => {
    const plan = simulate(50_000, '4x', ONEY_FEES.IT['4x'], '2026-11-25');
    expect(plan.taeg).toBeGreaterThan(0);
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    const worth = plan.instalments.reduce((s, i) => s + i.amount * Math.pow(1 + plan.taeg / 100, -(day(i.date) - day(plan.instalments[0]!.date)) / 365), 0);
    expect(Math.abs(worth - 50_000)).toBeLessThan(1);
    expect(taegOf(10_000, simulate(10_000, '3x', { basisPoints: 0, max: 0 }, '2026-11-25').instalments)).toBe(0);
  });

  it('refuses a total that is not a positive number of cents', () => {
    expect(() => simulate(0, '3x', RULE_3X, '2026-11-25')).toThrow(RangeError);
    expect(() => simulate(100.5, '3x', RULE_3X, '2026-11-25')).toThrow(RangeError);
  });

  it('business info: the spec §5 limits and both variants on every channel', () => {
    for (const channel of ['ES', 'PT', 'FR', 'IT', 'DE'] as const) {
      const info = oneyBusinessInfo(channel, 'EUR');
      expect(info).toMatchObject({ minAmount: 6_000, maxAmount: 250_000 });
      expect(info.variants.map((v) => v.paymentMethodType)).toEqual(['facilypay_3x', 'facilypay_4x']);
    }
  });
});
