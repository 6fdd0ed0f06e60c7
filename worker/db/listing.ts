/**
 * Product listings: category, brand, collection, marketplace shop, search and "everything",
 * with disjunctive facets, five sort orders and pagination, read from the derived tables of
 * worker/db/refresh.ts (SQL in ./listing-sql.ts). One round trip to D1: the page with its cards
 * (prices as live as the listing rows), the total and the facets in one batch. A search with
 * a word the vocabulary does not know (./search.ts), which therefore matches nothing, sends its
 * corrected form instead, with a probe of whether the search as typed matches any article; when
 * the probe finds none and the corrected search finds something, the answer is the corrected
 * one, and says so in `correctedQuery`. Otherwise a second round trip runs the search as typed,
 * which answers unless it finds nothing and the corrected one finds something.
 *
 * Relevance: a search ranks by bm25 over name (×3), reference (×2) and brand when it has up
 * to 2,000 matches (BM25_LIMIT), and beyond that, like every other scope, by listings.relevance:
 * availability group (in stock, soon, out of stock, not sellable), then rating, then newest.
 * An unfiltered one-word search matching more than 1,000 articles reads precomputed counts
 * (./search-facets.ts), and so does a search of several words matching as many articles as one
 * of its words.
 */
import type { I18n } from '@lingui/core';
import { sql, type SQL } from 'drizzle-orm';
import { ATTRIBUTE_LABELS, AVAILABILITY_GROUP_LABELS, CONDITION_LABELS, FACET_TITLES, RATING_LABELS, SELLER_KIND_LABELS } from '../../client/catalogue/facet-labels';
import { formatMoney } from '../../client/i18n/format';
import type { Language } from '../../client/i18n/languages';
import type { Facet, FacetValue, ListingQuery, ListingResult, ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import { withCampaignFlags, type Campaign } from '../domain/catalogue/campaign';
import { RATING_STEPS, parseCombo, smallFacetCounts } from '../domain/catalogue/facet-counts';
import { ATTRIBUTE_PREFIX, CONDITIONS } from '../domain/catalogue/listing-query';
import { PRICE_BUCKET_CENTS } from '../domain/catalogue/price-buckets';
import { cardOfJson } from './catalogue';
import type { Db } from './client';
import { allRows } from './raw';
import { facetsStatement, listingParts, pageStatement, type ListingPlan, type ResolvedScope } from './listing-sql';
import { matchExpression, readVocabulary, searchWords, type Vocabulary } from './search';
import type { SearchLimits } from './search-facets';

/** What a listing lists. Category scopes carry the whole subtree's ids. */
export type ListingScope =
  | { kind: 'category'; categoryIds: number[] }
  | { kind: 'brand'; brandId: number }
  | { kind: 'collection'; collectionId: number }
  | { kind: 'seller'; sellerId: number }
  | { kind: 'search'; text: string }
  | { kind: 'all' };

export interface ListProductsArgs {
  channel: ChannelId;
  language: Language;
  scope: ListingScope;
  query: ListingQuery;
  /** Translates the facet labels. */
  i18n: I18n;
  /** The channel's campaigns and the request's clock: cards of a running campaign carry its flag. */
  campaigns?: { list: readonly Campaign[]; now: Date };
  /** The bm25 and attribute-count limits (SEARCH_LIMITS unless a test lowers them). */
  limits?: SearchLimits;
  /** The language's search vocabulary, for a search's corrections: callers keep it (worker/ssr/vocabulary.ts); read from D1 when not given. */
  vocabulary?: () => Promise<Vocabulary>;
}

interface FacetRow {
  facet: string;
  value: string | number | null;
  label: string | null;
  n: number | null;
}

interface Fetched {
  /** The page's cards, in order (prices as live as the listing rows). */
  cards: ProductCard[];
  total: number;
  facets: Facet[];
  /** The query as applied: attribute filters on attributes no article has are left out. */
  query: ListingQuery;
}

/** Page, total and facets of each plan, all in one batch, with `extra` statements riding along (their rows come back in `extra`). */
async function fetchListings(db: Db, plans: readonly ListingPlan[], i18n: I18n, extra: SQL[] = []): Promise<{ listings: Fetched[]; extra: unknown[][] }> {
  const parts = plans.map(listingParts);
  const pageStatements = plans.map((plan, i) => pageStatement(plan, parts[i]));
  const statements = plans.flatMap((plan, i) => [...(pageStatements[i] ? [pageStatements[i]] : []), facetsStatement(plan, parts[i])]);
  const results = await allRows<[unknown]>(db, [...statements, ...extra] as [SQL]);
  const listings = plans.map((plan, i): Fetched => {
    const pageRows = (pageStatements[i] ? results.shift() : []) as { card: string | null }[];
    const rows = results.shift() as FacetRow[];
    // Set scopes (searches among them) page in the facets statement: a search in two arms, the live one or the broad one.
    const cards = [
      ...pageRows.map((r) => r.card),
      ...rows.filter((r) => r.facet === '#page').sort((a, b) => Number(a.n) - Number(b.n)).map((r) => r.label),
    ].flatMap((json) => cardOfJson(json) ?? []);
    return { cards, ...buildFacets(rows.filter((r) => r.facet !== '#page'), plan, i18n) };
  });
  return { listings, extra: results };
}

/** A search's scope: its MATCH expression and its words (a broad search has precomputed counts). */
const searchScope = (language: Language, words: string[]): Extract<ResolvedScope, { kind: 'search' }> => ({ kind: 'search', match: matchExpression(language, words), words });

/** Ids of a category and every category below it; empty when the category does not exist. */
export async function categorySubtreeIds(db: Db, categoryId: number): Promise<number[]> {
  const [rows] = await allRows<[{ id: number }]>(db, [sql`
    WITH RECURSIVE sub(id) AS (SELECT id FROM categories WHERE id = ${categoryId}
      UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
    SELECT id FROM sub`]);
  return rows.map((r) => r.id);
}

/** A page of products with its total and facets (spec §4 listing, §7 query string). */
export async function listProducts(db: Db, args: ListProductsArgs): Promise<ListingResult> {
  const { channel, language, scope, query, i18n } = args;
  const plan = (scopeOf: ResolvedScope): ListingPlan => ({ channel, language, scope: scopeOf, query, ...(args.limits ? { limits: args.limits } : {}) });
  if (scope.kind !== 'search') return withCards(args, (await fetchListings(db, [plan(scope)], i18n)).listings[0]!);
  const words = searchWords(scope.text);
  if (words.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize, query, facets: [] };
  const asTypedScope = searchScope(language, words);
  const typed = plan(asTypedScope);
  const vocabulary = await (args.vocabulary ?? (() => readVocabulary(db, language)))();
  const corrected = vocabulary.correct(words);
  if (!corrected) return withCards(args, (await fetchListings(db, [typed], i18n)).listings[0]!);
  // A word the vocabulary does not know matches nothing, so the corrected search goes alone,
  // with a probe that the search as typed matches no article. The corrected search answers
  // when the probe finds none and it finds something. Otherwise (a vocabulary a moment behind
  // the catalogue, or nothing found either way) the search as typed is run and answers unless
  // it finds nothing, as if both had been run together.
  const probe = sql`SELECT 1 AS found FROM article_search WHERE article_search MATCH ${asTypedScope.match} LIMIT 1`;
  const { listings: [retry], extra: [matched] } = await fetchListings(db, [plan(searchScope(language, corrected))], i18n, [probe]);
  const correction = () => withCards(args, retry!, corrected.join(' '));
  if (matched!.length === 0 && retry!.total > 0) return correction();
  const asTyped = (await fetchListings(db, [typed], i18n)).listings[0]!;
  return asTyped.total === 0 && retry!.total > 0 ? correction() : withCards(args, asTyped);
}

/**
 * A category's listing from its id alone (the subtree is expanded in SQL, in the same round
 * trip), or undefined when there is no such category.
 */
export async function listCategory(db: Db, args: Omit<ListProductsArgs, 'scope'> & { categoryId: number }): Promise<ListingResult | undefined> {
  const plan: ListingPlan = { channel: args.channel, language: args.language, scope: { kind: 'category', rootId: args.categoryId }, query: args.query };
  const { listings, extra } = await fetchListings(db, [plan], args.i18n, [sql`SELECT 1 AS found FROM categories WHERE id = ${args.categoryId}`]);
  if (extra[0]?.length === 0) return undefined;
  return withCards(args, listings[0]!);
}

/** The result with its page's cards and their campaign flags. */
function withCards(args: Omit<ListProductsArgs, 'scope'>, fetched: Fetched, correctedQuery?: string): ListingResult {
  const { query, cards } = fetched;
  const items = args.campaigns ? withCampaignFlags(cards, args.campaigns.list, args.channel, args.campaigns.now) : cards;
  return {
    items,
    total: fetched.total,
    page: query.page,
    pageSize: query.pageSize,
    query,
    facets: fetched.facets,
    ...(correctedQuery ? { correctedQuery } : {}),
  };
}

/** Values of a facet, keeping selected values even when nothing matches them, dropping empty ones. */
function termValues(entries: { value: string; label: string; count: number }[], selected: readonly string[]): FacetValue[] {
  const values = entries.map((e) => ({ ...e, selected: selected.includes(e.value) }));
  for (const value of selected) if (!values.some((v) => v.value === value)) values.push({ value, label: value, count: 0, selected: true });
  return values.filter((v) => v.count > 0 || v.selected);
}

const euros = (cents: number): string => String(cents / 100);

/** Attribute values in numeric order ("8 GB" before "16 GB"): one collator, not one per comparison (`localeCompare` with options builds one each time). */
const NUMERIC_ORDER = new Intl.Collator('en', { numeric: true });

/** Price buckets' labels by language and bucket: formatting money is the costliest part of a listing's facets (two amounts a bucket, up to a hundred buckets). */
const PRICE_LABELS = new Map<string, string>();

function priceLabel(from: number, language: Language): string {
  const key = `${language}:${from}`;
  let label = PRICE_LABELS.get(key);
  if (label === undefined) PRICE_LABELS.set(key, (label = `${formatMoney(from, language)} – ${formatMoney(from + PRICE_BUCKET_CENTS, language)}`));
  return label;
}

/** The price facet: 50 € buckets as "from-to" euro ranges (to inclusive, to the cent), ascending. */
function priceValues(rows: FacetRow[], query: ListingQuery, language: Language): FacetValue[] {
  const range = query.ranges.price;
  return rows
    .map((r) => ({ from: Number(r.value) * PRICE_BUCKET_CENTS, count: Number(r.n) }))
    .sort((a, b) => a.from - b.from)
    .map(({ from, count }) => {
      const last = from + PRICE_BUCKET_CENTS - 1;
      const selected = range?.from === from / 100 && range?.to === last / 100;
      return { value: `${euros(from)}-${euros(last)}`, label: priceLabel(from, language), count, selected };
    });
}

/** The listing's total and facets, in display order: brand, availability, seller, condition, rating, price, then attributes by coverage. */
function buildFacets(rows: FacetRow[], plan: ListingPlan, i18n: I18n): { total: number; facets: Facet[]; query: ListingQuery } {
  const { query, language, scope } = plan;
  const of = (facet: string) => rows.filter((r) => r.facet === facet);
  const small = smallFacetCounts(of('combo').map((r) => parseCombo(Number(r.value), Number(r.n))), query.filters);
  const facets: Facet[] = [];
  // A shop's own listing has one seller kind, a brand page one brand: those facets say nothing.
  const omit = scope.kind === 'seller' ? 'seller' : scope.kind === 'brand' ? 'brand' : '';
  const push = (key: string, label: string, kind: Facet['kind'], values: FacetValue[]) => {
    if (values.length && key !== omit) facets.push({ key, label, kind, values });
  };
  const terms = (key: string, entries: { value: string; label: string; count: number }[]) => push(key, i18n._(FACET_TITLES[key]!), 'terms', termValues(entries, query.filters[key] ?? []));

  const brands = of('brand').map((r) => ({ value: String(r.value), label: r.label ?? String(r.value), count: Number(r.n) }));
  terms('brand', brands.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)));
  terms('availability', Object.entries(small.availability).map(([g, count]) => ({ value: g, label: i18n._(AVAILABILITY_GROUP_LABELS[g]!), count })));
  terms('seller', Object.entries(small.seller).map(([kind, count]) => ({ value: kind, label: i18n._(SELLER_KIND_LABELS[kind]!), count })));
  terms('condition', CONDITIONS.map((c) => ({ value: c, label: i18n._(CONDITION_LABELS[c]!), count: small.condition[c] ?? 0 })));
  terms('rating', RATING_STEPS.map((n) => ({ value: String(n), label: i18n._(RATING_LABELS[n]!), count: small.rating[String(n)] ?? 0 })));
  push('price', i18n._(FACET_TITLES.price!), 'range', priceValues(of('price'), query, language));

  const names = of('#attr').sort((a, b) => Number(b.n) - Number(a.n)).map((r) => String(r.value));
  // The attributes filtered on that some article has ('#sel'); a filter on any other is ignored.
  const known = new Set(of('#sel').map((r) => String(r.value)));
  for (const key of Object.keys(query.filters)) {
    const name = key.slice(ATTRIBUTE_PREFIX.length);
    if (key.startsWith(ATTRIBUTE_PREFIX) && known.has(name) && !names.includes(name)) names.push(name);
  }
  const attributeRows = of('attr');
  for (const name of names) {
    const key = `${ATTRIBUTE_PREFIX}${name}`;
    const entries = attributeRows.filter((r) => r.value === key).map((r) => ({ value: String(r.label), label: String(r.label), count: Number(r.n) }));
    entries.sort((a, b) => b.count - a.count || NUMERIC_ORDER.compare(a.value, b.value));
    const label = Object.hasOwn(ATTRIBUTE_LABELS, name) ? i18n._(ATTRIBUTE_LABELS[name]!) : name;
    push(key, label, 'terms', termValues(entries, query.filters[key] ?? []));
  }
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([key]) => !key.startsWith(ATTRIBUTE_PREFIX) || known.has(key.slice(ATTRIBUTE_PREFIX.length))));
  return { total: small.total, facets, query: { ...query, filters } };
}
