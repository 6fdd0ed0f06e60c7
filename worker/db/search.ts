/**
 * Full-text search over the catalogue in the visitor's language: article names, brands and
 * references (the FTS5 table article_search, see migrations/0002_search_fts.sql), typo
 * correction against the search vocabulary, and the suggestions box.
 *
 * Every query word of two or more characters is a prefix ("portat" finds "portátil"); words
 * are AND-ed. A word that
 * matches nothing is corrected to the closest vocabulary word (Damerau-Levenshtein distance ≤ 1
 * for words of 4–7 letters, ≤ 2 for 8 or more; candidates found through shared trigrams, ties
 * going to the more common word); words with digits (models, references) are never corrected.
 */
import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { CHANNEL_IDS, type ChannelId } from '../channel/channels';
import type { Db } from './client';
import { allRows } from './raw';
import { listingIdSql } from './listing-rows';

const MAX_WORDS = 8;
const CANDIDATES = 60;
/** Suggestions rank this many name matches (in rowid order) by bm25 instead of all of them. */
const SUGGESTION_POOL = 2000;

/** Words as the FTS tokenizer sees them: diacritics removed, lower case, split on anything not a letter or digit. */
export function searchWords(text: string): string[] {
  const folded = text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
  return [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, MAX_WORDS);
}

/**
 * The words as FTS terms, all required: a prefix each, except single characters ("5" in
 * "Ryzen 5"), which match whole words only (a one-letter prefix would expand to hundreds of
 * words). Words are letters and digits only (searchWords), so quoting keeps FTS syntax out.
 */
function terms(words: readonly string[]): string {
  return words.map((w) => (w.length === 1 ? `"${w}"` : `"${w}"*`)).join(' AND ');
}

/** The MATCH expression for `words` in `language`: in the language's name column, the brand and the reference. */
export function matchExpression(language: Language, words: readonly string[]): string {
  return `{name_${language} brand reference} : (${terms(words)})`;
}

/** SQL: matchExpression(lang, [key]) built from two SQL text expressions (the precomputed broad searches, ./search-facets.ts). */
export const matchExpressionSql = (lang: string, key: string): string =>
  `'{name_' || ${lang} || ' brand reference} : ("' || ${key} || '"' || iif(length(${key}) > 1, '*', '') || ')'`;

/** SQL: bm25 of the current article_search row in `language` (lower is better). */
export function bm25Sql(language: Language): SQL {
  // Columns: the six name columns in LANGUAGES order, then brand, then reference.
  const weights = [...LANGUAGES.map((l) => (l === language ? 3 : 0)), 1, 2];
  return sql.raw(`bm25(article_search, ${weights.join(', ')})`);
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), or max + 1 once it is exceeded. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** How far a word may be corrected: none under 4 letters or with digits, 1 edit up to 7 letters, 2 beyond. */
export function allowedEdits(word: string): number {
  if (word.length < 4 || !/^\p{L}+$/u.test(word)) return 0;
  return word.length <= 7 ? 1 : 2;
}

