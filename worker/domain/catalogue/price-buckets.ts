/**
 * Price-range facets of the product listing (spec §9: "Price-range bucket 50"): buckets 50 € wide,
 * half-open [from, to), in cents.
 */

/** Width of a price-range bucket: 50 €. */
export const PRICE_BUCKET_CENTS = 5000;

export interface PriceBucket {
  /** Inclusive lower bound, cents. */
  from: number;
  /** Exclusive upper bound, cents. */
  to: number;
}

/** The bucket holding `cents`: 0 and 4999 → [0, 5000); 5000 → [5000, 10000). */
export function priceBucket(cents: number): PriceBucket {
  const from = Math.floor(cents / PRICE_BUCKET_CENTS) * PRICE_BUCKET_CENTS;
  return { from, to: from + PRICE_BUCKET_CENTS };
}

/**
 * How many prices fall in each bucket, ascending by `from`. Only buckets holding at least one
 * price are listed (no empty gaps); negative and non-finite prices are skipped.
 */
export function bucketCounts(prices: readonly number[]): (PriceBucket & { count: number })[] {
  const counts = new Map<number, number>();
  for (const cents of prices) {
    if (!Number.isFinite(cents) || cents < 0) continue;
    const { from } = priceBucket(cents);
    counts.set(from, (counts.get(from) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([from, count]) => ({ from, to: from + PRICE_BUCKET_CENTS, count }));
}
