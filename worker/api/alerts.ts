/**
 * `POST /alerts/sendTeamsAlert` (spec §7): the browser reports that a cart answer failed the
 * product-cost check (client/cart/consistency.ts). The report names only the kind of check; the
 * server runs the check itself on the caller's own cart (worker/domain/checkout/cost-check.ts)
 * and sends the internal team alert only when it finds the mismatch, with the text it wrote
 * from that cart. A report whose condition the server does not find sends nothing and leaves the
 * per-kind throttle (600 s) alone, so no browser can fill the channel or hold the window that a
 * real alert needs. Mounted at /alerts, outside /api as the spec's path is, with the same
 * same-origin check and §7 envelopes.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { sendTeamAlert } from '../alerts/team-alert';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { sameOriginOnly } from '../http/same-origin';
import { callerCart, readCart } from '../cart/service';
import { validate } from '../http/validate';
import { costMismatch, mismatchAlert, type CostCheckedCart } from '../domain/checkout/cost-check';

/** Only conditions the server can check are reported; free text is refused (strict). */
const alertBody = z.object({ kind: z.literal('product-cost-mismatch').default('product-cost-mismatch') }).strict();

/** How the endpoint reads the caller's cart (the cart view; replaceable in tests). */
export type CartReader = (c: AppContext, cartId: string) => Promise<CostCheckedCart>;

export function createAlertsApi(read: CartReader = (c, cartId) => readCart(c, cartId)) {
  const app = new Hono<AppEnv>().use('*', sameOriginOnly).post('/sendTeamsAlert', validate('json', alertBody), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { cartId, user } = await callerCart(c);
    const mismatch = costMismatch(await read(c, cartId));
    if (!mismatch) return c.json(okEnvelope({ sent: false, throttled: false, verified: false }));
    const reporter = `Verified on the server from the cart of ${user ? `customer ${user.id}` : 'an anonymous visitor'}.`;
    const outcome = await sendTeamAlert(c, mismatchAlert(mismatch, reporter));
    return c.json(okEnvelope({ ...outcome, verified: true }));
  });
  // Any other path or method here is the 404 envelope, never a page.
  app.all('*', () => {
    throw appError('notFound');
  });
  return app;
}

export const alerts = createAlertsApi();

export type AlertsApiType = typeof alerts;
