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

/** The AVAILABILITY_GROUPS group of a code, if any. */
export function availabilityGroupOf(code: number): AvailabilityGroup | undefined {
  return (Object.keys(AVAILABILITY_GROUPS) as AvailabilityGroup[]).find((g) => code >= AVAILABILITY_GROUPS[g][0] && code <= AVAILABILITY_GROUPS[g][1]);
}

type Key = 'seller' | 'availability' | 'condition' | 'rating';

/** Whether a combo passes filter `key` (true when that filter is not set). Mirrors the SQL filters. */
function passes(combo: ComboCount, key: Key, values: readonly string[] | undefined): boolean {
  if (!values || values.length === 0) return true;
  switch (key) {
    case 'seller':
      return (combo.sellerKinds & values.reduce((mask, v) => mask | (SELLER_KIND_BITS[v as SellerKind] ?? 0), 0)) !== 0;
    case 'availability':
      return values.some((v) => availabilityGroupOf(combo.availabilityCode) === v);
    case 'condition':
      return values.includes(combo.condition);
    case 'rating':
      return combo.ratingAverage >= 2 * Number(values[0]);
  }
}

/**
 * Counts of the four facets and the total for `combos`, which must already satisfy every other
 * filter (brand, price, attributes). Each facet applies the other three filters, not its own.
 */
export function smallFacetCounts(combos: readonly ComboCount[], filters: Readonly<Record<string, readonly string[]>>): SmallFacetCounts {
  const keys: Key[] = ['seller', 'availability', 'condition', 'rating'];
  const passing = combos.map((c) => Object.fromEntries(keys.map((k) => [k, passes(c, k, filters[k])])) as Record<Key, boolean>);
  const except = (i: number, key: Key) => keys.every((k) => k === key || passing[i]![k]);
  const result: SmallFacetCounts = {
    total: 0,
    seller: { own: 0, marketplace: 0, dropshipping: 0 },
    availability: { 'in-stock': 0, soon: 0, 'out-of-stock': 0, unavailable: 0 },
    condition: Object.fromEntries(CONDITIONS.map((c) => [c, 0])),
    rating: Object.fromEntries(RATING_STEPS.map((n) => [String(n), 0])),
  };
  combos.forEach((combo, i) => {
    if (keys.every((k) => passing[i]![k])) result.total += combo.count;
    if (except(i, 'seller')) for (const [kind, bit] of Object.entries(SELLER_KIND_BITS)) if (combo.sellerKinds & bit) result.seller[kind as SellerKind] += combo.count;
    if (except(i, 'availability')) {
      const group = availabilityGroupOf(combo.availabilityCode);
      if (group) result.availability[group] += combo.count;
    }
    if (except(i, 'condition')) result.condition[combo.condition] = (result.condition[combo.condition] ?? 0) + combo.count;
    if (except(i, 'rating')) for (const n of RATING_STEPS) if (combo.ratingAverage >= 2 * n) result.rating[String(n)]! += combo.count;
  });
  return result;
}
