/**
 * Sessions: a random 256-bit id in an HttpOnly cookie, and in KV (SESSIONS) under the SHA-256
 * of that id, so a read of the store never yields a usable cookie. The cookie is
 * `__Host-ampora_session` (Secure, Path=/, no Domain) everywhere except plain-http local
 * development, where browsers refuse Secure cookies and it is `ampora_session`. SameSite=Lax.
 * A session carries the user's auth epoch: a password change or reset raises the epoch, which
 * ends every older session at once. Each login, two-factor completion and reset opens a new
 * session id (the old one is deleted). A second, readable cookie `ampora_signed_in=1` tells the
 * page script that it is worth asking who is signed in; it carries no secret.
 */
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { users } from '../db/schema';
import type { AppContext, AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { randomToken, sha256 } from './crypto';

export type UserRow = typeof users.$inferSelect;

export const SESSION_TTL_S = 30 * 24 * 60 * 60;
export const SIGNED_IN_COOKIE = 'ampora_signed_in';

export interface SessionRecord {
  userId: number;
  epoch: number;
  createdAt: number;
  /** How the session was opened. */
  via: 'password' | 'two-factor' | 'confirmation' | 'reset' | 'password-change';
}

/** Secure cookies (and the __Host- prefix) everywhere but plain-http development. */
export function secureCookies(c: AppContext): boolean {
  return c.env.ENVIRONMENT !== 'development' || new URL(c.req.url).protocol === 'https:';
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-ampora_session' : 'ampora_session';
}

export function cookieOptions(c: AppContext, maxAge: number, httpOnly = true): CookieOptions {
  return { path: '/', httpOnly, secure: secureCookies(c), sameSite: 'Lax', maxAge };
}

const kvKey = (idHash: string) => `session:${idHash}`;

function sessionId(c: AppContext): string | undefined {
  const id = getCookie(c, sessionCookieName(secureCookies(c)));
  return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? id : undefined;
}

/** Ends the request's session, if any, in KV and in the browser. */
export async function closeSession(c: AppContext): Promise<void> {
  const id = sessionId(c);
  if (id) await c.env.SESSIONS.delete(kvKey(await sha256(id)));
  const secure = secureCookies(c);
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure });
  deleteCookie(c, SIGNED_IN_COOKIE, { path: '/', secure });
  c.set('user', null);
}

/** Opens a fresh session for the user (rotating away the request's current one). */
export async function openSession(c: AppContext, user: UserRow, via: SessionRecord['via']): Promise<void> {
  const previous = sessionId(c);
  if (previous) await c.env.SESSIONS.delete(kvKey(await sha256(previous)));
  const id = randomToken(32);
  const record: SessionRecord = { userId: user.id, epoch: user.authEpoch, createdAt: c.var.now.getTime(), via };
  await c.env.SESSIONS.put(kvKey(await sha256(id)), JSON.stringify(record), { expirationTtl: SESSION_TTL_S });
  const secure = secureCookies(c);
  setCookie(c, sessionCookieName(secure), id, cookieOptions(c, SESSION_TTL_S));
  setCookie(c, SIGNED_IN_COOKIE, '1', cookieOptions(c, SESSION_TTL_S, false));
  c.set('user', user);
}

/** The signed-in user of this request, or null; read once per request. */
export async function currentUser(c: AppContext): Promise<UserRow | null> {
  const known = c.get('user');
  if (known !== undefined) return known;
  let user: UserRow | null = null;
  const id = sessionId(c);
  if (id) {
    const record = await c.env.SESSIONS.get<SessionRecord>(kvKey(await sha256(id)), 'json');
    if (record) {
      const [row] = await c.var.db.select().from(users).where(eq(users.id, record.userId));
      user = row && row.authEpoch === record.epoch ? row : null;
    }
  }
  c.set('user', user);
  return user;
}

/** Refuses anonymous callers with the token-verification error (spec §6: the client goes to login). */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await currentUser(c))) throw appError('unauthorized');
  await next();
});

/** The signed-in user in a handler behind requireUser. */
export function signedInUser(c: AppContext): UserRow {
  const user = c.get('user');
  if (!user) throw appError('unauthorized');
  return user;
}
