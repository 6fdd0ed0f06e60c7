/**
 * Full-text search over the catalogue in the visitor's language: article names, brands and
 * references (the FTS5 table article_search, see migrations/0002_search_fts.sql), typo
 * correction against the search vocabulary, and the suggestions box.
 *
 * Every query word of two or more characters is a prefix ("portat" finds "portátil"); words
 * are AND-ed. A word that
 * matches nothing is corrected to the closest vocabulary word (Damerau-Levenshtein distance ≤ 1
 * for words of 4–7 letters, ≤ 2 for 8 or more; candidates found through shared bigrams, ties
 * going to the more common word); words with digits (models, references) are never corrected.
 * The vocabulary is small (the words of the names without digits, and what else begins an
 * indexed word: see VOCABULARY in ./refresh.ts) and read into memory (`Vocabulary`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { CHANNEL_IDS, type ChannelId } from '../channel/channels';
import type { Db } from './client';
import { allRows } from './raw';
import { listingIdSql } from './listing-rows';

const MAX_WORDS = 8;
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

/** A row of search_vocabulary. */
export interface VocabularyRow {
  term: string;
  /** Articles whose name holds the word; 0 for what only begins indexed words (known, never a correction). */
  docCount: number;
}

/** Padded bigrams: "lenvo" → ^l le en nv vo o$. */
export function bigrams(word: string): string[] {
  const padded = `^${word}$`;
  const out = new Set<string>();
  for (let i = 0; i + 2 <= padded.length; i++) out.add(padded.slice(i, i + 2));
  return [...out];
}

/**
 * A language's search vocabulary, held in memory (a few thousand words; worker/ssr/vocabulary.ts
 * keeps it per catalogue version and requests share it, so nothing in it changes after it is
 * built), so a search knows which of its words need a correction, and the correction itself,
 * before it goes to D1. A word it may correct (4 letters or more, no digits) that it does not
 * know begins no indexed word of the catalogue it was read from.
 */
export class Vocabulary {
  /** Terms in code-unit order (SQLite's BINARY order for the folded words), for prefix look-ups. */
  private readonly terms: string[];
  private readonly docCounts: number[];
  /** The terms (their indexes) holding each padded bigram: a correction's candidates. */
  private readonly byBigram = new Map<string, number[]>();

  constructor(rows: readonly VocabularyRow[]) {
    const sorted = [...rows].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    this.terms = sorted.map((r) => r.term);
    this.docCounts = sorted.map((r) => r.docCount);
    this.terms.forEach((term, i) => {
      if (this.docCounts[i] === 0) return; // known, never a correction
      for (const bigram of bigrams(term)) {
        const holders = this.byBigram.get(bigram);
        if (holders) holders.push(i);
        else this.byBigram.set(bigram, [i]);
      }
    });
  }

  /** Whether some word starts with `prefix` (search words are prefixes). */
  knows(prefix: string): boolean {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    return low < this.terms.length && this.terms[low]!.startsWith(prefix);
  }

  /**
   * The closest term within allowedEdits(word), ties going to the more common term (then the
   * first in order), or undefined. Candidates share a padded bigram with the word, as every term
   * within the allowed edits does: an edit changes at most three of a word's bigrams (a swap),
   * and a word of 4 letters has 5 of them, one of 8 has 9.
   */
  closest(word: string): string | undefined {
    const edits = allowedEdits(word);
    const candidates = new Set(bigrams(word).flatMap((bigram) => this.byBigram.get(bigram) ?? []));
    let best: { i: number; distance: number } | undefined;
    for (const i of candidates) {
      const distance = editDistance(word, this.terms[i]!, edits);
      if (distance <= edits && (!best || distance < best.distance || (distance === best.distance && this.moreCommon(i, best.i)))) best = { i, distance };
    }
    return best && this.terms[best.i];
  }

  /** Whether term i is named by more articles than term j (the first in order on a tie). */
  private moreCommon(i: number, j: number): boolean {
    return this.docCounts[i]! > this.docCounts[j]! || (this.docCounts[i] === this.docCounts[j] && i < j);
  }

  /** The words with each unknown, correctable one replaced by its closest word, or undefined when nothing changes. */
  correct(words: readonly string[]): string[] | undefined {
    let changed = false;
    const corrected = words.map((word) => {
      if (allowedEdits(word) === 0 || this.knows(word)) return word;
      const term = this.closest(word);
      if (term === undefined) return word;
      changed = true;
      return term;
    });
    return changed ? corrected : undefined;
  }
}

/** The vocabulary of `language` (names and brands), read from D1. */
export async function readVocabulary(db: Db, language: Language): Promise<Vocabulary> {
  const [rows] = await allRows<[VocabularyRow]>(db, [sql`SELECT term, doc_count AS docCount FROM search_vocabulary WHERE lang = ${language}`]);
  return new Vocabulary(rows);
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
