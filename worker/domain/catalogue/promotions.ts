/**
 * Category promotions: banners stored as data (category_promotions), shown on the first page
 * of the category's listing and of every listing below it. A promotion is live from `startsAt`
 * (inclusive) until `endsAt` (exclusive); a missing end means open-ended, like campaigns.
 */

export interface PromotionRecord {
  id: number;
  categoryId: number;
  startsAt: Date | null;
  endsAt: Date | null;
  position: number;
  title: string;
  text: string;
  linkLabel: string;
  link: string;
}

export interface PromotionView {
  id: number;
  title: string;
  text: string;
  linkLabel: string;
  href: string | null;
}

/** Promotions shown at once, at most. */
export const PROMOTION_COUNT = 3;

/** `startsAt ≤ now < endsAt`, either end optional. */
export function isPromotionLive(promotion: Pick<PromotionRecord, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const time = now.getTime();
  return (promotion.startsAt === null || promotion.startsAt.getTime() <= time) && (promotion.endsAt === null || time < promotion.endsAt.getTime());
}

/**
 * Where a promotion's link leads on the request's channel: a path of the language gets the
 * language's prefix (`/en` + `/laptops`), an https URL stays as it is; anything else (a
 * protocol-relative `//host`, `javascript:`…) is dropped.
 */
export function promotionHref(link: string, languagePrefix: string): string | null {
  if (/^\/(?!\/)/.test(link)) return languagePrefix + link;
  return /^https:\/\/[^/\s]+/i.test(link) ? link : null;
}

/**
 * The live promotions of a listing whose category trail is `trail` (root first): those of the
 * category itself first, then of each ancestor going up, each by position; at most `limit`.
 */
export function livePromotions(records: readonly PromotionRecord[], trail: readonly number[], now: Date, languagePrefix: string, limit = PROMOTION_COUNT): PromotionView[] {
  const depth = (categoryId: number) => trail.length - 1 - trail.indexOf(categoryId);
  return records
    .filter((record) => trail.includes(record.categoryId) && isPromotionLive(record, now))
    .sort((a, b) => depth(a.categoryId) - depth(b.categoryId) || a.position - b.position || a.id - b.id)
    .slice(0, limit)
    .map(({ id, title, text, linkLabel, link }) => ({ id, title, text, linkLabel, href: promotionHref(link, languagePrefix) }));
}
