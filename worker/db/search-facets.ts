/**
 * Precomputed facet counts of broad searches (tables search_keys and search_facets). A search
 * counts its facets over every match joined to its listing row, work that grows with the
 * matches: at 100,000 articles a 3-letter prefix or a common word matches 1,000–34,000
 * articles and costs 6–20 ms. So the one-word searches that match more than
 * ATTRIBUTE_COUNT_LIMIT articles in a language (any such prefix of an indexed word, or whole
 * word of one character) are found by the full refresh, per channel serving the language, and
 * their unfiltered counts kept like listing_facets keeps a category's; the listing reads them
 * instead (worker/db/listing-sql.ts) when the channel lists more than ATTRIBUTE_COUNT_LIMIT of
 * the matches (the sum of the precomputed counts): live, such a search counts no attribute
 * values, so none are kept. Its page walks a sort index, or, by relevance up to BM25_LIMIT
 * matches, ranks the matches by bm25 without joining them all. Each key keeps how many articles
 * it matches: a search of several words that matches as many as one of its words' keys matches
 * the same articles ("de aire" and "aire"), and reads that key's counts.
 *
 * Exact and current: offers change listing rows (price, availability, seller kinds), never the
 * names, brands or references a search matches, so the broad keys and their matches change
 * only with a full refresh; a catalogue update adjusts the counts of the keys its articles
 * match by difference (searchFacetsArticlesSql), as refresh.ts does
 * for listing_facets.
 */
import { LANGUAGES } from '../../client/i18n/languages';
import { CHANNEL_IDS, DEFAULT_CHANNELS } from '../channel/channels';
import { FACET_VALUES, listingIdSql } from './listing-rows';
import { matchExpressionSql } from './search';

/**
 * A search ranks by bm25 up to this many matches; a broader one by listings.relevance (bm25 of
 * one common word is mostly name length).
 */
export const BM25_LIMIT = 2000;

/** Attribute values are counted live over at most this many products (else only precomputed counts, or none). */
export const ATTRIBUTE_COUNT_LIMIT = 1000;

/** The limits above, as a listing applies them (tests lower them to match a small catalogue). */
export interface SearchLimits {
  bm25: number;
  attributes: number;
}

export const SEARCH_LIMITS: SearchLimits = { bm25: BM25_LIMIT, attributes: ATTRIBUTE_COUNT_LIMIT };

/** Prefixes longer than this are never precomputed (they are searched live, which is always right). */
const MAX_KEY_LENGTH = 40;

/** The channels and the languages each serves: the only pairs a listing is asked for. */
const PAIRS = Object.values(DEFAULT_CHANNELS).flatMap((channel) => channel.languages.map((lang) => ({ channel: channel.id, lang })));
const PAIRS_SQL = `pairs(channel, lang) AS (VALUES ${PAIRS.map(({ channel, lang }) => `('${channel}', '${lang}')`).join(', ')})`;

/**
 * The full build: the broad keys of each channel and language, then their facet counts, one
 * statement per channel, language and facet (each a few seconds at 100,000 articles).
 * `minMatches` is ATTRIBUTE_COUNT_LIMIT; tests lower it (and the listing's limits) to have
 * broad keys in a small catalogue.
 */
export function searchFacetsSql(minMatches = ATTRIBUTE_COUNT_LIMIT): string[] {
  // Candidates are the prefixes whose words' document counts add up to more than minMatches
  // (an upper bound: an article may hold several such words); only those are counted exactly.
  const keys = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_KEY_LENGTH}),
prefixes AS MATERIALIZED (
  SELECT v.col, substr(v.term, 1, n.i) AS key, sum(v.doc) AS docs FROM article_search_vocab v JOIN n ON n.i <= length(v.term) AND (n.i > 1 OR length(v.term) = 1)
  GROUP BY 1, 2
),
${PAIRS_SQL},
candidates AS (
  SELECT l.lang, p.key FROM (SELECT DISTINCT lang FROM pairs) l JOIN prefixes p ON p.col IN ('name_' || l.lang, 'brand', 'reference')
  GROUP BY 1, 2 HAVING sum(p.docs) > ${minMatches}
),
counted AS MATERIALIZED (SELECT lang, key, (SELECT count(*) FROM article_search WHERE article_search MATCH ${matchExpressionSql('lang', 'key')}) AS matches FROM candidates)
INSERT INTO search_keys (channel, lang, key, matches) SELECT p.channel, c.lang, c.key, c.matches FROM pairs p JOIN counted c ON c.lang = p.lang WHERE c.matches > ${minMatches};`;
  const facets = PAIRS.flatMap(({ channel, lang }) =>
    FACET_VALUES.map(
      ([facet, value, where]) => `INSERT INTO search_facets (channel, lang, key, facet, value, count)
