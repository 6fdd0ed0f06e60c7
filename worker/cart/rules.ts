/**
 * Cart rules (spec §8) as pure functions over the cart's lines and the catalogue facts of an
 * offer. The limits are ours (the spec names the codes, not the numbers):
 *
 * - at most 30 article lines in a cart (1137);
 * - at most 20 units on one line;
 * - at most 2 units of one refurbished or reconditioned article (1124);
 * - an offer that cannot be bought (availability code 6 and above), or one with stock on hand
 *   (codes 0–3) whose stock is 0, cannot be added (1125);
 * - asking for more units than the stock on hand sets the line to the stock and says so with
 *   the stock-limit notice (1139); codes 4 (on order) and 5 (pre-order) have no stock limit.
 */
export const MAX_ARTICLE_LINES = 30;
export const MAX_UNITS_PER_LINE = 20;
export const MAX_REFURBISHED_UNITS = 2;
/** Codes 0–3 are stock on hand; 4 and 5 can be bought without it; 6 and above cannot be bought. */
export const LAST_STOCKED_CODE = 3;
export const LAST_PURCHASABLE_CODE = 5;

export const CART_CODES = {
  emptyCart: 1102,
  outOfStock: 1119,
  notInCart: 1121,
  refurbishedLimit: 1124,
  noStockArticle: 1125,
  tooManyLines: 1137,
  stockLimit: 1139,
} as const;

export type CartCode = (typeof CART_CODES)[keyof typeof CART_CODES];

const REFURBISHED_TYPES = new Set(['refurbished', 'reaconditioned', 'recertified', 'cpo']);

/** What the cart needs to know about an offer, read from D1 on every mutation. */
export interface OfferFact {
  offerId: number;
  articleId: number;
  price: number;
  stock: number;
  availabilityCode: number;
  condition: string;
  type: string;
}

export interface LineState {
  idLine: number;
  offerId: number;
  articleId: number;
  qty: number;
  /** What the line carries beyond the article (a gift card's recipient): such a line is never merged into. */
  details?: Record<string, string | number> | null;
}

export const isRefurbished = (fact: Pick<OfferFact, 'condition' | 'type'>): boolean => fact.condition !== 'new' || REFURBISHED_TYPES.has(fact.type);

export function isPurchasable(fact: OfferFact): boolean {
  if (fact.availabilityCode < 0 || fact.availabilityCode > LAST_PURCHASABLE_CODE) return false;
  return fact.availabilityCode > LAST_STOCKED_CODE || fact.stock > 0;
}

/** The most units of this offer one line may hold. */
export function maxUnits(fact: OfferFact): number {
  const stocked = fact.availabilityCode <= LAST_STOCKED_CODE ? fact.stock : MAX_UNITS_PER_LINE;
  return Math.min(stocked, MAX_UNITS_PER_LINE, isRefurbished(fact) ? MAX_REFURBISHED_UNITS : MAX_UNITS_PER_LINE);
}

export type QtyDecision = { ok: true; qty: number; limited: boolean } | { ok: false; code: CartCode };

/**
 * The quantity a line ends with when `wanted` units are asked for: refused when the offer
 * cannot be bought or a refurbished article would pass its limit; otherwise capped by stock and
 * the per-line limit (`limited` tells the stock-limit notice to show).
 */
export function decideQty(fact: OfferFact, wanted: number): QtyDecision {
  if (!isPurchasable(fact)) return { ok: false, code: CART_CODES.noStockArticle };
  if (isRefurbished(fact) && wanted > MAX_REFURBISHED_UNITS) return { ok: false, code: CART_CODES.refurbishedLimit };
  const cap = maxUnits(fact);
  return wanted > cap ? { ok: true, qty: cap, limited: true } : { ok: true, qty: wanted, limited: false };
}

/**
 * Adding `qty` units of an offer: onto its existing line, or as a new line within the line limit.
 * A line with details (a gift card for someone) stays as the buyer made it; `separate` adds a
 * line of its own (the next gift card, for someone else).
 */
export function decideAdd(lines: readonly LineState[], fact: OfferFact, qty: number, separate = false): (QtyDecision & { idLine?: number }) | { ok: false; code: CartCode } {
  const existing = separate ? undefined : lines.find((line) => line.offerId === fact.offerId && !line.details);
  if (!existing && lines.length >= MAX_ARTICLE_LINES) return { ok: false, code: CART_CODES.tooManyLines };
  const decision = decideQty(fact, (existing?.qty ?? 0) + qty);
  return decision.ok && existing ? { ...decision, idLine: existing.idLine } : decision;
}

export interface Reconciliation {
  /** Lines whose quantity went down to the stock, with the new quantity. */
  modified: { idLine: number; articleId: number; qty: number }[];
  /** Lines whose offer can no longer be bought. */
  removed: { idLine: number; articleId: number }[];
}

/** Brings every line within what can be bought now (the recalculateStock check, code 1119). */
export function reconcile(lines: readonly LineState[], facts: ReadonlyMap<number, OfferFact>): Reconciliation {
  const result: Reconciliation = { modified: [], removed: [] };
  for (const line of lines) {
    const fact = facts.get(line.offerId);
    if (!fact || !isPurchasable(fact)) result.removed.push({ idLine: line.idLine, articleId: line.articleId });
    else if (line.qty > maxUnits(fact)) result.modified.push({ idLine: line.idLine, articleId: line.articleId, qty: maxUnits(fact) });
  }
  return result;
}

/** What the service rules need to know about an article line. */
export interface ServiceTarget {
  price: number;
  categoryId: number;
  sellerKind: 'own' | 'marketplace' | 'dropshipping';
  type: string;
}

export interface InsurancePlan {
  id: number;
  years: number;
  articlePriceMin: number;
  articlePriceMax: number;
  price: number;
  categoryIds: readonly number[];
}

export interface ExtraService {
  id: number;
  price: number;
  allowInMarketplace: boolean;
  categoryIds: readonly number[];
}

/**
 * Extended insurance (spec §3, §5): only for physical articles the store sells itself, in the
 * plan's categories and price band, and never for business customers (alert 1173).
 */
export function eligibleInsurances<P extends InsurancePlan>(target: ServiceTarget, plans: readonly P[]): P[] {
  if (target.sellerKind !== 'own' || target.type === 'digital') return [];
  return plans.filter((p) => p.categoryIds.includes(target.categoryId) && target.price >= p.articlePriceMin && target.price <= p.articlePriceMax).sort((a, b) => a.years - b.years);
}

/** Extra services of the article's category; other sellers' articles only where the service allows it. */
export function eligibleServices<S extends ExtraService>(target: ServiceTarget, services: readonly S[]): S[] {
  if (target.type === 'digital') return [];
  return services.filter((s) => s.categoryIds.includes(target.categoryId) && (target.sellerKind === 'own' || s.allowInMarketplace));
}
