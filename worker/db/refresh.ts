/**
 * REFRESH_CATALOGUE_SQL: the statements that rebuild every derived catalogue table (listings,
 * listing_sellers, article_attributes, the FTS tables, the search vocabulary and its trigrams)
 * from the base tables. Pure SQL strings, each a DELETE or an INSERT … SELECT well under D1's
 * 100 KB statement limit; the seed runs them after loading (scripts/seed/sql.ts), and ops run
 * them after a bulk catalogue load. Incremental updates (a few articles' offers: an import, an
 * order's stock) run refreshArticlesSql instead, built from the same pieces.
 *
 * Derived values:
 * - listings.price: the price of the buy-box winner (BUYBOX_WINNERS_SQL, the product page's rule),
 *   null if nothing can be bought; original_price is that same offer's crossed-out price and
 *   seller_id its seller (a card names a marketplace seller).
 * - listings.availability_code: the buy-box winner's code (what the product page promises), else
 *   the best (lowest) code of any offer on the channel (nothing can be bought).
 * - listings.seller_kinds: own = 1 | marketplace = 2 | dropshipping = 4.
 * - listings.relevance (ascending = best), the default order of non-search listings:
 *   availability group first (AVAILABILITY_GROUPS order: in stock, soon, out of stock, not
 *   sellable), then rating (higher first; unrated last), then newer first.
 * - listings.attribute_value_ids: the article's attributes as a JSON array of attribute_values
 *   ids, ascending, which live attribute facets count (worker/db/listing-sql.ts).
 * - listing_facets: the unfiltered facet counts of each category (brand id, price / 5000 =
 *   bucket, listings.combo, and 'attr.<name>' values), so an unfiltered category
 *   page never counts rows.
 * - search_keys / search_facets: the same counts (but attributes) for each one-word search
 *   broader than ATTRIBUTE_COUNT_LIMIT matches (./search-facets.ts).
 */
import { LANGUAGES } from '../../client/i18n/languages';
import { CHANNEL_IDS } from '../channel/channels';
import { LAST_PURCHASABLE_CODE, MIN_TRUSTED_GRADE, OWN_OFFER_TOLERANCE_PERCENT, OWN_SELLER_ID } from '../domain/catalogue/buybox';
import { comboSql } from '../domain/catalogue/facet-counts';
import { AVAILABILITY_GROUPS } from '../domain/catalogue/listing-query';
import { FACET_VALUES, listingIdSql } from './listing-rows';
import { searchFacetsArticlesSql, searchFacetsSql } from './search-facets';

/** Tables the refresh owns (emptied by the seed's `clear` and by the refresh itself). */
export const DERIVED_TABLES = [
  'listings',
  'listing_facets',
  'search_keys',
  'search_facets',
  'listing_sellers',
  'article_attributes',
  'attribute_values',
  'article_search',
  'entity_search',
  'search_vocabulary',
  'search_trigrams',
] as const;

const GROUPS = Object.entries(AVAILABILITY_GROUPS);

/** SQL: the rank (0 = best) of the AVAILABILITY_GROUPS group of a code column; unknown codes rank last. */
const availabilityRankSql = (code: string): string =>
  `CASE ${GROUPS.map(([, [from, to]], rank) => `WHEN ${code} BETWEEN ${from} AND ${to} THEN ${rank}`).join(' ')} ELSE ${GROUPS.length} END`;

const CHANNEL_INDEX = `CASE g.channel ${CHANNEL_IDS.map((id, i) => `WHEN '${id}' THEN ${i}`).join(' ')} END`;

/**
 * SQL: each article × channel's buy-box winner (worker/domain/catalogue/buybox.ts, step by step:
 * purchasable codes 0–5; new offers only when there is one; graded 1–5 sellers only when nobody
 * else is left; our own offer within 1 % of the cheapest landed cost, else the cheapest; then
 * faster delivery, premium tier, lower offer id). A test compares it with buybox() offer by offer.
 */
