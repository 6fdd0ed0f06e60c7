/**
 * The browser's copy of the cart (spec §4, §5, §9). After every cart answer the browser keeps
 * `{ idCart, savedAt, expiresAt, cart }` in local storage; a later read may use it instead of
 * asking the server, but only for the same cart id and for 5 minutes (COPY_VALIDITY_MS). When
 * the server reports an out-of-stock change or a cart error, a "forced cart-from-server" flag
 * (86,400 s) makes every read go to the server while it lasts. Without local storage (private
 * modes, blocked storage) nothing is kept and every read goes to the server.
 *
 * The decisions are pure functions of the stored text and a clock; the wrappers below them only
 * read and write storage.
 */
import { browserStorage } from '../storage';
import { api, unwrap } from '../api';
import type { CartViewData } from './api';

export const CART_COPY_KEY = 'ampora.cart.copy';
export const FORCED_FROM_SERVER_KEY = 'ampora.cart.fromServerUntil';

/**
 * How long a saved copy may stand in for the server (ours; the spec gives none): long enough to
 * spare the reads of going back and forth between checkout pages, short enough that the prices
 * and stock a shopper sees are recent. Every page that matters for money reads the server anyway.
 */
export const COPY_VALIDITY_MS = 5 * 60_000;

/** Spec §9: the forced cart-from-server flag lasts 86,400 s. */
export const FORCED_FROM_SERVER_MS = 86_400 * 1000;

export interface CartCopy {
  idCart: string;
  /** Epoch milliseconds. */
  savedAt: number;
  expiresAt: number;
  cart: CartViewData;
}

export function makeCopy(cart: CartViewData, now: number): CartCopy {
  return { idCart: cart.idCart, savedAt: now, expiresAt: now + COPY_VALIDITY_MS, cart };
}

/** The stored copy if it is well formed, else undefined. */
export function parseCopy(raw: string | null): CartCopy | undefined {
  if (!raw) return undefined;
  try {
    const copy = JSON.parse(raw) as Partial<CartCopy> | null;
    if (!copy || typeof copy.idCart !== 'string' || typeof copy.savedAt !== 'number' || typeof copy.expiresAt !== 'number') return undefined;
    if (!copy.cart || typeof copy.cart !== 'object' || copy.cart.idCart !== copy.idCart || !Array.isArray(copy.cart.articles)) return undefined;
    return copy as CartCopy;
  } catch {
    return undefined;
  }
}

/** Whether the forced cart-from-server flag (its stored "until" time) is in force at `now`. */
export function isForcedFromServer(raw: string | null, now: number): boolean {
  const until = Number(raw);
  return raw !== null && raw !== '' && Number.isFinite(until) && now < until;
}

/**
 * The cart to show without asking the server, or undefined when the server must be asked: no
 * copy, a copy of another cart, an expired copy (or one saved "in the future" by a clock that
 * moved back), or the forced flag in force.
 */
export function usableCopy(copyRaw: string | null, forcedRaw: string | null, idCart: string, now: number): CartViewData | undefined {
  if (isForcedFromServer(forcedRaw, now)) return undefined;
  const copy = parseCopy(copyRaw);
  if (!copy || copy.idCart !== idCart) return undefined;
  return copy.savedAt <= now && now < copy.expiresAt ? copy.cart : undefined;
}

/** Whether an answer tells that the cart changed under the shopper: an out-of-stock change. */
export function answerForcesServer(cart: Pick<CartViewData, 'outOfStock'>): boolean {
  return cart.outOfStock !== null && cart.outOfStock !== undefined;
}

/** Whether a failed cart call is a cart error from the server (the spec §8 cart and checkout codes, 1100–1199). */
export function isCartFailure(failure: unknown): boolean {
  const code = (failure as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'number' && code >= 1100 && code <= 1199;
}

// ----- storage wrappers --------------------------------------------------------------------


function write(store: Storage | undefined, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Quota full or storage revoked since the probe: the copy is only an optimisation.
  }
}

export function saveCartCopy(cart: CartViewData, now = Date.now(), store = browserStorage()): void {
  write(store, CART_COPY_KEY, JSON.stringify(makeCopy(cart, now)));
}

/** Sets (or extends) the forced cart-from-server flag for 86,400 s from `now`. */
export function forceCartFromServer(now = Date.now(), store = browserStorage()): void {
  write(store, FORCED_FROM_SERVER_KEY, String(now + FORCED_FROM_SERVER_MS));
}

/** After every cart answer: keep the copy, and force server reads when the answer reports a stock change. */
export function rememberCartAnswer(cart: CartViewData, now = Date.now(), store = browserStorage()): void {
  saveCartCopy(cart, now, store);
  if (answerForcesServer(cart)) forceCartFromServer(now, store);
}

/** The saved cart for `idCart` if it may be used now; a copy that may not is removed. */
export function readCartCopy(idCart: string, now = Date.now(), store = browserStorage()): CartViewData | undefined {
  if (!store) return undefined;
  try {
    const raw = store.getItem(CART_COPY_KEY);
    const cart = usableCopy(raw, store.getItem(FORCED_FROM_SERVER_KEY), idCart, now);
    // A copy that is stale, of another cart or malformed is of no further use (a copy passed over
    // only because of the forced flag is left alone).
    if (!cart && raw !== null && !usableCopy(raw, null, idCart, now)) store.removeItem(CART_COPY_KEY);
    return cart;
  } catch {
    return undefined;
  }
}

/** The cart as the server has it now (spec §7 GET /api/checkout/orders/{id}/cart). */
export function serverCart(idCart: string): Promise<CartViewData> {
  return unwrap(api.checkout.orders[':id'].cart.$get({ param: { id: encodeURIComponent(idCart) }, query: {} }));
}

/** The cart for `idCart`: the local copy when it may be used, otherwise the server's (then kept). */
export async function loadCart(idCart: string, fetchCart: (idCart: string) => Promise<CartViewData> = serverCart, now = Date.now, store = browserStorage()): Promise<CartViewData> {
  const copy = readCartCopy(idCart, now(), store);
  if (copy) return copy;
  const cart = await fetchCart(idCart);
  rememberCartAnswer(cart, now(), store);
  return cart;
}
