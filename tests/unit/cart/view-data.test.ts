// When a mutation's own read serves its answer: what the lines it leaves need, against what was
// read for the lines it found (worker/cart/view-data.ts).
import { describe, expect, it } from 'vitest';
import type { CartLineRow } from '../../../worker/cart/cart-do';
import { covers, viewNeeds } from '../../../worker/cart/view-data';

const row = (over: Partial<CartLineRow> & Pick<CartLineRow, 'idLine' | 'offerId' | 'articleId'>): CartLineRow => ({ qty: 1, articleReference: 0, kind: 'article', serviceId: null, postalCode: null, giftPaper: false, addedAt: 0, ...over });

const ARTICLE = row({ idLine: 1, offerId: 100, articleId: 1 });
const OTHER = row({ idLine: 2, offerId: 200, articleId: 2 });
const INSTALLATION = row({ idLine: 3, offerId: 100, articleId: 1, articleReference: 1, kind: 'installation', serviceId: 7, postalCode: '28013' });
const INSURANCE = row({ idLine: 4, offerId: 100, articleId: 1, articleReference: 1, kind: 'insurance', serviceId: 3 });
const STANDALONE = row({ idLine: 5, offerId: 0, articleId: 9, kind: 'insurance', serviceId: 3, details: { coversOrderNumber: 'ES-1', coversArticleId: 9 } });

describe('viewNeeds', () => {
  it('lists each offer once, the offers about to join, provinces for installations and the covered articles', () => {
    expect(viewNeeds([ARTICLE, INSTALLATION, STANDALONE], { offerIds: [200, 100] })).toEqual({ offerIds: [100, 0, 200], provinces: true, coveredIds: [9], stockCheck: false });
    expect(viewNeeds([], { stockCheck: true })).toEqual({ offerIds: [], provinces: false, coveredIds: [], stockCheck: true });
  });
});

describe('covers', () => {
  const readFor = (lines: CartLineRow[], offerIds: number[] = []) => viewNeeds(lines, { offerIds });
  it.each([
    ['the line added, its offer named', readFor([ARTICLE], [200]), [ARTICLE, OTHER], true],
    ['a quantity changed', readFor([ARTICLE, OTHER]), [ARTICLE, OTHER], true],
    ['a line removed', readFor([ARTICLE, OTHER]), [ARTICLE], true],
    ['an insurance attached', readFor([ARTICLE]), [ARTICLE, INSURANCE], true],
    ['a line another call added meanwhile', readFor([ARTICLE]), [ARTICLE, OTHER], false],
    ['an installation attached (its provinces were not read)', readFor([ARTICLE]), [ARTICLE, INSTALLATION], false],
    ['a standalone insurance added meanwhile', readFor([ARTICLE]), [ARTICLE, STANDALONE], false],
  ])('%s', (_, read, after, expected) => {
    expect(covers(read, viewNeeds(after))).toBe(expected);
  });

  it('never serves a stock check from a read made without the facts', () => {
    expect(covers(viewNeeds([ARTICLE]), viewNeeds([ARTICLE], { stockCheck: true }))).toBe(false);
    expect(covers(viewNeeds([ARTICLE], { stockCheck: true }), viewNeeds([ARTICLE]))).toBe(true);
  });
});
