// Broad searches read precomputed counts and page by walking a sort index (worker/db/search-facets.ts,
// worker/db/listing-sql.ts). On the 300-article test catalogue the threshold is lowered so that
// its common words and prefixes are broad; every answer must equal the live computation's.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../client/i18n/languages';
import type { Facet, ListingResult } from '../../client/types';
import type { ChannelId } from '../../worker/channel/channels';
import { createDb } from '../../worker/db/client';
import { listProducts } from '../../worker/db/listing';
import { matchExpression } from '../../worker/db/search';
import { searchFacetsSql } from '../../worker/db/search-facets';
import { ATTRIBUTE_PREFIX, parseListingQuery } from '../../worker/domain/catalogue/listing-query';
import { i18nFor } from '../../worker/i18n/catalogs';

const db = createDb(env.DB);
/** Broad in the test catalogue: more matches than this. */
const BROAD = 25;
const PAIRS: [ChannelId, Language][] = [['ES', 'es_ES'], ['ES', 'en_EN'], ['PT', 'pt_PT']];
const SORTS = ['relevance', 'new', 'old', 'price-asc', 'price-desc'];

const search = (channel: ChannelId, language: Language, text: string, qs = '') =>
  listProducts(db, { channel, language, scope: { kind: 'search', text }, query: parseListingQuery(new URLSearchParams(qs)), i18n: i18nFor(language) });

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

/** The channel's rows of the articles matching `word`, in listings.relevance order: a broad search's relevance page by definition. */
async function relevancePage(channel: ChannelId, language: Language, word: string, page: number, pageSize: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT article_id AS id FROM listings WHERE channel = ? AND article_id IN (SELECT rowid FROM article_search WHERE article_search MATCH ?)
    ORDER BY relevance, id LIMIT ? OFFSET ?`,
  ).bind(channel, matchExpression(language, [word]), pageSize, (page - 1) * pageSize).all<{ id: number }>();
  return results.map((row) => row.id);
}

const ids = (result: ListingResult) => result.items.map((item) => item.id);
const isAttribute = (facet: Facet) => facet.key.startsWith(ATTRIBUTE_PREFIX);

describe('broad searches', () => {
  it('answer from precomputed counts what the live computation answers: total, facets and every page', async () => {
    await build(BROAD);
    const cases = await Promise.all(PAIRS.map(async ([channel, language]) => sample(await broadKeys(channel, language)).map((key) => ({ channel, language, key }))));
    for (const keys of cases) expect(keys.length).toBeGreaterThan(4);
    expect(cases.flat().some(({ key }) => key.length === 1)).toBe(true);
    const queries = cases.flat().flatMap((c) => SORTS.flatMap((sort) => [1, 2].map((page) => ({ ...c, qs: `sort=${sort}&page=${page}&pageSize=12`, sort, page }))));

    // Live: nothing is broad at the real threshold in this catalogue.
    await build();
    expect(await broadKeys('ES', 'es_ES')).toEqual([]);
    const live = [];
    for (const q of queries) live.push(await search(q.channel, q.language, q.key, q.qs));

    await build(BROAD);
    for (const [i, q] of queries.entries()) {
      const precomputed = await search(q.channel, q.language, q.key, q.qs);
      const label = `${q.channel} ${q.language} "${q.key}" ${q.qs}`;
      expect(precomputed.total, label).toBe(live[i]!.total);
      // Live, attribute values are counted up to ATTRIBUTE_COUNT_LIMIT matches, fewer than any broad search has at the real threshold.
      expect(precomputed.facets.filter(isAttribute), label).toEqual([]);
      expect(precomputed.facets, label).toEqual(live[i]!.facets.filter((facet) => !isAttribute(facet)));
      // Below BM25_LIMIT the live search ranks by bm25; a broad one by listings.relevance.
      if (q.sort === 'relevance') expect(ids(precomputed), label).toEqual(await relevancePage(q.channel, q.language, q.key, q.page, 12));
      else expect(ids(precomputed), label).toEqual(ids(live[i]!));
    }
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
