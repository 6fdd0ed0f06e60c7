// Product listings and search (worker/db/listing.ts, worker/db/search.ts, /api/catalogue) on the
// 300-article test catalogue: totals and facet counts against direct SQL over the base tables,
// disjunctive facets, sorts, pagination, range bounds, typo correction, suggestions, API errors.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Facet, ListingResult, ProductCard } from '../../client/types';
import { cardsByIds } from '../../worker/db/catalogue';
import { createDb } from '../../worker/db/client';
import { categorySubtreeIds, listProducts, type ListingScope } from '../../worker/db/listing';
import { BUYBOX_WINNERS_SQL } from '../../worker/db/refresh';
import { Vocabulary } from '../../worker/db/search';
import { parseListingQuery } from '../../worker/domain/catalogue/listing-query';
import { i18nFor } from '../../worker/i18n/catalogs';
import { apiCall, request, roundTrips } from './helpers';

const ES = 'http://es.localhost';
const db = createDb(env.DB);
const COMPUTERS = 1; // the first root of the seeded category tree

const list = (scope: ListingScope, qs = '', language: 'es_ES' | 'en_EN' = 'es_ES') =>
  listProducts(db, { channel: 'ES', language, scope, query: parseListingQuery(new URLSearchParams(qs)), i18n: i18nFor(language) });

async function count(query: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(query).bind(...binds).first<{ n: number }>())!.n;
}

/** Articles offered on ES, with the price and availability of their buy-box offer (tests/worker/card-price.test.ts checks them against buybox()). */
const BASE = `SELECT a.*, w.price AS best, w.availability_code AS buybox_code
  FROM articles a LEFT JOIN (${BUYBOX_WINNERS_SQL}) w ON w.article_id = a.id AND w.channel = 'ES'
  WHERE EXISTS (SELECT 1 FROM offers o WHERE o.article_id = a.id AND o.channel = 'ES')`;

const facet = (result: ListingResult, key: string): Facet | undefined => result.facets.find((f) => f.key === key);
const counts = (f: Facet | undefined) => Object.fromEntries((f?.values ?? []).map((v) => [v.value, v.count]));
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function computers() {
  return { kind: 'category', categoryIds: await categorySubtreeIds(db, COMPUTERS) } as const;
}

