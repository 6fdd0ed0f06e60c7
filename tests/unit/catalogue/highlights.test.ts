import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_COUNT, pickHighlights, type HighlightCandidate } from '../../../worker/domain/catalogue/highlights';

const c = (articleId: number, over: Partial<HighlightCandidate> = {}): HighlightCandidate => ({
  articleId,
  price: 10_000,
  availabilityCode: 0,
  ratingAverage: 8,
  ratingCount: 20,
  campaignSlugs: [],
  ...over,
});

describe('pickHighlights', () => {
  it('takes the best rated with enough ratings: average, then count, then id', () => {
    const picked = pickHighlights([c(1, { ratingAverage: 8 }), c(2, { ratingAverage: 10, ratingCount: 6 }), c(3, { ratingAverage: 9, ratingCount: 50 }), c(4, { ratingAverage: 9, ratingCount: 80 }), c(5, { ratingAverage: 8 })], []);
    expect(picked).toEqual([2, 4, 3, 1]);
  });

  it('ignores products with fewer than 5 ratings, however high', () => {
    expect(pickHighlights([c(1, { ratingAverage: 10, ratingCount: 4 }), c(2, { ratingAverage: 7, ratingCount: 5 })], [])).toEqual([2]);
  });

  it.each([
    ['no price on the channel', { price: null }],
    ['on order (4)', { availabilityCode: 4 }],
    ['out of stock (7)', { availabilityCode: 7 }],
    ['discontinued (9999)', { availabilityCode: 9999 }],
    ['zone not available (9876)', { availabilityCode: 9876 }],
  ])('never highlights a product with %s', (_label, over) => {
    expect(pickHighlights([c(1, { ratingAverage: 10, ...over }), c(2)], ['black-friday'])).toEqual([2]);
  });

  it('keeps codes 0 to 3 (stock on hand or at the supplier)', () => {
    expect(pickHighlights([0, 1, 2, 3].map((code) => c(code + 1, { availabilityCode: code })), [])).toEqual([1, 2, 3, 4]);
  });

  it('puts products of a running campaign first, even with few ratings', () => {
    const candidates = [c(1, { ratingAverage: 10 }), c(2, { ratingCount: 0, campaignSlugs: ['black-friday'] }), c(3, { ratingAverage: 9, campaignSlugs: ['black-friday'] })];
    expect(pickHighlights(candidates, ['black-friday'])).toEqual([3, 2, 1]);
    // Outside the campaign the same products follow the rating rule alone.
    expect(pickHighlights(candidates, [])).toEqual([1, 3]);
    expect(pickHighlights(candidates, ['summer-sale'])).toEqual([1, 3]);
  });

  it(`shows at most ${HIGHLIGHT_COUNT}, each once`, () => {
    const many = Array.from({ length: 10 }, (_, i) => c(i + 1, { campaignSlugs: ['black-friday'] }));
    const picked = pickHighlights(many, ['black-friday']);
    expect(picked).toHaveLength(HIGHLIGHT_COUNT);
    expect(new Set(picked).size).toBe(HIGHLIGHT_COUNT);
    expect(pickHighlights([], ['black-friday'])).toEqual([]);
  });
});
