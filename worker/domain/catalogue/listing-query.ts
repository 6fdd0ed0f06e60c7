/**
 * The product listing's query string (spec §7: sort, page, pageSize, query, filters, range
 * filters as `_from` / `_to`) ⇄ ListingQuery, plus the filter vocabulary shared by the parser,
 * the database layer and the derived tables. Pure: values in, values out, junk tolerated.
 *
 * Filters (`key=a,b`, values OR-ed within a key, keys AND-ed):
 * - `brand`: brand slugs.
 * - `seller`: own | marketplace | dropshipping (who offers it on the channel).
 * - `condition`: new | Reaconditioned-A | Reaconditioned-B | Reaconditioned-C.
 * - `availability`: best offer's stock code grouped as in AVAILABILITY_GROUPS.
 * - `rating`: minimum stars 1–5 (one value; ratings are stored doubled, spec §9).
 * - `attr.<name>`: values of a spec attribute, exactly as in the article's specs.
 * Ranges: `price_from` / `price_to`, in euros (up to 2 decimals, both bounds inclusive).
 */
import { SORT_OPTIONS, type ListingQuery, type SortOption } from '../../../client/types';

/** Spec §9: product lists show 40 a page (15 in some lists); more than 100 is never served. */
export const DEFAULT_PAGE_SIZE = 40;
export const SHORT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1000;
export const MAX_FILTER_VALUES = 20;
/**
 * Attribute filters (`attr.<name>`) kept at most, the first ones of the query string; further
 * keys are dropped. With the values' cap this bounds the work a listing does, and the listing's
 * SQL carries every attribute filter in one JSON parameter, so its text does not grow with them.
 */
export const MAX_ATTRIBUTE_FILTERS = 10;
const MAX_QUERY_LENGTH = 100;
const MAX_VALUE_LENGTH = 100;

/** Seller kinds as bits of listings.seller_kinds. */
export const SELLER_KIND_BITS = { own: 1, marketplace: 2, dropshipping: 4 } as const;
export type SellerKind = keyof typeof SELLER_KIND_BITS;

export const CONDITIONS = ['new', 'Reaconditioned-A', 'Reaconditioned-B', 'Reaconditioned-C'] as const;

/**
 * Availability groups over the best offer's code (spec §3: 0–7, 9876, 9999): `in-stock` 0–1
 * (on hand, ships within 48 h), `soon` 2–5 (supplier stock, on order, pre-order: can be bought,
 * arrives later), `out-of-stock` 6–7, `unavailable` 9000+ (not sold in the zone, discontinued).
 * Listed best first; `relevance` ranks by this order.
 */
export const AVAILABILITY_GROUPS = {
  'in-stock': [0, 1],
  soon: [2, 5],
  'out-of-stock': [6, 7],
  unavailable: [9000, 9999],
} as const satisfies Record<string, readonly [number, number]>;
export type AvailabilityGroup = keyof typeof AVAILABILITY_GROUPS;

export const TERM_FILTER_KEYS = ['brand', 'seller', 'condition', 'availability', 'rating'] as const;
export const ATTRIBUTE_PREFIX = 'attr.';
export const RANGE_KEYS = ['price'] as const;

const ATTRIBUTE_NAME = /^[a-z][a-z0-9_-]{0,39}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Which filter keys the query string may carry, and how their values are checked. */
export function isFilterKey(key: string): boolean {
  return (TERM_FILTER_KEYS as readonly string[]).includes(key) || (key.startsWith(ATTRIBUTE_PREFIX) && ATTRIBUTE_NAME.test(key.slice(ATTRIBUTE_PREFIX.length)));
}

/** The canonical spelling of a filter value, or undefined when the key does not take it. */
function canonicalValue(key: string, raw: string): string | undefined {
  const value = raw.trim();
  if (!value || value.length > MAX_VALUE_LENGTH) return undefined;
  switch (key) {
    case 'brand':
      return SLUG.test(value.toLowerCase()) ? value.toLowerCase() : undefined;
    case 'seller':
      return value.toLowerCase() in SELLER_KIND_BITS ? value.toLowerCase() : undefined;
    case 'condition':
      return CONDITIONS.find((c) => c.toLowerCase() === value.toLowerCase());
    case 'availability':
      return value.toLowerCase() in AVAILABILITY_GROUPS ? value.toLowerCase() : undefined;
    case 'rating':
      return /^[1-5]$/.test(value) ? value : undefined;
    default:
      return value;
  }
}

