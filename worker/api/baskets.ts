/**
 * The basket (wishlist) calls of spec §7, under /api/basket (docs/account.md "Wishlists"):
 *
 * - `GET /`: the customer's lists with their counts and totals at today's prices, and the
 *   default list's article ids (the hearts of product pages and cards fill from them).
 * - `POST /` {name, type, visibility}: a new list (name 1–80 characters, at most 50 lists).
 * - `GET /{id}/private`: one of the customer's own lists with its articles: price now and when
 *   added, availability, units.
 * - `GET /{publicId}/public`: a public list for anyone; the owner shows only by nickname.
 *   Private (or unknown) → 404.
 * - `PATCH /{id}` {name?, visibility?}; `DELETE /{id}`.
 * - `POST /{id}/article` {price, units, article, key?}: adds the article (it must be sold on the
 *   channel; `key` is an offer of it), or sets its units when it is there. `{id}` may be
 *   `default`: the default list, created ("Wishlist", private) on a first add.
 * - `DELETE /{id}/article/{articleId}`.
 * - `POST /{id}/from/{sourceId}` {sendEmail?}: copies a list into list {id}, units merging. The
 *   source is a public list by its public id, or another of the customer's own by its id;
 *   someone else's private list is a 404 either way. sendEmail e-mails a summary with a link.
 * - `POST /{id}/to-cart`: every article to the caller's cart by the cart's rules, answering
 *   which were added and which not, and why. `POST /{publicId}/public/to-cart` does the same
 *   from a public list, for anyone (signed in or not) with the link.
 *
 * Every route by row id reads the list through the ownership check (worker/identity/owned.ts),
 * so someone else's list answers 404 and nothing changes.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { href } from '../../client/routes';
import { copySummaryEmail } from '../baskets/email';
import { LIST_TYPES, LIST_VISIBILITIES, MAX_LIST_NAME, MAX_SEEN_PRICE, MAX_UNITS, MIN_UNITS, PUBLIC_ID_PATTERN, cleanName } from '../baskets/rules';
import { articlesOf, copyInto, createList, defaultListFor, deleteList, listDetail, listsOf, ownList, publicList, putArticle, removeArticle, saleOf, updateList, type BasketRow } from '../baskets/store';
import { moveAllToCart } from '../baskets/to-cart';
import { sendLater } from '../email/provider';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { PUBLIC_PARAMETER_ROUTES, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { describe } from '../http/openapi-meta';

const listId = z.coerce.number().int().positive().max(2 ** 53 - 1);
const idParam = z.object({ id: listId });
/** `default` names the list "add to wishlist" uses. */
const targetParam = z.object({ id: z.union([z.literal('default'), listId]) });
const publicParam = z.object({ id: z.string().regex(PUBLIC_ID_PATTERN, 'a list link') });
const articleParams = idParam.extend({ articleId: z.coerce.number().int().positive().max(2 ** 31 - 1) });
/** The source of a copy: one of the customer's own lists by id, or a public one by its public id. */
const copyParams = idParam.extend({ sourceId: z.union([listId, z.string().regex(PUBLIC_ID_PATTERN, 'a list link')]) });

const name = z
  .string()
  .transform(cleanName)
  .pipe(z.string().min(1).max(MAX_LIST_NAME));
const createBody = z.object({ name, type: z.enum(LIST_TYPES).default('wishlist'), visibility: z.enum(LIST_VISIBILITIES).default('private') });
const patchBody = z.object({ name: name.optional(), visibility: z.enum(LIST_VISIBILITIES).optional() }).refine((b) => b.name !== undefined || b.visibility !== undefined, 'name or visibility');
const articleBody = z.object({
  article: z.number().int().positive().max(2 ** 31 - 1),
  /** What the shopper saw, in cents: kept as the price when added. */
  price: z.number().int().min(0).max(MAX_SEEN_PRICE),
  units: z.number().int().min(MIN_UNITS).max(MAX_UNITS).default(1),
  /** The offer chosen (spec §7 key); absent or null for the best offer when buying. */
  key: z.number().int().positive().max(2 ** 31 - 1).nullable().optional(),
});
const copyBody = z.object({ sendEmail: z.boolean().default(false) }).default({ sendEmail: false });