export const buyboxWinnersSql = (scope = ''): string => `SELECT article_id, channel, id AS offer_id, seller_id, price, original_price, availability_code FROM (
  SELECT e.*, row_number() OVER (PARTITION BY article_id, channel ORDER BY
    (seller_id = ${OWN_SELLER_ID} AND landed * 100 <= cheapest * (100 + ${OWN_OFFER_TOLERANCE_PERCENT})) DESC,
    landed, delivery_max_days, tier <> 'premium', id) AS rank
  FROM (
    SELECT t.*, min(landed) OVER (PARTITION BY article_id, channel) AS cheapest FROM (
      SELECT n.*, max(NOT low_grade) OVER (PARTITION BY article_id, channel) AS any_trusted FROM (
        SELECT p.*, max(condition = 'new') OVER (PARTITION BY article_id, channel) AS any_new FROM (
          SELECT o.id, o.article_id, o.channel, o.seller_id, o.price, o.original_price, o.availability_code, o.condition, o.delivery_max_days,
            o.price + o.min_shipping_price AS landed, s.tier, s.grade BETWEEN 1 AND ${MIN_TRUSTED_GRADE - 1} AS low_grade
          FROM offers o JOIN sellers s ON s.id = o.seller_id
          WHERE o.availability_code BETWEEN 0 AND ${LAST_PURCHASABLE_CODE}${scope}
        ) p
      ) n WHERE condition = 'new' OR any_new = 0
    ) t WHERE NOT low_grade OR any_trusted = 0
  ) e
) WHERE rank = 1`;

/** Every article's winners (the full refresh, and tests comparing with buybox()). */
export const BUYBOX_WINNERS_SQL = buyboxWinnersSql();

/**
 * SQL: the JSON array of the attribute_values ids of an article's attributes, ascending. Specs
 * change only with a full refresh, so an incremental one finds them as the full one made them.
 */
const attributeValueIdsSql = (articleId: string): string => `(SELECT json_group_array(id) FROM (
    SELECT v.id FROM article_attributes aa JOIN attribute_values v ON v.name = aa.name AND v.value = aa.value WHERE aa.article_id = ${articleId} ORDER BY v.id))`;

/**
 * listings.price is the price of the offer the product page sells by default (the buy box), so
 * a card, its sort key and the price filters all show what "add to basket" puts in the basket;
 * null when nothing can be bought (the product page shows no price either).
 */
const listingsSql = (scope = ''): string => `INSERT INTO listings (id, article_id, channel, category_id, brand_id, price, original_price, seller_id, availability_code, condition, type,
  seller_kinds, offer_count, rating_average, rating_count, created_at, relevance, combo, attribute_value_ids)
SELECT ${listingIdSql('g.article_id', CHANNEL_INDEX)}, g.article_id, g.channel, a.category_id, a.brand_id, g.price, g.original_price, g.seller_id,
  g.availability_code, a.condition, a.type, g.seller_kinds, g.offer_count, a.rating_average, a.rating_count, a.created_at,
  ((${availabilityRankSql('g.availability_code')}) * 16 + (10 - a.rating_average)) * 4294967296 - a.created_at,
  ${comboSql('') /* unqualified: seller_kinds and availability_code come from g, the rest from a */},
  ${attributeValueIdsSql('g.article_id')}
FROM (
  SELECT o.article_id, o.channel, w.price, w.original_price, w.seller_id,
    -- the buy box's promise when something can be bought, else the best code of any offer
    coalesce(w.availability_code, o.availability_code) AS availability_code, o.seller_kinds, o.offer_count
  FROM (
    SELECT o.article_id, o.channel,
      min(o.availability_code) AS availability_code,
      max(s.kind = 'own') | (max(s.kind = 'marketplace') << 1) | (max(s.kind = 'dropshipping') << 2) AS seller_kinds,
      count(*) AS offer_count
    FROM offers o JOIN sellers s ON s.id = o.seller_id${scope ? `
    WHERE true${scope}` : ''}
    GROUP BY o.article_id, o.channel
  ) o
  LEFT JOIN (${buyboxWinnersSql(scope)}) w ON w.article_id = o.article_id AND w.channel = o.channel
) g
JOIN articles a ON a.id = g.article_id
ORDER BY 1;`;
const LISTINGS = listingsSql();

/**
 * Unfiltered facet counts per channel and category, encoded as the listing queries read them
 * (see the listing_facets table), plus the whole channel's under category 0 (ALL_CATEGORIES);
 * one statement per facet.
 */
