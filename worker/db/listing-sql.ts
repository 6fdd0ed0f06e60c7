/**
 * The statements of a product listing. One "facets" statement returns, as rows of
 * (facet, value, label, n), everything but the cards: counts per listings.combo (seller kinds ×
 * availability × rating × condition, from which worker/domain/catalogue/facet-counts.ts derives
 * four facets and the total), brand and price counts, attribute facets and, for set scopes,
 * the page with its cards. Category and brand listings get their page from a second statement
 * that can walk a sort index; both go to D1 in one batch.
 *
 * Sources (./listing-scope.ts):
 * - category / brand / all read the scope's fat covering index (listings_category_idx,
 *   listings_brand_idx), so counting never touches table rows; a count that no filter
 *   narrows comes from listing_facets (precomputed per category) instead.
 * - search / collection / seller materialize the scope once (`b`); every arm reads that copy.
 *   An unfiltered search may be broad (./search-facets.ts, ./listing-scope.ts `BroadSearch`):
 *   then `b` is empty, its counts come from search_facets and its page from arms of their own,
 *   which walk a sort index or rank the matches by bm25. Both ways are in the one statement, so
 *   the search's match count and key are looked up once.
 *
 * Facets are disjunctive: the brand and price arms apply every filter but their own; the combo
 * arm applies the other filters and leaves its four to facet-counts.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ATTRIBUTE_PREFIX } from '../domain/catalogue/listing-query';
import { ATTRIBUTE_CONDITION, COMBO_KEYS, and, attributeMaskSql, conditionsExcept, filterConditions, int, limitsOf, orderBy, source, type BroadSearch, type Filters, type ListingPlan, type Precomputed, type Source } from './listing-scope';
import { CHANNEL_IDS } from '../channel/channels';
import { articleOfListingSql, listingIdSql, priceBucketSql } from './listing-rows';
import { bm25Sql } from './search';
import { cardJsonSql } from './catalogue';

export type { ListingPlan, ResolvedScope } from './listing-scope';

/** Attribute facets shown at most. */
export const MAX_ATTRIBUTE_FACETS = 6;
export { ATTRIBUTE_COUNT_LIMIT } from './search-facets';
/** Rows of a filtered scope sampled to choose its attribute facets when nothing is precomputed (unfiltered, its value counts choose them). */
const ATTRIBUTE_SAMPLE = 500;
const articleOf = (id: string): SQL => sql.raw(articleOfListingSql(id));
/** D1 allows at most five terms in one compound SELECT. */
const COMPOUND_LIMIT = 5;

/** `arms` joined with UNION ALL, nested in groups of five so no compound SELECT exceeds D1's limit. */
function unionAll(arms: SQL[]): SQL {
  if (arms.length <= COMPOUND_LIMIT) return sql.join(arms, sql` UNION ALL `);
  const groups: SQL[] = [];
  for (let i = 0; i < arms.length; i += COMPOUND_LIMIT) groups.push(sql`SELECT * FROM (${sql.join(arms.slice(i, i + COMPOUND_LIMIT), sql` UNION ALL `)})`);
  return unionAll(groups);
}

const arm = (facet: string, value: SQL, label: SQL, n: SQL, rest: SQL): SQL =>
  sql`SELECT ${facet} AS facet, ${value} AS value, ${label} AS label, ${n} AS n ${rest}`;

function comboArm(src: Source, filters: Filters): SQL {
  // The combo's own four filters are applied afterwards (facet-counts.ts), so only the others count here.
  const conds = conditionsExcept(filters, ...COMBO_KEYS);
  if (src.precomputed && conds.length === 0) {
    return arm('combo', sql`value`, sql`NULL`, sql`sum(count)`, sql`FROM ${src.precomputed.table} WHERE ${src.precomputed.where} AND facet = 'combo' GROUP BY value`);
  }
  return arm('combo', sql`l.combo`, sql`NULL`, sql`count(*)`, sql`FROM ${src.from} WHERE ${and([src.scope, ...conds])} GROUP BY l.combo`);
}