/** Padded trigrams, as stored in search_trigrams: "lenvo" → ^le len env nvo vo$. */
export function trigrams(word: string): string[] {
  const padded = `^${word}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

interface CandidateRow {
  known: number;
  term: string;
  docCount: number;
  shared: number;
}

/**
 * The look-ups a correction needs, one statement per correctable word (whether the vocabulary
 * knows it, and its closest candidates). Listings send them with the search itself, so a
 * search that finds nothing can be corrected without another round trip.
 */
export function correctionStatements(language: Language, words: readonly string[]): SQL[] {
  return words.filter((w) => allowedEdits(w) > 0).map((word) => {
    const edits = allowedEdits(word);
    // A word is known when some vocabulary word starts with it (search words are prefixes).
    return sql`
      SELECT 1 AS known, term, doc_count AS docCount, 0 AS shared FROM (
        SELECT term, doc_count FROM search_vocabulary WHERE lang = ${language} AND term >= ${word} AND term < ${word + '\uffff'} LIMIT 1)
      UNION ALL
      SELECT 0, term, docCount, shared FROM (
        SELECT t.term, v.doc_count AS docCount, count(*) AS shared
        FROM search_trigrams t JOIN search_vocabulary v ON v.lang = t.lang AND v.term = t.term
        WHERE t.lang = ${language} AND t.trigram IN (SELECT value FROM json_each(${JSON.stringify(trigrams(word))}))
          AND t.length BETWEEN ${word.length - edits} AND ${word.length + edits}
        GROUP BY t.term ORDER BY shared DESC, docCount DESC LIMIT ${CANDIDATES})`;
  });
}

/** The words with each unknown one replaced by its closest vocabulary word (from correctionStatements' rows), or undefined when nothing changes. */
export function pickCorrections(words: readonly string[], results: readonly unknown[][]): string[] | undefined {
  const fixable = words.filter((w) => allowedEdits(w) > 0);
  const replacements = new Map<string, string>();
  fixable.forEach((word, i) => {
    const rows = (results[i] ?? []) as CandidateRow[];
    if (rows.some((r) => r.known === 1)) return;
    const edits = allowedEdits(word);
    let best: { term: string; distance: number; docCount: number } | undefined;
    for (const row of rows) {
      const distance = editDistance(word, row.term, edits);
      if (distance > edits) continue;
      if (!best || distance < best.distance || (distance === best.distance && row.docCount > best.docCount)) best = { term: row.term, distance, docCount: row.docCount };
    }
    if (best) replacements.set(word, best.term);
  });
  if (replacements.size === 0) return undefined;
  return words.map((w) => replacements.get(w) ?? w);
}

/** The words with unknown ones corrected (one round trip), or undefined when nothing could be corrected. */
export async function correctWords(db: Db, language: Language, words: readonly string[]): Promise<string[] | undefined> {
  const statements = correctionStatements(language, words);
  if (statements.length === 0) return undefined;
  return pickCorrections(words, await allRows<[unknown]>(db, statements as [SQL]));
}

export interface Suggestion {
  id: number;
  name: string;
  slug: string;
}

/** What the suggestions box shows: products, then categories and brands whose names match. */
export interface Suggestions {
  products: Suggestion[];
  categories: Suggestion[];
  brands: Suggestion[];
}

/**
 * Suggestions for a prefix as typed: products sold on the channel (best name matches first),
 * categories in the language and brands. Product ranking looks at the first 2,000 matches
 * only, so a two-letter prefix costs the same as a word.
 */
export async function suggest(db: Db, language: Language, channel: ChannelId, prefix: string, limit = 8): Promise<Suggestions> {
  const words = searchWords(prefix);
  if (words.length === 0) return { products: [], categories: [], brands: [] };
  const match = matchExpression(language, words);
  const names = terms(words);
  const channelIndex = CHANNEL_IDS.indexOf(channel);
  const [products, categories, brands] = await allRows<[Suggestion, Suggestion, Suggestion]>(db, [
    sql`
      SELECT t.article_id AS id, t.name, t.slug
      FROM (SELECT rowid AS aid, ${bm25Sql(language)} AS score FROM article_search WHERE article_search MATCH ${match} LIMIT ${SUGGESTION_POOL}) m
      CROSS JOIN listings l ON l.id = ${sql.raw(listingIdSql('m.aid', channelIndex))}
      CROSS JOIN article_translations t ON t.article_id = m.aid AND t.lang = ${language}
      WHERE l.price IS NOT NULL
      ORDER BY m.score, m.aid LIMIT ${limit}`,
    sql`
      SELECT entity_id AS id, name, slug FROM entity_search
      WHERE entity_search MATCH ${names} AND lang = ${language} AND kind = 'category' ORDER BY rank LIMIT ${Math.ceil(limit / 2)}`,
    sql`
      SELECT entity_id AS id, name, slug FROM entity_search
      WHERE entity_search MATCH ${names} AND lang = '*' AND kind = 'brand' ORDER BY rank LIMIT ${Math.ceil(limit / 2)}`,
  ]);
  return { products, categories, brands };
}
