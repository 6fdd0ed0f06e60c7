// Reading reviews (spec §9; the buckets and score pairs are in catalogue/rating.test.ts, analytics'
// score in review-score.test.ts): the stored average, the age filters' date bounds, the list's filters and sorts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, textLang } from '../../client/ugc/review-card';
import { ageBucketRange, REVIEW_AGE_FILTERS, reviewAgeBucket, storedAverage, type ReviewAgeBucket } from '../../worker/domain/catalogue/rating';
import { compareReviews, reviewFiltersFrom, reviewFiltersQuery, type SortableReview } from '../../worker/ugc/review-list';

describe('the stored average', () => {
  it.each([
    [null, 0],
    [0, 0],
    [7.5, 8],
    [7.49, 7],
    [8.66, 9],
    [10, 10],
    [1, 1],
  ])('a mean of %s is stored as %i', (mean, stored) => {
    expect(storedAverage(mean)).toBe(stored);
  });
});

describe('age filters as date bounds', () => {
  const now = new Date(Date.UTC(2026, 4, 31, 12, 0, 0));
  const inRange = (bucket: ReviewAgeBucket, time: number) => {
    const { after, upTo } = ageBucketRange(bucket, now);
    return (after === null || time > after) && (upTo === null || time <= upTo);
  };

  it.each([
    ['2026-05-30T00:00:00Z', 'under-3-months'],
    ['2026-07-01T00:00:00Z', 'under-3-months'],
    ['2026-02-28T12:00:00.001Z', 'under-3-months'],
    ['2026-02-28T12:00:00Z', '3-to-6-months'],
    ['2025-11-30T12:00:00Z', '6-to-12-months'],
    ['2025-05-31T12:00:00.001Z', '6-to-12-months'],
    ['2025-05-31T12:00:00Z', 'older'],
  ] as const)('%s is in %s and no other bucket', (date, bucket) => {
    const time = Date.parse(date);
    expect(reviewAgeBucket(new Date(time), now)).toBe(bucket);
    for (const other of [...REVIEW_AGE_FILTERS, 'older'] as const) expect(inRange(other, time), other).toBe(other === bucket);
  });

  it('puts every date in exactly the bucket reviewAgeBucket names', () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(instant, instant, (date, clock) => {
        const at = new Date(clock);
        const buckets = ([...REVIEW_AGE_FILTERS, 'older'] as const).filter((bucket) => {
          const { after, upTo } = ageBucketRange(bucket, at);
          return (after === null || date > after) && (upTo === null || date <= upTo);
        });
        expect(buckets).toEqual([reviewAgeBucket(new Date(date), at)]);
      }),
    );
  });
});

describe('list filters from the query string', () => {
  it.each([
    ['', { stars: [], age: null, verified: false, sort: 'relevance', page: 1 }],
    ['stars=4&stars=5&age=3-to-6-months&verified=1&sort=worst&page=3', { stars: [5, 4], age: '3-to-6-months', verified: true, sort: 'worst', page: 3 }],
    ['stars=1,3,3,9,x&age=older&verified=yes&sort=random&page=-2', { stars: [3, 1], age: null, verified: false, sort: 'relevance', page: 1 }],
    ['page=99999999', { stars: [], age: null, verified: false, sort: 'relevance', page: 10_000 }],
  ])('?%s', (search, filters) => {
    expect(reviewFiltersFrom(new URLSearchParams(search))).toEqual(filters);
  });

  it('writes back only what differs from the defaults, and reads back the same', () => {
    const filters = reviewFiltersFrom(new URLSearchParams('stars=2,5&sort=new&page=2'));
    expect(reviewFiltersQuery(filters)).toEqual({ stars: '5,2', sort: 'new', page: '2' });
    expect(reviewFiltersQuery(filters, false)).toEqual({ stars: '5,2', sort: 'new' });
    expect(reviewFiltersFrom(new URLSearchParams(reviewFiltersQuery(filters)))).toEqual(filters);
    expect(reviewFiltersQuery(reviewFiltersFrom(new URLSearchParams('sort=relevance&page=1')))).toEqual({});
  });
});

describe('sorts', () => {
  const review = (id: number, rating: number, helpful: number, unhelpful: number, verified: boolean, date: number): SortableReview => ({ id, rating, helpful, unhelpful, verified, date });
  const reviews = [review(1, 10, 0, 0, false, 100), review(2, 2, 5, 1, false, 300), review(3, 8, 5, 1, true, 200), review(4, 8, 1, 0, true, 400), review(5, 6, 0, 2, true, 400)];
  const order = (sort: Parameters<typeof compareReviews>[0]) => [...reviews].sort(compareReviews(sort)).map((r) => r.id);

  it.each([
    // helpful − unhelpful (4, 4, 1, 0, −2); at 4 the verified one first; at equal date the newer id.
    ['relevance', [3, 2, 4, 1, 5]],
    ['new', [5, 4, 2, 3, 1]],
    ['old', [1, 3, 2, 4, 5]],
    ['best', [1, 4, 3, 5, 2]],
    ['worst', [2, 5, 4, 3, 1]],
  ] as const)('%s', (sort, ids) => {
    expect(order(sort)).toEqual(ids);
  });
});

describe('the card', () => {
  it.each([
    [2, 5, 40],
    [1, 3, 33],
    [0, 0, 0],
    [3, 3, 100],
  ])('%i of %i is %i%', (part, total, percent) => {
    expect(percentOf(part, total)).toBe(percent);
  });

  it('marks text written in another language than the page', () => {
    expect(textLang('fr_FR', 'es_ES')).toBe('fr-FR');
    expect(textLang('es_ES', 'es_ES')).toBeUndefined();
    expect(textLang('xx', 'es_ES')).toBeUndefined();
  });
});
