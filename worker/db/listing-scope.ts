/**
 * SQL building blocks of a product listing over the derived `listings` table (alias `l`): the
 * scope's source (which index or materialized set the statements read), the filters of a
 * ListingQuery as conditions, and the sort orders. Used by ./listing-sql.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { ListingQuery, SortOption } from '../../client/types';
import { CHANNEL_IDS, type ChannelId } from '../channel/channels';
import { ATTRIBUTE_PREFIX, AVAILABILITY_GROUPS, SELLER_KIND_BITS, eurosToCents, type AvailabilityGroup, type SellerKind } from '../domain/catalogue/listing-query';
import { articleOfListingSql, listingIdSql } from './listing-rows';
import { ALL_CATEGORIES } from './refresh';
import { bm25Sql } from './search';
import { SEARCH_LIMITS, type SearchLimits } from './search-facets';

/**
 * Scopes once resolved to ids (a category by its subtree's ids, or by its root); a search
 * carries its MATCH expression and, when it has one word, the word (its counts may be precomputed).
 */
export type ResolvedScope =
  | { kind: 'category'; categoryIds: number[] }
  | { kind: 'category'; rootId: number }
  | { kind: 'brand'; brandId: number }
  | { kind: 'collection'; collectionId: number }
  | { kind: 'seller'; sellerId: number }
  | { kind: 'search'; match: string; words: readonly string[] }
  | { kind: 'all' };

export interface ListingPlan {
  channel: ChannelId;
  language: Language;
  scope: ResolvedScope;
  query: ListingQuery;
  /** The bm25 and attribute-count limits (./search-facets.ts); SEARCH_LIMITS unless a test lowers them. */
  limits?: SearchLimits;
}

export const limitsOf = (plan: ListingPlan): SearchLimits => plan.limits ?? SEARCH_LIMITS;

/** Filters whose counts come from the grouped 'combo' pass (see worker/domain/catalogue/facet-counts.ts). */
export const COMBO_KEYS = ['seller', 'availability', 'condition', 'rating'];

export const int = (n: number): SQL => sql.raw(String(Math.trunc(n)));
const list = (ns: readonly number[]): SQL => sql.raw(ns.map((n) => String(Math.trunc(n))).join(', ') || 'NULL');
export const json = (values: readonly string[]): string => JSON.stringify(values);
export const and = (parts: SQL[]): SQL => (parts.length ? sql.join(parts, sql` AND `) : sql`1`);

export interface Filters {
  /** CTEs the conditions refer to (brand ids, attribute matches…), each parameter bound once. */
  ctes: SQL[];
  conditions: Map<string, SQL>;
  /** The price range as an index range, for statements that also seek a brand (see filterConditions). */
  priceAfterBrand?: SQL;
  /** Whether the query filters on attributes: the `f_attr_*` CTEs exist and `attr` is a condition. */
  attributes: boolean;
}

/**
 * SQL: the mask of listing row `id` (see attributeCtes), from its own attributes through the
 * article index: for counting over a scope, where joining the materialized f_attr_mask would
 * scan it once per row.
 */
export const attributeMaskSql = (id: string): SQL =>
  sql`(SELECT coalesce(sum(n2.bit), 0) FROM f_attr_names n2 JOIN article_attributes a2 INDEXED BY article_attributes_article_idx
    ON a2.article_id = ${sql.raw(articleOfListingSql(id))} AND a2.name = n2.name WHERE EXISTS (SELECT 1 FROM f_attr f2 WHERE f2.name = a2.name AND f2.value = a2.value))`;

/** The key of the one condition standing for every attribute filter. */
export const ATTRIBUTE_CONDITION = 'attr';

/**
 * Every attribute filter as CTEs over ONE JSON parameter (`{"name": [values…]}`), so the
 * statement's text and parameter count are the same whatever the query string holds:
 * - `f_attr(name, value)`: the pairs asked for, of attributes some article has (unknown
 *   attribute names are ignored);
 * - `f_attr_names(name, bit)`: each such attribute with a bit of its own;
 * - `f_attr_mask(id, mask)`: per listing row meeting some of them, the bits of the attributes
 *   whose filter it meets (`attributeMaskSql` gives the same for one row);
 * - `f_attr_all(mask)`: every bit (0 when no known attribute is asked for).
 * A row meets the attribute filters when its mask is all of them; it counts for attribute X's
 * disjunctive facet when its mask with X's bit is.
 */