function brandArm(src: Source, filters: Filters): SQL {
  const conds = conditionsExcept(filters, 'brand');
  const named = (counts: SQL) => arm('brand', sql`b.slug`, sql`b.name`, sql`x.n`, sql`FROM (${counts}) x JOIN brands b ON b.id = x.v`);
  if (src.precomputed && conds.length === 0) {
    return named(sql`SELECT CAST(value AS INTEGER) AS v, sum(count) AS n FROM ${src.precomputed.table} WHERE ${src.precomputed.where} AND facet = 'brand' GROUP BY value`);
  }
  const where = and([src.scope, ...conds]);
  if (src.perCategory && src.precomputed && filters.priceAfterBrand) {
    // A price range scanned over the whole subtree costs a row each (2.4 ms for the 33,000 rows
    // of a root category); seeking it within each (category, brand) the subtree has, as
    // listing_facets lists them, reads only the rows in range (0.5–0.9 ms).
    const pairs = sql`SELECT category_id, CAST(value AS INTEGER) AS brand_id FROM ${src.precomputed.table} WHERE ${src.precomputed.where} AND facet = 'brand'`;
    const inPair = and([src.scope, sql`l.category_id = p.category_id AND l.brand_id = p.brand_id`, filters.priceAfterBrand, ...conditionsExcept(filters, 'brand', 'price')]);
    return named(sql`SELECT p.brand_id AS v, sum((SELECT count(*) FROM ${src.from} WHERE ${inPair})) AS n FROM (${pairs}) p GROUP BY 1 HAVING n > 0`);
  }
  // Grouping by (category, brand) follows the index order, so only the small result is sorted.
  if (src.perCategory) {
    return named(sql`SELECT v, sum(n) AS n FROM (SELECT l.category_id, l.brand_id AS v, count(*) AS n FROM ${src.from} WHERE ${where}
      GROUP BY l.category_id, l.brand_id) GROUP BY v`);
  }
  return named(sql`SELECT l.brand_id AS v, count(*) AS n FROM ${src.from} WHERE ${where} GROUP BY 1`);
}

function priceArm(src: Source, filters: Filters): SQL {
  const conds = conditionsExcept(filters, 'price');
  if (src.precomputed && conds.length === 0) {
    return arm('price', sql`value`, sql`NULL`, sql`sum(count)`, sql`FROM ${src.precomputed.table} WHERE ${src.precomputed.where} AND facet = 'price' GROUP BY value`);
  }
  return arm('price', sql.raw(priceBucketSql('l.price')), sql`NULL`, sql`count(*)`, sql`FROM ${src.from}
    WHERE ${and([src.scope, ...conds, sql`l.price IS NOT NULL`])} GROUP BY 2`);
}

/**
 * The attribute_values ids of the rows of `l`, one row `j` each: read from the listing row or
 * the scope's index entry, which the statement reads anyway (a look-up in article_attributes per
 * row and attribute cost about 3 ms for 1,000 rows).
 */
const attributeValuesOf = sql`CROSS JOIN json_each(l.attribute_value_ids) j`;

/** Where an unfiltered listing's attribute value counts are precomputed; else (undefined) they are counted live (`attr_counts`). */
const precomputedCounts = (src: Source, filters: Filters): Precomputed | undefined => (filters.conditions.size === 0 ? src.precomputed : undefined);

/**
 * The most common attributes of the unfiltered scope, as the `top_attr` CTE: precomputed; else
 * from `attr_counts` when it counts the unfiltered scope (`counted`: it has no rows when the
 * listing lists more than the limit, and then it shows no attribute facet either); else from a
 * sample of the scope's rows.
 */
function topAttributes(src: Source, counted: boolean): SQL {
  if (src.precomputed) {
    return sql`top_attr AS (SELECT substr(facet, ${int(ATTRIBUTE_PREFIX.length + 1)}) AS name, sum(count) AS n FROM ${src.precomputed.table}
      WHERE ${src.precomputed.where} AND facet > 'attr.' AND facet < 'attr/' GROUP BY facet ORDER BY n DESC, facet LIMIT ${int(MAX_ATTRIBUTE_FACETS)})`;
  }
  if (counted) {
    return sql`top_attr AS (SELECT v.name, sum(c.n) AS n FROM attr_counts c JOIN attribute_values v ON v.id = c.id
      GROUP BY v.name ORDER BY n DESC, v.name LIMIT ${int(MAX_ATTRIBUTE_FACETS)})`;
  }
  return sql`top_attr AS (SELECT v.name, count(*) AS n FROM (SELECT l.attribute_value_ids FROM ${src.from} WHERE ${src.scope} LIMIT ${int(ATTRIBUTE_SAMPLE)}) l
    ${attributeValuesOf} JOIN attribute_values v ON v.id = j.value
    GROUP BY v.name ORDER BY n DESC, v.name LIMIT ${int(MAX_ATTRIBUTE_FACETS)})`;
}

