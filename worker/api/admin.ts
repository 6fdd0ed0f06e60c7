/**
 * The staff back-office's API, mounted under /api/admin (docs/after-sales.md, "Staff
 * back-office"). Every call needs a signed-in staff member (worker/admin/access.ts): anyone else
 * gets staffOnly (403), whatever the route. State changes go through the same functions the
 * rest of the store uses (transitionOrder, cancelOrder, transitionReturn, replyAsStaff), so
 * their guards (conditional updates, refunds, documents) and their 404s hold here too.
 *
 * - `GET /summary`: the home's counts.
 * - `GET /orders?number&email&state&channel&page&pageSize`, `GET /orders/:orderNumber`.
 * - `POST /orders/:orderNumber/events` `{ event, trackingNumber? }` (ship needs the tracking number).
 * - `POST /orders/:orderNumber/cancel`: cancels and refunds what was paid.
 * - `GET /returns?state&page`, `GET /returns/:id`, `POST /returns/:id/events` `{ event }`.
 * - `GET /cases?state&page`, `GET /cases/:id`, `POST /cases/:id/replies` `{ body, state? }`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireStaff, staffUser } from '../admin/access';
import { STAFF_CASE_STATES, STAFF_ORDER_EVENTS, STAFF_RETURN_EVENTS, staffMayRecord } from '../admin/events';
import { ADMIN_PAGE_SIZE, adminCase, adminOrder, adminReturn, adminSummary, casesQueue, returnsQueue, searchOrders } from '../admin/queries';
import { replyAsStaff } from '../after-sales/cases';
import { CHANNEL_IDS } from '../channel/channels';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { ORDER_STATES, type OrderState } from '../domain/orders/state-machine';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { cancelOrder, transitionOrder } from '../orders/transitions';
import { transitionReturn } from '../returns/returns';
import type { AfterSalesDeps } from '../refunds/deps';
import { describe } from '../http/openapi-meta';


const page = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
};
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

const orderQuery = z.object({
  number: optionalText(40),
  email: optionalText(254),
  state: z.enum(ORDER_STATES).or(z.literal('').transform(() => undefined)).optional(),
  channel: z.enum(CHANNEL_IDS).or(z.literal('').transform(() => undefined)).optional(),
  ...page,
});
const orderParam = z.object({ orderNumber: z.string().regex(ORDER_NUMBER_PATTERN) });
const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const orderEventBody = z
  .object({
    event: z.enum(STAFF_ORDER_EVENTS),
    trackingNumber: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9-]+$/).optional(),
  })
  .refine((body) => body.event !== 'ship' || body.trackingNumber, { path: ['trackingNumber'], message: 'The tracking number is required to ship' });
const queueQuery = z.object({ state: optionalText(30), ...page });
const returnEventBody = z.object({ event: z.enum(STAFF_RETURN_EVENTS) });
const replyBody = z
  .object({ body: z.string().trim().max(5000).default(''), state: z.enum(STAFF_CASE_STATES).optional() })
  // A state alone only moves the case; a message alone waits for the customer.
  .refine((reply) => reply.body !== '' || reply.state, { path: ['body'], message: 'Write a message or choose a new state' });

function deps(c: AppContext): AfterSalesDeps {
  return { db: c.var.db, env: c.env, now: c.var.now };
}

export const adminApi = new Hono<AppEnv>()
  .use('*', requireStaff)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/summary', describe({ summary: 'Staff: back-office summary counts' }), async (c) => c.json(okEnvelope(await adminSummary(c.var.db))))
  .get('/orders', describe({ summary: 'Staff: list and search orders' }), validate('query', orderQuery), async (c) => c.json(okEnvelope(await searchOrders(c.var.db, c.req.valid('query')))))
  .get('/orders/:orderNumber', describe({ summary: 'Staff: one order with its history', errors: ['orderNotFound'] }), validate('param', orderParam), async (c) => {
    const order = await adminOrder(c.var.db, c.req.valid('param').orderNumber);
    if (!order) throw appError('orderNotFound');
    return c.json(okEnvelope(order));
  })
  .post('/orders/:orderNumber/events', describe({ summary: 'Staff: record an event on an order (status transition)', errors: ['orderNotFound', 'orderTransitionNotAllowed', 'staffOnly'] }), validate('param', orderParam), validate('json', orderEventBody), async (c) => {
    const { orderNumber } = c.req.valid('param');
    const { event, trackingNumber } = c.req.valid('json');
    const order = await adminOrder(c.var.db, orderNumber);
    if (!order) throw appError('orderNotFound');
    // The back-office's own rule (a transfer's arrival, ship versus pickup); transitionOrder then guards the state itself.
    if (!staffMayRecord({ state: order.state, paymentMethod: order.paymentMethod, shippingType: order.shippingType }, event)) throw appError('orderTransitionNotAllowed', { state: order.state, event });
    const moved = await transitionOrder(c.var.db, { orderNumber, event, now: c.var.now, actor: { kind: 'staff', userId: staffUser(c).id }, trackingNumber: event === 'ship' ? trackingNumber : undefined });
    return c.json(okEnvelope(moved as { from: OrderState; to: OrderState }));
  })
  .post('/orders/:orderNumber/cancel', describe({ summary: 'Staff: cancel an order', errors: ['orderNotCancellable', 'orderNotFound', 'orderTransitionNotAllowed', 'paymentInProgress'] }), validate('param', orderParam), async (c) => {
    const { orderNumber } = c.req.valid('param');
    await cancelOrder(deps(c), { orderNumber, userId: null, now: c.var.now });
    return c.json(okEnvelope({ orderNumber, state: 'cancelled' as const }));
  })
  .get('/returns', describe({ summary: 'Staff: list returns' }), validate('query', queueQuery), async (c) => c.json(okEnvelope(await returnsQueue(c.var.db, c.req.valid('query')))))
  .get('/returns/:id', describe({ summary: 'Staff: one return with its history', errors: ['notFound'] }), validate('param', idParam), async (c) => {
    const found = await adminReturn(c.var.db, c.req.valid('param').id);
    if (!found) throw appError('notFound');
    return c.json(okEnvelope(found));
  })
  .post('/returns/:id/events', describe({ summary: 'Staff: record an event on a return (status transition)', errors: ['notFound', 'orderNotFound', 'orderTransitionNotAllowed', 'returnTransitionNotAllowed', 'staffOnly'] }), validate('param', idParam), validate('json', returnEventBody), async (c) => {
    const { id } = c.req.valid('param');
    const row = await transitionReturn(deps(c), { returnId: id, event: c.req.valid('json').event, now: c.var.now, actor: { kind: 'staff', userId: staffUser(c).id } });
    return c.json(okEnvelope({ id: row.id, state: row.state }));
  })
  .get('/cases', describe({ summary: 'Staff: list after-sales cases' }), validate('query', queueQuery), async (c) => c.json(okEnvelope(await casesQueue(c.var.db, c.req.valid('query')))))
  .get('/cases/:id', describe({ summary: 'Staff: one after-sales case with its messages', errors: ['notFound'] }), validate('param', idParam), async (c) => {
    const found = await adminCase(c.var.db, c.req.valid('param').id);
    if (!found) throw appError('notFound');
    return c.json(okEnvelope(found));
  })
  .post('/cases/:id/replies', describe({ summary: 'Staff: reply to an after-sales case', errors: ['caseClosed', 'caseTransitionNotAllowed', 'invalidRequest', 'notFound', 'staffOnly'] }), validate('param', idParam), validate('json', replyBody), async (c) => {
    const { id } = c.req.valid('param');
    const { body, state } = c.req.valid('json');
    await replyAsStaff(deps(c), { caseId: id, staffUserId: staffUser(c).id, body, state, now: c.var.now, requestUrl: new URL(c.req.url) });
    const updated = await adminCase(c.var.db, id);
    return c.json(okEnvelope({ id, state: updated?.state ?? null }), 201);
  });
