/**
 * /api/catalogue: the product listing for the "load more" island and the search suggestions
 * box. Both answer with a `Server-Timing: db;dur=<ms>` header: the time spent waiting on D1.
 *
 *   GET /listing?category=12&brand=lenovo,hp&price_from=300&sort=price-asc&page=2
 *   GET /search/suggestions?q=leno
 *   GET /cards?ids=812,77,1034
 *
 * `cards` answers the product cards of up to 20 article ids (the home's "recently viewed"
 * strip), in the order asked, each once; ids unknown in the catalogue are left out. Prices are
 * the channel's, words the language of X-Selected-Language.
 *
 * The listing's scope is one of `category`, `collection`, `brand`, `seller` (ids) or `query`
 * (text), none meaning the whole catalogue; the rest of the query string is the listing state of
 * worker/domain/catalogue/listing-query.ts. `brand` and `seller` are also filter keys: a number
 * names the scope (a brand page, a shop), anything else is a filter value (brand slugs, seller
 * kinds). A query repeated with the same text counts once.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { cardsByIds } from '../db/catalogue';
import { listCategory, listProducts, type ListingScope } from '../db/listing';
import { suggest } from '../db/search';
import { parseListingQuery } from '../domain/catalogue/listing-query';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { describe } from '../http/openapi-meta';
import { keptVocabulary } from '../ssr/vocabulary';

const id = /^\d{1,9}$/;
const oneOrMany = z.union([z.string(), z.array(z.string())]).optional();
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const isId = (value: string | string[] | undefined): value is string => typeof value === 'string' && id.test(value);

const listingParams = z
  .object({
    category: z.string().regex(id, 'a category id').optional(),
    collection: z.string().regex(id, 'a collection id').optional(),
    brand: oneOrMany,
    seller: oneOrMany,
    query: oneOrMany,
  })
  .refine((p) => [first(p.query)?.trim(), p.category, p.collection, isId(p.brand), isId(p.seller)].filter(Boolean).length <= 1, {
    message: 'give at most one of category, collection, brand (id), seller (id) or query',
  })
  .refine((p) => !Array.isArray(p.query) || new Set(p.query.map((q) => q.trim())).size === 1, { message: 'one query text', path: ['query'] });

const suggestionParams = z.object({ q: z.string().trim().min(2, 'at least 2 characters').max(100) });

/** Cards asked for at once, at most. */
export const MAX_CARD_IDS = 20;
const cardParams = z.object({ ids: z.string().regex(new RegExp(`^[1-9]\\d{0,8}(?:,[1-9]\\d{0,8}){0,${MAX_CARD_IDS - 1}}$`), 'product ids separated by commas') });

/**
 * Runs `work` and sets Server-Timing to the time it took. Workers' clocks only move while the
 * isolate waits on I/O, so the figure is the D1 wait, not the JavaScript in between.
 */
async function timed<T>(c: AppContext, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  c.header('Server-Timing', `db;dur=${(performance.now() - started).toFixed(1)}`);
  return result;
}

export const catalogue = new Hono<AppEnv>()
  .get('/listing', describe({ summary: 'A product listing page (category, search, brand) with filters', errors: ['notFound'] }), validate('query', listingParams), async (c) => {
    const params = c.req.valid('query');
    const searchParams = new URL(c.req.url).searchParams;
    const text = first(params.query)?.trim() ?? '';
    const result = await timed(c, async () => {
      const context = { channel: c.var.channel.id, language: c.var.language, i18n: c.var.i18n, campaigns: { list: c.var.channel.campaigns ?? [], now: c.var.now } };
      if (params.category) {
        const found = await listCategory(c.var.db, { ...context, categoryId: Number(params.category), query: parseListingQuery(searchParams) });
        if (!found) throw appError('notFound');
        return found;
      }
      let scope: ListingScope = { kind: 'all' };
      if (text) scope = { kind: 'search', text };
      else if (params.collection) scope = { kind: 'collection', collectionId: Number(params.collection) };
      else if (isId(params.brand)) {
        scope = { kind: 'brand', brandId: Number(params.brand) };
        searchParams.delete('brand');
      } else if (isId(params.seller)) {
        scope = { kind: 'seller', sellerId: Number(params.seller) };
        searchParams.delete('seller');
      }
      return listProducts(c.var.db, { ...context, scope, query: parseListingQuery(searchParams), vocabulary: keptVocabulary(c.env, c.var.db, c.var.language) });
    });
    return c.json(okEnvelope(result));
  })
  .get('/cards', describe({ summary: 'Product cards by article id' }), validate('query', cardParams), async (c) => {
    const ids = [...new Set(c.req.valid('query').ids.split(',').map(Number))];
    const cards = await timed(c, () => cardsByIds(c.var.db, c.var.language, c.var.channel.id, ids));
    return c.json(okEnvelope(cards));
  })
  .get('/search/suggestions', describe({ summary: 'Search suggestions while typing' }), validate('query', suggestionParams), async (c) => {
    const { q } = c.req.valid('query');
    const suggestions = await timed(c, () => suggest(c.var.db, c.var.language, c.var.channel.id, q));
    return c.json(okEnvelope(suggestions));
  });
