/**
 * The store balance calls (spec §7), mounted under /api/user:
 *
 * - `GET /balance` and `GET /balance/history?page&pageSize`: the signed-in customer's own
 *   balance (worker/balance/balance.ts); nobody can read another customer's.
 * - `POST /balance/api-return`: operations refund an order to a customer's balance after a
 *   return (a RETURNS movement). No session: it needs `Authorization: Bearer <OPS_API_TOKEN>`,
 *   compared in constant time; a missing or wrong token, or a Worker without a usable token
 *   (unset, under 32 characters, or a `dev-only-` value in production), answers 401 before
 *   the body is even read. The order must be one of that customer's, and the amount at most
 *   what is left to refund on it (what was paid less earlier refunds). It is a refund to the
 *   balance through `refundOrder` (worker/refunds/refunds.ts, with its credit note), keyed once
 *   per order: a repeated call (a retry, a double submission) writes nothing and answers 200 with
 *   the refund recorded the first time (`created: false`), whatever amount it carried; the
 *   first call answers 201 (`created: true`).
 *
 * The session check is on each customer route rather than `use('*')`: this sub-app shares the
 * /user prefix with worker/api/user.ts, and a wildcard middleware here would reach its routes
 * too (and the operations call must not need a session).
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { BALANCE_PAGE_SIZE, balanceHistory, MAX_BALANCE_PAGE_SIZE, readBalance } from '../balance/balance';
import { opsReturnKey, placeRefund, refundableAmount, refundByKey, refundMovement } from '../refunds/refunds';
import { orders, users } from '../db/schema';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import type { AppEnv } from '../http/context';
import { AppError, appError, ERRORS, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { sha256, timingSafeEqual } from '../identity/crypto';
import { requireUser, signedInUser } from '../identity/session';
import { declare, describe } from '../http/openapi-meta';

/** The largest single refund to balance operations may record: 10,000.00 €. */
export const MAX_RETURN_AMOUNT = 1_000_000;
/** A token shorter than this is treated as no token: every operations call is refused. */
export const MIN_OPS_TOKEN_LENGTH = 32;
/** Development tokens start with this; production refuses them. */
export const DEV_OPS_TOKEN_PREFIX = 'dev-only-';

/** The operations token in force, or undefined: missing, too short, or a development token in production. */
export function usableOpsToken(token: string | undefined, environment: string): string | undefined {
  if (!token || token.length < MIN_OPS_TOKEN_LENGTH) return undefined;
  if (environment === 'production' && token.startsWith(DEV_OPS_TOKEN_PREFIX)) return undefined;
  return token;
}

const encoder = new TextEncoder();

/** Refuses a call without the operations bearer token (opsTokenInvalid, 401). */
export const requireOpsToken = createMiddleware<AppEnv>(async (c, next) => {
  const expected = usableOpsToken(c.env.OPS_API_TOKEN, c.env.ENVIRONMENT);
  const given = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  // Digests have one length, so the comparison time says nothing about the token.
  if (!expected || !given || !timingSafeEqual(encoder.encode(await sha256(given)), encoder.encode(await sha256(expected)))) throw appError('opsTokenInvalid');
  await next();
});
declare(requireOpsToken, { kind: 'access', security: 'ops', errors: ['opsTokenInvalid'] });

const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_BALANCE_PAGE_SIZE).default(BALANCE_PAGE_SIZE),
});

const returnBody = z.object({
  clientId: z.number().int().positive(),
  amount: z.number().int().positive().max(MAX_RETURN_AMOUNT),
  orderNumber: z.string().regex(ORDER_NUMBER_PATTERN),
  isPaidUsingCard: z.boolean(),
  author: z.string().trim().min(1).max(80),
  note: z.string().trim().max(500).optional(),
});

export const balanceApi = new Hono<AppEnv>()
  .get('/balance', describe({ summary: "The customer's balance", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await readBalance(c.var.db, signedInUser(c).id)));
  })
  .get('/balance/history', describe({ summary: "The customer's balance movements, a page at a time", security: 'session', errors: ['unauthorized'] }), requireUser, validate('query', historyQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await balanceHistory(c.var.db, signedInUser(c).id, c.req.valid('query'))));
  })
  .post('/balance/api-return', describe({ summary: "Ops: credit a return to the customer's balance", errors: ['articleNotInInvoice', 'invalidRequest', 'invoiceNotFound', 'notFound', 'opsTokenInvalid', 'orderNotFound', 'paymentGatewayNotConfigured', 'refundExceedsPaid', 'userNotFound'] }), requireOpsToken, validate('json', returnBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    const [[client], [order]] = await db.batch([
      db.select({ id: users.id }).from(users).where(eq(users.id, body.clientId)),
      db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.orderNumber, body.orderNumber), eq(orders.userId, body.clientId))),
    ]);
    if (!client) throw appError('userNotFound', { clientId: body.clientId });
    // Another customer's order reads exactly like one that does not exist.
    if (!order) throw appError('notFound', { orderNumber: body.orderNumber });
    // One refund per customer and order (its key): the same call again answers the refund that stands.
    const key = opsReturnKey(body.orderNumber);
    const tooMuch = (left: number) => appError('invalidRequest', { target: 'json', issues: [{ path: 'amount', message: `More than is left to refund on the order (${left} cents)` }] });
    if (!(await refundByKey(db, key))) {
      const left = await refundableAmount(db, body.orderNumber);
      if (body.amount > left) throw tooMuch(left);
    }
    let placed: Awaited<ReturnType<typeof placeRefund>>;
    try {
      placed = await placeRefund(
        { db, env: c.env, now: c.var.now },
        { orderNumber: body.orderNumber, amount: body.amount, method: 'balance', reason: 'operations return', idempotencyKey: key, movement: { author: body.author, note: body.note || null, isPaidUsingCard: body.isPaidUsingCard } },
      );
    } catch (error) {
      // Another refund of the order took what was left meanwhile.
      if (error instanceof AppError && error.entry === ERRORS.refundExceedsPaid) throw tooMuch(await refundableAmount(db, body.orderNumber));
      throw error;
    }
    const recorded = await refundMovement(db, placed.refund, placed.created);
    return c.json(okEnvelope(recorded), recorded.created ? 201 : 200);
  });