/** Euros as typed ("49", "49.9", "49,90") → a non-negative number with at most 2 decimals. */
function parseEuros(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const text = raw.trim().replace(',', '.');
  if (!/^\d{1,7}(?:\.\d{0,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100) / 100;
}

function clampInt(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !/^\s*\d{1,9}\s*$/.test(raw)) return undefined;
  return Math.min(max, Math.max(min, Number(raw)));
}

/**
 * A ListingQuery from the query string. Unknown sorts fall back to the default sort, pages are
 * clamped to 1…1000, page sizes outside 1…100 become the default, unknown keys and invalid
 * values are dropped, each filter keeps at most 20 distinct values, and at most 10 attribute
 * filters are kept.
 */
export function parseListingQuery(params: URLSearchParams, defaults: Partial<Pick<ListingQuery, 'sort' | 'pageSize'>> = {}): ListingQuery {
  const defaultSort = defaults.sort ?? 'relevance';
  const defaultSize = defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  const sortParam = params.get('sort');
  const sort: SortOption = (SORT_OPTIONS as readonly string[]).includes(sortParam ?? '') ? (sortParam as SortOption) : defaultSort;
  const size = clampInt(params.get('pageSize'), 0, 10_000);
  const pageSize = size !== undefined && size >= 1 && size <= MAX_PAGE_SIZE ? size : defaultSize;
  const page = clampInt(params.get('page'), 1, MAX_PAGE) ?? 1;
  const query = (params.get('query') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();

  const filters: Record<string, string[]> = {};
  let attributeKeys = 0;
  for (const [key, raw] of params) {
    if (!isFilterKey(key)) continue;
    if (!Object.hasOwn(filters, key) && key.startsWith(ATTRIBUTE_PREFIX)) {
      // A key counts once it has a valid value; past the cap, new attribute keys are dropped.
      if (attributeKeys >= MAX_ATTRIBUTE_FILTERS || !raw.split(',').some((part) => canonicalValue(key, part) !== undefined)) continue;
      attributeKeys++;
    }
    const values = (filters[key] ??= []);
    for (const part of raw.split(',')) {
      if (values.length >= MAX_FILTER_VALUES) break;
      const value = canonicalValue(key, part);
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
  }
  if (filters.rating) filters.rating = filters.rating.slice(0, 1);
  for (const key of Object.keys(filters)) if (filters[key]!.length === 0) delete filters[key];

  const ranges: ListingQuery['ranges'] = {};
  for (const key of RANGE_KEYS) {
    let from = parseEuros(params.get(`${key}_from`));
    let to = parseEuros(params.get(`${key}_to`));
    if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
    if (from !== undefined || to !== undefined) ranges[key] = { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
  }
  return { sort, page, pageSize, query, filters, ranges };
}

/** The query string of a listing state; defaults are left out, so parse(listingSearchParams(q)) equals q. */
export function listingSearchParams(query: ListingQuery, defaults: Partial<Pick<ListingQuery, 'sort' | 'pageSize'>> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.query) params.set('query', query.query);
  for (const key of Object.keys(query.filters).sort()) {
    const values = query.filters[key]!;
    if (values.length) params.set(key, values.join(','));
  }
  for (const key of Object.keys(query.ranges).sort()) {
    const { from, to } = query.ranges[key]!;
    if (from !== undefined) params.set(`${key}_from`, String(from));
    if (to !== undefined) params.set(`${key}_to`, String(to));
  }
  if (query.sort !== (defaults.sort ?? 'relevance')) params.set('sort', query.sort);
  if (query.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE)) params.set('pageSize', String(query.pageSize));
  if (query.page !== 1) params.set('page', String(query.page));
  return params;
}

/** The query with `value` added to or removed from filter `key`, back on page 1. */
export function toggleFilter(query: ListingQuery, key: string, value: string): ListingQuery {
  const current = query.filters[key] ?? [];
  // Rating is a single minimum: choosing another star level replaces the current one.
  const added = key === 'rating' ? [value] : [...current, value];
  const next = current.includes(value) ? current.filter((v) => v !== value) : added;
  const filters = { ...query.filters };
  if (next.length) filters[key] = next;
  else delete filters[key];
  return { ...query, filters, page: 1 };
}

/** The query on page `page` (clamped to 1…1000). */
export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page: Math.min(MAX_PAGE, Math.max(1, Math.trunc(page) || 1)) };
}

/** The query with a range filter set (or cleared when both bounds are undefined), back on page 1. */
export function withRange(query: ListingQuery, key: string, range: { from?: number; to?: number }): ListingQuery {
  const ranges = { ...query.ranges };
  if (range.from === undefined && range.to === undefined) delete ranges[key];
  else ranges[key] = { ...(range.from !== undefined ? { from: range.from } : {}), ...(range.to !== undefined ? { to: range.to } : {}) };
  return { ...query, ranges, page: 1 };
}

/** Euros (up to 2 decimals) → integer cents. */
export const eurosToCents = (euros: number): number => Math.round(euros * 100);

/** The filter keys of a query that restrict the result (term filters and ranges). */
export function activeFilterKeys(query: ListingQuery): string[] {
  return [...Object.keys(query.filters).filter((k) => query.filters[k]!.length), ...Object.keys(query.ranges)];
}
