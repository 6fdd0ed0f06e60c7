/**
 * The buy box: which of an article's offers on a channel gets the "add to cart" button, and the
 * order of the other sellers' offers below it. Money is integer cents.
 */

export type OfferCondition = 'new' | 'Reaconditioned-A' | 'Reaconditioned-B' | 'Reaconditioned-C';

export interface BuyboxOffer {
  offerId: number;
  sellerId: number;
  sellerKind: 'own' | 'marketplace' | 'dropshipping';
  sellerTier: 'standard' | 'premium';
  /** Seller rating on 1–10; 0 when the seller has no evaluations yet. */
  sellerGrade: number;
  price: number;
  minShippingPrice: number;
  condition: OfferCondition;
  /** Spec §3 stock code: 0–7, 9876 zone not available, 9999 discontinued. */
  availabilityCode: number;
  deliveryMaxDays: number;
}

/** The retailer itself sells as seller 0. */
export const OWN_SELLER_ID = 0;
/** Codes 0–5 can be bought (in stock, supplier stock, on order, pre-order); 6 and above cannot. */
export const LAST_PURCHASABLE_CODE = 5;
/** Sellers graded below this (on 1–10) lose the buy box to any other eligible offer. */
export const MIN_TRUSTED_GRADE = 6;
/** The retailer's own offer wins when its landed cost is at most 1 % above the cheapest. */
export const OWN_OFFER_TOLERANCE_PERCENT = 1;

/** Price plus the cheapest shipping: what the customer pays for one unit. */
export const landedCost = (offer: BuyboxOffer): number => offer.price + offer.minShippingPrice;

export const isPurchasable = (offer: BuyboxOffer): boolean =>
  Number.isInteger(offer.availabilityCode) && offer.availabilityCode >= 0 && offer.availabilityCode <= LAST_PURCHASABLE_CODE;

/** A known grade below 6; an ungraded seller (0) is new, not bad, and is not penalised. */
const isLowGrade = (offer: BuyboxOffer): boolean => offer.sellerGrade >= 1 && offer.sellerGrade < MIN_TRUSTED_GRADE;

/**
 * Chooses the winning offer, applying these steps in order:
 *
 * 1. Only purchasable offers (availability code 0–5) compete; none → null.
 * 2. If any purchasable offer is new, only new offers compete; refurbished ones compete only when
 *    no new offer is purchasable.
 * 3. Among those, sellers with a grade from 1 to 5 are dropped, unless every remaining offer is
 *    from such a seller. Grade 0 (unknown) is kept.
 * 4. Landed cost = price + minShippingPrice. The retailer's own offer (seller 0) wins when its
 *    landed cost is at most the cheapest one + 1 % (inclusive, so it also wins ties). Otherwise
 *    the offers at the cheapest landed cost compete.
 * 5. Remaining ties: lower deliveryMaxDays, then premium tier before standard, then lower offerId.
 *
 * `others` holds every other purchasable offer (refurbished and low-grade included, unpurchasable
 * ones left out), sorted by landed cost, then by the tie-breaks of step 5.
 */
export function buybox<O extends BuyboxOffer>(offers: readonly O[]): { winner: O; others: O[] } | null {
  const purchasable = offers.filter(isPurchasable);
  if (purchasable.length === 0) return null;

  const brandNew = purchasable.filter((offer) => offer.condition === 'new');
  const byCondition = brandNew.length > 0 ? brandNew : purchasable;
  const trusted = byCondition.filter((offer) => !isLowGrade(offer));
  const eligible = trusted.length > 0 ? trusted : byCondition;

  const cheapest = Math.min(...eligible.map(landedCost));
  const own = eligible.filter((offer) => offer.sellerId === OWN_SELLER_ID && landedCost(offer) * 100 <= cheapest * (100 + OWN_OFFER_TOLERANCE_PERCENT));
  const finalists = own.length > 0 ? own : eligible.filter((offer) => landedCost(offer) === cheapest);
  const winner = [...finalists].sort(compareOffers)[0]!;

  return { winner, others: purchasable.filter((offer) => offer !== winner).sort(compareOffers) };
}

/** Landed cost, then faster delivery, then premium tier, then lower offerId. */
function compareOffers(a: BuyboxOffer, b: BuyboxOffer): number {
  return (
    landedCost(a) - landedCost(b) ||
    a.deliveryMaxDays - b.deliveryMaxDays ||
    tierRank(a) - tierRank(b) ||
    a.offerId - b.offerId
  );
}

const tierRank = (offer: BuyboxOffer): number => (offer.sellerTier === 'premium' ? 0 : 1);