SELECT k.channel, k.lang, k.key, '${facet}', ${value}, count(*) FROM search_keys k
JOIN article_search ON article_search MATCH ${matchExpressionSql('k.lang', 'k.key')}
CROSS JOIN listings l ON l.id = ${listingIdSql('article_search.rowid', CHANNEL_IDS.indexOf(channel))}
WHERE k.channel = '${channel}' AND k.lang = '${lang}'${where ? ` AND ${where}` : ''} GROUP BY k.key, 5;`,
    ),
  );
  return ['DELETE FROM search_keys;', 'DELETE FROM search_facets;', keys, ...facets];
}

// ─── Incremental: the counts of the broad keys some articles match ────────────────────────────
// The articles (`articles`, an SQL subquery of their ids, as in refresh.ts) are copied into
// search_probe, a full-text table of their own with article_search's tokenizer, and each broad
// key's MATCH expression is run on it: the same test as the listing's, on a few rows (a key's
// MATCH against article_search restricted to a few rowids costs as much as the whole search). An
// article matches about a hundred broad keys: subtracting and adding back all it counts would
// rewrite thousands of rows per article, so its listing rows are kept as they were before the
// update (search_probe_listings) and only the counts that change are written.

const PROBE_COLUMNS = [...LANGUAGES.map((lang) => `name_${lang}`), 'brand', 'reference'].join(', ');
const EVERY_CHANNEL = CHANNEL_IDS.map((id) => `'${id}'`).join(', ');

/**
 * SQL: the CTE `matched` (channel, lang, key, article_id): the broad keys each probed article
 * matches, on each channel keeping them. No key is tried when there are no articles (a stock
 * change refreshes none most of the time, and trying every key on an empty probe is not free).
 */
const matchedSql = (articles: string): string => `probed AS MATERIALIZED (
  SELECT k.lang, k.key, search_probe.rowid AS article_id FROM (SELECT DISTINCT lang, key FROM search_keys WHERE EXISTS ${articles}) k
  JOIN search_probe ON search_probe MATCH ${matchExpressionSql('k.lang', 'k.key')}
  -- '+': a rowid condition handed to the full-text index would run each key's search once per article
  WHERE +search_probe.rowid IN ${articles}
), matched AS MATERIALIZED (
  SELECT k.channel, p.lang, p.key, p.article_id FROM probed p JOIN search_keys k ON k.channel IN (${EVERY_CHANNEL}) AND k.lang = p.lang AND k.key = p.key
)`;

/** SQL: the listing rows of the articles, in `name` (its rows: `rows` as they are now, or as they were), once per broad key they match. */
const keyedRows = (name: string, rows: string): string => `${name} AS MATERIALIZED (
  SELECT m.channel, m.lang, m.key, l.brand_id, l.price, l.combo FROM matched m JOIN ${rows} l ON l.channel = m.channel AND l.article_id = m.article_id
)`;

/** SQL: the facet values of the rows of `keyed`, each counted `sign` times. */
const counted = (keyed: string, sign: number): string =>
  FACET_VALUES.map(([facet, value, where]) => `SELECT channel, lang, key, '${facet}' AS facet, CAST(${value} AS TEXT) AS value, ${sign} AS n FROM ${keyed}${where ? ` WHERE ${where}` : ''}`).join(' UNION ALL ');

/** SQL: `d` (channel, lang, key, facet, value, n): the counts that change, from the articles' listing rows before the update to now. */
const changedCountsSql = (articles: string): string => `WITH ${matchedSql(articles)},
${keyedRows('now', `(SELECT channel, article_id, brand_id, price, combo FROM listings WHERE channel IN (${EVERY_CHANNEL}) AND article_id IN ${articles})`)},
${keyedRows('was', 'search_probe_listings')},
r AS (${counted('now', 1)}), r0 AS (${counted('was', -1)}),
d AS (SELECT channel, lang, key, facet, value, sum(n) AS n FROM (SELECT * FROM r UNION ALL SELECT * FROM r0) GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0)`;

/**
 * The statements that keep the broad searches' counts of `articles` (an SQL subquery of article
 * ids) exact: `before` copies their names into the probe and their listing rows as they are;
 * `after`, once their listing rows are rebuilt, writes the counts that changed, deletes values
 * counted by nobody (the full build has no zero rows) and empties the probe.
 */
export function searchFacetsArticlesSql(articles: string): { before: string[]; after: string[] } {
  const changed = changedCountsSql(articles);
  return {
    before: [
      `INSERT INTO search_probe (rowid, ${PROBE_COLUMNS}) SELECT rowid, ${PROBE_COLUMNS} FROM article_search WHERE rowid IN ${articles};`,
      `INSERT INTO search_probe_listings (channel, article_id, brand_id, price, combo)
SELECT channel, article_id, brand_id, price, combo FROM listings WHERE channel IN (${EVERY_CHANNEL}) AND article_id IN ${articles};`,
    ],
    after: [
      `${changed}
INSERT INTO search_facets (channel, lang, key, facet, value, count) SELECT channel, lang, key, facet, value, n FROM d WHERE true
ON CONFLICT (channel, lang, key, facet, value) DO UPDATE SET count = count + excluded.count;`,
      `${changed}
DELETE FROM search_facets WHERE (channel, lang, key, facet, value) IN (SELECT channel, lang, key, facet, value FROM d) AND count <= 0;`,
      `DELETE FROM search_probe_listings WHERE article_id IN ${articles};`,
      `DELETE FROM search_probe WHERE +rowid IN ${articles};`,
    ],
  };
}
