/**
 * Listing highlights: the few products shown above a category or brand listing (first page
 * only). The rule, from data alone:
 *
 * 1. Only products that can be bought now from stock: a price on the channel and availability
 *    code 0–3 (stock on hand or at the supplier, as on the home page's best-rated list).
 * 2. First, products of a collection whose campaign is running on the channel now (Black
 *    Friday as configured per channel, worker/domain/catalogue/campaign.ts).
 * 3. Then the best rated with at least HIGHLIGHT_MIN_RATINGS ratings, so one lucky 10/10 does
 *    not beat a hundred 9/10s.
 * Within each group: rating average, then rating count (both descending), then article id.
 * At most HIGHLIGHT_COUNT products.
 */

export const HIGHLIGHT_COUNT = 4;
export const HIGHLIGHT_MIN_RATINGS = 5;
/** Highest availability code that counts as "in stock" here (0–3). */
export const HIGHLIGHT_MAX_AVAILABILITY = 3;

export interface HighlightCandidate {
  articleId: number;
  price: number | null;
  availabilityCode: number;
  /** Doubled 1–10 scale. */
  ratingAverage: number;
  ratingCount: number;
  /** Slugs of the campaigns whose collections hold the product. */
  campaignSlugs: readonly string[];
}

const inStock = (c: HighlightCandidate) => c.price !== null && c.availabilityCode >= 0 && c.availabilityCode <= HIGHLIGHT_MAX_AVAILABILITY;

const byRating = (a: HighlightCandidate, b: HighlightCandidate) => b.ratingAverage - a.ratingAverage || b.ratingCount - a.ratingCount || a.articleId - b.articleId;

/** Article ids to highlight, in display order. `liveCampaigns`: slugs of the campaigns running on the channel now. */
export function pickHighlights(candidates: readonly HighlightCandidate[], liveCampaigns: readonly string[], limit = HIGHLIGHT_COUNT): number[] {
  const eligible = candidates.filter(inStock);
  const inCampaign = eligible.filter((c) => c.campaignSlugs.some((slug) => liveCampaigns.includes(slug))).sort(byRating);
  const wellRated = eligible.filter((c) => c.ratingCount >= HIGHLIGHT_MIN_RATINGS).sort(byRating);
  const ids: number[] = [];
  for (const candidate of [...inCampaign, ...wellRated]) {
    if (ids.length === limit) break;
    if (!ids.includes(candidate.articleId)) ids.push(candidate.articleId);
  }
  return ids;
}