const FACETS = FACET_VALUES.map(
  ([facet, value, where]) => `INSERT INTO listing_facets (channel, category_id, facet, value, count)
SELECT channel, category_id, '${facet}', ${value}, count(*) FROM listings${where ? ` WHERE ${where}` : ''} GROUP BY 1, 2, 4;`,
);

const ATTRIBUTE_FACETS = `INSERT INTO listing_facets (channel, category_id, facet, value, count)
SELECT l.channel, l.category_id, 'attr.' || a.name, a.value, count(*)
FROM listings l JOIN article_attributes a ON a.article_id = l.article_id
GROUP BY 1, 2, 3, 4;`;

/** listing_facets' category id for the counts of a whole channel (real category ids start at 1). */
export const ALL_CATEGORIES = 0;

const CHANNEL_FACETS = `INSERT INTO listing_facets (channel, category_id, facet, value, count)
SELECT channel, ${ALL_CATEGORIES}, facet, value, sum(count) FROM listing_facets GROUP BY channel, facet, value;`;

const listingSellersSql = (where = ''): string => `INSERT OR IGNORE INTO listing_sellers (channel, seller_id, article_id)
SELECT DISTINCT channel, seller_id, article_id FROM offers${where};`;
const LISTING_SELLERS = listingSellersSql();

const ATTRIBUTES = `INSERT OR IGNORE INTO article_attributes (article_id, name, value)
SELECT a.id, j.key, CAST(j.value AS TEXT)
FROM articles a, json_each(a.specs) j
WHERE j.type IN ('text', 'integer', 'real') AND CAST(j.value AS TEXT) <> '';`;

/** Each attribute (name, value) pair under an id, in (name, value) order. */
const ATTRIBUTE_VALUES = `INSERT INTO attribute_values (id, name, value)
SELECT row_number() OVER (ORDER BY name, value), name, value FROM (SELECT DISTINCT name, value FROM article_attributes);`;

const nameOf = (lang: string) => `(SELECT t.name FROM article_translations t WHERE t.article_id = a.id AND t.lang = '${lang}')`;

const ARTICLE_SEARCH = `INSERT INTO article_search (rowid, ${LANGUAGES.map((l) => `name_${l}`).join(', ')}, brand, reference)
SELECT a.id, ${LANGUAGES.map(nameOf).join(', ')}, b.name, a.reference || ' ' || a.ean
FROM articles a JOIN brands b ON b.id = a.brand_id;`;

const ENTITY_SEARCH = `INSERT INTO entity_search (name, lang, kind, entity_id, slug)
SELECT name, lang, 'category', category_id, slug FROM category_translations
UNION ALL
SELECT name, '*', 'brand', id, slug FROM brands;`;

/** SQL: where the first digit of `term` is (1,000 when it has none). */
const firstDigitSql = (term: string): string => `min(${[...'0123456789'].map((d) => `iif(instr(${term}, '${d}') > 0, instr(${term}, '${d}'), 1000)`).join(', ')})`;

/**
 * Words of each language's name column (and of brand names, for every language) without
 * digits, with the number of articles naming them: the corrections (model numbers and
 * references are never "corrected"). Then, with a count of 0, what else begins a word a search
 * matches, for search words a correction may apply to (4 letters or more): the letters before
 * the first digit of the other words ("book" of "book5"), and reference words without digits.
 * A word of 4 letters or more that none of them starts with matches nothing, so the search
 * need not try it as typed (worker/db/search.ts).
 */
const VOCABULARY = [
  `INSERT INTO search_vocabulary (lang, term, doc_count)
SELECT substr(col, 6), term, doc FROM article_search_vocab
WHERE col LIKE 'name\\_%' ESCAPE '\\' AND term NOT GLOB '*[0-9]*';`,
  `INSERT OR IGNORE INTO search_vocabulary (lang, term, doc_count)
SELECT l.lang, v.term, v.doc FROM article_search_vocab v
JOIN (SELECT value AS lang FROM json_each('${JSON.stringify(LANGUAGES)}')) l
WHERE v.col = 'brand' AND v.term NOT GLOB '*[0-9]*';`,
  `INSERT OR IGNORE INTO search_vocabulary (lang, term, doc_count)
SELECT l.lang, r.letters, 0 FROM (
  SELECT DISTINCT col, letters FROM (SELECT col, substr(term, 1, ${firstDigitSql('term')} - 1) AS letters FROM article_search_vocab
  WHERE term GLOB '*[0-9]*' OR col = 'reference') WHERE length(letters) >= 4
) r JOIN (SELECT value AS lang FROM json_each('${JSON.stringify(LANGUAGES)}')) l ON r.col IN ('name_' || l.lang, 'brand', 'reference');`,
];

