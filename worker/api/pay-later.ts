/**
 * Pay-later links (spec §7), mounted under /api/orders (worker/payments/pay-later.ts):
 *
 * - `POST /payment/link/create/{orderNumber}`: the owner's link for an order awaiting payment;
 *   the same link while it is valid. Someone else's order is a 404 (the ownership check); a paid
 *   order 1421, a cancelled one 1422.
 * - `GET /payment/link/{orderNumber}`: the owner's valid link, or `link: null`.
 * - `GET /hash/{hash}/articles`: public, by the hash alone: the orders the link pays, their lines
 *   and amounts, nothing about the customer; 1402, 1421, 1422, 1429 when it cannot be paid.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { href } from '../../client/routes';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope, type ErrorName } from '../http/errors';
import { validate } from '../http/validate';
import { orders } from '../db/schema';
import { loadOwned, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { createPayLink, payLinkOf, payLinkOrders, type PayLink, type PayLinkError } from '../payments/pay-later';
import { describe } from '../http/openapi-meta';

const orderParam = z.object({ id: z.string().regex(ORDER_NUMBER_PATTERN, 'an order number') });
const hashParam = z.object({ hash: z.string().max(64) });

export const PAY_LINK_ERRORS: Record<PayLinkError, ErrorName> = { 1402: 'payLinkNotFound', 1421: 'payLinkOrderPaid', 1422: 'payLinkOrderClosed', 1429: 'payLinkExpired' };

/** Orders as owned objects: another user's order number is the same 404 as an unknown one. */
const OWNED_ORDERS = { table: orders, id: orders.orderNumber, userId: orders.userId };

/** An order awaiting payment (a bank transfer collected in the shop), placed from a cart with one line. */
registerOwnedResource({
  name: 'orderPayLink',
  create: {
    before: [
      { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } },
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':articleId', qty: 1 }] } },
    ],
    path: '/api/checkout/orders/:cartId/place',
    body: { shippingType: 3, shopId: 30, paymentMethod: 'transferencia', conditionsAccepted: true },
    idField: 'orders.0.orderNumber',
  },
  list: '/api/orders/payment/link/:id',
  routes: [
    { method: 'POST', path: '/api/orders/payment/link/create/:id' },
    { method: 'GET', path: '/api/orders/payment/link/:id' },
  ],
});

function linkAnswer(c: AppContext, link: PayLink) {
  const path = href('payNow', c.var.language, c.var.channel, { hash: link.hash });
  return { orderNumber: link.orderNumber, hash: link.hash, path, url: new URL(c.req.url).origin + path, expiresAt: new Date(link.expiresAt).toISOString() };
}

export const payLaterApi = new Hono<AppEnv>()
  .post('/payment/link/create/:id', describe({ summary: 'Create a payment link for an order', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'unauthorized'] }), requireUser, validate('param', orderParam), async (c) => {
    const { id: orderNumber } = c.req.valid('param');
    const user = signedInUser(c);
    await loadOwned(c.var.db, OWNED_ORDERS, user.id, orderNumber);
    const link = await createPayLink(c.var.db, user.id, orderNumber, c.var.now);
    if ('error' in link) throw appError(link.error === 'not_found' ? 'notFound' : PAY_LINK_ERRORS[link.error]);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(linkAnswer(c, link)));
  })
  .get('/payment/link/:id', describe({ summary: "An order's payment link", security: 'optionalSession', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', orderParam), async (c) => {
    const { id: orderNumber } = c.req.valid('param');
    const user = signedInUser(c);
    await loadOwned(c.var.db, OWNED_ORDERS, user.id, orderNumber);
    const link = await payLinkOf(c.var.db, user.id, orderNumber, c.var.now);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ orderNumber, link: link ? linkAnswer(c, link) : null }));
  })
  .get('/hash/:hash/articles', describe({ summary: 'The articles of an order paid by link', errors: ['payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid'] }), validate('param', hashParam), async (c) => {
    const view = await payLinkOrders(c.var.db, c.req.valid('param').hash, c.var.now);
    if ('error' in view) throw appError(PAY_LINK_ERRORS[view.error]);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(view));
  });

