// Ratings on the doubled 1–10 scale, star buckets and review age buckets (spec §9).
import { describe, expect, it } from 'vitest';
import { ratingSummary, reviewAgeBucket, scoreBucket, scoreRange, starsFromScore, type ReviewAgeBucket } from '../../../worker/domain/catalogue/rating';

describe('starsFromScore', () => {
  it.each([
    [0, 0],
    [1, 0.5],
    [2, 1],
    [7, 3.5],
    [8.6, 4.3],
    [8.66, 4.3],
    [8.68, 4.3],
    [8.7001, 4.4],
    [10, 5],
    [12, 5],
    [-1, 0],
    [Number.NaN, 0],
  ])('score %d → %d stars', (score, stars) => {
    expect(starsFromScore(score)).toBe(stars);
  });
});

describe('scoreBucket', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 4],
    [8, 4],
    [9, 5],
    [10, 5],
    [0, null],
    [11, null],
    [7.5, null],
    [Number.NaN, null],
  ])('score %d → %s', (score, stars) => {
    expect(scoreBucket(score)).toBe(stars);
  });

  it.each([1, 2, 3, 4, 5] as const)('scoreRange(%i) is the pair scoreBucket maps to it', (stars) => {
    const { min, max } = scoreRange(stars);
    expect(max - min).toBe(1);
    expect(scoreBucket(min)).toBe(stars);
    expect(scoreBucket(max)).toBe(stars);
    expect(scoreBucket(min - 1)).not.toBe(stars);
    expect(scoreBucket(max + 1)).not.toBe(stars);
  });
});

describe('ratingSummary', () => {
  it('counts valid scores per bucket and averages them in stars', () => {
    expect(ratingSummary([10, 9, 8, 7, 2, 0, 11])).toEqual({ count: 5, stars: 3.6, buckets: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 2 } });
  });

  it('is empty without reviews', () => {
    expect(ratingSummary([])).toEqual({ count: 0, stars: 0, buckets: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
});

describe('reviewAgeBucket', () => {
  const now = new Date('2025-11-15T12:00:00Z');
  it.each([
    ['2025-11-20T12:00:00Z', 'under-3-months'],
    ['2025-11-15T12:00:00Z', 'under-3-months'],
    ['2025-08-15T12:00:01Z', 'under-3-months'],
    ['2025-08-15T12:00:00Z', '3-to-6-months'],
    ['2025-05-15T12:00:01Z', '3-to-6-months'],
    ['2025-05-15T12:00:00Z', '6-to-12-months'],
    ['2024-11-15T12:00:01Z', '6-to-12-months'],
    ['2024-11-15T12:00:00Z', 'older'],
    ['2020-01-01T00:00:00Z', 'older'],
  ] as [string, ReviewAgeBucket][])('%s → %s', (date, bucket) => {
    expect(reviewAgeBucket(new Date(date), now)).toBe(bucket);
  });

  it.each([
    ['2025-02-28T00:00:01Z', 'under-3-months'],
    ['2025-02-28T00:00:00Z', '3-to-6-months'],
  ] as [string, ReviewAgeBucket][])('clamps 31 May − 3 months to 28 Feb: %s → %s', (date, bucket) => {
    expect(reviewAgeBucket(new Date(date), new Date('2025-05-31T00:00:00Z'))).toBe(bucket);
  });
});
