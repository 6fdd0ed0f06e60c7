/**
 * The spec's own call for Aplazame (spec §7): `POST /api/orders/transaction/aplazame/init/{id}`
 * starts the payment of an order placed with Aplazame through the generic gateway start
 * (worker/api/gateway-payments.ts) and answers its PaymentAnswer, whose redirect action is
 * Aplazame's checkout page (shown in the gateway page's frame).
 *
 * Aplazame answering "try again later" (408, 429, 5xx, or no answer) is our 695102 (409): no
 * checkout was made, the attempt is over, and the browser tries once more after 1 s (spec §4).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { APLAZAME_RETRY_CODE } from '../payments/aplazame/client';
import { gatewayMethodOf, startGatewayPayment } from './gateway-payments';
import { access } from './payments';
import { describe } from '../http/openapi-meta';

export const aplazameApi = new Hono<AppEnv>().post(
  '/orders/transaction/aplazame/init/:id', describe({ summary: 'Start an Aplazame financing checkout', security: 'optionalSession', errors: ['aplazameNotReady', 'notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'paymentNotAvailable', 'unauthorized'] }),
  validate('param', z.object({ id: z.string().regex(ORDER_NUMBER_PATTERN, 'an order number') })),
  validate('json', z.object({ hash: z.string().regex(/^[0-9a-f]{32}$/, 'a payment link').optional() }).strict()),
  async (c) => {
    const who = await access(c, c.req.valid('param').id, c.req.valid('json').hash);
    if (gatewayMethodOf(who) !== 'aplazame') throw appError('paymentNotAvailable');
    const answer = await startGatewayPayment(c, who, {});
    if (answer.paymentResult === 'REJECTED_SYSTEM') {
      // The start recorded Aplazame's refusal on the attempt (worker/payments/attempts.ts recordFailure).
      const latest = await c.env.DB.prepare('SELECT refusal_reason FROM payments WHERE reference = ? ORDER BY attempt DESC LIMIT 1').bind(who.scope.reference).first<{ refusal_reason: string | null }>();
      if (latest?.refusal_reason === `validation ${APLAZAME_RETRY_CODE}`) throw appError('aplazameNotReady');
    }
    return c.json(okEnvelope(answer));
  },
);