function attributeCtes(attributes: Record<string, readonly string[]>, channelIndex: number): SQL[] {
  return [
    sql`f_attr(name, value) AS (SELECT j.key, v.value FROM json_each(${JSON.stringify(attributes)}) j, json_each(j.value) v
      WHERE EXISTS (SELECT 1 FROM article_attributes x WHERE x.name = j.key))`,
    sql`f_attr_names(name, bit) AS (SELECT name, 1 << (row_number() OVER (ORDER BY name) - 1) FROM (SELECT DISTINCT name FROM f_attr))`,
    // CROSS JOIN keeps the order: from the few pairs asked for into the (name, value) index, never a scan of every attribute.
    sql`f_attr_mask(id, mask) AS (SELECT ${sql.raw(listingIdSql('a.article_id', channelIndex))}, sum(n.bit) FROM f_attr f
      CROSS JOIN f_attr_names n CROSS JOIN article_attributes a INDEXED BY article_attributes_name_value_idx
      WHERE n.name = f.name AND a.name = f.name AND a.value = f.value GROUP BY a.article_id)`,
    sql`f_attr_all(mask) AS (SELECT coalesce(sum(bit), 0) FROM f_attr_names)`,
  ];
}

/** The query's filters as conditions over `l`, by filter key ('price' for the price range). */
export function filterConditions(plan: ListingPlan): Filters {
  const { query } = plan;
  const ctes: SQL[] = [];
  const conditions = new Map<string, SQL>();
  const channelIndex = CHANNEL_IDS.indexOf(plan.channel);
  const attributes: Record<string, readonly string[]> = {};
  for (const [key, values] of Object.entries(query.filters)) {
    if (values.length === 0) continue;
    if (key === 'brand') {
      ctes.push(sql`f_brand AS (SELECT id FROM brands WHERE slug IN (SELECT value FROM json_each(${json(values)})))`);
      conditions.set(key, sql`l.brand_id IN (SELECT id FROM f_brand)`);
    } else if (key === 'seller') {
      const mask = values.reduce((m, v) => m | (SELLER_KIND_BITS[v as SellerKind] ?? 0), 0);
      conditions.set(key, sql`(l.seller_kinds & ${int(mask)}) <> 0`);
    } else if (key === 'condition') {
      ctes.push(sql`f_condition AS (SELECT value FROM json_each(${json(values)}))`);
      conditions.set(key, sql`l.condition IN (SELECT value FROM f_condition)`);
    } else if (key === 'availability') {
      const ranges = values.map((v) => AVAILABILITY_GROUPS[v as AvailabilityGroup]).filter(Boolean);
      conditions.set(key, sql.raw(`(${ranges.map(([from, to]) => `l.availability_code BETWEEN ${from} AND ${to}`).join(' OR ') || '0'})`));
    } else if (key === 'rating') {
      conditions.set(key, sql`l.rating_average >= ${int(2 * Number(values[0]))}`);
    } else if (key.startsWith(ATTRIBUTE_PREFIX)) {
      attributes[key.slice(ATTRIBUTE_PREFIX.length)] = values;
    }
  }
  const filtersAttributes = Object.keys(attributes).length > 0;
  if (filtersAttributes) {
    ctes.push(...attributeCtes(attributes, channelIndex));
    conditions.set(ATTRIBUTE_CONDITION, sql`((SELECT mask FROM f_attr_all) = 0 OR l.id IN (SELECT id FROM f_attr_mask WHERE mask = (SELECT mask FROM f_attr_all)))`);
  }
  const price = query.ranges.price;
  let priceAfterBrand: SQL | undefined;
  if (price && (price.from !== undefined || price.to !== undefined)) {
    const range = (column: string) => {
      const bounds: SQL[] = [];
      if (price.from !== undefined) bounds.push(sql`${sql.raw(column)} >= ${int(eurosToCents(price.from))}`);
      if (price.to !== undefined) bounds.push(sql`${sql.raw(column)} <= ${int(eurosToCents(price.to))}`);
      return and(bounds);
    };
    // In listings_category_idx price follows brand_id: with a brand to seek, the price range
    // narrows the seek; without one the planner would skip-scan every brand of every category,
    // so `+` keeps it to a filter on a plain range scan.
    conditions.set('price', range('+l.price'));
    if (conditions.has('brand')) priceAfterBrand = range('l.price');
  }
  return { ctes, conditions, priceAfterBrand, attributes: filtersAttributes };
}