describe('category listings', () => {
  it('counts the whole subtree like a direct count over offers', async () => {
    const scope = await computers();
    const result = await list(scope);
    const ids = scope.categoryIds.join(',');
    expect(result.total).toBe(await count(`SELECT count(*) AS n FROM (${BASE}) WHERE category_id IN (${ids})`));
    expect(result.items).toHaveLength(40);
    expect(result.pageSize).toBe(40);
    expect(await categorySubtreeIds(db, 999_999)).toEqual([]);
  });

  it('narrows with each filter, and the total matches a direct count', async () => {
    const scope = await computers();
    const ids = scope.categoryIds.join(',');
    const cases: [string, string][] = [
      ['brand=lenovo,hp', `brand_id IN (SELECT id FROM brands WHERE slug IN ('lenovo', 'hp'))`],
      ['condition=Reaconditioned-A,Reaconditioned-B', `condition IN ('Reaconditioned-A', 'Reaconditioned-B')`],
      ['rating=4', `rating_average >= 8`],
      ['seller=marketplace', `EXISTS (SELECT 1 FROM offers o JOIN sellers s ON s.id = o.seller_id WHERE o.article_id = b.id AND o.channel = 'ES' AND s.kind = 'marketplace')`],
      ['availability=in-stock', `coalesce(buybox_code, (SELECT min(o.availability_code) FROM offers o WHERE o.article_id = b.id AND o.channel = 'ES')) <= 1`],
      ['price_from=200&price_to=800', `best BETWEEN 20000 AND 80000`],
      ['brand=lenovo&price_from=200&rating=3', `brand_id = (SELECT id FROM brands WHERE slug = 'lenovo') AND best >= 20000 AND rating_average >= 6`],
    ];
    const all = (await list(scope)).total;
    for (const [qs, condition] of cases) {
      const result = await list(scope, qs);
      const expected = await count(`SELECT count(*) AS n FROM (${BASE}) b WHERE category_id IN (${ids}) AND ${condition}`);
      expect(result.total, qs).toBe(expected);
      expect(result.total, qs).toBeLessThan(all);
      expect(result.total, qs).toBeGreaterThan(0);
    }
    for (const item of (await list(scope, 'brand=lenovo,hp&pageSize=100')).items) expect(['Lenovo', 'HP']).toContain(item.brand);
  });

  it('filters on spec attributes and offers attribute facets', async () => {
    const scope = await computers();
    const ram = facet(await list(scope), 'attr.ram');
    expect(facet(await list(scope, '', 'en_EN'), 'attr.ram')?.label).toBe('RAM');
    expect(ram?.values.length).toBeGreaterThan(1);
    const result = await list(scope, 'attr.ram=16%20GB');
    const expected = await count(`SELECT count(*) AS n FROM (${BASE}) WHERE category_id IN (${scope.categoryIds.join(',')}) AND json_extract(specs, '$.ram') = '16 GB'`);
    expect(result.total).toBe(expected);
    expect(counts(ram)['16 GB']).toBe(expected);
    expect(facet(result, 'attr.ram')?.values.find((v) => v.value === '16 GB')).toMatchObject({ selected: true, count: expected });
  });

  it('computes facets disjunctively: a facet ignores its own selection, not the others', async () => {
    const scope = await computers();
    const plain = await list(scope);
    const lenovo = await list(scope, 'brand=lenovo');
    // Brand counts do not shrink when a brand is chosen; every other facet follows the choice.
    expect(counts(facet(lenovo, 'brand'))).toEqual(counts(facet(plain, 'brand')));
    expect(facet(lenovo, 'brand')!.values.filter((v) => v.selected).map((v) => v.value)).toEqual(['lenovo']);
    const sum = (f: Facet | undefined) => f!.values.reduce((n, v) => n + v.count, 0);
    expect(sum(facet(lenovo, 'availability'))).toBe(lenovo.total);
    expect(sum(facet(lenovo, 'condition'))).toBe(lenovo.total);

    const priced = await list(scope, 'price_from=300&price_to=1500');
    const both = await list(scope, 'brand=lenovo&price_from=300&price_to=1500');
    expect(counts(facet(both, 'brand'))).toEqual(counts(facet(priced, 'brand')));
    expect(counts(facet(both, 'price'))).toEqual(counts(facet(lenovo, 'price')));
    expect(sum(facet(both, 'availability'))).toBe(both.total);
  });

  it('counts seller kinds and price buckets like direct counts', async () => {
    const scope = await computers();
    const ids = scope.categoryIds.join(',');
    const result = await list(scope);
    const marketplace = await count(`SELECT count(*) AS n FROM (${BASE}) b WHERE category_id IN (${ids})
      AND EXISTS (SELECT 1 FROM offers o JOIN sellers s ON s.id = o.seller_id WHERE o.article_id = b.id AND o.channel = 'ES' AND s.kind = 'marketplace')`);
    expect(counts(facet(result, 'seller')).marketplace).toBe(marketplace);
    const price = facet(result, 'price')!;
    expect(price.kind).toBe('range');
    const [bucket] = price.values;
    const [from, to] = bucket!.value.split('-').map(Number);
    expect(bucket!.count).toBe(await count(`SELECT count(*) AS n FROM (${BASE}) WHERE category_id IN (${ids}) AND best BETWEEN ? AND ?`, from! * 100, to! * 100));
  });

  it('translates facet labels with the i18n it is given', async () => {
    const scope = await computers();
    const label = async (language: 'es_ES' | 'en_EN') => facet(await list(scope, '', language), 'availability')!.values.find((v) => v.value === 'in-stock')!.label;
    expect(await label('en_EN')).toBe('In stock');
    expect(await label('es_ES')).toBe('En stock');
  });
});

