// Broad searches read precomputed counts and page by walking a sort index or ranking by bm25
// (worker/db/search-facets.ts, worker/db/listing-sql.ts). On the 300-article test catalogue the
// thresholds (keys built, attribute values counted live, bm25 ranking) are lowered so that its
// common words and prefixes are broad; every answer must equal the live computation's under the
// same limits.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../client/i18n/languages';
import type { Facet, ListingResult } from '../../client/types';
import type { ChannelId } from '../../worker/channel/channels';
import { createDb } from '../../worker/db/client';
import { listProducts } from '../../worker/db/listing';
import { matchExpression } from '../../worker/db/search';
import { searchFacetsSql, type SearchLimits } from '../../worker/db/search-facets';
import { ATTRIBUTE_PREFIX, parseListingQuery } from '../../worker/domain/catalogue/listing-query';
import { i18nFor } from '../../worker/i18n/catalogs';

const db = createDb(env.DB);
/** Broad in the test catalogue: more matches than this. */
const BROAD = 25;
const PAIRS: [ChannelId, Language][] = [['ES', 'es_ES'], ['ES', 'en_EN'], ['PT', 'pt_PT']];
const SORTS = ['relevance', 'new', 'old', 'price-asc', 'price-desc'];

/** The listing's limits scaled to the catalogue: live, attribute values are counted up to BROAD listed matches. */
const LIMITS: SearchLimits = { attributes: BROAD, bm25: 60 };

const search = (channel: ChannelId, language: Language, text: string, qs = '', limits: SearchLimits = LIMITS) =>
  listProducts(db, { channel, language, scope: { kind: 'search', text }, query: parseListingQuery(new URLSearchParams(qs)), i18n: i18nFor(language), limits });

async function matches(language: Language, word: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM article_search WHERE article_search MATCH ?').bind(matchExpression(language, [word])).first<{ n: number }>();
  return row!.n;
}

async function build(minMatches?: number): Promise<void> {
  for (const sql of searchFacetsSql(minMatches)) await env.DB.prepare(sql).run();
}

async function broadKeys(channel: ChannelId, language: Language): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT key FROM search_keys WHERE channel = ? AND lang = ? ORDER BY key').bind(channel, language).all<{ key: string }>();
  return results.map((row) => row.key);
}

/** Some keys of every kind: one-character words, prefixes read by seek (2–3 characters) and longer ones. */
function sample(keys: string[]): string[] {
  const kinds = [keys.filter((k) => k.length === 1), keys.filter((k) => k.length === 2 || k.length === 3), keys.filter((k) => k.length > 3)];
  return kinds.flatMap((kind) => kind.filter((_, i) => i % Math.ceil(kind.length / 4) === 0));
}

const ids = (result: ListingResult) => result.items.map((item) => item.id);
const isAttribute = (facet: Facet) => facet.key.startsWith(ATTRIBUTE_PREFIX);