/** Padded trigrams ("^le", "len", …, "vo$") of every word of 3 to 40 letters: read by older releases only (see `searchTrigrams` in ./schema.ts). */
const TRIGRAMS = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT OR IGNORE INTO search_trigrams (lang, trigram, length, term)
SELECT v.lang, substr('^' || v.term || '$', n.i, 3), length(v.term), v.term
FROM search_vocabulary v JOIN n ON n.i <= length(v.term)
WHERE length(v.term) BETWEEN 3 AND 40 AND v.doc_count > 0;`;

// ─── Incremental refresh: the derived rows of some articles only ──────────────────────────────
// A catalogue update (worker/jobs/catalogue-updates.ts) or a stock change of an order
// (./stock-codes.ts) changes offers of a few articles. These statements bring the derived tables
// of exactly those articles (an SQL subquery of their ids) to what REFRESH_CATALOGUE_SQL would
// build, from the same definitions: the listing row through listingsSql (same buy box,
// buyboxWinnersSql), the sellers through listingSellersSql, and the facet counts of the articles'
// categories (and of category 0) adjusted by what their listing rows count before and after,
// with the FACET_VALUES and attribute definitions of the full build, and so are the broad
// searches' counts (./search-facets.ts). article_attributes, the FTS tables and the vocabulary
// hold names, brands, references and specs, none of which an offer changes, so they are left
// alone (listing rows read their attribute values from there); search reads prices and
// availability from `listings`.

/** SQL: the articles of a catalogue update, a JSON array bound as ?1. */
const JSON_ARTICLES = '(SELECT value FROM json_each(?1))';
const EVERY_CHANNEL = `(${CHANNEL_IDS.map((id) => `'${id}'`).join(', ')})`;

/**
 * SQL: one (channel, category_id, facet, value, n) row per facet value the affected listing
 * rows count, for their category and for the whole channel (category 0), values as text like
 * the column stores them.
 */
function affectedFacetCountsSql(articles: string): string {
  // Their listing rows, through the (channel, article_id) index.
  const affected = `l.channel IN ${EVERY_CHANNEL} AND l.article_id IN ${articles}`;
  return `WITH r AS (
  ${[
    ...FACET_VALUES.map(([facet, value, where]) => `SELECT l.channel, l.category_id, '${facet}' AS facet, CAST(${value} AS TEXT) AS value FROM listings l WHERE ${affected}${where ? ` AND ${where}` : ''}`),
    `SELECT l.channel, l.category_id, 'attr.' || a.name, a.value FROM listings l JOIN article_attributes a ON a.article_id = l.article_id WHERE ${affected}`,
  ].join('\n  UNION ALL ')}
), d AS (
  SELECT channel, category_id, facet, value, count(*) AS n FROM (SELECT * FROM r UNION ALL SELECT channel, ${ALL_CATEGORIES}, facet, value FROM r) GROUP BY 1, 2, 3, 4
)`;
}

/**
 * The incremental refresh of `articles` (an SQL subquery of article ids), in two parts:
 *
 * - `before`, run before their derived rows change: what their listing rows count goes from the
 *   facet counts, their sellers (found through their offers) from listing_sellers, and their
 *   names and listing rows go into the search probe. It reads the listing rows, and the offers
 *   only for who sells, so it may run before the offers change, or after a change that creates
 *   and withdraws no offer (stock, codes) as long as `after` has not run yet;
 * - `after`, run once the offers changed: their listing rows, sellers and facet counts as the
 *   full build makes them.
 */
export function refreshArticlesSql(articles: string): { before: string[]; after: string[] } {
  const search = searchFacetsArticlesSql(articles);
  return {
    before: [
      `${affectedFacetCountsSql(articles)}
