/**
 * The cart calls of spec §7. Every route takes the cart id and answers 404 unless it is the
 * caller's cart (worker/cart/service.ts `ownCart`); each mutation reads the offers involved
 * from D1 and lets the cart's Durable Object decide with its current lines. Adding articles and
 * changing a quantity are one call to the object, which reads D1 itself.
 */
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { z } from 'zod';
import { attachService, cartStub, cartError, callerCart, ownCart, priceInstallation, readCart, rememberUnits } from '../cart/service';
import { factsRead, pickOffer } from '../cart/facts';
import { addArticlesRead, viewDataRead, viewNeeds } from '../cart/view-data';
import { catalogueAccess, noteCatalogueRead } from '../cart/catalogue-access';
import { readAll } from '../db/raw';
import type { CartSnapshot } from '../cart/cart-do';
import { CART_CODES, type OfferFact } from '../cart/rules';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { ALERT_CODES } from '../domain/checkout/alerts';
import { shippingPointsNotAllowedReasons as pointReasons } from '../domain/checkout/collection-points';
import { pickupShops } from '../domain/checkout/delivery-options';
import { pickupShopRows } from '../checkout/shops';
import { countAddresses } from '../identity/addresses';
import { cartCookieName } from '../identity/cart-cookie';
import { registerOwnedResource } from '../identity/owned';
import { currentUser, secureCookies } from '../identity/session';
import { describe } from '../http/openapi-meta';

const cartParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'a cart id') });
const lineParams = cartParam.extend({ lineId: z.coerce.number().int().positive() });
/** The quantity (spec §7) and, beside it, the gift wrapping of the line (free of charge). */
const lineBody = z
  .object({ qty: z.number().int().min(1).max(99).optional(), giftPaper: z.boolean().optional() })
  .refine((body) => body.qty !== undefined || body.giftPaper !== undefined, 'qty or giftPaper');
const postalCode = z.string().trim().min(1).max(12);
const articlesBody = z.object({
  articles: z
    .array(
      z
        .object({
          idArticle: z.number().int().positive(),
          qty: z.number().int().min(1).max(99).default(1),
          idOffer: z.number().int().nonnegative().optional(),
          /** Services to attach to the article (spec §3 extendedInsurances, extraServices, installationService). */
          extendedInsuranceId: z.number().int().positive().optional(),
          extraServiceIds: z.array(z.number().int().positive()).max(5).default([]),
          installationServiceId: z.number().int().positive().optional(),
          /** Where to install: the postal code the installation is priced for. */
          postalCode: postalCode.optional(),
        })
        .refine((item) => (item.installationServiceId === undefined) === (item.postalCode === undefined), { message: 'installationServiceId and postalCode go together', path: ['postalCode'] }),
    )
    .min(1)
    .max(30),
});
const serviceBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['insurance', 'service']), serviceId: z.number().int().positive() }),
  z.object({ kind: z.literal('installation'), serviceId: z.number().int().positive(), postalCode }),
]);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

function respond<T extends object>(c: AppContext, body: T) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope(body));
}

type WantedArticle = z.infer<typeof articlesBody>['articles'][number];

/**
 * Adds articles in one call to the cart's object, which reads each article's offers and what the
 * answer shows about the lines and the offers named (the answer reads again only if the cart
 * changed otherwise meanwhile).
 */
async function addInOneCall(c: AppContext, cartId: string, wanted: readonly WantedArticle[]) {
  const { outcome, read, d1 } = await cartStub(c, cartId).addArticles(
    wanted.map(({ idArticle, idOffer, qty }) => ({ idArticle, idOffer, qty })),
    catalogueAccess(c),
    c.var.now.getTime(),
  );
  noteCatalogueRead(c, d1);
  if (!outcome.ok) throw 'articleNotFound' in outcome ? appError('articleNotFound', { idArticle: outcome.articleNotFound }) : cartError(outcome.code);
  return { result: outcome, offerIds: outcome.offerIds, read: read ?? undefined };
}

/**
 * Adds articles of which some come with an installation: each is priced (38001, 38002) in the
 * order of the articles, after its offer is found and before anything changes, so the Worker
 * reads the offers itself and passes the facts in.
 */
