import { describe, expect, it } from 'vitest';
import { giftCode, GIFT_CODE_PATTERN, labelCode, returnableUnits, returnLineAmount, returnPeriodEnds, withinReturnPeriod } from '../../../worker/domain/returns/rules';

const DAY = 24 * 60 * 60 * 1000;
const delivered = Date.UTC(2026, 9, 1, 10, 0, 0);

describe('return period (spec §9: 30 days)', () => {
  it.each([
    ['the day of delivery', 0, true],
    ['29 days later', 29 * DAY, true],
    ['exactly 30 days later', 30 * DAY, true],
    ['30 days and a second later', 30 * DAY + 1000, false],
    ['31 days later', 31 * DAY, false],
  ])('%s', (_, after, open) => {
    expect(withinReturnPeriod(delivered, new Date(delivered + after))).toBe(open);
  });

  it('ends 30 days after delivery', () => {
    expect(returnPeriodEnds(delivered).toISOString()).toBe('2026-10-31T10:00:00.000Z');
  });
});

describe('units and amounts', () => {
  it.each([
    [3, 0, 3],
    [3, 2, 1],
    [3, 3, 0],
    [1, 2, 0],
  ])('received %i, already returned %i → %i returnable', (received, already, left) => {
    expect(returnableUnits(received, already)).toBe(left);
  });

  it('units × unit price in cents', () => {
    expect(returnLineAmount(3, 1999)).toBe(5997);
  });
});

describe('codes', () => {
  it('label codes are RT + 10 characters without look-alikes, gift codes 8', () => {
    const label = labelCode(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 255]));
    expect(label).toMatch(/^RT[A-HJ-NP-Z2-9]{10}$/);
    expect(giftCode()).toMatch(GIFT_CODE_PATTERN);
    expect(new Set(Array.from({ length: 50 }, () => giftCode())).size).toBe(50);
  });
});
