/**
 * /api/users: visitor sessions, user info, basic info, nick and pending reviews (spec §7), plus
 * the sign-in calls of ./auth.ts.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { users } from '../db/schema';
import { checkNick, type NickProblem } from '../domain/identity/nick';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope, type ErrorName } from '../http/errors';
import { validate } from '../http/validate';
import { pendingReviews } from '../identity/accounts';
import { currentUser, requireUser, signedInUser, type UserRow } from '../identity/session';
import { verifyReviewInvitation } from '../identity/signed-token';
import { auth } from './auth';
import { userInfoResponse } from './user-info';
import { describe } from '../http/openapi-meta';

/** How long the server keeps a visitor session after its last report. */
export const VISITOR_SESSION_TTL_S = 30 * 60;

const visitorSessionBody = z
  .object({
    visitorId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'a visitor id of 8 to 64 letters, digits or hyphens'),
    adBlock: z.boolean(),
  })
  .strict();

const invitationFields = { token: z.string().min(1).max(512).optional(), idArticle: z.coerce.number().int().positive().optional() };

const NICK_ERRORS: Record<NickProblem, ErrorName> = {
  tooShort: 'nickTooShort',
  tooLong: 'nickTooLong',
  specialCharacters: 'nickSpecialCharacters',
  notAvailable: 'nickNotAvailable',
};

/** The user a call acts for: the session's, or the one a review invitation names for its article. */
async function actingUser(c: AppContext, token: string | undefined, idArticle: number | undefined): Promise<{ user: UserRow; viaInvitation: boolean } | null> {
  if (token === undefined) {
    const user = await currentUser(c);
    return user ? { user, viaInvitation: false } : null;
  }
  const invitation = await verifyReviewInvitation(c.env.AUTH_SECRET, token, c.var.now);
  if (!invitation || (idArticle !== undefined && invitation.article !== idArticle)) throw appError('invalidLink');
  const [user] = await c.var.db.select().from(users).where(eq(users.hashId, invitation.user));
  if (!user) throw appError('invalidLink');
  return { user, viaInvitation: true };
}

/** "j•••@example.com": enough to recognise one's address in a link opened without signing in. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export const usersApi = new Hono<AppEnv>()
  .post('/tracking/session', describe({ summary: "Start or refresh the visitor's tracking session" }), validate('json', visitorSessionBody), async (c) => {
    const { visitorId, adBlock } = c.req.valid('json');
    const expiresAt = new Date(c.var.now.getTime() + VISITOR_SESSION_TTL_S * 1000);
    await c.env.SESSIONS.put(`visitor:${visitorId}`, JSON.stringify({ adBlock, channel: c.var.channel.id, seenAt: c.var.now.toISOString() }), {
      expirationTtl: VISITOR_SESSION_TTL_S,
    });
    return c.json(okEnvelope({ visitorId, expiresAt: expiresAt.toISOString() }));
  })
  .post('/info', describe({ summary: "The signed-in user's information" }), (c) => userInfoResponse(c))
  .get('/info/basic-info', describe({ summary: "The user's basic information (nick), also by review link token", errors: ['invalidLink'] }), validate('query', z.object(invitationFields)), async (c) => {
    const { token, idArticle } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    const acting = await actingUser(c, token, idArticle);
    if (!acting) return c.json(okEnvelope({ isLoggedIn: false, nick: null, hasNick: false, email: null }));
    const { user, viaInvitation } = acting;
    return c.json(okEnvelope({ isLoggedIn: !viaInvitation, nick: user.nick, hasNick: user.nick !== null, email: viaInvitation ? maskEmail(user.email) : user.email }));
  })
  .put('/info/update-nick', describe({ summary: 'Set the public nickname', security: 'optionalSession', errors: ['invalidLink', 'nickNotAvailable', 'nickSpecialCharacters', 'nickTooLong', 'nickTooShort', 'unauthorized'] }), validate('json', z.object({ nick: z.string().max(200), ...invitationFields })), async (c) => {
    const { nick, token, idArticle } = c.req.valid('json');
    const acting = await actingUser(c, token, idArticle);
    if (!acting) throw appError('unauthorized');
    const checked = checkNick(nick);
    if (!checked.ok) throw appError(NICK_ERRORS[checked.problem]);
    const [holder] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.nickKey, checked.key));
    if (holder && holder.id !== acting.user.id) throw appError('nickNotAvailable');
    try {
      await c.var.db.update(users).set({ nick: checked.nick, nickKey: checked.key }).where(eq(users.id, acting.user.id));
    } catch (error) {
      // Two people taking the same nick at once: the unique index lets one through.
      if (String(error).includes('UNIQUE')) throw appError('nickNotAvailable');
      throw error;
    }
    return c.json(okEnvelope({ nick: checked.nick }));
  })
  .get('/info/pending-reviews', describe({ summary: 'The purchases waiting for a review', security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    const user = signedInUser(c);
    const items = await pendingReviews(c.var.db, user.id, c.var.language);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ items: items.map((i) => ({ ...i, purchasedAt: new Date(i.purchasedAt).toISOString() })), total: items.length }));
  })
  .route('/', auth);