async function addPricingInstallations(c: AppContext, cartId: string, wanted: readonly WantedArticle[]) {
  const { db, channel, language } = c.var;
  const stub = cartStub(c, cartId);
  const before = await stub.snapshot();
  const [[offersOf, read]] = await readAll(db, [addArticlesRead(channel, language, wanted, before.lines)]);
  const items: { fact: OfferFact; qty: number }[] = [];
  for (const [index, w] of wanted.entries()) {
    const fact = pickOffer(offersOf[index]!, w.idOffer);
    if (!fact) throw appError('articleNotFound', { idArticle: w.idArticle });
    if (w.installationServiceId !== undefined) await priceInstallation(c, w.idArticle, w.installationServiceId, w.postalCode!);
    items.push({ fact, qty: w.qty });
  }
  const result = await stub.add(items, c.var.now.getTime());
  if (!result.ok) throw cartError(result.code);
  return { result, offerIds: items.map((item) => item.fact.offerId), read };
}

export const cartOrders = new Hono<AppEnv>()
  .post('/:id/cart/articles', describe({ summary: 'Add articles (with services) to the cart', errors: ['articleNotFound', 'cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'installationPriceNotFound', 'installationServiceNotFound', 'insuranceNotForBusiness', 'notFound', 'serviceNotAvailable'] }), validate('param', cartParam), validate('json', articlesBody), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    const wanted = c.req.valid('json').articles;
    const { result, offerIds, read } = wanted.some((w) => w.installationServiceId !== undefined) ? await addPricingInstallations(c, cartId, wanted) : await addInOneCall(c, cartId, wanted);
    const { limited } = result;
    if (!wanted.some((w) => w.extendedInsuranceId || w.extraServiceIds.length > 0 || w.installationServiceId)) return respond(c, await readCart(c, cartId, { cart: result, limited, read }));
    // The options a line may carry do not change as services are attached: one read decides them all.
    const view = await readCart(c, cartId, { cart: result, read });
    let cart: CartSnapshot = result;
    for (const [index, w] of wanted.entries()) {
      const idLine = cart.lines.find((l) => l.kind === 'article' && l.offerId === offerIds[index])!.idLine;
      if (w.extendedInsuranceId) cart = await attachService(c, cartId, view, idLine, { kind: 'insurance', serviceId: w.extendedInsuranceId });
      for (const serviceId of w.extraServiceIds) cart = await attachService(c, cartId, view, idLine, { kind: 'service', serviceId });
      if (w.installationServiceId) cart = await attachService(c, cartId, view, idLine, { kind: 'installation', serviceId: w.installationServiceId, postalCode: w.postalCode! });
    }
    return respond(c, await readCart(c, cartId, { cart, limited, read }));
  })
  .post('/:id/cart/:lineId/services', describe({ summary: 'Attach an insurance, service or installation to a cart line', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'installationPriceNotFound', 'installationServiceNotFound', 'insuranceNotForBusiness', 'notFound', 'serviceNotAvailable'] }), validate('param', lineParams), validate('json', serviceBody), async (c) => {
    const { id, lineId } = c.req.valid('param');
    const cartId = await ownCart(c, id);
    const cart = await attachService(c, cartId, await readCart(c, cartId), lineId, c.req.valid('json'));
    return respond(c, await readCart(c, cartId, { cart }));
  })
  .put('/:id/cart/:lineId', describe({ summary: "Change a cart line's quantity or gift wrapping", errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'notFound', 'serviceNotAvailable'] }), validate('param', lineParams), validate('json', lineBody), async (c) => {
    const { id, lineId } = c.req.valid('param');
    const { qty, giftPaper } = c.req.valid('json');
    const cartId = await ownCart(c, id);
    const stub = cartStub(c, cartId);
    if (giftPaper === undefined) {
      // A quantity alone: the cart's object reads the line's offer and what the answer shows, and decides, in one call.
      const { outcome, read, d1 } = await stub.changeQty(lineId, qty!, catalogueAccess(c), c.var.now.getTime());
      noteCatalogueRead(c, d1);
      if (!outcome.ok) throw cartError(outcome.code);
      return respond(c, await readCart(c, cartId, { cart: outcome, limited: outcome.limited, read: read ?? undefined }));
    }
    // Gift wrapping (and a quantity with it): the Worker checks the line may be wrapped, from the
    // line's offer now and what the answer shows, read in one round trip before the change.
    const before = await stub.snapshot();
    const offerId = before.lines.find((l) => l.kind === 'article' && l.idLine === lineId)?.offerId;
    if (offerId === undefined) throw cartError(CART_CODES.notInCart);
    const { db, channel, language } = c.var;
    const [facts, read] = await readAll(db, [factsRead(channel.id, qty === undefined ? [] : [offerId]), viewDataRead(channel, language, viewNeeds(before.lines))]);
    let limited: number[] = [];
    const line = (await readCart(c, cartId, { cart: before, read })).articles.find((a) => a.idLine === lineId);
    if (giftPaper && !line?.canAddGiftPaper) throw appError('serviceNotAvailable', { idLine: lineId, giftPaper });
    const wrapped = await stub.setGiftPaper(lineId, giftPaper, c.var.now.getTime());
    if (!wrapped.ok) throw cartError(wrapped.code);
    let cart: CartSnapshot = wrapped;
    if (qty !== undefined) {
      const result = await stub.setQty(lineId, facts.get(offerId), qty, c.var.now.getTime());
      if (!result.ok) throw cartError(result.code);
      cart = result;
      limited = result.limited;
    }
    return respond(c, await readCart(c, cartId, { cart, limited, read }));
  })
  .delete('/:id/cart/:lineId', describe({ summary: 'Remove a line from the cart', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'notFound'] }), validate('param', lineParams), async (c) => {
    const { id, lineId } = c.req.valid('param');
    const cartId = await ownCart(c, id);
    const result = await cartStub(c, cartId).remove(lineId, c.var.now.getTime());
    if (!result.ok) throw cartError(result.code);
    return respond(c, await readCart(c, cartId, { cart: result }));
  })
  .delete('/:id/cart', describe({ summary: 'Empty the cart', errors: ['notFound'] }), validate('param', cartParam), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    const cart = await cartStub(c, cartId).clear(c.var.now.getTime());
    return respond(c, await readCart(c, cartId, { cart }));
  })
  .delete('/modifier/:id', describe({ summary: 'Clear a cart modifier (and the cart cookie)', errors: ['notFound'] }), validate('param', cartParam), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    await cartStub(c, cartId).clearModifier(c.var.now.getTime());
    // The browser forgets this cart: its next visit starts a new anonymous cart.
    deleteCookie(c, cartCookieName(secureCookies(c)), { path: '/', secure: secureCookies(c) });
    rememberUnits(c, 0);
    return c.json(okEnvelope({ idCart: cartId, modifier: null }));
  });

