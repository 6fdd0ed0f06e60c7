/**
 * The seller, availability, condition and rating facets and the listing total, from "combo"
 * counts: how many listed products share each (seller kinds, availability code, rating,
 * condition), packed in one integer (listings.combo). The database groups by that integer once;
 * the four filters are applied here, each facet ignoring its own (disjunctive facets), so one
 * grouped pass serves all four facets and the total.
 *
 * combo = seller_kinds + 8 × (availability_code + 10000 × (rating_average + 11 × condition)),
 * condition being its index in CONDITIONS (4 for anything else).
 */
import { AVAILABILITY_GROUPS, CONDITIONS, SELLER_KIND_BITS, type AvailabilityGroup, type SellerKind } from './listing-query';

export interface ComboCount {
  sellerKinds: number;
  availabilityCode: number;
  ratingAverage: number;
  condition: string;
  count: number;
}

/** The rating facet's steps: "n★ & up" for n = 5…1 (ratings are stored doubled, spec §9). */
export const RATING_STEPS = [5, 4, 3, 2, 1] as const;

export interface SmallFacetCounts {
  total: number;
  seller: Record<SellerKind, number>;
  availability: Record<AvailabilityGroup, number>;
  condition: Record<string, number>;
  /** Products rated at least n stars, by n. */
  rating: Record<string, number>;
}

/** SQL computing the combo of a row from its columns (`p` = the table alias and its dot). */
export function comboSql(p: string): string {
  const condition = `CASE ${p}condition ${CONDITIONS.map((c, i) => `WHEN '${c}' THEN ${i}`).join(' ')} ELSE ${CONDITIONS.length} END`;
  return `${p}seller_kinds + 8 * (${p}availability_code + 10000 * (${p}rating_average + 11 * (${condition})))`;
}

/** A combo as the database stores it, unpacked. */
export function parseCombo(combo: number, count: number): ComboCount {
  const condition = Math.floor(combo / 880_000);
  return {
    sellerKinds: combo % 8,
    availabilityCode: Math.floor(combo / 8) % 10_000,
    ratingAverage: Math.floor(combo / 80_000) % 11,
    condition: CONDITIONS[condition] ?? 'other',
    count,
  };
}

const GROUPS = Object.entries(AVAILABILITY_GROUPS) as [AvailabilityGroup, readonly [number, number]][];

/** The AVAILABILITY_GROUPS group of a code, if any. */
export function availabilityGroupOf(code: number): AvailabilityGroup | undefined {
  for (const [group, [from, to]] of GROUPS) if (code >= from && code <= to) return group;
  return undefined;
}

/** The four filters as bits of a combo's pass mask. */
const SELLER = 1;
const AVAILABILITY = 2;
const CONDITION = 4;
const RATING = 8;
const ALL = SELLER | AVAILABILITY | CONDITION | RATING;

/**
 * Which of the four filters a combo passes, as a mask (a filter not set passes). Mirrors the SQL
 * filters: seller kinds share a bit with the filter's, the availability code is in a chosen
 * group, the condition is a chosen one, the rating (stored doubled) reaches the stars asked for.
 */
function passMask(filters: Readonly<Record<string, readonly string[]>>): (combo: ComboCount, group: AvailabilityGroup | undefined) => number {
  const chosen = (key: string) => (filters[key]?.length ? filters[key] : undefined);
  const sellers = chosen('seller')?.reduce((mask, v) => mask | (SELLER_KIND_BITS[v as SellerKind] ?? 0), 0);
  const groups = chosen('availability');
  const conditions = chosen('condition');
  const rating = chosen('rating');
  const minRating = rating ? 2 * Number(rating[0]) : undefined;
  return (combo, group) =>
    (sellers === undefined || (combo.sellerKinds & sellers) !== 0 ? SELLER : 0) |
    (!groups || (group !== undefined && groups.includes(group)) ? AVAILABILITY : 0) |
    (!conditions || conditions.includes(combo.condition) ? CONDITION : 0) |
    (minRating === undefined || combo.ratingAverage >= minRating ? RATING : 0);
}

const SELLER_KINDS = Object.entries(SELLER_KIND_BITS) as [SellerKind, number][];

/**
 * Counts of the four facets and the total for `combos`, which must already satisfy every other
 * filter (brand, price, attributes). Each facet applies the other three filters, not its own.
 */
export function smallFacetCounts(combos: readonly ComboCount[], filters: Readonly<Record<string, readonly string[]>>): SmallFacetCounts {
  const passes = passMask(filters);
  const result: SmallFacetCounts = {
    total: 0,
    seller: { own: 0, marketplace: 0, dropshipping: 0 },
    availability: { 'in-stock': 0, soon: 0, 'out-of-stock': 0, unavailable: 0 },
    condition: Object.fromEntries(CONDITIONS.map((c) => [c, 0])),
    rating: Object.fromEntries(RATING_STEPS.map((n) => [String(n), 0])),
  };
  for (const combo of combos) {
    const group = availabilityGroupOf(combo.availabilityCode);
    const mask = passes(combo, group);
    // A facet counts a combo that passes every filter but (perhaps) its own.
    if (mask === ALL) result.total += combo.count;
    if ((mask | SELLER) === ALL) for (const [kind, bit] of SELLER_KINDS) if (combo.sellerKinds & bit) result.seller[kind] += combo.count;
    if ((mask | AVAILABILITY) === ALL && group) result.availability[group] += combo.count;
    if ((mask | CONDITION) === ALL) result.condition[combo.condition] = (result.condition[combo.condition] ?? 0) + combo.count;
    if ((mask | RATING) === ALL) for (const n of RATING_STEPS) if (combo.ratingAverage >= 2 * n) result.rating[String(n)]! += combo.count;
  }
  return result;
}
