// Lowest-price labels: 30, 60, 90 days, historical (spec §9).
import { describe, expect, it } from 'vitest';
import { lowestPriceLabel, type LowestPriceLabel, type PricePoint } from '../../../worker/domain/catalogue/lowest-price';

const NOW = new Date('2025-11-15T10:00:00Z');

/** The UTC day `days` before NOW, as a history row. */
const ago = (days: number, price: number): PricePoint => ({
  day: new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10),
  price,
});

const CASES: [string, number, PricePoint[], LowestPriceLabel | null][] = [
  ['no history', 1000, [], null],
  ['only today’s row (no prior history)', 1000, [ago(0, 1000)], null],
  ['history reaching 29 days back does not cover 30 days', 1000, [ago(29, 1200)], null],
  ['history reaching exactly 30 days back covers 30 days', 1000, [ago(30, 1200)], 30],
  ['59 days of history → 30', 1000, [ago(59, 1200)], 30],
  ['60 days of history → 60', 1000, [ago(60, 1200)], 60],
  ['89 days of history → 60', 1000, [ago(89, 1200)], 60],
  ['90 days of history → 90, not historical', 1000, [ago(90, 1200)], 90],
  ['91 days of history → historical', 1000, [ago(91, 1200)], 'historical'],
  ['equal to every price counts as lowest', 1000, [ago(120, 1000), ago(0, 1000)], 'historical'],
  ['one cent above a price of the last 30 days → none', 1000, [ago(120, 1200), ago(10, 999)], null],
  ['one cent below it → historical', 998, [ago(120, 1200), ago(10, 999)], 'historical'],
  ['lower price 95 days ago, out of the 90-day window → 90', 1000, [ago(120, 1200), ago(95, 900), ago(90, 1100)], 90],
  ['lower price set 61 days ago, replaced 60 days ago → 60', 1000, [ago(120, 1200), ago(61, 900), ago(60, 1100)], 60],
  ['lower price set 61 days ago, replaced 59 days ago: still in force at the 60-day start → 30', 1000, [ago(120, 1200), ago(61, 900), ago(59, 1100)], 30],
  ['lower price set 31 days ago, replaced 30 days ago → 30', 1000, [ago(120, 1200), ago(31, 900), ago(30, 1100)], 30],
  ['lower price set 31 days ago, replaced 29 days ago → none', 1000, [ago(120, 1200), ago(31, 900), ago(29, 1100)], null],
  ['lower price in force 45 to 20 days ago counts for 30 days → none', 1000, [ago(120, 1200), ago(45, 900), ago(20, 1100)], null],
  ['lower price today → none', 1000, [ago(120, 1200), ago(0, 900)], null],
  ['unsorted input', 1000, [ago(10, 1100), ago(120, 1200), ago(61, 900), ago(60, 1100)], 60],
  ['rows after today and malformed rows are ignored', 1000, [ago(40, 1200), ago(-1, 500), { day: '2025-02-30', price: 1 }, { day: 'yesterday', price: 1 }], 30],
];

describe('lowestPriceLabel', () => {
  it.each(CASES)('%s', (_, current, history, expected) => {
    expect(lowestPriceLabel(current, history, NOW)).toBe(expected);
  });

  it('counts days in UTC: just before midnight UTC is still the same day', () => {
    const history = [{ day: '2025-10-16', price: 1200 }];
    expect(lowestPriceLabel(1000, history, new Date('2025-11-15T23:59:59Z'))).toBe(30);
    expect(lowestPriceLabel(1000, history, new Date('2025-11-14T23:59:59Z'))).toBeNull();
  });
});
