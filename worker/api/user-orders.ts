/**
 * The account's order calls (spec §7), mounted under /api/user (docs/after-sales.md "Orders"):
 *
 * - `GET /orders/resume`: how many of the customer's orders are in each state group
 *   (client/orders/actions.ts STATE_GROUPS) and the latest five.
 * - `GET /orders/{id}/minimal` (worker/api/payments.ts, shared with the payment pages) carries
 *   the order's totals, whether it is paid and its dates from `minimalOrder` (worker/orders/read.ts).
 * - `POST /orders/{id}/cancel`: cancels it before it ships and refunds what was paid
 *   (worker/orders/transitions.ts cancelOrder); 409 ORDER_NOT_CANCELLABLE once shipped.
 * - `POST /orders/{id}/modify`: starts a change of one of our own orders still awaiting payment
 *   or confirmed: the customer's cart becomes the order's lines and carries the cart modifier
 *   {orderNumber, expiresAt = now + ORDER_CHANGE_WINDOW_MS}; placing that cart replaces the order
 *   (worker/api/orders.ts). 409 ORDER_NOT_CHANGEABLE otherwise.
 *
 * Someone else's order is ORDER_NOT_FOUND (404), exactly like one that does not exist, and
 * nothing changes. Sessions are checked per route: this sub-app shares the /user prefix.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ORDER_CHANGE_WINDOW_MS, canChange } from '../../client/orders/actions';
import { cartError, cartStub, rememberUnits } from '../cart/service';
import { factsForOffers } from '../cart/facts';
import type { CartModifier } from '../cart/modifier';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import type { OrderState } from '../domain/orders/state-machine';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { minimalOrder, ordersResume } from '../orders/read';
import { cancelOrder } from '../orders/transitions';
import type { AfterSalesDeps } from '../refunds/deps';
import { describe } from '../http/openapi-meta';

const orderParam = z.object({ id: z.string().regex(ORDER_NUMBER_PATTERN, 'an order number') });

/** An order placed by bank transfer (awaiting payment, so it may be cancelled and changed), from a cart with one line. */
registerOwnedResource({
  name: 'accountOrder',
  create: {
    before: [
      { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } },
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':articleId', qty: 1 }] } },
    ],
    path: '/api/checkout/orders/:cartId/place',
    body: { shippingType: 3, shopId: 30, paymentMethod: 'transferencia', conditionsAccepted: true },
    idField: 'orders.0.orderNumber',
  },
  list: '/api/user/orders/:id/minimal',
  routes: [
    { method: 'GET', path: '/api/user/orders/:id/minimal' },
    { method: 'POST', path: '/api/user/orders/:id/modify' },
    // Cancelling ends what the test would compare: user B only tries it.
    { method: 'POST', path: '/api/user/orders/:id/cancel', ownerPass: false },
  ],
});

const deps = (c: AppContext): AfterSalesDeps => ({ db: c.var.db, env: c.env, now: c.var.now });

interface ChangeableOrder {
  order_number: string;
  state: OrderState;
  seller_kind: string;
  front_order: number;
  channel: string;
}

export const userOrdersApi = new Hono<AppEnv>()
  .get('/orders/resume', describe({ summary: "The customer's orders", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await ordersResume(c.var.db, signedInUser(c).id)));
  })
  .post('/orders/:id/cancel', describe({ summary: 'Cancel an order', security: 'session', errors: ['orderNotCancellable', 'orderNotFound', 'orderTransitionNotAllowed', 'paymentInProgress', 'unauthorized'] }), requireUser, validate('param', orderParam), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    await cancelOrder(deps(c), { orderNumber: id, userId: user.id, now: c.var.now });
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await minimalOrder(c.var.db, user.id, id)));
  })
  .post('/orders/:id/modify', describe({ summary: 'Change an order (put it back into the cart)', security: 'session', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'orderNotChangeable', 'orderNotFound', 'unauthorized'] }), requireUser, validate('param', orderParam), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    const d1 = c.var.db.$client;
    const [orderResult, linesResult] = await d1.batch([
      d1.prepare('SELECT order_number, state, seller_kind, front_order, channel FROM orders WHERE order_number = ? AND user_id = ?').bind(id, user.id),
      d1.prepare("SELECT offer_id, qty, stock_taken FROM order_lines WHERE order_number = (SELECT order_number FROM orders WHERE order_number = ? AND user_id = ?) ORDER BY id").bind(id, user.id),
    ]);
    const order = (orderResult!.results as ChangeableOrder[])[0];
    if (!order) throw appError('orderNotFound');
    if (!canChange({ state: order.state, sellerKind: order.seller_kind, frontOrder: order.front_order === 1 }) || order.channel !== c.var.channel.id) throw appError('orderNotChangeable');
    const lines = linesResult!.results as { offer_id: number; qty: number; stock_taken: number }[];
    const facts = await factsForOffers(c.var.db, order.channel, lines.map((l) => l.offer_id));
    // The order's own units are still off the shelf: they count as available for its change.
    const items = lines.flatMap((line) => {
      const fact = facts.get(line.offer_id);
      return fact ? [{ fact: { ...fact, stock: fact.stock + (line.stock_taken ? line.qty : 0) }, qty: line.qty }] : [];
    });
    const modifier: CartModifier = { orderNumber: order.order_number, expiresAt: c.var.now.getTime() + ORDER_CHANGE_WINDOW_MS };
    const started = await cartStub(c, user.cartId).startModification(items, JSON.stringify(modifier), c.var.now.getTime());
    if (!started.ok) throw cartError(started.code);
    rememberUnits(c, started.lines.filter((l) => l.kind === 'article').reduce((sum, l) => sum + l.qty, 0));
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ idCart: user.cartId, orderNumber: modifier.orderNumber, expiresAt: new Date(modifier.expiresAt).toISOString() }));
  });