describe('attribute facets counted live', () => {
  /** The attribute values of the articles meeting `where` (over BASE as b), counted from article_attributes: what the listing counted before it read listings.attribute_value_ids. */
  async function attributeCounts(where: string): Promise<Map<string, Record<string, number>>> {
    const { results } = await env.DB.prepare(`SELECT a.name, a.value, count(*) AS n FROM (${BASE}) b JOIN article_attributes a ON a.article_id = b.id
      WHERE ${where} GROUP BY 1, 2`).all<{ name: string; value: string; n: number }>();
    const byName = new Map<string, Record<string, number>>();
    for (const row of results) byName.set(row.name, { ...byName.get(row.name), [row.value]: row.n });
    return byName;
  }
  const total = (values: Record<string, number>) => Object.values(values).reduce((n, v) => n + v, 0);

  it('shows the most common attributes of a search, a brand and a filtered category, each value counted like article_attributes counts it', async () => {
    const scope = await computers();
    const lenovo = `(SELECT id FROM brands WHERE slug = 'lenovo')`;
    const subtree = `b.category_id IN (${scope.categoryIds.join(',')})`;
    // [label, scope, query string, the scope as a condition, its filters as one]: the attributes shown are the unfiltered scope's most common.
    const cases: [string, ListingScope, string, string, string][] = [
      ['search', { kind: 'search', text: 'lenovo' }, '', `b.id IN (SELECT rowid FROM article_search WHERE article_search MATCH '{name_es_ES brand reference} : ("lenovo"*)')`, '1'],
      ['brand', { kind: 'brand', brandId: await count(`SELECT ${lenovo} AS n`) }, '', `b.brand_id = ${lenovo}`, '1'],
      ['category', scope, 'brand=lenovo,hp&price_from=300', subtree, `b.brand_id IN (SELECT id FROM brands WHERE slug IN ('lenovo', 'hp')) AND b.best >= 30000`],
    ];
    for (const [label, scopeOf, qs, within, filtered] of cases) {
      const result = await list(scopeOf, qs);
      // A filtered scope chooses its attributes from a sample of 500 rows: here every row is in it.
      expect((await list(scopeOf)).total, label).toBeLessThanOrEqual(500);
      const expected = await attributeCounts(`${within} AND ${filtered}`);
      const common = [...(await attributeCounts(within))].sort(([a, x], [b, y]) => total(y) - total(x) || a.localeCompare(b));
      const top = common.slice(0, 6).map(([name]) => `attr.${name}`).filter((key) => expected.has(key.slice('attr.'.length)));
      const shown = result.facets.filter((f) => f.key.startsWith('attr.'));
      expect(shown.map((f) => f.key).sort(), label).toEqual([...top].sort());
      // Unfiltered, they come in the order of the articles that have them (then by name).
      if (qs === '') expect(shown.map((f) => f.key), label).toEqual(top);
      expect(shown.length, label).toBeGreaterThan(0);
      for (const f of shown) expect(counts(f), `${label} ${f.key}`).toEqual(expected.get(f.key.slice('attr.'.length)));
    }
  });

  it('counts the attributes not filtered on under the attribute filter', async () => {
    const result = await list({ kind: 'search', text: 'lenovo' }, 'attr.ram=16%20GB');
    const where = `b.id IN (SELECT rowid FROM article_search WHERE article_search MATCH '{name_es_ES brand reference} : ("lenovo"*)')
      AND EXISTS (SELECT 1 FROM article_attributes r WHERE r.article_id = b.id AND r.name = 'ram' AND r.value = '16 GB')`;
    const expected = await attributeCounts(where);
    const others = result.facets.filter((f) => f.key.startsWith('attr.') && f.key !== 'attr.ram');
    expect(others.length).toBeGreaterThan(0);
    for (const f of others) expect(counts(f), f.key).toEqual(expected.get(f.key.slice('attr.'.length)));
  });
});

