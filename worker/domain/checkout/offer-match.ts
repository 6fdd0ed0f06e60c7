/**
 * Spec §8 1147, "marketplace offer match": a basket line bought from a marketplace seller while
 * the same article can be bought for less, in the same condition, from another seller on the
 * channel. It is a warning that never blocks (alerts.ts: kind 'marketplaceOfferMatch'): the
 * shopper is told and may keep the line and place the order. The rule is ours (the spec names
 * only the alert):
 *
 * - only article lines sold by a marketplace seller match; our own lines, dropshipping lines
 *   and service lines never do;
 * - every other seller's offer counts, ours (seller 0) included;
 * - only offers in the line's condition: a refurbished offer is not a better offer of a new one;
 * - the unit price must be strictly lower (a tie is not a better offer). Shipping is left out, as
 *   the basket shows it only at the delivery step.
 *
 * The offers given are those that can be bought now (worker/cart/facts.ts `articleExtras` reads
 * only those: availability code 0–5, with stock for codes 0–3). Pure: values in, the cheapest
 * better offer or the `criticalErrors` entries (spec §3) out, one per matching line in cart order.
 */
import { ALERT_CODES, type CriticalError } from './alerts';

/** An offer of an article on the channel that can be bought now (spec §3 buybox offers). */
export interface ArticleOffer {
  idOffer: number;
  /** The seller (0 is the store itself). */
  shopId: number;
  shopName: string;
  /** Unit price in cents. */
  price: number;
  condition: string;
  availabilityCode: number;
}

/** What the rule reads of a cart line (a cart view article satisfies it). */
export interface OfferMatchLine {
  idArticle: number;
  name: string;
  /** The line's current unit price, in cents. */
  unitPrice: number;
  condition: string;
  seller: { id: number; kind: 'own' | 'marketplace' | 'dropshipping' };
  /** Null for an article; set on a service line attached to one. */
  service: { kind: string; id: number } | null;
}

/**
 * The cheapest offer that makes `line` a 1147 match, or null. `offers` are the article's
 * purchasable offers on the channel (the line's own may be among them: a seller never matches
 * itself). Equal prices go to the lower offer id, so the answer does not depend on their order.
 */
export function betterOffer<O extends ArticleOffer>(line: OfferMatchLine, offers: readonly O[]): O | null {
  if (line.service !== null || line.seller.kind !== 'marketplace') return null;
  let best: O | null = null;
  for (const offer of offers) {
    if (offer.shopId === line.seller.id || offer.condition !== line.condition || offer.price >= line.unitPrice) continue;
    if (!best || offer.price < best.price || (offer.price === best.price && offer.idOffer < best.idOffer)) best = offer;
  }
  return best;
}

/** The 1147 critical errors of a cart: one per line with a better offer, `offersByArticle` keyed by article id. */
export function offerMatchErrors(lines: readonly OfferMatchLine[], offersByArticle: ReadonlyMap<number, readonly ArticleOffer[]>): CriticalError[] {
  return lines
    .filter((line) => betterOffer(line, offersByArticle.get(line.idArticle) ?? []) !== null)
    .map((line) => ({ code: ALERT_CODES.marketplaceOfferMatch, articleName: line.name }));
}
