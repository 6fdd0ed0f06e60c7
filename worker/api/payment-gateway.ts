/**
 * Provider notifications (spec §7: /api/paymentGateway/{provider}/notification). Adyen's
 * standard notifications: every item's HMAC is checked before anything is stored (one bad item
 * refuses the whole delivery, 401, nothing stored); the events are then stored and applied once
 * (worker/payments/events.ts) and the answer is `[accepted]`, which stops Adyen's retries.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { validate } from '../http/validate';
import { sha256, timingSafeEqual } from '../identity/crypto';
import { adyenNotificationSchema, verifyParsedNotification } from '../payments/adyen/client';
import { adyenConfig } from '../payments/adyen/config';
import { confirmOrdersLater } from '../orders/confirmation';
import { receiveEvents } from '../payments/events';

/** Far above a real notification (a handful of items); refuses anything bigger before parsing it. */
const MAX_NOTIFICATION_BYTES = 256 * 1024;
const encoder = new TextEncoder();

async function basicAuthMatches(header: string | undefined, expected: string): Promise<boolean> {
  const given = /^Basic (\S+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  let decoded: string;
  try {
    decoded = atob(given);
  } catch {
    return false;
  }
  // Digests have one length, so the comparison time says nothing about the credentials.
  return timingSafeEqual(encoder.encode(await sha256(decoded)), encoder.encode(await sha256(expected)));
}

export const paymentGatewayApi = new Hono<AppEnv>().post(
  '/adyen/notification',
  bodyLimit({ maxSize: MAX_NOTIFICATION_BYTES, onError: () => { throw appError('payloadTooLarge'); } }),
  async (c, next) => {
    // Before the body is even read: an unconfigured store or a caller without the Basic credentials.
    const config = adyenConfig(c.env);
    if (!config) throw appError('paymentGatewayNotConfigured');
    if (config.notificationBasicAuth && !(await basicAuthMatches(c.req.header('Authorization'), config.notificationBasicAuth))) throw appError('paymentNotificationInvalid');
    await next();
  },
  validate('json', adyenNotificationSchema),
  async (c) => {
    const events = await verifyParsedNotification(adyenConfig(c.env)!.hmacKey, c.req.valid('json'));
    if (!events) throw appError('paymentNotificationInvalid');
    // An AUTHORISATION that confirms card orders sends their confirmation e-mail, after the answer.
    await receiveEvents(c.env.DB, events, Date.now(), (numbers) => confirmOrdersLater(c, numbers));
    return c.text('[accepted]', 200);
  },
);
