/**
 * Sign-up, confirmation, login (with two-factor), logout, password recovery and reset, under
 * /api/users. Sign-up and recovery answer the same whether or not the e-mail has an account
 * (what differs is only the e-mail that person receives), and login answers the same for an
 * unknown e-mail as for a wrong password, after the same hashing work. E-mail goes out after
 * the answer (waitUntil) so its time does not tell either.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { safeNext } from '../../client/components/forms';
import { href, type RouteId, type RouteParams } from '../../client/routes';
import { users } from '../db/schema';
import { sendLater } from '../email/provider';
import { alreadyRegisteredEmail, confirmAccountEmail, passwordResetEmail, twoFactorCodeEmail } from '../email/templates';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { createUser, findUserByEmail, findUserById, normalizeEmail } from '../identity/accounts';
import { consumeToken, issueToken, TOKEN_TTL_MS } from '../identity/auth-tokens';
import { decoyPasswordHash, hashPassword, needsRehash, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from '../identity/password';
import { limitAttempt } from '../identity/rate-limit';
import { mergeAnonymousCart } from '../cart/service';
import { closeSession, openSession, type SessionRecord, type UserRow } from '../identity/session';
import { startChallenge, TWO_FACTOR_TTL_MS, verifyChallenge } from '../identity/two-factor';
import { userInfoResponse } from './user-info';

const email = z.email('a valid e-mail address').max(254);
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `at most ${PASSWORD_MAX_LENGTH} characters`);
const linkToken = z.string().min(1).max(100);

/** A link to a screen of the store on the request's channel and language. */
export function storeLink(c: AppContext, route: RouteId, params: RouteParams = {}, query = ''): string {
  return new URL(c.req.url).origin + href(route, c.var.language, c.var.channel, params) + query;
}

async function rehashIfNeeded(c: AppContext, user: UserRow, password: string) {
  if (needsRehash(user.passwordHash)) await c.var.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
}

/** Opens the session and brings the browser's anonymous basket into the account's. */
async function signIn(c: AppContext, user: UserRow, via: SessionRecord['via']) {
  await openSession(c, user, via);
  await mergeAnonymousCart(c, user);
}

export const auth = new Hono<AppEnv>()
  .post('/signup', validate('json', z.object({ email, password: newPassword, acceptTerms: z.literal(true, 'the terms must be accepted'), next: z.string().max(500).optional() })), async (c) => {
    const body = c.req.valid('json');
    await limitAttempt(c, 'signup', normalizeEmail(body.email));
    const passwordHash = await hashPassword(body.password);
    const existing = await findUserByEmail(c.var.db, body.email);
    const { i18n } = c.var;
    if (existing?.emailVerifiedAt) {
      sendLater(c, alreadyRegisteredEmail(existing.email, i18n, storeLink(c, 'login'), storeLink(c, 'recoveryPassword')));
    } else {
      // An unconfirmed account takes the latest password: only the mailbox owner can confirm it.
      if (existing) await c.var.db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
      const user = existing ?? (await createUser(c.var.db, { email: body.email, passwordHash, channel: c.var.channel.id, language: c.var.language, now: c.var.now }));
      const token = await issueToken(c.var.db, user.id, 'confirm-email', c.var.now);
      // The link brings the person back to where they were going (a path of this site only).
      const next = body.next && safeNext(body.next, '') ? `&next=${encodeURIComponent(body.next)}` : '';
      sendLater(c, confirmAccountEmail(user.email, i18n, storeLink(c, 'signup', {}, `?confirm=${token}${next}`), TOKEN_TTL_MS['confirm-email'] / 3_600_000));
    }
    return c.json(okEnvelope({ status: 'check-email' as const }), 202);
  })
  .post('/signup/confirm', validate('json', z.object({ token: linkToken })), async (c) => {
    const userId = await consumeToken(c.var.db, c.req.valid('json').token, 'confirm-email', c.var.now);
    if (userId === undefined) throw appError('invalidLink');
    const [user] = await c.var.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${c.var.now.getTime()})` })
      .where(eq(users.id, userId))
      .returning();
    await signIn(c, user!, 'confirmation');
    return userInfoResponse(c);
  })
  .post('/login', validate('json', z.object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })), async (c) => {
    const body = c.req.valid('json');
    await limitAttempt(c, 'login', normalizeEmail(body.email));
    const user = await findUserByEmail(c.var.db, body.email);
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!user || !valid) throw appError('invalidCredentials');
    if (!user.emailVerifiedAt) throw appError('emailNotConfirmed');
    await rehashIfNeeded(c, user, body.password);
    if (user.twoFactorEnabled) {
      const { temporalToken, code } = await startChallenge(c.var.db, user.id, c.var.now);
      sendLater(c, twoFactorCodeEmail(user.email, c.var.i18n, code, TWO_FACTOR_TTL_MS / 60_000));
      // The 2FA-required marker (spec §5): the browser asks for the code next.
      return c.json(okEnvelope({ twoFactorRequired: true as const, temporalToken }));
    }
    await signIn(c, user, 'password');
    return userInfoResponse(c, { twoFactorRequired: false });
  })
  .post('/login/two-factor', validate('json', z.object({ temporalToken: linkToken, code: z.string().trim().max(12) })), async (c) => {
    const body = c.req.valid('json');
    await limitAttempt(c, 'twoFactor');
    const result = await verifyChallenge(c.var.db, body.temporalToken, body.code, c.var.now);
    if (!result.ok) {
      throw appError(result.reason === 'invalidCode' ? 'twoFactorInvalidCode' : result.reason === 'invalidToken' ? 'twoFactorInvalidToken' : 'twoFactorTooManyAttempts');
    }
    const user = await findUserById(c.var.db, result.userId);
    if (!user) throw appError('twoFactorInvalidToken');
    await signIn(c, user, 'two-factor');
    return userInfoResponse(c, { twoFactorRequired: false });
  })
  .post('/logout', async (c) => {
    await closeSession(c);
    return c.json(okEnvelope({ isLoggedIn: false }));
  })
  .post('/password/recovery', validate('json', z.object({ email })), async (c) => {
    const address = normalizeEmail(c.req.valid('json').email);
    await limitAttempt(c, 'recovery', address);
    const user = await findUserByEmail(c.var.db, address);
    if (user) {
      const token = await issueToken(c.var.db, user.id, 'reset-password', c.var.now);
      sendLater(c, passwordResetEmail(user.email, c.var.i18n, storeLink(c, 'newPassword', { token }), TOKEN_TTL_MS['reset-password'] / 60_000));
    }
    return c.json(okEnvelope({ status: 'sent' as const }), 202);
  })
  .post('/password/reset', validate('json', z.object({ token: linkToken, password: newPassword })), async (c) => {
    const body = c.req.valid('json');
    const userId = await consumeToken(c.var.db, body.token, 'reset-password', c.var.now);
    if (userId === undefined) throw appError('invalidLink');
    // A new password ends every session (the epoch rises); the person holding the link signs in.
    const [user] = await c.var.db
      .update(users)
      .set({
        passwordHash: await hashPassword(body.password),
        authEpoch: sql`${users.authEpoch} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${c.var.now.getTime()})`,
      })
      .where(eq(users.id, userId))
      .returning();
    await signIn(c, user!, 'reset');
    return userInfoResponse(c);
  });