/** The conditions of every filter but `except`. */
export function conditionsExcept(filters: Filters, ...except: string[]): SQL[] {
  const withBrand = filters.priceAfterBrand && !except.includes('brand');
  return [...filters.conditions]
    .filter(([key]) => !except.includes(key))
    .map(([key, condition]) => (key === 'price' && withBrand ? filters.priceAfterBrand! : condition));
}

/** ORDER BY terms over alias `a` (l for the table, or a subquery with the same column names). */
export function orderBy(sort: SortOption, search: boolean, a = 'l'): SQL {
  switch (sort) {
    case 'new':
      return sql.raw(`${a}.created_at DESC, ${a}.id DESC`);
    case 'old':
      return sql.raw(`${a}.created_at, ${a}.id`);
    case 'price-asc':
      return sql.raw(`${a}.price IS NULL, ${a}.price, ${a}.id`);
    case 'price-desc':
      return sql.raw(`${a}.price DESC, ${a}.id`);
    default:
      return sql.raw(search ? `${a}.score, ${a}.relevance, ${a}.id` : `${a}.relevance, ${a}.id`);
  }
}

/** Precomputed facet counts: the rows of `table` (listing_facets or search_facets) that add up to a scope. */
export interface Precomputed {
  table: SQL;
  where: SQL;
}

/**
 * An unfiltered search, which is broad when search_keys has its key and the channel lists more
 * than the attribute-count limit of its matches (worker/db/search-facets.ts). A one-word search's
 * key is its word. A search of several words takes the key of one of them that matches as many
 * articles as the whole search: the search matches a subset of that word's matches, so the very
 * same articles, and reads that key's counts.
 */
export interface BroadSearch {
  /** Its search_keys row, if broad, as a condition over `k`. */
  key: SQL;
  facets: Precomputed;
  match: string;
  /** The number of articles the search matches (in any channel), counted once per statement. */
  matches: SQL;
}

export interface Source {
  /** FROM clause with alias l. */
  from: SQL;
  /** The scope as a condition over l. */
  scope: SQL;
  /** Category and whole-catalogue scopes: the listing_facets rows that add up to the scope. */
  precomputed?: Precomputed;
  /** A search that may be broad: if it is, `b` is left empty and the counts and page come from elsewhere. */
  broad?: BroadSearch;
  /** Category scopes: counts can be grouped per category first, in index order (no big sort). */
  perCategory?: boolean;
  /** Set scopes: the CTE materializing the scope's rows as `b` (the FROM clause reads it). */
  cte?: SQL;
  /** CTEs the scope condition refers to. */
  ctes: SQL[];
}

