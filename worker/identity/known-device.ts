/**
 * Browsers that have signed in to an account before (OWASP's "device cookie"). Every sign-in
 * leaves `__Host-ampora_device` (`ampora_device` on plain-http development), HttpOnly, 180 days:
 * `<user hashId>.<expiry ms>.<HMAC-SHA256>`. While someone is guessing an account's password
 * from elsewhere, the login lets such a browser in with the password alone and asks every other
 * browser for an e-mailed code (worker/api/auth.ts), so the owner is never locked out.
 */
import { getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../http/context';
import { hmacSign, hmacVerify } from './crypto';
import { cookieOptions, secureCookies, type UserRow } from './session';

const KNOWN_DEVICE_TTL_S = 180 * 24 * 60 * 60;

function knownDeviceCookieName(secure: boolean): string {
  return secure ? '__Host-ampora_device' : 'ampora_device';
}

/** Marks this browser as one the user signed in from. */
export async function rememberDevice(c: AppContext, user: UserRow): Promise<void> {
  const payload = `${user.hashId}.${c.var.now.getTime() + KNOWN_DEVICE_TTL_S * 1000}`;
  const value = `${payload}.${await hmacSign(c.env.AUTH_SECRET, 'known-device', payload)}`;
  setCookie(c, knownDeviceCookieName(secureCookies(c)), value, cookieOptions(c, KNOWN_DEVICE_TTL_S));
}

/** Whether this browser carries an unexpired, genuine mark for this user. */
export async function isKnownDevice(c: AppContext, user: UserRow): Promise<boolean> {
  const value = getCookie(c, knownDeviceCookieName(secureCookies(c)));
  const [hashId, expires, signature, extra] = value?.split('.') ?? [];
  if (hashId !== user.hashId || !expires || !signature || extra !== undefined || !(Number(expires) > c.var.now.getTime())) return false;
  return hmacVerify(c.env.AUTH_SECRET, 'known-device', `${hashId}.${expires}`, signature);
}
