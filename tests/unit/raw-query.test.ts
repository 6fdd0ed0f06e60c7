// queryOf (worker/db/raw.ts) writes a statement's text and parameters without drizzle's generic
// walk: it must agree with drizzle's SQLite dialect on every listing and search statement, and
// on the parts it hands to the dialect (columns, tables, names, aliases, inlined templates).
import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../client/i18n/languages';
import { CHANNEL_IDS } from '../../worker/channel/channels';
import { facetsStatement, pageStatement, type ListingPlan } from '../../worker/db/listing-sql';
import type { ResolvedScope } from '../../worker/db/listing-scope';
import { queryOf } from '../../worker/db/raw';
import { articles, brands, listings } from '../../worker/db/schema';
import { matchExpression, searchWords } from '../../worker/db/search';
import { parseListingQuery } from '../../worker/domain/catalogue/listing-query';

const dialect = new SQLiteAsyncDialect();
const agrees = (statement: SQL) => expect(queryOf(statement)).toEqual({ sql: dialect.sqlToQuery(statement).sql, params: dialect.sqlToQuery(statement).params });

const search = (text: string): ResolvedScope => {
  const words = searchWords(text);
  return { kind: 'search', match: matchExpression('es_ES', words), words };
};
const SCOPES: ResolvedScope[] = [
  { kind: 'category', categoryIds: [1, 2, 3] },
  { kind: 'category', rootId: 1 },
  { kind: 'brand', brandId: 7 },
  { kind: 'collection', collectionId: 2 },
  { kind: 'seller', sellerId: 3 },
  { kind: 'all' },
  search('portatil'),
  search('intel core'),
  search('5'),
];
const QUERIES = [
  '',
  'sort=price-asc&page=3',
  'sort=price-desc&pageSize=15',
  'sort=new&brand=lenovo,hp',
  'sort=old&price_from=100&price_to=499.99',
  'availability=inStock&seller=own,marketplace&condition=new&rating=4',
  'attr.ram=8 GB,16 GB&attr.screen=15.6"&brand=acer&sort=relevance',
];

describe('queryOf', () => {
  it('writes every listing statement as the dialect does, for every scope, sort and kind of filter', () => {
    let statements = 0;
    for (const scope of SCOPES)
      for (const qs of QUERIES)
        for (const [channel, language] of [[CHANNEL_IDS[0], LANGUAGES[0]], [CHANNEL_IDS.at(-1)!, LANGUAGES.at(-1)!]] as const) {
          const plan: ListingPlan = { channel, language, scope, query: parseListingQuery(new URLSearchParams(qs)) };
          for (const statement of [pageStatement(plan), facetsStatement(plan)]) {
            if (!statement) continue;
            agrees(statement);
            statements++;
          }
        }
    expect(statements).toBeGreaterThan(150);
  });

  it('hands columns, tables, names, aliases and inlined templates to the dialect, and writes lists and plain values as parameters', () => {
    const inner = sql`${listings.price} BETWEEN ${100} AND ${200}`;
    agrees(sql`SELECT ${articles.id}, ${sql.identifier('x')}, ${sql`count(*)`.as('n')} FROM ${articles} JOIN ${brands} ON ${brands.id} = ${articles.brandId}
      WHERE ${inner} AND ${articles.id} IN ${[1, 2, 3]} AND x = ${null} AND y = ${'text'} AND z = ${true} ${undefined}
      AND ${sql.join([sql`a = ${1}`, sql.raw('b = 2'), sql`c = ${'three'}`], sql` OR `)} AND ${sql`d = ${4}`.inlineParams()} AND e IN ${[]}`);
    expect(queryOf(sql`a = ${1} AND b IN ${['x', 'y']}`)).toEqual({ sql: 'a = ? AND b IN (?, ?)', params: [1, 'x', 'y'] });
    expect(queryOf(sql`d = ${4}`.inlineParams())).toEqual({ sql: 'd = 4', params: [] });
  });
});
