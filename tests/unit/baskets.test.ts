/**
 * The pure rules of wishlists (worker/baskets/rules.ts): merging copied units, the article limit
 * of a copy, when a price counts as dropped, a list's total and names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName, listTotal, MAX_ARTICLES_PER_LIST, MAX_UNITS, mergeUnits, newPublicId, planMerge, priceDrop, PUBLIC_ID_PATTERN } from '../../worker/baskets/rules';

describe('merging copied units', () => {
  it.each([
    [0, 1, 1],
    [3, 2, 5],
    [98, 1, 99],
    [98, 5, 99],
    [99, 99, 99],
  ])('%i units plus %i copied make %i', (current, added, expected) => {
    expect(mergeUnits(current, added)).toBe(expected);
  });

  it('adds up articles in both lists, adds new ones in the source\'s order and changes nothing else', () => {
    const plan = planMerge(
      [
        { articleId: 1, units: 3 },
        { articleId: 2, units: 99 },
      ],
      [
        { articleId: 2, units: 4, price: 100 },
        { articleId: 5, units: 2, price: 500 },
        { articleId: 1, units: 2, price: 100 },
        { articleId: 4, units: 1, price: 400 },
      ],
    );
    // Article 2 is already at the maximum: no update for it.
    expect(plan.updates).toEqual([{ articleId: 1, units: 5 }]);
    expect(plan.inserts).toEqual([
      { articleId: 5, units: 2, price: 500 },
      { articleId: 4, units: 1, price: 400 },
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it(`never lets a list pass ${MAX_ARTICLES_PER_LIST} articles, and reports what did not fit`, () => {
    const target = Array.from({ length: MAX_ARTICLES_PER_LIST - 1 }, (_, i) => ({ articleId: i + 1, units: 1 }));
    const plan = planMerge(target, [
      { articleId: 1, units: 1, price: 1 },
      { articleId: 1000, units: 1, price: 1 },
      { articleId: 1001, units: 1, price: 1 },
    ]);
    expect(plan.updates).toEqual([{ articleId: 1, units: 2 }]);
    expect(plan.inserts.map((l) => l.articleId)).toEqual([1000]);
    expect(plan.skipped).toEqual([1001]);
  });

  it('keeps every list within its limits and accounts for every source article', () => {
    const line = fc.record({ articleId: fc.integer({ min: 1, max: 400 }), units: fc.integer({ min: 1, max: MAX_UNITS }) });
    fc.assert(
      fc.property(fc.uniqueArray(line, { selector: (l) => l.articleId, maxLength: MAX_ARTICLES_PER_LIST }), fc.uniqueArray(line, { selector: (l) => l.articleId, maxLength: 250 }), (target, source) => {
        const plan = planMerge(target, source.map((l) => ({ ...l, price: 100 })));
        const known = new Set(target.map((l) => l.articleId));
        expect(target.length + plan.inserts.length).toBeLessThanOrEqual(Math.max(target.length, MAX_ARTICLES_PER_LIST));
        for (const u of [...plan.updates, ...plan.inserts]) expect(u.units).toBeLessThanOrEqual(MAX_UNITS);
        const accounted = new Set([...plan.inserts.map((l) => l.articleId), ...plan.skipped, ...source.filter((l) => known.has(l.articleId)).map((l) => l.articleId)]);
        expect(accounted.size).toBe(source.length);
      }),
    );
  });
});

describe('the price drop', () => {
  it.each([
    [10000, 9000, 1000],
    [10000, 10000, null],
    [10000, 11000, null],
    [10000, null, null],
    [1, 0, 1],
  ])('seen at %s, now %s: drop %s', (then, now, drop) => {
    expect(priceDrop(then, now)).toBe(drop);
  });
});

describe('a list\'s total and name', () => {
  it('totals the price now times the units, leaving out what is not sold here', () => {
    expect(listTotal([])).toBe(0);
    expect(
      listTotal([
        { units: 2, priceNow: 1999 },
        { units: 1, priceNow: null },
        { units: 3, priceNow: 100 },
      ]),
    ).toBe(4298);
  });

  it('trims names and folds inner spaces', () => {
    expect(cleanName('  Regalos   de\tNavidad ')).toBe('Regalos de Navidad');
  });

  it('makes unguessable public ids of 22 URL-safe characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newPublicId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(PUBLIC_ID_PATTERN);
  });
});
