import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRefund, paidTotal, refundable, type PaidSources, type RefundedSoFar } from '../../../worker/refunds/allocation';

const none: RefundedSoFar = { total: 0, card: 0, giftCard: 0 };
const paid: PaidSources = { card: 5000, giftCard: 1000, balance: 500, other: 0 };

describe('refund limits', () => {
  it.each([
    ['nothing refunded yet', none, 6500],
    ['part refunded', { total: 2000, card: 2000, giftCard: 0 }, 4500],
    ['a failed card refund does not count, its other parts do', { total: 300, card: 0, giftCard: 300 }, 6200],
    ['all refunded', { total: 6500, card: 5000, giftCard: 1000 }, 0],
  ])('%s', (_, refunded, left) => {
    expect(refundable(paid, refunded)).toBe(left);
  });

  it('refuses more than is left, and amounts that are not positive whole cents', () => {
    expect(allocateRefund(paid, none, 6501, 'original')).toBeUndefined();
    expect(allocateRefund(paid, { total: 6000, card: 5000, giftCard: 1000 }, 501, 'balance')).toBeUndefined();
    expect(() => allocateRefund(paid, none, 0, 'original')).toThrow(RangeError);
    expect(() => allocateRefund(paid, none, 12.5, 'original')).toThrow(RangeError);
  });
});

describe('refund allocation', () => {
  it.each([
    ["'original' within the card", 3000, 'original', none, { card: 3000, giftCard: 0, balance: 0 }],
    ["'original' past the card goes to the gift card, then the balance", 6300, 'original', none, { card: 5000, giftCard: 1000, balance: 300 }],
    ["'original' after a card refund", 1500, 'original', { total: 4000, card: 4000, giftCard: 0 }, { card: 1000, giftCard: 500, balance: 0 }],
    ["'balance' puts all of it on the balance", 6000, 'balance', none, { card: 0, giftCard: 0, balance: 6000 }],
  ] as const)('%s', (_, amount, method, refunded, parts) => {
    expect(allocateRefund(paid, refunded, amount, method)).toEqual(parts);
  });

  it('money paid by transfer or cash goes back to the balance', () => {
    expect(allocateRefund({ card: 0, giftCard: 0, balance: 0, other: 2000 }, none, 2000, 'original')).toEqual({ card: 0, giftCard: 0, balance: 2000 });
  });

  it('parts always add up, never exceed their source, and never pass what was paid (property)', () => {
    const source = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(
        fc.record({ card: source, giftCard: source, balance: source, other: source }),
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 150_000 }), method: fc.constantFrom('original' as const, 'balance' as const) }), { maxLength: 12 }),
        (sources, asks) => {
          const refunded: RefundedSoFar = { total: 0, card: 0, giftCard: 0 };
          for (const ask of asks) {
            const parts = allocateRefund(sources, refunded, ask.amount, ask.method);
            if (!parts) {
              expect(ask.amount).toBeGreaterThan(paidTotal(sources) - refunded.total);
              continue;
            }
            expect(parts.card + parts.giftCard + parts.balance).toBe(ask.amount);
            expect(Math.min(parts.card, parts.giftCard, parts.balance)).toBeGreaterThanOrEqual(0);
            refunded.total += ask.amount;
            refunded.card += parts.card;
            refunded.giftCard += parts.giftCard;
            expect(refunded.card).toBeLessThanOrEqual(sources.card);
            expect(refunded.giftCard).toBeLessThanOrEqual(sources.giftCard);
            expect(refunded.total).toBeLessThanOrEqual(paidTotal(sources));
          }
        },
      ),
    );
  });
});
