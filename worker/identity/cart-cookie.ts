/**
 * The anonymous visitor's cart id: a random id (the CartDO's name) kept in an HttpOnly cookie,
 * sealed with AES-GCM so it can be neither read nor forged. The same sealed form is the
 * `encryptedCartId` of user info. A signed-in user's cart is the one on their account.
 *
 * A sealed id says what it is for, and only one kind is ever accepted: `a.<cartId>.<expires>`,
 * an anonymous cart, read back from the cart cookie until it expires (30 days, the cookie's
 * life). A signed-in user's `encryptedCartId` is `u.<cartId>.<hashId>.<auth epoch>.<expires>`
 * (one hour): no call takes it as a cart, so copied into another browser's cookie it gives that
 * browser a new, empty cart, and signing in there moves nothing out of the account.
 */
import { getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../http/context';
import { seal, unseal } from './crypto';
import { cookieOptions, secureCookies, type UserRow } from './session';

export const CART_COOKIE_TTL_S = 30 * 24 * 60 * 60;
/** How long a signed-in user's encryptedCartId is good for (it is informative only). */
const ACCOUNT_CART_TOKEN_TTL_S = 60 * 60;

export function cartCookieName(secure: boolean): string {
  return secure ? '__Host-ampora_cart' : 'ampora_cart';
}

export function newCartId(): string {
  return crypto.randomUUID();
}

const CART_ID = /^[0-9a-f-]{36}$/;

/** The sealed form of an anonymous cart id, good until `expiresAt` (ms). */
function sealAnonymousCart(c: AppContext, cartId: string, expiresAt: number): Promise<string> {
  return seal(c.env.AUTH_SECRET, 'cart-id', `a.${cartId}.${expiresAt}`);
}

/** A signed-in user's encryptedCartId: names the account's cart, is never accepted as a cart cookie. */
export function accountCartToken(c: AppContext, user: UserRow): Promise<string> {
  const expiresAt = c.var.now.getTime() + ACCOUNT_CART_TOKEN_TTL_S * 1000;
  return seal(c.env.AUTH_SECRET, 'cart-id', `u.${user.cartId}.${user.hashId}.${user.authEpoch}.${expiresAt}`);
}

/** The anonymous cart id a sealed id carries, when it is one, genuine and unexpired. */
export async function openAnonymousCart(c: AppContext, sealed: string): Promise<string | undefined> {
  const [kind, cartId, expires, extra] = (await unseal(c.env.AUTH_SECRET, 'cart-id', sealed))?.split('.') ?? [];
  const live = kind === 'a' && extra === undefined && Number(expires) > c.var.now.getTime();
  return live && cartId && CART_ID.test(cartId) ? cartId : undefined;
}

/** The anonymous cart of this browser, created (and its cookie set) when there is none. */
export async function anonymousCart(c: AppContext): Promise<{ cartId: string; encryptedCartId: string }> {
  const name = cartCookieName(secureCookies(c));
  const sealed = getCookie(c, name);
  const existing = sealed ? await openAnonymousCart(c, sealed) : undefined;
  if (existing && sealed) return { cartId: existing, encryptedCartId: sealed };
  const cartId = newCartId();
  const encryptedCartId = await sealAnonymousCart(c, cartId, c.var.now.getTime() + CART_COOKIE_TTL_S * 1000);
  setCookie(c, name, encryptedCartId, cookieOptions(c, CART_COOKIE_TTL_S));
  return { cartId, encryptedCartId };
}