describe('sorting and pagination', () => {
  const all = { kind: 'all' } as const;

  it('orders by price both ways, unpriced articles last', async () => {
    const asc = (await list(all, 'sort=price-asc&pageSize=100')).items.map((i) => i.price ?? Infinity);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list(all, 'sort=price-desc&pageSize=100')).items.map((i) => i.price ?? -Infinity);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const { total } = await list(all, 'pageSize=1');
    const last = await list(all, `sort=price-asc&pageSize=100&page=${Math.ceil(total / 100)}`);
    expect(last.items.at(-1)?.price).toBeNull();
  });

  it('orders by date both ways', async () => {
    const created = async (qs: string) => {
      const ids = (await list(all, qs)).items.map((i) => i.id);
      const rows = await env.DB.prepare(`SELECT id, created_at AS at FROM articles WHERE id IN (${ids.join(',')})`).all<{ id: number; at: number }>();
      const at = new Map(rows.results.map((r) => [r.id, r.at]));
      return ids.map((id) => at.get(id)!);
    };
    const newest = await created('sort=new&pageSize=50');
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    expect(newest[0]).toBe(await count(`SELECT max(created_at) AS n FROM (${BASE})`));
    const oldest = await created('sort=old&pageSize=50');
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
  });

  it('ranks by availability first, then rating', async () => {
    const items = (await list(all, 'pageSize=100')).items;
    const group = (code: number | null) => (code === null ? 4 : code <= 1 ? 0 : code <= 5 ? 1 : code <= 7 ? 2 : 3);
    const keys = items.map((i) => group(i.availabilityCode) * 100 - i.ratingAverage);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  it('pages through a listing without gaps or repeats', async () => {
    const first = await list(all, 'sort=new');
    const pages = Math.ceil(first.total / 40);
    const seen = new Set<number>();
    for (let page = 1; page <= pages; page++) {
      const result = await list(all, `sort=new&page=${page}`);
      expect(result.total).toBe(first.total);
      for (const item of result.items) seen.add(item.id);
    }
    expect(seen.size).toBe(first.total);
    expect((await list(all, `page=${pages + 1}`)).items).toEqual([]);
  });

  it('includes both price bounds, to the cent', async () => {
    const item = (await list(all, 'sort=price-asc&page=2')).items[5]!;
    const euros = (cents: number) => (cents / 100).toFixed(2);
    const ids = async (qs: string) => (await list(all, `${qs}&pageSize=100`)).items.map((i) => i.id);
    expect(await ids(`price_from=${euros(item.price!)}&price_to=${euros(item.price!)}`)).toContain(item.id);
    expect(await ids(`price_from=${euros(item.price! + 1)}`)).not.toContain(item.id);
    expect(await ids(`price_to=${euros(item.price! - 1)}&sort=price-desc`)).not.toContain(item.id);
    const exact = await list(all, `price_from=${euros(item.price!)}&price_to=${euros(item.price!)}`);
    expect(exact.total).toBe(await count(`SELECT count(*) AS n FROM (${BASE}) WHERE best = ?`, item.price));
  });
});

describe('other scopes', () => {
  it('lists a brand, a collection and a shop like direct counts', async () => {
    const brand = await count(`SELECT id AS n FROM brands WHERE slug = 'lenovo'`);
    expect((await list({ kind: 'brand', brandId: brand })).total).toBe(await count(`SELECT count(*) AS n FROM (${BASE}) WHERE brand_id = ?`, brand));
    const collection = await count(`SELECT collection_id AS n FROM collection_articles GROUP BY collection_id ORDER BY count(*) DESC LIMIT 1`);
    expect((await list({ kind: 'collection', collectionId: collection })).total).toBe(
      await count(`SELECT count(*) AS n FROM (${BASE}) WHERE id IN (SELECT article_id FROM collection_articles WHERE collection_id = ?)`, collection),
    );
    const shop = await list({ kind: 'seller', sellerId: 1 }, 'sort=price-asc');
    expect(shop.total).toBe(await count(`SELECT count(DISTINCT article_id) AS n FROM offers WHERE seller_id = 1 AND channel = 'ES'`));
    expect(shop.facets.map((f) => f.key)).not.toContain('seller');
  });
});

describe('cards', () => {
  it('a page reads its cards with itself, each the card cardsByIds reads, and keeps its order across the whole catalogue', async () => {
    const all = { kind: 'all' } as const;
    const brand = await count(`SELECT id AS n FROM brands WHERE slug = 'lenovo'`);
    const collection = await count(`SELECT collection_id AS n FROM collection_articles GROUP BY collection_id ORDER BY count(*) DESC LIMIT 1`);
    const scopes: [ListingScope, string][] = [
      [await computers(), ''],
      [await computers(), 'brand=lenovo,hp&price_from=200'],
      [{ kind: 'brand', brandId: brand }, ''],
      [{ kind: 'collection', collectionId: collection }, ''],
      [{ kind: 'seller', sellerId: 1 }, ''],
      [{ kind: 'search', text: 'portatil' }, ''],
    ];
    const seen: ProductCard[] = [];
    const check = async (scope: ListingScope, qs: string, language: 'es_ES' | 'en_EN' = 'es_ES') => {
      const { items } = await list(scope, qs, language);
      expect(items, `${scope.kind} ${qs}`).toEqual(await cardsByIds(db, language, 'ES', items.map((card) => card.id)));
      seen.push(...items);
      return items;
    };
    for (const [scope, qs] of scopes) {
      for (const sort of ['relevance', 'price-asc', 'new']) expect((await check(scope, `${qs}&sort=${sort}&pageSize=30`)).length, `${scope.kind} ${qs}`).toBeGreaterThan(0);
    }
    await check(all, 'sort=old&pageSize=50', 'en_EN');
    const { total } = await list(all, 'pageSize=1');
    const walked: ProductCard[] = [];
    for (let page = 1; page <= Math.ceil(total / 100); page++) walked.push(...(await check(all, `sort=price-asc&pageSize=100&page=${page}`)));
    // The cards come in the page's order (SQLite scans the page as a co-routine): every card once, by price, unpriced last.
    expect(new Set(walked.map((card) => card.id)).size).toBe(total);
    const prices = walked.map((card) => card.price ?? Infinity);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Every kind of field was compared, not only its empty case.
    expect(seen.some((card) => card.campaignSlugs!.length > 0)).toBe(true);
    expect(seen.some((card) => card.sellerName)).toBe(true);
    expect(seen.some((card) => card.price === null)).toBe(true);
    expect(seen.some((card) => card.originalPrice !== null)).toBe(true);
    expect(seen.some((card) => card.condition !== 'new')).toBe(true);
  });
});

describe('search', () => {
  const search = (text: string, qs = '') => list({ kind: 'search', text }, qs);

  it('matches words as prefixes, in names, brands and references', async () => {
    const full = await search('portátil');
    expect(full.total).toBeGreaterThan(10);
    expect((await search('portat')).total).toBe(full.total);
    for (const item of (await search('leno')).items) expect(fold(`${item.name} ${item.brand}`)).toContain('leno');
    const reference = await count(`SELECT id AS n FROM articles LIMIT 1`);
    const ref = (await env.DB.prepare('SELECT reference FROM articles WHERE id = ?').bind(reference).first<{ reference: string }>())!.reference;
    expect((await search(ref)).items.map((i) => i.id)).toContain(reference);
  });

  it('requires every word, and filters and facets work on results', async () => {
    const both = await search('portatil lenovo');
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan((await search('portatil')).total);
    const filtered = await search('portatil', 'brand=lenovo');
    expect(filtered.total).toBe(both.total);
    expect(counts(facet(filtered, 'brand')).lenovo).toBe(both.total);
    expect(filtered.correctedQuery).toBeUndefined();
  });

  it('corrects a typo to the closest word and says so', async () => {
    const right = await search('portatil');
    const typo = await search('portatl');
    expect(typo.correctedQuery).toBe('portatil');
    expect(typo.total).toBe(right.total);
    const brand = await search('lenvo');
    expect(brand.correctedQuery).toBe('lenovo');
    expect(brand.items.every((i) => i.brand === 'Lenovo' || fold(i.name).includes('lenovo'))).toBe(true);
    const twoEdits = await search('protatill');
    expect(twoEdits.correctedQuery).toBe('portatil');
  });

  it('answers with the search as typed when it finds something, even where the vocabulary does not know a word', async () => {
    // A vocabulary a moment behind the catalogue (or a word only references hold): "bose" unknown, "base" one edit away.
    const behind = async () => new Vocabulary([{ term: 'base', docCount: 1 }]);
    const [typed, other] = [await search('bose'), await search('base')];
    expect(typed.total).toBeGreaterThan(0);
    expect(other.total).toBeGreaterThan(0);
    const answered = await listProducts(db, { channel: 'ES', language: 'es_ES', scope: { kind: 'search', text: 'bose' }, query: parseListingQuery(new URLSearchParams()), i18n: i18nFor('es_ES'), vocabulary: behind });
    expect(answered.correctedQuery).toBeUndefined();
    expect(answered.total).toBe(typed.total);
    expect(answered.items.map((i) => i.id)).toEqual(typed.items.map((i) => i.id));
  });

  it('sends a search and its correction in one round trip once the isolate keeps the vocabulary', async () => {
    const lenvo = () => apiCall<ListingResult>(`${ES}/api/catalogue/listing?query=lenvo`);
    await lenvo(); // reads the vocabulary into the isolate
    const corrected = await roundTrips(lenvo);
    expect(corrected).toMatchObject({ d1: 1, result: { status: 200, body: { data: { correctedQuery: 'lenovo' } } } });
    expect(corrected.result.body.data!.total).toBe((await search('lenovo')).total);
    expect(await roundTrips(() => apiCall<ListingResult>(`${ES}/api/catalogue/listing?query=lenovo`))).toMatchObject({ d1: 1 });
  });

  it('answers with the search as typed when its correction finds nothing either', async () => {
    // "lenvo" is corrected to "lenovo", which no HP article matches: the answer is the search as
    // typed, exactly as a listing with no correction to try gives it.
    const answered = await search('lenvo', 'brand=hp&availability=in-stock');
    expect(answered.correctedQuery).toBeUndefined();
    expect(answered.total).toBe(0);
    const uncorrected = await listProducts(db, { channel: 'ES', language: 'es_ES', scope: { kind: 'search', text: 'lenvo' }, query: parseListingQuery(new URLSearchParams('brand=hp&availability=in-stock')), i18n: i18nFor('es_ES'), vocabulary: async () => new Vocabulary([]) });
    expect(answered).toEqual(uncorrected);
  });

  it('knows the letters that begin model numbers and reference words, and searches them as typed', async () => {
    // What the full refresh keeps with a count of 0, worked out here from the index's own words.
    const { results: words } = await env.DB.prepare(
      "SELECT col, term FROM article_search_vocab WHERE col IN ('name_es_ES', 'brand', 'reference') AND (term GLOB '*[0-9]*' OR col = 'reference')",
    ).all<{ col: string; term: string }>();
    const beginnings = new Set(words.map(({ term }) => /^[^0-9]*/.exec(term)![0]).filter((letters) => letters.length >= 4));
    const { results: kept } = await env.DB.prepare("SELECT term, doc_count AS docCount FROM search_vocabulary WHERE lang = 'es_ES'").all<{ term: string; docCount: number }>();
    expect(beginnings.size).toBeGreaterThan(0);
    expect([...beginnings].filter((letters) => !kept.some((row) => row.term === letters))).toEqual([]);
    expect(kept.filter((row) => row.docCount === 0).every((row) => beginnings.has(row.term))).toBe(true);
    const vocabulary = new Vocabulary(kept);
    // Without those rows some would draw a correction (as "book" drew "boom"): the search as typed then took a second round trip.
    const namesOnly = new Vocabulary(kept.filter((row) => row.docCount > 0));
    const corrected = [...beginnings].filter((w) => /^\p{L}+$/u.test(w) && namesOnly.correct([w]) !== undefined);
    expect(corrected.length).toBeGreaterThan(0);
    for (const letters of corrected) {
      const call = () => apiCall<ListingResult>(`${ES}/api/catalogue/listing?query=${letters}`);
      await call(); // reads the vocabulary into the isolate
      expect(await roundTrips(call), letters).toMatchObject({ d1: 1, result: { status: 200 } });
    }
    for (const letters of [...beginnings].filter((w) => /^\p{L}+$/u.test(w))) {
      expect(vocabulary.correct([letters]), letters).toBeUndefined();
      const found = await search(letters);
      expect(found.correctedQuery, letters).toBeUndefined();
      expect(found.total, letters).toBe((await listProducts(db, { channel: 'ES', language: 'es_ES', scope: { kind: 'search', text: letters }, query: parseListingQuery(new URLSearchParams()), i18n: i18nFor('es_ES'), vocabulary: async () => new Vocabulary([]) })).total);
    }
  });

  it('finds nothing, without a correction, for gibberish and for words too short to correct', async () => {
    expect(await search('zzqxwv')).toMatchObject({ total: 0, items: [] });
    expect((await search('zzqxwv')).correctedQuery).toBeUndefined();
    expect((await search('lnv')).correctedQuery).toBeUndefined();
    expect(await search('   ')).toMatchObject({ total: 0, items: [], facets: [] });
  });
});

describe('/api/catalogue', () => {
  it('answers a listing in the envelope with a Server-Timing header', async () => {
    const response = await request(`${ES}/api/catalogue/listing?category=${COMPUTERS}&brand=lenovo&sort=price-asc&page=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Server-Timing')).toMatch(/^db;dur=\d+(\.\d+)?(,|$)/);
    const body = (await response.json()) as { ok: boolean; data: ListingResult };
    expect(body.ok).toBe(true);
    expect(body.data.total).toBe((await list(await computers(), 'brand=lenovo')).total);
    expect(body.data.query).toMatchObject({ sort: 'price-asc', filters: { brand: ['lenovo'] } });
  });

  it('takes a numeric brand or seller as the scope, and a repeated query once', async () => {
    const brand = await count(`SELECT id AS n FROM brands WHERE slug = 'lenovo'`);
    const byBrand = await apiCall<ListingResult>(`${ES}/api/catalogue/listing?brand=${brand}`);
    expect(byBrand.body.data!.total).toBe((await list({ kind: 'brand', brandId: brand })).total);
    const shop = await apiCall<ListingResult>(`${ES}/api/catalogue/listing?seller=1&seller=own`);
    expect(shop.status).toBe(200);
    const searched = await apiCall<ListingResult>(`${ES}/api/catalogue/listing?query=lenvo&query=lenvo&page=2&pageSize=5`);
    expect(searched.body.data).toMatchObject({ correctedQuery: 'lenovo', page: 2, pageSize: 5 });
  });

  it('suggests products, categories and brands for a prefix', async () => {
    const response = await request(`${ES}/api/catalogue/search/suggestions?q=leno`);
    expect(response.headers.get('Server-Timing')).toMatch(/^db;dur=/);
    const { data } = (await response.json()) as { data: { products: { name: string; slug: string }[]; brands: { name: string }[]; categories: unknown[] } };
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.length).toBeLessThanOrEqual(8);
    for (const p of data.products) expect(p.name).toContain('Lenovo');
    expect(data.brands.map((b) => b.name)).toContain('Lenovo');
    const categories = await apiCall<{ categories: { name: string }[] }>(`${ES}/api/catalogue/search/suggestions?q=portat`);
    expect(categories.body.data!.categories.map((c) => c.name)).toContain('Portátiles');
  });

  it.each([
    ['/api/catalogue/search/suggestions?q=a', 400, 'INVALID_REQUEST'],
    ['/api/catalogue/search/suggestions', 400, 'INVALID_REQUEST'],
    ['/api/catalogue/listing?category=abc', 400, 'INVALID_REQUEST'],
    [`/api/catalogue/listing?category=${COMPUTERS}&query=lenovo`, 400, 'INVALID_REQUEST'],
    ['/api/catalogue/listing?category=2&collection=1', 400, 'INVALID_REQUEST'],
    ['/api/catalogue/listing?query=a&query=b', 400, 'INVALID_REQUEST'],
    ['/api/catalogue/listing?category=999999', 404, 'NOT_FOUND'],
  ])('%s → %i', async (path, status, code) => {
    const { status: got, body, error } = await apiCall(`${ES}${path}`);
    expect(got).toBe(status);
    expect(body.ok).toBe(false);
    expect(error).toMatchObject({ code });
  });

  it('tolerates junk listing parameters', async () => {
    const { status, body } = await apiCall<ListingResult>(`${ES}/api/catalogue/listing?sort=nope&page=-3&pageSize=9999&price_from=abc&brand=%3Cb%3E&attr.=1`);
    expect(status).toBe(200);
    expect(body.data!.query).toMatchObject({ sort: 'relevance', page: 1, pageSize: 40, filters: {}, ranges: {} });
  });
});