function respond<T>(c: AppContext, data: T, status: 200 | 201 = 200) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope(data), status);
}

const detail = (c: AppContext, row: BasketRow) => listDetail(c.var.db, row, c.var.channel.id, c.var.language);

/** Routes that take a list's row id: only its owner gets past them. */
registerOwnedResource({
  name: 'basket',
  create: {
    before: [
      // A first "add to wishlist" (it creates the default list) tells the article's id for the paths below.
      { method: 'POST', path: '/api/basket/default/article', body: { article: ':articleId', price: 1000, units: 1 }, save: { articleId: 'article.articleId' } },
      { method: 'POST', path: '/api/basket/', body: { name: 'Source', type: 'wishlist', visibility: 'private' }, save: { sourceId: 'id' } },
    ],
    path: '/api/basket/',
    body: { name: 'Birthday', type: 'wishlist', visibility: 'public' },
    prepare: [{ method: 'POST', path: '/api/basket/:id/article', body: { article: ':articleId', price: 1000, units: 2 } }],
  },
  list: '/api/basket/:id/private',
  routes: [
    { method: 'GET', path: '/api/basket/:id/private' },
    { method: 'PATCH', path: '/api/basket/:id', body: { name: 'Renamed', visibility: 'public' } },
    { method: 'POST', path: '/api/basket/:id/article', body: { article: ':articleId', price: 1000, units: 2 } },
    { method: 'POST', path: '/api/basket/:id/from/:sourceId', body: { sendEmail: false } },
    { method: 'POST', path: '/api/basket/:id/to-cart' },
    { method: 'DELETE', path: '/api/basket/:id/article/:articleId' },
    { method: 'DELETE', path: '/api/basket/:id' },
  ],
});
// A public list's id is its own secret (128 random bits), and only a list its owner made public answers.
PUBLIC_PARAMETER_ROUTES.add('GET /api/basket/:id/public');
// Anyone holding the link may put a public list's articles in their own basket (the list is not changed).
PUBLIC_PARAMETER_ROUTES.add('POST /api/basket/:id/public/to-cart');

