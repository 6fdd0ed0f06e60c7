/**
 * Paying an order through its gateway (docs/payments.md): every method that is not the card
 * provider's own form — PayPal, Redsys (card redirect, Bizum), Aplazame, Oney, financing, open
 * banking, MB WAY, Multibanco — starts, comes back and is polled through these three calls, each
 * naming an order its caller owns (or holds the pay-later hash of). The provider is the order's
 * method's (worker/payments/providers.ts); one payment pays all the orders of the checkout, once
 * (worker/payments/attempts.ts). The spec's own calls for Aplazame, MB WAY and Oney are these with
 * their paths (worker/api/payments-<provider>.ts).
 *
 * - POST /api/orders/payment/gateway/start?orderId=N  { hash?, fields? } → the PaymentAnswer, whose
 *   `action` the browser follows (a redirect, a signed form post, MB WAY's wait, a Multibanco reference).
 * - POST /api/orders/payment/gateway/return { orderId, provider, params, hash? }: the provider sent
 *   the shopper back to /cart/order/securePayment; `params` is that page's query. `cancelled=1`
 *   gives the attempt up.
 * - GET /api/orders/payment/gateway/status?orderId=N: the payment as it stands, asked of the provider while it waits.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { href } from '../../client/routes';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { CARD_PROVIDER_METHODS, isGatewayMethod, type GatewayMethod } from '../domain/orders/state-machine';
import { abandonAttempt, refreshStatus, requestHash, startPayment, submitDetails } from '../payments/attempts';
import type { PaymentAnswer } from '../payments/answer';
import type { OrderLine, PostalAddress, ShopperDetails, StartPaymentInput } from '../payments/port';
import { METHOD_PROVIDER, gatewayOf, isProviderId, maybeGatewayOf } from '../payments/providers';
import { startFieldsSchema } from '../payments/start-fields';
import { confirmOrdersLater } from '../orders/confirmation';
import { access, answerOf, gatewayFailure, pagesFor, withQuery, type Access } from './payments';
import { describe } from '../http/openapi-meta';

const orderNumber = z.string().regex(ORDER_NUMBER_PATTERN, 'an order number');
const hash = z.string().regex(/^[0-9a-f]{32}$/, 'a payment link').optional();

/** The gateway method the scope's orders were placed with; the card provider's own form has its own calls (worker/api/payments.ts). */
export function gatewayMethodOf(who: Access): GatewayMethod {
  const method = who.scope.orders[0]!.payment_method;
  if (!isGatewayMethod(method) || (CARD_PROVIDER_METHODS as readonly string[]).includes(method)) throw appError('paymentNotAvailable');
  return method;
}

function postalAddress(address: Record<string, unknown> | null | undefined): PostalAddress | undefined {
  if (!address || typeof address['address'] !== 'string') return undefined;
  const street = [address['address'], address['streetNumber']].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return { street, postalCode: String(address['postalCode'] ?? ''), city: String(address['city'] ?? ''), country: String(address['countryIso'] ?? '') };
}

/** The shopper and the lines of the scope's orders, for the providers that need them. */
async function orderFacts(c: AppContext, who: Access): Promise<{ shopper: ShopperDetails; lines: OrderLine[]; paymentOption: string | null }> {
  const numbers = who.scope.orders.map((o) => o.order_number);
  const marks = numbers.map(() => '?').join(', ');
  const [userRows, orderRows, lineRows] = await c.env.DB.batch([
    c.env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(who.userId),
    c.env.DB.prepare(`SELECT shipping_address, billing_address, payment_option FROM orders WHERE order_number = ?`).bind(numbers[0]),
    c.env.DB.prepare(`SELECT article_id, name, qty, unit_price FROM order_lines WHERE order_number IN (${marks}) ORDER BY order_number, id`).bind(...numbers),
  ]);
  const email = (userRows!.results as { email: string }[])[0]?.email ?? '';
  const order = (orderRows!.results as { shipping_address: string; billing_address: string | null; payment_option: string | null }[])[0];
  const shipping = order ? (JSON.parse(order.shipping_address) as Record<string, unknown>) : {};
  const billing = order?.billing_address ? (JSON.parse(order.billing_address) as Record<string, unknown>) : null;
  const named = typeof billing?.['name'] === 'string' ? billing : shipping;
  const phone = [named['phone'], shipping['phone']].find((value): value is string => typeof value === 'string' && value !== '');
  const documentId = [billing?.['nif'], billing?.['documentId']].find((value): value is string => typeof value === 'string' && value !== '');
  return {
    shopper: {
      firstName: String(named['name'] ?? ''),
      lastName: String(named['surname'] ?? ''),
      email,
      ...(phone ? { phone } : {}),
      ...(documentId ? { documentId } : {}),
      billingAddress: postalAddress(billing),
      shippingAddress: postalAddress(shipping),
    },
    lines: (lineRows!.results as { article_id: number; name: string; qty: number; unit_price: number }[]).map((line) => ({ articleId: line.article_id, name: line.name, qty: line.qty, unitPrice: line.unit_price })),
    paymentOption: order?.payment_option ?? null,
  };
}

