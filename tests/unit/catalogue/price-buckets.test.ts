// Price-range facets, 50 € buckets (spec §9).
import { describe, expect, it } from 'vitest';
import { bucketCounts, priceBucket } from '../../../worker/domain/catalogue/price-buckets';

describe('priceBucket', () => {
  it.each([
    [0, 0, 5000],
    [1, 0, 5000],
    [4999, 0, 5000],
    [5000, 5000, 10000],
    [5001, 5000, 10000],
    [9999, 5000, 10000],
    [10000, 10000, 15000],
    [123456, 120000, 125000],
  ])('%i cents → [%i, %i)', (cents, from, to) => {
    expect(priceBucket(cents)).toEqual({ from, to });
  });
});

describe('bucketCounts', () => {
  it('counts per bucket, ascending, without empty buckets', () => {
    expect(bucketCounts([12000, 5000, 0, 4999, 5001, 27500])).toEqual([
      { from: 0, to: 5000, count: 2 },
      { from: 5000, to: 10000, count: 2 },
      { from: 10000, to: 15000, count: 1 },
      { from: 25000, to: 30000, count: 1 },
    ]);
  });

  it('skips negative and non-finite prices', () => {
    expect(bucketCounts([-1, Number.NaN, Number.POSITIVE_INFINITY, 100])).toEqual([{ from: 0, to: 5000, count: 1 }]);
  });

  it('is empty without prices', () => {
    expect(bucketCounts([])).toEqual([]);
  });
});
