import { describe, expect, it } from 'vitest';
import { decideAdd, decideQty, isPurchasable, MAX_ARTICLE_LINES, maxUnits, reconcile, type OfferFact } from '../../../worker/cart/rules';

const fact = (over: Partial<OfferFact> = {}): OfferFact => ({ offerId: 1, articleId: 10, price: 1999, stock: 8, availabilityCode: 0, condition: 'new', type: 'normal', ...over });

describe('what can be bought', () => {
  it.each([
    [0, 5, true],
    [3, 1, true],
    [3, 0, false],
    [4, 0, true],
    [5, 0, true],
    [6, 9, false],
    [7, 9, false],
    [9876, 9, false],
    [9999, 9, false],
  ])('code %i with stock %i → %s', (availabilityCode, stock, expected) => {
    expect(isPurchasable(fact({ availabilityCode, stock }))).toBe(expected);
  });

  it.each([
    [fact(), 8],
    [fact({ stock: 50 }), 20],
    [fact({ availabilityCode: 4, stock: 0 }), 20],
    [fact({ type: 'refurbished' }), 2],
    [fact({ condition: 'Reaconditioned-B' }), 2],
    [fact({ type: 'refurbished', stock: 1 }), 1],
  ])('max units of %j → %i', (offer, units) => {
    expect(maxUnits(offer)).toBe(units);
  });
});

describe('quantities', () => {
  it('caps at stock and says so', () => {
    expect(decideQty(fact({ stock: 3 }), 5)).toEqual({ ok: true, qty: 3, limited: true });
    expect(decideQty(fact({ stock: 3 }), 3)).toEqual({ ok: true, qty: 3, limited: false });
  });
  it('refuses more than 2 refurbished units (1124) and unpurchasable offers (1125)', () => {
    expect(decideQty(fact({ type: 'refurbished' }), 3)).toEqual({ ok: false, code: 1124 });
    expect(decideQty(fact({ availabilityCode: 7 }), 1)).toEqual({ ok: false, code: 1125 });
    expect(decideQty(fact({ stock: 0 }), 1)).toEqual({ ok: false, code: 1125 });
  });
  it('adds onto the existing line, and refuses a line beyond the limit (1137)', () => {
    const lines = [{ idLine: 4, offerId: 1, articleId: 10, qty: 2 }];
    expect(decideAdd(lines, fact(), 3)).toEqual({ ok: true, qty: 5, limited: false, idLine: 4 });
    const full = Array.from({ length: MAX_ARTICLE_LINES }, (_, i) => ({ idLine: i + 1, offerId: 100 + i, articleId: 200 + i, qty: 1 }));
    expect(decideAdd(full, fact(), 1)).toEqual({ ok: false, code: 1137 });
    expect(decideAdd(full, fact({ offerId: 100 }), 1)).toMatchObject({ ok: true, qty: 2, idLine: 1 });
  });
});

describe('recalculating stock (1119)', () => {
  it('lowers lines to the stock and removes what can no longer be bought', () => {
    const lines = [
      { idLine: 1, offerId: 1, articleId: 10, qty: 5 },
      { idLine: 2, offerId: 2, articleId: 20, qty: 1 },
      { idLine: 3, offerId: 3, articleId: 30, qty: 1 },
      { idLine: 4, offerId: 4, articleId: 40, qty: 1 },
    ];
    const facts = new Map([
      [1, fact({ offerId: 1, stock: 2 })],
      [2, fact({ offerId: 2, availabilityCode: 7 })],
      [4, fact({ offerId: 4 })],
    ]);
    expect(reconcile(lines, facts)).toEqual({
      modified: [{ idLine: 1, articleId: 10, qty: 2 }],
      removed: [
        { idLine: 2, articleId: 20 },
        { idLine: 3, articleId: 30 },
      ],
    });
  });
});