/** The customer's lists, and the default list's article ids (the hearts fill from them). */
const listsRoute = new Hono<AppEnv>().get('/', describe({ summary: "The customer's lists, and the default list's article ids", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
  const user = signedInUser(c);
  const lists = await listsOf(c.var.db, user.id, c.var.channel.id);
  const defaultId = lists.find((l) => l.isDefault)?.id ?? null;
  const defaultArticleIds = defaultId === null ? [] : (await articlesOf(c.var.db, defaultId, c.var.channel.id, c.var.language)).map((a) => a.articleId);
  return respond(c, { lists, defaultId, defaultArticleIds });
});

const createRoute = new Hono<AppEnv>().post('/', describe({ summary: 'Create a list (wishlist or saved basket)', security: 'session', errors: ['basketListLimit', 'notFound', 'unauthorized'] }), requireUser, validate('json', createBody), async (c) => {
  const row = await createList(c.var.db, signedInUser(c).id, c.req.valid('json'), c.var.now.getTime());
  return respond(c, (await detail(c, row)).list, 201);
});

/**
 * The spec writes the creation as `POST /api/basket/` and the list as `GET /api/basket`: both
 * root calls answer with and without the final slash (worker/api/index.ts mounts this sub-app at
 * `/basket/` too).
 */
export const basketsRootApi = new Hono<AppEnv>().route('/', listsRoute).route('/', createRoute);

export const basketsApi = new Hono<AppEnv>()
  .route('/', listsRoute)
  .route('/', createRoute)
  .get('/:id/public', describe({ summary: 'A shared list, read by its public link', errors: ['notFound'] }), validate('param', publicParam), async (c) => {
    const row = await publicList(c.var.db, c.req.valid('param').id);
    const { list, articles } = await detail(c, row);
    // Nothing of the owner but the nickname: no row id, no user id, no e-mail.
    const { id: _id, isDefault: _default, ...shown } = list;
    return respond(c, { list: { ...shown, owner: row.ownerNick }, articles });
  })
  .get('/:id/private', describe({ summary: "One of the customer's lists", security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const row = await ownList(c.var.db, signedInUser(c).id, c.req.valid('param').id);
    return respond(c, await detail(c, row));
  })
  .patch('/:id', describe({ summary: 'Rename a list or change its sharing', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), validate('json', patchBody), async (c) => {
    const row = await ownList(c.var.db, signedInUser(c).id, c.req.valid('param').id);
    const { name: newName, visibility } = c.req.valid('json');
    const updated = await updateList(c.var.db, row, { ...(newName !== undefined ? { name: newName } : {}), ...(visibility ? { visibility } : {}) }, c.var.now.getTime());
    return respond(c, (await detail(c, updated)).list);
  })
  .delete('/:id', describe({ summary: 'Delete a list', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const row = await ownList(c.var.db, signedInUser(c).id, c.req.valid('param').id);
    await deleteList(c.var.db, row);
    return respond(c, { id: row.id, deleted: true });
  })
  .post('/:id/article', describe({ summary: 'Add a product to a list', security: 'session', errors: ['articleNotFound', 'basketArticleLimit', 'basketListLimit', 'notFound', 'unauthorized'] }), requireUser, validate('param', targetParam), validate('json', articleBody), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    const { article, price, units, key } = c.req.valid('json');
    const now = c.var.now.getTime();
    // The article first: a refused article creates no default list.
    const sale = await saleOf(c.var.db, c.var.channel.id, article, key ?? undefined);
    if (!sale) throw appError('articleNotFound', { article, key });
    const row = id === 'default' ? await defaultListFor(c.var.db, user.id, c.var.i18n._(msg`Wishlist`), now) : await ownList(c.var.db, user.id, id);
    await putArticle(c.var.db, row, { articleId: article, offerId: sale.offerId, price, units }, now);
    const { list, articles } = await detail(c, { ...row, updatedAt: now });
    return respond(c, { list, article: articles.find((a) => a.articleId === article)! });
  })
  .delete('/:id/article/:articleId', describe({ summary: 'Remove a product from a list', security: 'session', errors: ['basketArticleNotInList', 'notFound', 'unauthorized'] }), requireUser, validate('param', articleParams), async (c) => {
    const { id, articleId } = c.req.valid('param');
    const row = await ownList(c.var.db, signedInUser(c).id, id);
    const now = c.var.now.getTime();
    await removeArticle(c.var.db, row, articleId, now);
    return respond(c, await detail(c, { ...row, updatedAt: now }));
  })
  .post('/:id/from/:sourceId', describe({ summary: 'Copy the products of another list into this one', security: 'session', errors: ['basketCopySameList', 'notFound', 'unauthorized'] }), requireUser, validate('param', copyParams), validate('json', copyBody), async (c) => {
    const user = signedInUser(c);
    const { id, sourceId } = c.req.valid('param');
    const target = await ownList(c.var.db, user.id, id);
    const source = typeof sourceId === 'number' ? await ownList(c.var.db, user.id, sourceId) : await publicList(c.var.db, sourceId);
    if (source.id === target.id) throw appError('basketCopySameList');
    const now = c.var.now.getTime();
    const result = await copyInto(c.var.db, target, source, now);
    if (c.req.valid('json').sendEmail) {
      const url = `${new URL(c.req.url).origin}${href('accountWishlist', c.var.language, c.var.channel)}?list=${target.id}`;
      sendLater(c, copySummaryEmail(user.email, c.var.i18n, { sourceName: source.name, targetName: target.name, url, result }));
    }
    return respond(c, { ...result, ...(await detail(c, { ...target, updatedAt: now })) });
  })
  .post('/:id/public/to-cart', describe({ summary: 'Put the products of a shared list into the cart', errors: ['notFound'] }), validate('param', publicParam), async (c) => {
    const row = await publicList(c.var.db, c.req.valid('param').id);
    const lines = await articlesOf(c.var.db, row.id, c.var.channel.id, c.var.language);
    return respond(c, await moveAllToCart(c, lines));
  })
  .post('/:id/to-cart', describe({ summary: "Put the products of one of the customer's lists into the cart", security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const row = await ownList(c.var.db, signedInUser(c).id, c.req.valid('param').id);
    const lines = await articlesOf(c.var.db, row.id, c.var.channel.id, c.var.language);
    return respond(c, await moveAllToCart(c, lines));
  });