const small = (from: SQL, where: SQL, limit: number) => sql`(SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${int(limit + 1)})) <= ${int(limit)}`;

/**
 * The `attr_counts` CTE (id, n) when values are counted live: every value id the rows under
 * every filter list, counted, when they are at most `limit` rows (none otherwise).
 */
function attributeCounts(src: Source, filters: Filters, limit: number): SQL | undefined {
  if (precomputedCounts(src, filters)) return undefined;
  const where = and([src.scope, ...conditionsExcept(filters)]);
  return sql`attr_counts AS MATERIALIZED (SELECT j.value AS id, count(*) AS n FROM ${src.from} ${attributeValuesOf} WHERE ${where} AND ${small(src.from, where, limit)} GROUP BY 1)`;
}

/** Value counts of the chosen attributes (and of any filtered on), each ignoring its own filter. */
function attributeArms(src: Source, filters: Filters, limit: number): SQL[] {
  const arms = [arm('#attr', sql`name`, sql`NULL`, sql`n`, sql`FROM top_attr`)];
  const precomputed = precomputedCounts(src, filters);
  if (precomputed) {
    arms.push(arm('attr', sql`facet`, sql`value`, sql`sum(count)`, sql`FROM ${precomputed.table} WHERE ${precomputed.where}
      AND facet IN (SELECT 'attr.' || name FROM top_attr) GROUP BY facet, value`));
    return arms;
  }
  // The common attributes not filtered on, under every filter: the counted value ids named (a
  // few hundred at most) and kept if their attribute is one of them.
  const unselected = filters.attributes ? sql`SELECT name FROM top_attr WHERE name NOT IN (SELECT name FROM f_attr_names)` : sql`SELECT name FROM top_attr`;
  arms.push(arm('attr', sql`'attr.' || v.name`, sql`v.value`, sql`c.n`, sql`FROM attr_counts c JOIN attribute_values v ON v.id = c.id
    WHERE v.name IN (${unselected})`));
  if (!filters.attributes) return arms;
  // The attributes filtered on, all in one arm (its text does not grow with them): attribute X
  // counts the rows that meet every filter but X's own, i.e. whose mask with X's bit is complete.
  const others = and([src.scope, ...conditionsExcept(filters, ATTRIBUTE_CONDITION)]);
  const rows = sql`(SELECT l.id, ${attributeMaskSql('l.id')} AS mask FROM ${src.from} WHERE ${others}) s`;
  const near = sql`EXISTS (SELECT 1 FROM f_attr_names o WHERE (s.mask | o.bit) = (SELECT mask FROM f_attr_all))`;
  arms.push(arm('#sel', sql`name`, sql`NULL`, sql`bit`, sql`FROM f_attr_names`));
  arms.push(arm('attr', sql`'attr.' || a.name`, sql`a.value`, sql`count(*)`, sql`FROM ${rows} CROSS JOIN f_attr_names n
    JOIN article_attributes a INDEXED BY article_attributes_article_idx ON a.article_id = ${articleOf('s.id')} AND a.name = n.name
    WHERE (s.mask | n.bit) = (SELECT mask FROM f_attr_all) AND ${small(rows, near, limit)} GROUP BY a.name, a.value`));
  return arms;
}

/** The page of a set scope as ('#page', article id, its card as JSON, position). */
function pageArm(plan: ListingPlan, filters: Filters): SQL {
  const { page, pageSize, sort } = plan.query;
  const search = plan.scope.kind === 'search';
  const card = cardJsonSql(sql`x.article_id`, plan.language, plan.channel);
  return arm('#page', sql`x.article_id`, card, sql`row_number() OVER (ORDER BY ${orderBy(sort, search, 'x')})`, sql`FROM (
    SELECT l.id, l.article_id, l.score, l.relevance, l.price, l.created_at FROM b l WHERE ${and(conditionsExcept(filters))}
    ORDER BY ${orderBy(sort, search)} LIMIT ${int(pageSize)} OFFSET ${int((page - 1) * pageSize)}) x`);
}

/** Where a listing reads its rows and its filters as conditions: worked out once for both of its statements. */
export interface ListingParts {
  src: Source;
  filters: Filters;
}

export function listingParts(plan: ListingPlan): ListingParts {
  const filters = filterConditions(plan);
  return { src: source(plan, filters), filters };
}

