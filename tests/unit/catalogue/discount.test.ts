// Discount display threshold and reference-price precedence (spec §5, §9).
import { describe, expect, it } from 'vitest';
import { discountToShow, referencePrice } from '../../../worker/domain/catalogue/discount';

describe('discountToShow', () => {
  it.each([
    // [price, reference, expected]
    ['4.99 % of 100 € is hidden', 9501, 10000, null],
    ['5 % of 100 € is shown', 9500, 10000, { percent: 5, amount: 500 }],
    ['4.9995 % is not rounded up to 5', 9501, 10001, null],
    ['5.0095 % is shown as 5', 9500, 10001, { percent: 5, amount: 501 }],
    ['49.99 € on 2 000 € (2.4995 %) is hidden', 195001, 200000, null],
    ['50 € on 2 000 € (2.5 %) is shown', 195000, 200000, { percent: 2, amount: 5000 }],
    ['50 € on 10 000 € (0.5 %) is shown as 0 %', 995000, 1000000, { percent: 0, amount: 5000 }],
    ['percent is rounded down: 19.99 % → 19', 8001, 10000, { percent: 19, amount: 1999 }],
    ['free against a reference is 100 %', 0, 1000, { percent: 100, amount: 1000 }],
    ['reference equal to price', 10000, 10000, null],
    ['reference below price', 10000, 9000, null],
    ['no reference', 10000, null, null],
    ['undefined reference', 10000, undefined, null],
    ['no price', null, 10000, null],
    ['negative price', -1, 10000, null],
    ['NaN reference', 10000, Number.NaN, null],
  ] as const)('%s', (_, price, reference, expected) => {
    expect(discountToShow(price, reference)).toEqual(expected);
  });
});

describe('referencePrice', () => {
  it.each([
    ['crossed-out first', { crossedOutPrice: 12000, originalPrice: 11000, recommendedPrice: 13000 }, { kind: 'crossedOut', price: 12000 }],
    ['original when no crossed-out', { crossedOutPrice: null, originalPrice: 11000, recommendedPrice: 13000 }, { kind: 'original', price: 11000 }],
    ['recommended last', { recommendedPrice: 13000 }, { kind: 'recommended', price: 13000 }],
    ['zero counts as absent', { crossedOutPrice: 0, originalPrice: 11000 }, { kind: 'original', price: 11000 }],
    ['nothing', { crossedOutPrice: null, originalPrice: null, recommendedPrice: null }, null],
  ] as const)('%s', (_, prices, expected) => {
    expect(referencePrice(prices)).toEqual(expected);
  });

  it('keeps the chosen reference even when it is not above the price, so no discount shows', () => {
    const reference = referencePrice({ crossedOutPrice: 9000, originalPrice: 20000 });
    expect(reference).toEqual({ kind: 'crossedOut', price: 9000 });
    expect(discountToShow(10000, reference?.price)).toBeNull();
  });
});
