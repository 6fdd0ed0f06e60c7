/**
 * The pure rules of wishlists and saved baskets (spec §3 basket/list, §7 basket calls): the
 * limits, how copied units merge, when a price counts as dropped, and a list's total. The limits
 * are ours (the spec names the calls, not the numbers).
 */

/** A list's name: 1–80 characters once trimmed. */
export const MAX_LIST_NAME = 80;
/** Lists one customer may keep. */
export const MAX_LISTS_PER_USER = 50;
/** Articles one list may hold. */
export const MAX_ARTICLES_PER_LIST = 200;
/** Units of one article in a list. */
export const MIN_UNITS = 1;
export const MAX_UNITS = 99;
/** The highest price a shopper may say they saw: 1,000,000.00 €. */
export const MAX_SEEN_PRICE = 100_000_000;

export const LIST_TYPES = ['wishlist', 'basket'] as const;
export const LIST_VISIBILITIES = ['private', 'public'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];

/** A list's public id: 128 random bits, base64url (22 characters), unguessable. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newPublicId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Units after adding `added` to `current` (a copy merging into a list): never past the maximum. */
export function mergeUnits(current: number, added: number): number {
  return Math.min(MAX_UNITS, Math.max(MIN_UNITS, current + added));
}

export interface ListLine {
  articleId: number;
  units: number;
  price: number;
}

export interface MergePlan {
  /** Articles already in the target: their new units. */
  updates: { articleId: number; units: number }[];
  /** Articles new to the target, within the article limit, in the source's order. */
  inserts: ListLine[];
  /** Articles left out because the target would pass MAX_ARTICLES_PER_LIST. */
  skipped: number[];
}

/**
 * Copying `source` into `target`: an article in both adds its units (capped), a new article
 * joins while the list has room; the rest is reported as skipped, never dropped silently.
 */
export function planMerge(target: readonly Pick<ListLine, 'articleId' | 'units'>[], source: readonly ListLine[]): MergePlan {
  const existing = new Map(target.map((line) => [line.articleId, line.units]));
  const plan: MergePlan = { updates: [], inserts: [], skipped: [] };
  let count = existing.size;
  for (const line of source) {
    const current = existing.get(line.articleId);
    if (current !== undefined) {
      const units = mergeUnits(current, line.units);
      existing.set(line.articleId, units);
      if (units !== current) plan.updates.push({ articleId: line.articleId, units });
    } else if (count < MAX_ARTICLES_PER_LIST) {
      plan.inserts.push({ ...line, units: mergeUnits(0, line.units) });
      existing.set(line.articleId, line.units);
      count++;
    } else plan.skipped.push(line.articleId);
  }
  return plan;
}

/**
 * The price drop shown beside an article: only when the price now is known and strictly lower
 * than the price the shopper saw when adding it; the amount is the difference in cents.
 */
export function priceDrop(priceWhenAdded: number, priceNow: number | null): number | null {
  if (priceNow === null || priceNow >= priceWhenAdded) return null;
  return priceWhenAdded - priceNow;
}

/** A list's total now: the current price × units of every article sold here (the rest has no price). */
export function listTotal(lines: readonly { units: number; priceNow: number | null }[]): number {
  return lines.reduce((sum, line) => sum + (line.priceNow === null ? 0 : line.priceNow * line.units), 0);
}

/** The name a list is stored with: trimmed, inner runs of spaces as one. */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}