/** The facets statement (see the module comment). Attribute rows carry the attribute key in `value` and its value in `label`. */
export function facetsStatement(plan: ListingPlan, { src, filters }: ListingParts = listingParts(plan)): SQL {
  const arms = [comboArm(src, filters)];
  if (plan.scope.kind !== 'brand') arms.push(brandArm(src, filters));
  arms.push(priceArm(src, filters), ...attributeArms(src, filters, limitsOf(plan).attributes));
  if (src.cte) arms.push(pageArm(plan, filters));
  const counts = attributeCounts(src, filters, limitsOf(plan).attributes);
  const ctes = [...src.ctes, ...(src.cte ? [src.cte] : []), ...filters.ctes, ...(counts ? [counts] : []), topAttributes(src, counts !== undefined && filters.conditions.size === 0)];
  if (src.broad) {
    // Read only when the search is broad (its condition is in `where`), and then `b`, which
    // every other arm reads, is empty. Live, a broad search counts no attribute values (it
    // lists more than the limit), so none are precomputed either. Its page comes in this
    // statement too, so that the search's count and key are looked up once.
    const precomputed = { ...src, precomputed: src.broad.facets };
    arms.push(comboArm(precomputed, filters), brandArm(precomputed, filters), priceArm(precomputed, filters));
    const page = broadSearchPage(plan, src.broad);
    ctes.push(...page.ctes);
    // Numbered as the ids come, in their order (tests/worker/search-facets.test.ts checks every sort's pages).
    arms.push(arm('#page', sql`p.id`, cardJsonSql(sql`p.id`, plan.language, plan.channel), sql`p.position`, sql`FROM (SELECT id, row_number() OVER () AS position FROM (${page.ids})) p`));
  }
  return sql`WITH RECURSIVE ${sql.join(ctes, sql`, `)} ${unionAll(arms)}`;
}

/**
 * The page of a broad search as article ids in order, `ids` (no rows when it is not), and the
 * CTEs it reads: the channel's rows in the sort's index
 * order, kept when their article is among the search's matches (listed once), until the page is
 * full — a few hundred rows read when matches are spread over the order. Testing each row with a
 * rowid seek into the full-text index instead is faster when they are (0.3 against 5 ms for "gb",
 * 34,000 matches), but costs 3–5 µs a row when the matches lie far down the order: 138 ms for
 * "rtx" by ascending price, where the list keeps it at 4 ms. The search_keys row is the outer
 * loop: without it, nothing is read. By relevance up to the bm25 limit, the matches are ranked
 * by bm25 instead (bm25Page).
 */
function broadSearchPage(plan: ListingPlan, broad: BroadSearch): { ctes: SQL[]; ids: SQL } {
  const { page, pageSize, sort } = plan.query;
  const id = articleOf('l.id');
  const member = sql`${id} IN (SELECT rowid FROM article_search WHERE article_search MATCH ${broad.match})`;
  const rows = (index: string, where: SQL, order: SQL, limit: SQL, columns = sql`${id} AS id, l.price AS price`) => sql`SELECT ${columns} FROM search_keys k
    CROSS JOIN listings l INDEXED BY ${sql.raw(index)} WHERE ${broad.key} AND l.channel = ${sql.raw(`'${plan.channel}'`)} AND ${where} AND ${member}
    ORDER BY ${order} ${limit}`;
  const offset = (page - 1) * pageSize;
  const window = sql`LIMIT ${int(pageSize)} OFFSET ${int(offset)}`;
  if (sort === 'price-asc') {
    // Unpriced last: the priced rows in price order, then the others; each walk stops at the page's end.
    const upTo = sql`LIMIT ${int(offset + pageSize)}`;
    const priced = rows('listings_price_idx', sql`l.price IS NOT NULL`, sql`l.price, l.id`, upTo);
    const unpriced = rows('listings_price_idx', sql`l.price IS NULL`, sql`l.id`, upTo);
    return { ctes: [], ids: sql`SELECT id FROM (SELECT * FROM (${priced}) UNION ALL SELECT * FROM (${unpriced})) ORDER BY price IS NULL, price, id ${window}` };
  }
  if (sort === 'relevance') {
    // One of the two is empty: the walk beyond the bm25 limit, the ranking up to it.
    const many = sql`${broad.matches} > ${int(limitsOf(plan).bm25)}`;
    const walk = rows('listings_relevance_idx', many, orderBy(sort, false), window, sql`0 AS score, l.relevance AS relevance, l.id AS lid, ${id} AS id`);
    const ranked = bm25Page(plan, broad, sql`NOT ${many}`);
    return { ctes: ranked.ctes, ids: sql`SELECT id FROM (SELECT * FROM (${walk}) UNION ALL SELECT * FROM (${ranked.page})) ORDER BY score, relevance, lid` };
  }
  const index = sort === 'new' || sort === 'old' ? 'listings_created_idx' : 'listings_price_idx';
  return { ctes: [], ids: rows(index, sql`1`, orderBy(sort, false), window) };
}

