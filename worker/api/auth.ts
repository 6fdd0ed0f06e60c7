/**
 * Sign-up, confirmation, login (with two-factor), logout, password recovery and reset, under
 * /api/users. Sign-up and recovery answer the same whether or not the e-mail has an account, in
 * the same time: the answer waits only for the input checks and the rate limits, and everything
 * that depends on the account (looking it up, hashing, writing, e-mailing) happens after it
 * (waitUntil). Login answers the same for an unknown e-mail as for a wrong password, after the
 * same hashing work. While an account is under attack (past its login limit), a browser that has
 * not signed in to it before gets the two-step challenge whether or not the password was right,
 * and only the owner, with the right password, receives a code.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { safeNext } from '../../client/safe-next';
import { href, type RouteId, type RouteParams } from '../../client/routes';
import { users } from '../db/schema';
import { passwordProblem } from '../domain/identity/password-rules';
import { sendLater } from '../email/provider';
import { alreadyRegisteredEmail, confirmAccountEmail, passwordResetEmail, twoFactorCodeEmail } from '../email/templates';
import type { AppContext, AppEnv } from '../http/context';
import { appError, ERRORS, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { createUser, findUserByEmail, findUserById, normalizeEmail } from '../identity/accounts';
import { consumeToken, issueToken, tokenOwner, TOKEN_TTL_MS } from '../identity/auth-tokens';
import { isKnownDevice, rememberDevice } from '../identity/known-device';
import { decoyPasswordHash, hashPassword, needsRehash, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from '../identity/password';
import { limitAttempt, resetAccountAttempts } from '../identity/rate-limit';
import { mergeAnonymousCart } from '../cart/service';
import { closeSession, openSession, type SessionRecord, type UserRow } from '../identity/session';
import { startChallenge, TWO_FACTOR_TTL_MS, verifyChallenge } from '../identity/two-factor';
import { userInfoResponse } from './user-info';
import { describe } from '../http/openapi-meta';

const email = z.email('a valid e-mail address').max(254);
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `at most ${PASSWORD_MAX_LENGTH} characters`);
const linkToken = z.string().min(1).max(100);

/** A link to a screen of the store on the request's channel and language. */
export function storeLink(c: AppContext, route: RouteId, params: RouteParams = {}, query = ''): string {
  return new URL(c.req.url).origin + href(route, c.var.language, c.var.channel, params) + query;
}

/**
 * Refuses a new password that is easy to guess for the owner of `email` (common, trivial, or
 * taken from the address): 400 PASSWORD_TOO_EASY, with the message on the field so forms show it
 * there.
 */
export function requireHardPassword(c: AppContext, password: string, email: string, field: string): void {
  if (passwordProblem(password, email) === null) return;
  throw appError('passwordTooEasy', { target: 'json', issues: [{ path: field, message: c.var.i18n._(ERRORS.passwordTooEasy.message) }] });
}

/** Runs `work` after the answer has gone out; a failure is logged (the answer was already the same for everyone). */
function afterAnswer(c: AppContext, label: string, work: () => Promise<void>): void {
  c.executionCtx.waitUntil(work().catch((error: unknown) => console.error(label, error)));
}

async function rehashIfNeeded(c: AppContext, user: UserRow, password: string) {
  if (needsRehash(user.passwordHash)) await c.var.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
}

/**
 * Opens the session, brings the browser's anonymous basket into the account's, marks the browser
 * as one the user signs in from, and forgets the account's failed logins.
 */
async function signIn(c: AppContext, user: UserRow, via: SessionRecord['via']) {
  await openSession(c, user, via);
  await mergeAnonymousCart(c, user);
  await Promise.all([rememberDevice(c, user), resetAccountAttempts(c, 'login', user.email)]);
}

/**
 * The 2FA-required marker (spec §5): a challenge for `user`, whose code is e-mailed, or a decoy
 * (null) that answers the same and that no code opens.
 */
async function challengeAnswer(c: AppContext, user: UserRow | null, protection = false) {
  const { temporalToken, code } = await startChallenge(c.var.db, user?.id ?? null, c.var.now);
  if (user) sendLater(c, twoFactorCodeEmail(user.email, c.var.i18n, code, TWO_FACTOR_TTL_MS / 60_000));
  // `protection`: asked because the account is under attack, real or decoy alike, so the form can
  // say truthfully that a code comes only if the password was right (it tells nothing more).
  return c.json(okEnvelope({ twoFactorRequired: true as const, temporalToken, protection }));
}

type SignupBody = { email: string; password: string; next?: string };