export const cartCheckout = new Hono<AppEnv>()
  .get('/orders/:id/cart', describe({ summary: 'The cart with its lines, totals and notices', errors: ['notFound'] }), validate('param', cartParam), validate('query', z.object({ useCache: flag.optional(), recalculateStock: flag.optional() })), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    // useCache is accepted for compatibility: carts are always read from their object (never stale).
    return respond(c, await readCart(c, cartId, { recalculateStock: c.req.valid('query').recalculateStock ?? false }));
  })
  .get('/orders/orderdata/:id', describe({ summary: 'The cart summary for the order steps', errors: ['cartEmpty', 'notFound'] }), validate('param', cartParam), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    const view = await readCart(c, cartId, { recalculateStock: true });
    if (view.articles.length === 0) throw appError('cartEmpty', view.outOfStock ? { outOfStock: view.outOfStock } : undefined);
    const groups = new Map<string, { idShop: number; orderKey: string; shopName: string; type: string; articles: number[]; articlesSubtotal: number }>();
    for (const article of view.articles) {
      const shop = article.mpOffer ? { id: article.mpOffer.shopId, name: article.mpOffer.shopName, key: article.mpOffer.deliveryKey } : { id: 0, name: 'Ampora', key: 'own-0' };
      const group = groups.get(shop.key) ?? { idShop: shop.id, orderKey: shop.key, shopName: shop.name, type: shop.key.split('-')[0]!, articles: [], articlesSubtotal: 0 };
      group.articles.push(article.idLine);
      group.articlesSubtotal += article.totalPrice;
      groups.set(shop.key, group);
    }
    // Stock changes first, then the cart's own: 1145 OEM without assembly, 1146 article alone (both block), 1147 a better offer (a warning).
    const stock = view.outOfStock ? [{ code: CART_CODES.outOfStock, articleNames: [...view.outOfStock.modifiedArticles, ...view.outOfStock.removedArticles].map((a) => a.name) }] : [];
    // 1155 (cart without address) is info the spec leaves undisplayed; the summary still reports it.
    const user = await currentUser(c);
    const withoutAddress = user && (await countAddresses(c.var.db, 'shipping', user.id)) === 0 ? [{ code: ALERT_CODES.cartWithoutAddress }] : [];
    const criticalErrors = [...stock, ...view.criticalErrors, ...withoutAddress];
    // Spec §3: why the basket cannot go to a collection point (empty when it can), and whether it can be collected in a shop.
    const lines = view.articles.map((a) => ({ sellerKind: a.seller.kind, weightGrams: a.weightGrams, qty: a.qty, digital: a.type === 'digital' || a.service !== null, unitPrice: a.unitPrice }));
    const shippingPointsNotAllowedReasons = pointReasons({ lines });
    const isCollectInShop = view.articles.every((a) => a.seller.kind === 'own');
    // Why no shop is offered for pickup, for a delivery in the channel's country (the delivery step judges the chosen address).
    const { notAvailableShopsReasons } = pickupShops(await pickupShopRows(c.var.db), { deliveryCountry: c.var.channel.country, sellerKinds: view.articles.map((a) => a.seller.kind) });
    return respond(c, { ...view, ordersAndDeliveries: [...groups.values()], criticalErrors, shippingPointsNotAllowedReasons, notAvailableShopsReasons, isCollectInShop });
  })
  .get('/cart/token', describe({ summary: "The caller's cart id" }), async (c) => {
    const { cartId, encryptedCartId } = await callerCart(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ idCart: cartId, encryptedCartId, units: await cartStub(c, cartId).itemCount() }));
  });