/**
 * The relevance page of a broad search ranked by bm25 (when `when` holds), ordered like the
 * live search (bm25, then listings.relevance, then id) without joining every match to its
 * listing row: the matches are scored (s), the score of the page's last row among them found
 * (cut), and only the matches scoring up to it joined (near). If the channel lists fewer of
 * those than the page needs, some matches are not listed and every match is joined instead.
 * Columns: score, relevance, lid (listing row id), id (article id).
 */
function bm25Page(plan: ListingPlan, broad: BroadSearch, when: SQL): { ctes: SQL[]; page: SQL } {
  const { page, pageSize } = plan.query;
  const upTo = page * pageSize;
  const listing = sql.raw(listingIdSql('s.aid', CHANNEL_IDS.indexOf(plan.channel)));
  const joined = (where: SQL) => sql`SELECT s.score, l.relevance, l.id AS lid, s.aid AS id FROM bm25_scores s CROSS JOIN listings l ON l.id = ${listing} WHERE ${where}`;
  // The key's row is the outer loop: without it (or when `when` fails) nothing is scored.
  const ctes = [
    sql`bm25_scores AS MATERIALIZED (SELECT article_search.rowid AS aid, ${bm25Sql(plan.language)} AS score FROM search_keys k
      CROSS JOIN article_search WHERE ${broad.key} AND ${when} AND article_search MATCH ${broad.match})`,
    sql`bm25_cut AS (SELECT score FROM bm25_scores ORDER BY score LIMIT 1 OFFSET ${int(upTo - 1)})`,
    sql`bm25_near AS MATERIALIZED (${joined(sql`s.score <= (SELECT score FROM bm25_cut)`)})`,
  ];
  const enough = sql`(SELECT count(*) FROM bm25_near) >= ${int(upTo)}`;
  const body = sql`SELECT * FROM bm25_near WHERE ${enough} UNION ALL ${joined(sql`NOT ${enough}`)}`;
  return { ctes, page: sql`SELECT * FROM (${body}) ORDER BY score, relevance, lid LIMIT ${int(pageSize)} OFFSET ${int((page - 1) * pageSize)}` };
}

/**
 * The page of a category, brand or whole-catalogue listing as rows of (id, card): the article id
 * and its card as JSON (cardJsonSql), in the page's order. Set scopes, searches among them, page
 * in facetsStatement.
 */
export function pageStatement(plan: ListingPlan, parts: ListingParts = listingParts(plan)): SQL | undefined {
  const ids = pageIdsStatement(plan, parts);
  // The page is a co-routine that the outer query scans in its order, reading each card by its
  // primary key: only the page's rows are looked up (tests/worker/listing.test.ts checks the order).
  return ids && sql`SELECT p.id AS id, ${cardJsonSql(sql`p.id`, plan.language, plan.channel)} AS card FROM (${ids}) p`;
}

/** The page's article ids of pageStatement, in order. */
function pageIdsStatement(plan: ListingPlan, { src, filters }: ListingParts): SQL | undefined {
  if (src.cte) return undefined;
  const { page, pageSize, sort } = plan.query;
  // Unfiltered, the planner walks a sort index (channel + sort column) for a broad scope and
  // sorts a narrow one from its scope index, as its statistics (ANALYZE) suggest. Filtered, its
  // guesses about ranges are unreliable, so the covering scope index is forced.
  const from = filters.conditions.size ? src.from : sql`listings l`;
  // The article id from the rowid every index carries (article_id would fetch each row before sorting).
  const body = sql`SELECT ${articleOf('l.id')} AS id FROM ${from} WHERE ${and([src.scope, ...conditionsExcept(filters)])}
    ORDER BY ${orderBy(sort, false)} LIMIT ${int(pageSize)} OFFSET ${int((page - 1) * pageSize)}`;
  const ctes = [...src.ctes, ...filters.ctes];
  return ctes.length ? sql`WITH RECURSIVE ${sql.join(ctes, sql`, `)} ${body}` : body;
}
