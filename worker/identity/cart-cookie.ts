/**
 * The anonymous visitor's cart id: a random id (the CartDO's name) kept in an HttpOnly cookie,
 * sealed with AES-GCM so it can be neither read nor forged. The same sealed form is the
 * `encryptedCartId` of user info. A signed-in user's cart is the one on their account.
 */
import { getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../http/context';
import { seal, unseal } from './crypto';
import { cookieOptions, secureCookies } from './session';

export const CART_COOKIE_TTL_S = 30 * 24 * 60 * 60;

export function cartCookieName(secure: boolean): string {
  return secure ? '__Host-ampora_cart' : 'ampora_cart';
}

export function newCartId(): string {
  return crypto.randomUUID();
}

export function encryptCartId(c: AppContext, cartId: string): Promise<string> {
  return seal(c.env.AUTH_SECRET, 'cart-id', cartId);
}

export async function decryptCartId(c: AppContext, sealed: string): Promise<string | undefined> {
  const id = await unseal(c.env.AUTH_SECRET, 'cart-id', sealed);
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

/** The anonymous cart of this browser, created (and its cookie set) when there is none. */
export async function anonymousCart(c: AppContext): Promise<{ cartId: string; encryptedCartId: string }> {
  const name = cartCookieName(secureCookies(c));
  const sealed = getCookie(c, name);
  const existing = sealed ? await decryptCartId(c, sealed) : undefined;
  if (existing && sealed) return { cartId: existing, encryptedCartId: sealed };
  const cartId = newCartId();
  const encryptedCartId = await encryptCartId(c, cartId);
  setCookie(c, name, encryptedCartId, cookieOptions(c, CART_COOKIE_TTL_S));
  return { cartId, encryptedCartId };
}
