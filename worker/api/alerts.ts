/**
 * `POST /alerts/sendTeamsAlert` (spec §7): the browser reports an internal team alert (today the
 * product-cost mismatch of client/cart/consistency.ts) with a title and a text. Mounted at
 * /alerts, outside /api as the spec's path is, with the same same-origin check and §7 envelopes.
 * Anyone's browser can call it, so the text is unverified: the card says so and names who
 * reported it (the signed-in customer's id or an anonymous visitor, and the caller's cart) so the
 * team can weigh it, and the per-kind throttle (600 s) bounds it to one Teams message per kind
 * every 10 minutes.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { ALERT_KINDS, sendTeamAlert } from '../alerts/team-alert';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { sameOriginOnly } from '../http/same-origin';
import { callerCart } from '../cart/service';
import { validate } from '../http/validate';

const alertBody = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(4000),
  kind: z.enum(ALERT_KINDS).default('other'),
});

export const alerts = new Hono<AppEnv>().use('*', sameOriginOnly).post('/sendTeamsAlert', validate('json', alertBody), async (c) => {
  const alert = c.req.valid('json');
  const { cartId, user } = await callerCart(c);
  const reporter = `Reported by a browser, unverified: ${user ? `customer ${user.id}` : 'anonymous visitor'}, cart ${cartId}.`;
  const outcome = await sendTeamAlert(c, { ...alert, text: `${reporter}\n\n${alert.text}` });
  c.header('Cache-Control', 'no-store');
  return c.json(okEnvelope(outcome));
});

// Any other path or method here is the 404 envelope, never a page.
alerts.all('*', () => {
  throw appError('notFound');
});

export type AlertsApiType = typeof alerts;