/** Sign-up's work once the answer is out: an account and a confirmation link, or a notice to the owner. */
async function register(c: AppContext, body: SignupBody): Promise<void> {
  const { db, i18n } = c.var;
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(db, body.email);
  if (existing?.emailVerifiedAt) {
    sendLater(c, alreadyRegisteredEmail(existing.email, i18n, storeLink(c, 'login'), storeLink(c, 'recoveryPassword')));
    return;
  }
  // An unconfirmed account takes the latest password: only the mailbox owner can confirm it.
  if (existing) await db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
  const user = existing ?? (await createUser(db, { email: body.email, passwordHash, channel: c.var.channel.id, language: c.var.language, now: c.var.now }));
  const token = await issueToken(db, user.id, 'confirm-email', c.var.now);
  // The link brings the person back to where they were going (a path of this site only).
  const next = safeNext(body.next, '');
  const query = `?confirm=${token}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  sendLater(c, confirmAccountEmail(user.email, i18n, storeLink(c, 'signup', {}, query), TOKEN_TTL_MS['confirm-email'] / 3_600_000));
}

/** Recovery's work once the answer is out: a reset link when the address has an account. */
async function sendResetLink(c: AppContext, address: string): Promise<void> {
  const user = await findUserByEmail(c.var.db, address);
  if (!user) return;
  const token = await issueToken(c.var.db, user.id, 'reset-password', c.var.now);
  sendLater(c, passwordResetEmail(user.email, c.var.i18n, storeLink(c, 'newPassword', { token }), TOKEN_TTL_MS['reset-password'] / 60_000));
}

export const auth = new Hono<AppEnv>()
  .post('/signup', describe({ summary: 'Sign up with e-mail and password', errors: ['passwordTooEasy', 'tooManyAttempts'] }), validate('json', z.object({ email, password: newPassword, acceptTerms: z.literal(true, 'the terms must be accepted'), next: z.string().max(500).optional() })), async (c) => {
    const body = c.req.valid('json');
    requireHardPassword(c, body.password, body.email, 'password');
    await limitAttempt(c, 'signup', normalizeEmail(body.email));
    afterAnswer(c, 'Sign-up failed', () => register(c, body));
    return c.json(okEnvelope({ status: 'check-email' as const }), 202);
  })
  .post('/signup/confirm', describe({ summary: 'Confirm the e-mail address of a new account', errors: ['invalidLink'] }), validate('json', z.object({ token: linkToken })), async (c) => {
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
  .post('/login', describe({ summary: 'Sign in with e-mail and password', errors: ['emailNotConfirmed', 'invalidCredentials', 'tooManyAttempts'] }), validate('json', z.object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })), async (c) => {
    const body = c.req.valid('json');
    const { accountPastLimit } = await limitAttempt(c, 'login', normalizeEmail(body.email));
    const user = await findUserByEmail(c.var.db, body.email);
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
    const genuine = user && valid ? user : null;
    // Someone is guessing this account's password: a browser that has not signed in to it before
    // must also show it holds the mailbox. The answer is the challenge whether or not the password
    // was right, so the guesses teach nothing, and the owner is never turned away.
    if (accountPastLimit && !(user && (await isKnownDevice(c, user)))) return challengeAnswer(c, genuine?.emailVerifiedAt ? genuine : null, true);
    if (!genuine) throw appError('invalidCredentials');
    if (!genuine.emailVerifiedAt) throw appError('emailNotConfirmed');
    await rehashIfNeeded(c, genuine, body.password);
    if (genuine.twoFactorEnabled) return challengeAnswer(c, genuine);
    await signIn(c, genuine, 'password');
    return userInfoResponse(c, { twoFactorRequired: false });
  })
  .post('/login/two-factor', describe({ summary: 'Sign in: the second step with the e-mailed code', errors: ['tooManyAttempts', 'twoFactorInvalidCode', 'twoFactorInvalidToken', 'twoFactorTooManyAttempts'] }), validate('json', z.object({ temporalToken: linkToken, code: z.string().trim().max(12) })), async (c) => {
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
  .post('/logout', describe({ summary: 'Sign out' }), async (c) => {
    await closeSession(c);
    return c.json(okEnvelope({ isLoggedIn: false }));
  })
  .post('/password/recovery', describe({ summary: 'Ask for a password reset link', errors: ['tooManyAttempts'] }), validate('json', z.object({ email })), async (c) => {
    const address = normalizeEmail(c.req.valid('json').email);
    await limitAttempt(c, 'recovery', address);
    afterAnswer(c, 'Password recovery failed', () => sendResetLink(c, address));
    return c.json(okEnvelope({ status: 'sent' as const }), 202);
  })
  .post('/password/reset', describe({ summary: 'Set a new password with a reset link', errors: ['invalidLink', 'passwordTooEasy'] }), validate('json', z.object({ token: linkToken, password: newPassword })), async (c) => {
    const body = c.req.valid('json');
    // The password is judged against the account's address before the link is used up, so a
    // refused password leaves the link working.
    const owner = await tokenOwner(c.var.db, body.token, 'reset-password', c.var.now);
    const holder = owner === undefined ? undefined : await findUserById(c.var.db, owner);
    if (!holder) throw appError('invalidLink');
    requireHardPassword(c, body.password, holder.email, 'password');
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
