/**
 * The lowest-price label of a product (spec §9: 30, 60, 90 days, historical), from its price
 * history on a channel (the `price_history` table: one row per day on which the price was set).
 */

export interface PricePoint {
  /** Calendar day, YYYY-MM-DD, in UTC like the `price_history` rows. */
  day: string;
  /** Price in cents set on that day. */
  price: number;
}

/** Windows in days, largest first: the label names the largest one that holds. */
export const LOWEST_PRICE_WINDOWS = [90, 60, 30] as const;
export type LowestPriceWindow = (typeof LOWEST_PRICE_WINDOWS)[number];
export type LowestPriceLabel = 'historical' | LowestPriceWindow;

const DAY_MS = 86_400_000;

/**
 * Which lowest-price label `current` (cents) earns, or null.
 *
 * The history is read as price changes: a row's price stays in force until the next row (a
 * history with one row per day reads the same way). Rows may come in any order; rows dated after
 * today, malformed days and non-finite prices are ignored. "Today" is the UTC day of `now`.
 *
 * - The N-day window starts on day `today − N` and runs to now. It holds when the history reaches
 *   back to the window's start (some row is dated on or before `today − N`) and `current` is ≤
 *   every price in force during the window: the last row dated on or before the start, and every
 *   later row up to today. Without a row that old the price for the whole window is unknown, so
 *   that window gets no label.
 * - `'historical'` when `current` is ≤ every price recorded and the history is older than the
 *   90-day window (its first row is dated before `today − 90`); with a first row exactly 90 days
 *   old the label is 90.
 * - Otherwise the largest of 90, 60, 30 that holds; otherwise null. A price with no prior
 *   history (no rows, or only today's) gets no label.
 *
 * Equal prices count as lowest (≤).
 */
export function lowestPriceLabel(current: number, history: readonly PricePoint[], now: Date): LowestPriceLabel | null {
  const today = Math.floor(now.getTime() / DAY_MS);
  const points = history
    .map((point) => ({ day: dayNumber(point.day), price: point.price }))
    .filter((point): point is { day: number; price: number } => point.day !== null && point.day <= today && Number.isFinite(point.price))
    .sort((a, b) => a.day - b.day);
  const first = points[0];
  if (!first) return null;

  const largest = LOWEST_PRICE_WINDOWS[0];
  if (first.day < today - largest && points.every((point) => current <= point.price)) return 'historical';
  for (const days of LOWEST_PRICE_WINDOWS) {
    if (isLowestSince(current, points, today - days)) return days;
  }
  return null;
}

/** True when `current` is ≤ every price in force from day `start` on; `points` sorted by day. */
function isLowestSince(current: number, points: readonly { day: number; price: number }[], start: number): boolean {
  let inForceAtStart = -1;
  for (let i = 0; i < points.length && points[i]!.day <= start; i++) inForceAtStart = i;
  if (inForceAtStart < 0) return false;
  return points.slice(inForceAtStart).every((point) => current <= point.price);
}

/** Days since 1970-01-01 of a YYYY-MM-DD string, or null when it is not a real calendar day. */
function dayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return ms / DAY_MS;
}