UPDATE listing_facets SET count = count - d.n FROM d
WHERE listing_facets.channel = d.channel AND listing_facets.category_id = d.category_id AND listing_facets.facet = d.facet AND listing_facets.value = d.value;`,
      `DELETE FROM listing_sellers WHERE (channel, seller_id, article_id) IN (SELECT channel, seller_id, article_id FROM offers WHERE article_id IN ${articles});`,
      ...search.before,
    ],
    after: [
      `DELETE FROM listings AS l WHERE l.channel IN ${EVERY_CHANNEL} AND l.article_id IN ${articles};`,
      listingsSql(` AND o.article_id IN ${articles}`),
      listingSellersSql(` WHERE article_id IN ${articles}`),
      `${affectedFacetCountsSql(articles)}
INSERT INTO listing_facets (channel, category_id, facet, value, count) SELECT channel, category_id, facet, value, n FROM d WHERE true
ON CONFLICT (channel, category_id, facet, value) DO UPDATE SET count = count + excluded.count;`,
      // Values no listing counts any more (the full build has no zero rows), in the affected categories and category 0 only
      // (none without articles). Row values, so the primary key is searched per channel and category rather than the table scanned.
      `DELETE FROM listing_facets WHERE (channel, category_id) IN (
  SELECT c.value, k.id FROM json_each('${JSON.stringify(CHANNEL_IDS)}') c, (SELECT ${ALL_CATEGORIES} AS id WHERE EXISTS ${articles} UNION SELECT category_id FROM articles WHERE id IN ${articles}) k
) AND count <= 0;`,
      ...search.after,
    ],
  };
}

const jsonRefresh = refreshArticlesSql(JSON_ARTICLES);
/** A catalogue update's refresh: before the offers change (the articles bound as ?1, a JSON array). */
export const REFRESH_ARTICLES_BEFORE_SQL: string[] = jsonRefresh.before;
/** A catalogue update's refresh: after the offers changed. */
export const REFRESH_ARTICLES_AFTER_SQL: string[] = jsonRefresh.after;

// ─── The pages that show changed articles ─────────────────────────────────────────────────────
// In the same transaction as a change, a catalogue_invalidations row names the articles changed,
// so every isolate stops serving cached pages and kept page data that show them
// (worker/ssr/catalogue-version.ts).

/** Invalidation rows older than this are deleted (cached copies live 300 s; isolates read the last 10 minutes). */
const INVALIDATION_RETENTION_MS = 86_400_000;

/**
 * SQL: a catalogue_invalidations row naming the articles of `changed` (a SELECT of one column,
 * `article`, without duplicates), none when it is empty; created at `at` (an SQL expression).
 * It returns its article_ids.
 */
export const invalidationSql = (changed: string, at: string): string => `INSERT INTO catalogue_invalidations (article_ids, created_at)
SELECT json_group_array(article), ${at} FROM (${changed} ORDER BY 1) HAVING count(*) > 0
RETURNING article_ids`;

/** SQL: deletes the invalidation rows of `table` older than the retention, `now` an SQL expression of the time in ms. */
export const pruneInvalidationsSql = (now: string, table = 'catalogue_invalidations'): string => `DELETE FROM ${table} WHERE created_at < ${now} - ${INVALIDATION_RETENTION_MS}`;

/** The statements, in order. Each is self-contained; run them in one batch or one by one. */
export const REFRESH_CATALOGUE_SQL: string[] = [
  ...DERIVED_TABLES.map((table) => `DELETE FROM ${table};`),
  // Attributes first: listing rows list their values.
  ATTRIBUTES,
  ATTRIBUTE_VALUES,
  LISTINGS,
  LISTING_SELLERS,
  ...FACETS,
  ATTRIBUTE_FACETS,
  CHANNEL_FACETS,
  ARTICLE_SEARCH,
  `INSERT INTO article_search (article_search) VALUES ('optimize');`,
  ENTITY_SEARCH,
  ...VOCABULARY,
  TRIGRAMS,
  ...searchFacetsSql(),
  // Planner statistics: without them SQLite guesses row counts and, on a large catalogue, picks
  // (channel, price) to price one card instead of (article_id, channel).
  'ANALYZE;',
];