/** Where a listing's statements read their rows. */
export function source(plan: ListingPlan, filters: Filters): Source {
  const { scope, channel } = plan;
  const ch = sql.raw(`'${channel}'`);
  const listingOf = (articleId: string) => sql.raw(listingIdSql(articleId, CHANNEL_IDS.indexOf(channel)));
  const columns = sql`l.id, l.article_id, l.brand_id, l.price, l.seller_kinds, l.availability_code, l.rating_average, l.condition, l.combo, l.created_at, l.relevance, l.attribute_value_ids`;
  const set = (body: SQL): Source => ({ from: sql`b l`, scope: sql`1`, cte: sql`b AS MATERIALIZED (${body})`, ctes: [] });
  switch (scope.kind) {
    case 'category': {
      // A root id is expanded here rather than by an earlier query: one round trip less.
      const ids = 'rootId' in scope ? sql`SELECT id FROM category_tree` : list([...scope.categoryIds].sort((x, y) => x - y));
      const ctes = 'rootId' in scope
        ? [sql`category_tree(id) AS (SELECT id FROM categories WHERE id = ${int(scope.rootId)} UNION ALL SELECT c.id FROM categories c JOIN category_tree t ON c.parent_id = t.id)`]
        : [];
      return {
        from: sql`listings l INDEXED BY listings_category_idx`,
        scope: sql`l.channel = ${ch} AND l.category_id IN (${ids})`,
        precomputed: { table: sql`listing_facets`, where: sql`channel = ${ch} AND category_id IN (${ids})` },
        perCategory: true,
        ctes,
      };
    }
    case 'all':
      return {
        from: sql`listings l INDEXED BY listings_category_idx`,
        scope: sql`l.channel = ${ch}`,
        precomputed: { table: sql`listing_facets`, where: sql`channel = ${ch} AND category_id = ${int(ALL_CATEGORIES)}` },
        perCategory: true,
        ctes: [],
      };
    case 'brand':
      return { from: sql`listings l INDEXED BY listings_brand_idx`, scope: sql`l.channel = ${ch} AND l.brand_id = ${int(scope.brandId)}`, ctes: [] };
    case 'collection':
      return set(sql`SELECT ${columns}, 0 AS score FROM collection_articles c CROSS JOIN listings l ON l.id = ${listingOf('c.article_id')}
        WHERE c.collection_id = ${int(scope.collectionId)}`);
    case 'seller':
      return set(sql`SELECT ${columns}, 0 AS score FROM listing_sellers s CROSS JOIN listings l ON l.id = ${listingOf('s.article_id')}
        WHERE s.channel = ${ch} AND s.seller_id = ${int(scope.sellerId)}`);
    case 'search': {
      // The search's matches, counted once (when something asks): bm25 only when it orders the
      // page and the matches are few enough for it to matter.
      const counted = sql`search_count AS MATERIALIZED (SELECT count(*) AS n FROM article_search WHERE article_search MATCH ${scope.match})`;
      const matches = sql`(SELECT n FROM search_count)`;
      const limits = limitsOf(plan);
      const score = plan.query.sort === 'relevance' ? sql`CASE WHEN ${matches} <= ${int(limits.bm25)} THEN ${bm25Sql(plan.language)} ELSE 0 END` : sql`0`;
      const rows = sql`(SELECT rowid AS aid, ${score} AS score FROM article_search WHERE article_search MATCH ${scope.match}) m
        CROSS JOIN listings l ON l.id = ${listingOf('m.aid')}`;
      if (scope.words.length === 0 || filters.conditions.size > 0) return { ...set(sql`SELECT ${columns}, m.score FROM ${rows}`), ctes: [counted] };
      // Several words: the key of one of them that matches as many articles (the first such in
      // order), looked up once.
      const several = scope.words.length > 1;
      const keyed = sql`search_key AS MATERIALIZED (SELECT key FROM search_keys WHERE channel = ${ch} AND lang = ${plan.language}
        AND key IN (${sql.join(scope.words.map((word) => sql`${word}`), sql`, `)}) AND matches = ${matches} ORDER BY key LIMIT 1)`;
      // The listed matches, from the precomputed counts: up to the limit, the live search counts
      // attribute values (which are not precomputed), so it stays live.
      const listed = sql`(SELECT sum(f.count) FROM search_facets f WHERE f.channel = k.channel AND f.lang = k.lang AND f.key = k.key AND f.facet = 'combo')`;
      const word = several ? sql`(SELECT key FROM search_key)` : sql`${scope.words[0]}`;
      const key = sql`k.channel = ${ch} AND k.lang = ${plan.language} AND k.key = ${word} AND ${listed} > ${int(limits.attributes)}`;
      const broad: BroadSearch = {
        key,
        // The key's row first, so that its condition is tested once (an EXISTS beside the counts' own was tested for each count row).
        facets: { table: sql`search_keys k CROSS JOIN search_facets f`, where: sql`${key} AND f.channel = k.channel AND f.lang = k.lang AND f.key = k.key` },
        match: scope.match,
        matches,
      };
      // A broad search leaves `b` empty: `g` has no row then, so the full-text search never runs.
      const live = set(sql`SELECT ${columns}, m.score FROM (SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM search_keys k WHERE ${broad.key})) g CROSS JOIN ${rows}`);
      return { ...live, ctes: several ? [counted, keyed] : [counted], broad };
    }
  }
}