/** Starts the payment of `who`'s orders at their method's provider with the fields the browser sent (already checked). */
export async function startGatewayPayment(c: AppContext, who: Access, fields: Record<string, unknown>): Promise<PaymentAnswer> {
  const method = gatewayMethodOf(who);
  const provider = METHOD_PROVIDER[method];
  const gateway = gatewayOf(c.env, provider);
  const origin = new URL(c.req.url).origin;
  const first = who.scope.orders[0]!.order_number;
  const back = origin + withQuery(href('securePayment', c.var.language, c.var.channel), { orderId: first, provider, hash: who.hash });
  const { shopper, lines, paymentOption } = await orderFacts(c, who);
  const request: Omit<StartPaymentInput, 'reference' | 'attempt' | 'amount'> = {
    // The option chosen when placing (Oney's variant), unless the page sent another.
    paymentMethod: { type: method, ...(paymentOption ? { variant: paymentOption } : {}), ...fields },
    returnUrl: back,
    cancelUrl: `${back}&cancelled=1`,
    notificationUrl: `${origin}/api/paymentGateway/${provider}/notification`,
    shopper,
    lines,
    origin,
    shopperLocale: c.var.language.replace('_', '-'),
    countryCode: c.var.channel.id,
    shopperIP: c.req.header('CF-Connecting-IP') ?? undefined,
  };
  const outcome = await startPayment(c.env.DB, gateway, {
    scope: who.scope,
    method,
    hash: await requestHash({ method, fields }),
    currency: c.var.channel.currency,
    request,
    pages: pagesFor(c, who),
    now: c.var.now.getTime(),
    confirmed: (numbers) => confirmOrdersLater(c, numbers),
  }).catch(gatewayFailure);
  c.header('Cache-Control', 'private, no-store');
  return answerOf(outcome);
}

/** The payment of `who`'s orders as it stands, asked of the provider while it waits. */
export async function gatewayPaymentStatus(c: AppContext, who: Access): Promise<PaymentAnswer> {
  const method = who.scope.orders[0]!.payment_method;
  const gateway = isGatewayMethod(method) ? maybeGatewayOf(c.env, METHOD_PROVIDER[method]) : undefined;
  const outcome = await refreshStatus(c.env.DB, gateway, who.scope, pagesFor(c, who), c.var.now.getTime(), (numbers) => confirmOrdersLater(c, numbers)).catch(gatewayFailure);
  c.header('Cache-Control', 'private, no-store');
  return answerOf(outcome);
}

/** What a provider's return page carried: its query, bounded (no provider sends more than a handful of short values). */
const returnParams = z.record(z.string().max(64), z.string().max(8000)).refine((value) => Object.keys(value).length <= 20, 'at most 20 values');

export const gatewayPaymentsApi = new Hono<AppEnv>()
  .post('/orders/payment/gateway/start', describe({ summary: 'Start a payment at a redirect gateway (PayPal, Redsys, Inespay\u2026)', security: 'optionalSession', errors: ['invalidRequest', 'notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'paymentNotAvailable', 'unauthorized'] }), validate('query', z.object({ orderId: orderNumber })), validate('json', z.object({ hash, fields: z.record(z.string(), z.unknown()).default({}) }).strict()), async (c) => {
    const body = c.req.valid('json');
    const who = await access(c, c.req.valid('query').orderId, body.hash);
    const fields = startFieldsSchema(gatewayMethodOf(who)).safeParse(body.fields);
    if (!fields.success) throw appError('invalidRequest', { target: 'json', issues: fields.error.issues.map((issue) => ({ path: ['fields', ...issue.path].join('.'), message: issue.message })) });
    return c.json(okEnvelope(await startGatewayPayment(c, who, fields.data)));
  })
  .post('/orders/payment/gateway/return', describe({ summary: 'Return from a payment gateway: confirm the payment', security: 'optionalSession', errors: ['invalidRequest', 'notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'paymentNotAvailable', 'unauthorized'] }), validate('json', z.object({ orderId: orderNumber, provider: z.string().max(20), params: returnParams, hash }).strict()), async (c) => {
    const { orderId, provider, params, hash: linkHash } = c.req.valid('json');
    const who = await access(c, orderId, linkHash);
    const method = gatewayMethodOf(who);
    // The page's provider must be the order's: a return cannot be replayed against another provider.
    if (!isProviderId(provider) || METHOD_PROVIDER[method] !== provider) throw appError('invalidRequest', { target: 'json', issues: [{ path: 'provider', message: 'not the provider of this order' }] });
    const gateway = gatewayOf(c.env, provider);
    const pages = pagesFor(c, who);
    c.header('Cache-Control', 'private, no-store');
    if (params['cancelled'] === '1') return c.json(okEnvelope(answerOf(await abandonAttempt(c.env.DB, gateway, who.scope, pages, c.var.now.getTime()))));
    const outcome = await submitDetails(c.env.DB, gateway, { scope: who.scope, details: params, pages, now: c.var.now.getTime(), confirmed: (numbers) => confirmOrdersLater(c, numbers) }).catch(gatewayFailure);
    // Back with nothing to confirm (the attempt was settled meanwhile, or never waited): how it stands.
    if (outcome.kind === 'no_attempt') return c.json(okEnvelope(await gatewayPaymentStatus(c, who)));
    return c.json(okEnvelope(answerOf(outcome)));
  })
  .get('/orders/payment/gateway/status', describe({ summary: 'The status of a gateway payment', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentInProgress', 'unauthorized'] }), validate('query', z.object({ orderId: orderNumber, hash })), async (c) => {
    const { orderId, hash: linkHash } = c.req.valid('query');
    return c.json(okEnvelope(await gatewayPaymentStatus(c, await access(c, orderId, linkHash))));
  });