/** Carts are owned too: user B must not read or change user A's cart by its id. */
const ADD_ONE = { articles: [{ idArticle: ':articleId', qty: 1 }] };
registerOwnedResource({
  name: 'cart',
  create: { path: '/api/users/info', body: {}, idField: 'idCart', prepare: [{ method: 'POST', path: '/api/orders/:id/cart/articles', body: ADD_ONE }] },
  list: '/api/checkout/orders/:id/cart',
  routes: [
    { method: 'GET', path: '/api/checkout/orders/:id/cart' },
    { method: 'GET', path: '/api/checkout/orders/orderdata/:id' },
    { method: 'POST', path: '/api/orders/:id/cart/articles', body: ADD_ONE },
    { method: 'PUT', path: '/api/orders/:id/cart/:lineId', body: { qty: 1 } },
    { method: 'DELETE', path: '/api/orders/:id/cart/:lineId' },
    { method: 'DELETE', path: '/api/orders/:id/cart' },
    { method: 'DELETE', path: '/api/orders/modifier/:id' },
    { method: 'POST', path: '/api/orders/:id/cart/:lineId/services', body: { kind: 'service', serviceId: 1 }, ownerPass: false },
    { method: 'GET', path: '/api/checkout/orders/:id/quote?shippingType=3&shopId=30' },
    { method: 'GET', path: '/api/checkout/orders/:id/draft' },
    { method: 'PUT', path: '/api/checkout/orders/:id/draft', body: { customerRequestsInvoice: true } },
    { method: 'POST', path: '/api/checkout/orders/:id/place', body: { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true }, ownerPass: false },
    // The owner's own simulation needs a cart within Oney's limits (tests/worker/payments-oney.test.ts).
    { method: 'POST', path: '/api/checkout/oney/variants-info-data/:id', body: { variantCodes: ['3x'] }, ownerPass: false },
  ],
});
