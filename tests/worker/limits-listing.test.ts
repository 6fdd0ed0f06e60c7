// Listing filters against hostile query strings: at most MAX_ATTRIBUTE_FILTERS attribute filters
// of MAX_FILTER_VALUES values are kept, attributes no article has are ignored, and the listing's
// statements have the same text whatever the attribute filters (one JSON parameter), so no query
// string can push them past D1's limits (100 parameters, 100,000 bytes of SQL).
import { env } from 'cloudflare:workers';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import type { Facet, ListingResult } from '../../client/types';
import { createDb } from '../../worker/db/client';
import { D1_MAX_PARAMS, D1_MAX_SQL_BYTES } from '../../worker/db/limits';
import { categorySubtreeIds, listProducts, type ListingScope } from '../../worker/db/listing';
import { facetsStatement, pageStatement, type ListingPlan } from '../../worker/db/listing-sql';
import { BUYBOX_WINNERS_SQL } from '../../worker/db/refresh';
import { MAX_ATTRIBUTE_FILTERS, MAX_FILTER_VALUES, parseListingQuery } from '../../worker/domain/catalogue/listing-query';
import { i18nFor } from '../../worker/i18n/catalogs';
import { apiCall, page } from './helpers';

const ES = 'http://es.localhost';
const db = createDb(env.DB);
const dialect = new SQLiteAsyncDialect();

const list = (scope: ListingScope, qs: string) => listProducts(db, { channel: 'ES', language: 'es_ES', scope, query: parseListingQuery(new URLSearchParams(qs)), i18n: i18nFor('es_ES') });
const facet = (result: ListingResult, key: string): Facet | undefined => result.facets.find((f) => f.key === key);
const first = async (query: string) => (await env.DB.prepare(query).first<Record<string, unknown>>())!;

/** `keys` attribute filters of `values` long values each: what a hostile query string sends. */
function hostileFilters(keys: number, values: number, length = 90): string {
  return Array.from({ length: keys }, (_, k) => `attr.a${k}=${Array.from({ length: values }, (_, v) => `${String(v).padStart(length, 'x')}`).join(',')}`).join('&');
}

/** Articles offered on ES (as tests/worker/listing.test.ts counts them). */
const BASE = `SELECT a.* FROM articles a LEFT JOIN (${BUYBOX_WINNERS_SQL}) w ON w.article_id = a.id AND w.channel = 'ES'
  WHERE EXISTS (SELECT 1 FROM offers o WHERE o.article_id = a.id AND o.channel = 'ES')`;

describe('listing filter caps', () => {
  it('keeps at most the first attribute filters and values, counting only keys with a valid value', () => {
    const query = parseListingQuery(new URLSearchParams(`attr.z=&${hostileFilters(40, 30, 5)}`));
    const keys = Object.keys(query.filters);
    expect(keys).toHaveLength(MAX_ATTRIBUTE_FILTERS);
    expect(keys).toEqual(Array.from({ length: MAX_ATTRIBUTE_FILTERS }, (_, k) => `attr.a${k}`));
    for (const values of Object.values(query.filters)) expect(values).toHaveLength(MAX_FILTER_VALUES);
    // Term filters do not take an attribute filter's place.
    expect(Object.keys(parseListingQuery(new URLSearchParams(`${hostileFilters(12, 1)}&brand=lenovo`)).filters)).toContain('brand');
  });

  it('builds statements whose text does not grow with the attribute filters', async () => {
    const plan = (qs: string): ListingPlan => ({ channel: 'ES', language: 'es_ES', scope: { kind: 'category', rootId: 1 }, query: parseListingQuery(new URLSearchParams(qs)) });
    const shape = (qs: string) =>
      [facetsStatement(plan(qs)), pageStatement(plan(qs))!].map((statement) => {
        const { sql, params } = dialect.sqlToQuery(statement);
        return { bytes: new TextEncoder().encode(sql).length, params: params.length };
      });
    const one = shape('attr.ram=16%20GB');
    expect(shape(hostileFilters(40, 40, 100))).toEqual(one);
    expect(shape(`brand=lenovo&${hostileFilters(40, 40, 100)}`)).toEqual(shape('brand=lenovo&attr.ram=16%20GB'));
    for (const { bytes, params } of one) {
      expect(bytes).toBeLessThan(D1_MAX_SQL_BYTES / 4);
      expect(params).toBeLessThan(D1_MAX_PARAMS / 4);
    }
  });

  it('answers every listing, API and page, for 40 attribute keys of 5 values', async () => {
    const filters = hostileFilters(40, 5);
    const slug = async (kind: string, lang = 'es_ES') => (await first(`SELECT slug FROM slugs WHERE kind = '${kind}' AND lang = '${lang}' ORDER BY entity_id LIMIT 1`)).slug as string;
    const collection = (await first('SELECT collection_id AS id FROM collection_articles LIMIT 1')).id;
    const brand = (await first('SELECT id FROM brands LIMIT 1')).id;
    for (const path of [`/api/catalogue/listing?category=1&${filters}`, `/api/catalogue/listing?brand=${brand}&${filters}`, `/api/catalogue/listing?collection=${collection}&${filters}`, `/api/catalogue/listing?query=portatil&${filters}`, `/api/catalogue/listing?${filters}`]) {
      const { status, body } = await apiCall<ListingResult>(`${ES}${path}`);
      expect(status, path).toBe(200);
      // None of those attributes exists: every one is ignored.
      expect(body.data!.query.filters, path).toEqual({});
    }
    // 40 attributes that do exist, 5 of their values each: the first 10 apply.
    const real = (await env.DB.prepare("SELECT name, json_group_array(value) AS vals FROM (SELECT DISTINCT name, value FROM article_attributes) GROUP BY name ORDER BY name LIMIT 40").all<{ name: string; vals: string }>()).results;
    expect(real.length).toBeGreaterThan(MAX_ATTRIBUTE_FILTERS);
    const realFilters = real.map((r) => `attr.${r.name}=${(JSON.parse(r.vals) as string[]).slice(0, 5).map(encodeURIComponent).join(',')}`).join('&');
    for (const scope of ['category=1', `brand=${brand}`, 'query=portatil', '']) {
      const { status, body } = await apiCall<ListingResult>(`${ES}/api/catalogue/listing?${scope}&${realFilters}`);
      expect(status, scope).toBe(200);
      expect(Object.keys(body.data!.query.filters).length, scope).toBeLessThanOrEqual(MAX_ATTRIBUTE_FILTERS);
    }
    const pages = [`/${await slug('category')}`, `/${await slug('brand')}`, `/${await slug('collection')}`, '/search?query=portatil', `/en/${await slug('category', 'en_EN')}`, `/en/${await slug('brand', 'en_EN')}`, '/en/search?query=laptop'];
    for (const path of pages) expect((await page(`${ES}${path}${path.includes('?') ? '&' : '?'}${filters}`)).status, path).toBe(200);
  });
});

