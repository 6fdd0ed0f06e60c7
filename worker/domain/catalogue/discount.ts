/**
 * Which reference price a product shows struck through, and whether the saving is big enough to
 * display (spec §5 and §9: only from 5 % or from 50 €). Money is integer cents.
 */

/** Smallest saving shown as a percentage (spec §5/§9). */
export const MIN_DISCOUNT_PERCENT = 5;
/** Smallest saving shown whatever the percentage: 50 € (spec §5/§9). */
export const MIN_DISCOUNT_AMOUNT = 5000;

export interface Discount {
  /** Saving as a whole percentage of the reference, rounded down (19.99 % → 19). */
  percent: number;
  /** Saving in cents: reference − price. */
  amount: number;
}

/**
 * The discount to display for `price` against `referencePrice`, or null.
 *
 * - null when either price is missing (null, undefined, negative or not a finite number) or
 *   when the reference is not above the price;
 * - otherwise shown when the exact percentage is at least 5 or the saving is at least 5000 cents
 *   (50 €); either condition is enough. A 2 000 € product 50 € cheaper is shown as
 *   `{ percent: 2, amount: 5000 }`.
 *
 * The percentage is computed in integers, so 4.9995 % never becomes 5 % through rounding.
 */
export function discountToShow(price: number | null | undefined, referencePrice: number | null | undefined): Discount | null {
  if (!isAmount(price) || !isAmount(referencePrice) || referencePrice <= price) return null;
  const amount = referencePrice - price;
  const scaled = amount * 100;
  const percent = (scaled - (scaled % referencePrice)) / referencePrice;
  if (percent < MIN_DISCOUNT_PERCENT && amount < MIN_DISCOUNT_AMOUNT) return null;
  return { percent, amount };
}

export type ReferenceKind = 'crossedOut' | 'original' | 'recommended';

export interface ReferencePrice {
  kind: ReferenceKind;
  price: number;
}

export interface ReferencePrices {
  originalPrice?: number | null;
  crossedOutPrice?: number | null;
  recommendedPrice?: number | null;
}

/**
 * The reference price to strike through, by precedence: the crossed-out price (set on purpose by
 * the pricing team), then the original price (what was charged before), then the manufacturer's
 * recommended price. A value that is missing, zero or negative counts as absent (feeds use 0 as
 * "none").
 *
 * The first present reference is chosen even when it is not above the current price: the pricing
 * team picked it, and falling through to a higher, less relevant reference would overstate the
 * saving. `discountToShow` then returns null for it.
 */
export function referencePrice({ originalPrice, crossedOutPrice, recommendedPrice }: ReferencePrices): ReferencePrice | null {
  const candidates: [ReferenceKind, number | null | undefined][] = [
    ['crossedOut', crossedOutPrice],
    ['original', originalPrice],
    ['recommended', recommendedPrice],
  ];
  for (const [kind, price] of candidates) if (isAmount(price) && price > 0) return { kind, price };
  return null;
}

function isAmount(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
