/** /api/users: visitor sessions now; sign-up, login and user info come with the identity work. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { validate } from '../http/validate';

/** How long the server keeps a visitor session after its last report. */
export const VISITOR_SESSION_TTL_S = 30 * 60;

const visitorSessionBody = z
  .object({
    visitorId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'a visitor id of 8 to 64 letters, digits or hyphens'),
    adBlock: z.boolean(),
  })
  .strict();

export const users = new Hono<AppEnv>().post('/tracking/session', validate('json', visitorSessionBody), async (c) => {
  const { visitorId, adBlock } = c.req.valid('json');
  const expiresAt = new Date(c.var.now.getTime() + VISITOR_SESSION_TTL_S * 1000);
  await c.env.SESSIONS.put(`visitor:${visitorId}`, JSON.stringify({ adBlock, channel: c.var.channel.id, seenAt: c.var.now.toISOString() }), {
    expirationTtl: VISITOR_SESSION_TTL_S,
  });
  return c.json(okEnvelope({ visitorId, expiresAt: expiresAt.toISOString() }));
});