describe('attribute filters as one parameter', () => {
  const computers = async () => ({ kind: 'category', categoryIds: await categorySubtreeIds(db, 1) }) as const;
  const inComputers = async (condition: string) => {
    const ids = (await categorySubtreeIds(db, 1)).join(',');
    return Number((await first(`SELECT count(*) AS n FROM (${BASE}) b WHERE category_id IN (${ids}) AND ${condition}`)).n);
  };

  it('ANDs attributes, ORs values, and counts each selected attribute ignoring only its own filter', async () => {
    const scope = await computers();
    const qs = 'attr.ram=16%20GB,32%20GB&attr.storage=512%20GB%20SSD,1%20TB%20SSD';
    const result = await list(scope, qs);
    const ram = "json_extract(specs, '$.ram') IN ('16 GB', '32 GB')";
    const storage = "json_extract(specs, '$.storage') IN ('512 GB SSD', '1 TB SSD')";
    expect(result.total).toBe(await inComputers(`${ram} AND ${storage}`));
    expect(result.total).toBeGreaterThan(0);
    expect(result.total).toBeLessThan(await inComputers(ram));
    // The RAM facet counts under the storage filter only, and the storage facet under the RAM filter only.
    const ramFacet = facet(result, 'attr.ram')!;
    for (const value of ramFacet.values) expect(value.count, value.value).toBe(await inComputers(`json_extract(specs, '$.ram') = '${value.value}' AND ${storage}`));
    expect(ramFacet.values.filter((v) => v.selected).map((v) => v.value).sort()).toEqual(['16 GB', '32 GB']);
    const storageFacet = facet(result, 'attr.storage')!;
    for (const value of storageFacet.values) expect(value.count, value.value).toBe(await inComputers(`json_extract(specs, '$.storage') = '${value.value}' AND ${ram}`));
    expect(result.query.filters).toEqual({ 'attr.ram': ['16 GB', '32 GB'], 'attr.storage': ['512 GB SSD', '1 TB SSD'] });
  });

  it('ignores attributes no article has, in the result, the facets and the query', async () => {
    const scope = await computers();
    const plain = await list(scope, 'attr.ram=16%20GB');
    const withUnknown = await list(scope, 'attr.nosuchthing=1&attr.ram=16%20GB&attr.other=x,y');
    expect(withUnknown.total).toBe(plain.total);
    expect(withUnknown.facets.map((f) => f.key)).toEqual(plain.facets.map((f) => f.key));
    expect(withUnknown.query.filters).toEqual({ 'attr.ram': ['16 GB'] });
    const onlyUnknown = await list(scope, 'attr.nosuchthing=1');
    expect(onlyUnknown.total).toBe((await list(scope, '')).total);
    expect(onlyUnknown.query.filters).toEqual({});
  });
});
