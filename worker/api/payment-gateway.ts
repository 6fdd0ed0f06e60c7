/**
 * Provider notifications (spec §7: /api/paymentGateway/{provider}/notification), one route for
 * every provider of worker/payments/providers.ts. The provider's adapter verifies the request by
 * its own scheme from the raw bytes (Adyen's HMAC, PayPal's verify-webhook-signature call, Redsys'
 * signed parameters, SIBS' AES-GCM, Aplazame's and the others' keys); one that does not verify is
 * refused with 401 and nothing is stored. The events are then stored and applied once
 * (worker/payments/events.ts), and the provider gets the answer it expects, which stops its retries.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { confirmOrdersLater } from '../orders/confirmation';
import { receiveEvents } from '../payments/events';
import { PROVIDERS, isProviderId } from '../payments/providers';
import { describe } from '../http/openapi-meta';

/** Far above a real notification (a handful of items); refuses anything bigger before parsing it. */
const MAX_NOTIFICATION_BYTES = 256 * 1024;

/** Whether every payment the events name is one we still take: known, and not cancelled or expired on our side. */
async function stillTaken(db: D1Database, pspReferences: string[]): Promise<boolean> {
  for (const psp of pspReferences) {
    const row = await db.prepare("SELECT p.state, (SELECT count(*) FROM payment_orders po JOIN orders o ON o.order_number = po.order_number WHERE po.reference = p.reference AND o.state = 'cancelled') AS cancelled FROM payments p WHERE p.psp_reference = ?").bind(psp).first<{ state: string; cancelled: number }>();
    if (!row || row.state === 'cancelled' || row.state === 'expired' || row.cancelled > 0) return false;
  }
  return true;
}

export const paymentGatewayApi = new Hono<AppEnv>().post(
  '/:provider/notification', describe({ summary: "A payment provider's notification (webhook)", errors: ['notFound', 'paymentGatewayNotConfigured', 'paymentNotificationInvalid'] }),
  bodyLimit({ maxSize: MAX_NOTIFICATION_BYTES, onError: () => { throw appError('payloadTooLarge'); } }),
  async (c) => {
    const provider = c.req.param('provider');
    if (!isProviderId(provider)) throw appError('notFound');
    const receiver = PROVIDERS[provider].notifications(c.env);
    if (!receiver) throw appError('paymentGatewayNotConfigured');
    const notification = await receiver.receive({ method: c.req.method, url: c.req.url, headers: c.req.raw.headers, body: await c.req.text() });
    if (!notification) throw appError('paymentNotificationInvalid');
    // A payment's confirmation that confirms orders sends their confirmation e-mail, after the answer.
    await receiveEvents(c.env.DB, notification.events, Date.now(), (numbers) => confirmOrdersLater(c, numbers));
    const accepted = await stillTaken(c.env.DB, [...new Set(notification.events.map((event) => event.originalReference || event.pspReference))]);
    const reply = notification.reply(accepted);
    return c.body(reply.body, reply.status as 200, { 'Content-Type': reply.contentType });
  },
);