describe('broad searches', () => {
  it('answer from precomputed counts what the live computation answers: total, facets and every page', async () => {
    await build(BROAD);
    const cases = await Promise.all(PAIRS.map(async ([channel, language]) => sample(await broadKeys(channel, language)).map((key) => ({ channel, language, key }))));
    for (const keys of cases) expect(keys.length).toBeGreaterThan(4);
    expect(cases.flat().some(({ key }) => key.length === 1)).toBe(true);
    // Both relevance pages: ranked by bm25 (up to LIMITS.bm25 matches) and walked in relevance order.
    const counts = await Promise.all(cases.flat().map(({ language, key }) => matches(language, key)));
    expect(counts.some((n) => n <= LIMITS.bm25)).toBe(true);
    expect(counts.some((n) => n > LIMITS.bm25)).toBe(true);
    const queries = cases.flat().flatMap((c) => SORTS.flatMap((sort) => [1, 2].map((page) => ({ ...c, qs: `sort=${sort}&page=${page}&pageSize=12` }))));

    // Live: nothing is broad at the real threshold in this catalogue.
    await build();
    expect(await broadKeys('ES', 'es_ES')).toEqual([]);
    const live = [];
    for (const q of queries) live.push(await search(q.channel, q.language, q.key, q.qs));

    // Broad where the channel lists more than LIMITS.attributes of the matches; below, live anyway.
    expect(live.filter((result) => result.total > BROAD).length).toBeGreaterThan(queries.length / 2);
    await build(BROAD);
    for (const [i, q] of queries.entries()) {
      const precomputed = await search(q.channel, q.language, q.key, q.qs);
      const label = `${q.channel} ${q.language} "${q.key}" ${q.qs}`;
      expect(precomputed.total, label).toBe(live[i]!.total);
      // Live, attribute values are counted up to LIMITS.attributes listed matches, fewer than a broad search lists.
      if (live[i]!.total > BROAD) expect(live[i]!.facets.filter(isAttribute), label).toEqual([]);
      expect(precomputed.facets, label).toEqual(live[i]!.facets);
      expect(ids(precomputed), label).toEqual(ids(live[i]!));
    }
  });

  it('stays live while the channel lists no more matches than attribute values are counted over', async () => {
    await build(BROAD);
    const [key] = sample(await broadKeys('ES', 'es_ES')).filter((k) => k.length > 3);
    const listed = (await search('ES', 'es_ES', key!)).total;
    // At a limit of exactly the listed matches the live search counts attribute values: so must this one.
    const limits = { ...LIMITS, attributes: listed };
    await env.DB.prepare("UPDATE search_facets SET count = count + 1000 WHERE channel = 'ES' AND lang = 'es_ES' AND key = ? AND facet = 'brand'").bind(key).run();
    const answer = await search('ES', 'es_ES', key!, 'sort=new', limits);
    expect(answer.total).toBe(listed);
    expect(answer.facets.some(isAttribute)).toBe(true);
    await build();
    expect(await search('ES', 'es_ES', key!, 'sort=new', limits)).toEqual(answer);
  });

  it('ranks by bm25 without joining every match, and joins them all when the channel lists too few of the best', async () => {
    await build(BROAD);
    const keys = await broadKeys('ES', 'es_ES');
    const counts = await Promise.all(keys.map((key) => matches('es_ES', key)));
    const key = keys.find((k, i) => k.length > 3 && counts[i]! <= LIMITS.bm25)!;
    expect(key).toBeDefined();
    const qs = 'sort=relevance&pageSize=5';
    const before = await search('ES', 'es_ES', key, qs);
    expect(ids(before)).toHaveLength(5);
    // Every match scoring up to the fifth best no longer listed on ES (the counts are left as they
    // were): the page must come from the matches after them, as the live search finds them.
    const { results: gone } = await env.DB.prepare(
      `WITH s AS (SELECT rowid AS id, bm25(article_search, 3, 0, 0, 0, 0, 0, 1, 2) AS score FROM article_search WHERE article_search MATCH ?)
      SELECT l.* FROM s JOIN listings l ON l.channel = 'ES' AND l.article_id = s.id WHERE s.score <= (SELECT score FROM s ORDER BY score LIMIT 1 OFFSET 4)`,
    ).bind(matchExpression('es_ES', [key])).all<Record<string, unknown>>();
    expect(gone.map((row) => row.article_id)).toEqual(expect.arrayContaining(ids(before)));
    await env.DB.prepare(`DELETE FROM listings WHERE channel = 'ES' AND article_id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(gone.map((row) => row.article_id))).run();
    try {
      const after = await search('ES', 'es_ES', key, qs);
      const live = await search('ES', 'es_ES', key, qs, { ...LIMITS, attributes: 1000 });
      expect(ids(live)).toHaveLength(5);
      expect(ids(after)).toEqual(ids(live));
    } finally {
      for (const row of gone) {
        const columns = Object.keys(row);
        await env.DB.prepare(`INSERT INTO listings (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).bind(...Object.values(row)).run();
      }
    }
  });

  it('answers a search of several words that matches what one of its words matches from that word\'s counts', async () => {
    await build(BROAD);
    // Pairs of broad keys where every article the first matches also holds the second (neither a prefix of the other).
    const nested = async (channel: ChannelId, language: Language, equal: boolean) => {
      const { results } = await env.DB.prepare(
        `SELECT a.key AS key, b.key AS other, a.matches AS matches FROM search_keys a JOIN search_keys b ON b.channel = a.channel AND b.lang = a.lang AND b.key <> a.key
        WHERE a.channel = ?1 AND a.lang = ?2 AND length(a.key) > 3 AND length(b.key) > 3 AND substr(a.key, 1, length(b.key)) <> b.key AND substr(b.key, 1, length(a.key)) <> a.key
        AND ((SELECT count(*) FROM article_search WHERE article_search MATCH '{name_' || ?2 || ' brand reference} : ("' || a.key || '"* AND "' || b.key || '"*)') = a.matches) = ?3
        ORDER BY a.key, b.key`,
      ).bind(channel, language, equal ? 1 : 0).all<{ key: string; other: string; matches: number }>();
      return results.filter((_, i) => i % Math.ceil(results.length / 3) === 0).map((row) => ({ channel, language, ...row }));
    };
    const pairs = (await Promise.all(PAIRS.map(([channel, language]) => nested(channel, language, true)))).flat();
    expect(pairs.length).toBeGreaterThan(3);
    expect(pairs.every((pair) => pair.matches > 0)).toBe(true);
    const queries = pairs.flatMap((pair) => SORTS.flatMap((sort) => [1, 2].map((page) => ({ ...pair, text: `${pair.other} ${pair.key}`, qs: `sort=${sort}&page=${page}&pageSize=12` }))));

    await build();
    const live = [];
    for (const q of queries) live.push(await search(q.channel, q.language, q.text, q.qs));
    await build(BROAD);
    for (const [i, q] of queries.entries()) {
      const precomputed = await search(q.channel, q.language, q.text, q.qs);
      const label = `${q.channel} ${q.language} "${q.text}" ${q.qs}`;
      expect(precomputed.total, label).toBe(live[i]!.total);
      expect(precomputed.facets, label).toEqual(live[i]!.facets);
      expect(ids(precomputed), label).toEqual(ids(live[i]!));
    }

    // Read from the key's counts: changing them changes the answer. A search whose words match
    // fewer articles than either word alone stays live.
    const [pair] = pairs.filter((p) => p.channel === 'ES' && p.language === 'es_ES');
    const [fewer] = await nested('ES', 'es_ES', false);
    expect(pair && fewer).toBeTruthy();
    const before = await search('ES', 'es_ES', `${pair!.other} ${pair!.key}`);
    const other = await search('ES', 'es_ES', `${fewer!.other} ${fewer!.key}`);
    await env.DB.prepare("UPDATE search_facets SET count = count + 1000 WHERE channel = 'ES' AND lang = 'es_ES' AND key IN (?, ?, ?, ?) AND facet = 'combo'")
      .bind(pair!.key, pair!.other, fewer!.key, fewer!.other).run();
    expect((await search('ES', 'es_ES', `${pair!.other} ${pair!.key}`)).total).toBeGreaterThan(before.total);
    expect((await search('ES', 'es_ES', `${fewer!.other} ${fewer!.key}`)).total).toBe(other.total);
    await build(BROAD);
  });

  it('reads the counts from search_facets, and counts live once filtered', async () => {
    await build(BROAD);
    const [key] = sample(await broadKeys('ES', 'es_ES')).filter((k) => k.length > 3);
    expect(key).toBeDefined();
    const before = await search('ES', 'es_ES', key!);
    const filtered = await search('ES', 'es_ES', key!, 'availability=in-stock');
    await env.DB.prepare("UPDATE search_facets SET count = count + 1000 WHERE channel = 'ES' AND lang = 'es_ES' AND key = ? AND facet = 'combo'").bind(key).run();
    expect((await search('ES', 'es_ES', key!)).total).toBeGreaterThan(before.total);
    expect((await search('ES', 'es_ES', key!, 'availability=in-stock')).total).toBe(filtered.total);
    await build(BROAD);
    expect((await search('ES', 'es_ES', key!)).total).toBe(before.total);
  });
});
