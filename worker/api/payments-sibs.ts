/**
 * The spec's own calls for MB WAY (spec §7), on the gateway payment calls of
 * worker/api/gateway-payments.ts (docs/payments-sibs.md):
 *
 * - POST /api/orders/payment/sibs/mbway/debit { orderId, phone, hash? }: the gateway start with the
 *   phone (a Portuguese mobile; anything else is 400 and nothing is claimed) → the PaymentAnswer,
 *   whose `await` action tells the browser to wait for the shopper's answer in the MB WAY app.
 * - GET /api/orders/payment/sibs/transaction/{orderId}[?hash=H]: the payment as it stands, asked of
 *   SIBS while it waits (the gateway page polls it every 2 s, spec §4 and §9; a Multibanco order's
 *   pages read it too).
 *
 * Both answer only the order's owner or its pay-later link (access()); another's order is a 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { START_FIELDS } from '../payments/start-fields';
import { gatewayMethodOf, gatewayPaymentStatus, startGatewayPayment } from './gateway-payments';
import { access } from './payments';
import { describe } from '../http/openapi-meta';

const orderNumber = z.string().regex(ORDER_NUMBER_PATTERN, 'an order number');
const hash = z.string().regex(/^[0-9a-f]{32}$/, 'a payment link').optional();

const debitBody = z.object({ orderId: orderNumber, phone: z.string().max(30), hash }).strict();

export const sibsApi = new Hono<AppEnv>()
  .post('/orders/payment/sibs/mbway/debit', describe({ summary: 'Request an MB WAY payment (SIBS)', security: 'optionalSession', errors: ['invalidRequest', 'notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'paymentNotAvailable', 'unauthorized'] }), validate('json', debitBody), async (c) => {
    const body = c.req.valid('json');
    // The phone is checked before anything else is read or claimed.
    const fields = START_FIELDS.mbway!.safeParse({ phone: body.phone });
    if (!fields.success) throw appError('invalidRequest', { target: 'json', issues: fields.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
    const who = await access(c, body.orderId, body.hash);
    if (gatewayMethodOf(who) !== 'mbway') throw appError('paymentNotAvailable');
    return c.json(okEnvelope(await startGatewayPayment(c, who, fields.data)));
  })
  .get('/orders/payment/sibs/transaction/:id', describe({ summary: 'The status of an MB WAY payment', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentInProgress', 'paymentNotAvailable', 'unauthorized'] }), validate('param', z.object({ id: orderNumber })), validate('query', z.object({ hash })), async (c) => {
    const who = await access(c, c.req.valid('param').id, c.req.valid('query').hash);
    const method = gatewayMethodOf(who);
    if (method !== 'mbway' && method !== 'multibanco') throw appError('paymentNotAvailable');
    return c.json(okEnvelope(await gatewayPaymentStatus(c, who)));
  });
