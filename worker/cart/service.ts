/**
 * The Worker's side of carts: which cart is the caller's (the signed-in user's, else the
 * browser's anonymous cart), the refusal of any other cart id, reading a cart with its current
 * catalogue facts, and merging the anonymous cart into the user's at sign-in.
 */
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppContext } from '../http/context';
import { appError, type ErrorName } from '../http/errors';
import { accountCartToken, anonymousCart, cartCookieName, openAnonymousCart } from '../identity/cart-cookie';
import { cookieOptions, currentUser, secureCookies, type UserRow } from '../identity/session';
import type { CartSnapshot } from './cart-do';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { readOne } from '../db/raw';
import { factsForOffers, type LineDetail } from './facts';
import type { ChannelId } from '../channel/channels';
import { quoteInstallation } from './installation';
import { covers, viewDataRead, viewNeeds, type ViewData } from './view-data';
import { CART_CODES, type CartCode } from './rules';
import { cartView, type CartNotice, type CartView, type OutOfStockInfo } from './view';

/** Readable hint with the basket's units, so the header shows the count on cached pages. */
export const CART_UNITS_COOKIE = 'ampora_cart_units';

const CODE_ERRORS: Record<CartCode, ErrorName | undefined> = {
  [CART_CODES.emptyCart]: 'cartEmpty',
  [CART_CODES.outOfStock]: 'cartOutOfStock',
  [CART_CODES.notInCart]: 'cartArticleNotInCart',
  [CART_CODES.refurbishedLimit]: 'cartRefurbishedLimit',
  [CART_CODES.noStockArticle]: 'cartNoStockArticle',
  [CART_CODES.tooManyLines]: 'cartTooManyLines',
  [CART_CODES.stockLimit]: undefined,
};

/** The catalogue error of a cart rule's refusal. */
export function cartError(code: CartCode) {
  return appError(CODE_ERRORS[code] ?? 'unknown');
}

export function cartStub(c: AppContext, cartId: string) {
  return c.env.CART.get(c.env.CART.idFromName(cartId));
}

/** The caller's cart id: the account's when signed in, else this browser's anonymous cart. */
export async function callerCart(c: AppContext): Promise<{ cartId: string; encryptedCartId: string; user: UserRow | null }> {
  const user = await currentUser(c);
  if (user) return { cartId: user.cartId, encryptedCartId: await accountCartToken(c, user), user };
  return { ...(await anonymousCart(c)), user: null };
}

/** The caller's cart when `id` names it; any other id is a 404 (the one answer for "not yours" and "none"). */
export async function ownCart(c: AppContext, id: string): Promise<string> {
  const { cartId } = await callerCart(c);
  if (id !== cartId) throw appError('notFound');
  return cartId;
}

export function rememberUnits(c: AppContext, units: number): void {
  setCookie(c, CART_UNITS_COOKIE, String(units), cookieOptions(c, 30 * 24 * 60 * 60, false));
}

/** What `readCart` may be given: the cart as a mutation left it, and what the mutation has to say. */
export interface ReadCartOptions {
  /** Bring the lines within stock first (1119 info). */
  recalculateStock?: boolean;
  /** The articles a mutation capped by stock: the 1139 notice names them. */
  limited?: readonly number[];
  /** The cart's object's answer to the mutation just made (its lines are not asked for again). */
  cart?: CartSnapshot;
  /** What the mutation read, in this request, for the view (./view-data.ts): used when it covers the lines. */
  read?: ViewData;
}

/** The cart as the client sees it; with `recalculateStock`, lines are first brought within stock (1119 info). */
export async function readCart(c: AppContext, cartId: string, options: ReadCartOptions = {}): Promise<CartView> {
  const stub = cartStub(c, cartId);
  let { lines, updatedAt } = options.cart ?? (await stub.snapshot());
  let outOfStock: OutOfStockInfo | null = null;
  const { db, channel, language } = c.var;
  const needs = viewNeeds(lines, { stockCheck: options.recalculateStock });
  const known = options.read && covers(options.read.needs, needs) ? options.read : undefined;
  const [{ details, facts, extras, elsewhere, catalogue, installations, provinces, covered }, user] = await Promise.all([known ?? readOne(db, viewDataRead(channel, language, needs)), currentUser(c)]);
  if (options.recalculateStock && facts) {
    const changes = await stub.reconcile([...facts.values()], c.var.now.getTime(), [...elsewhere.keys()]);
    ({ lines, updatedAt } = changes);
    if (changes.modified.length > 0 || changes.removed.length > 0) {
      const name = (articleId: number) => [...details.values()].find((d) => d.articleId === articleId)?.name ?? String(articleId);
      outOfStock = {
        modifiedArticles: changes.modified.map((m) => ({ idArticle: m.articleId, name: name(m.articleId), qty: m.qty })),
        removedArticles: changes.removed.map((r) => ({ idArticle: r.articleId, name: name(r.articleId) })),
        emptyCart: lines.length === 0,
      };
    }
  }
  const view = cartView({
    idCart: cartId,
    lines,
    details,
    extras,
    updatedAt,
    now: c.var.now,
    timeZone: CHANNEL_TIME_ZONES[channel.id],
    notices: limitNotice(options.limited ?? [], details),
    outOfStock,
    services: { ...catalogue, insuranceAllowed: !user?.isB2b, installations, countryIso: channel.country, provinces },
    elsewhere,
    countryOf: (id) => c.var.channels[id as ChannelId]?.country ?? id,
    covered,
  });
  rememberUnits(c, view.units);
  return view;
}

/** The stock-limit notice (1139) naming the capped articles, none when nothing was capped. */
function limitNotice(limited: readonly number[], details: ReadonlyMap<number, LineDetail>): CartNotice[] {
  if (limited.length === 0) return [];
  const names = [...details.values()].filter((d) => limited.includes(d.articleId)).map((d) => d.name);
  return [{ code: CART_CODES.stockLimit, articleNames: [...new Set(names)] }];
}

/**
 * At sign-in: the browser's anonymous cart joins the account's cart (each line within the
 * rules; lines that no longer fit are left out) and the anonymous cart is emptied and forgotten.
 */
export async function mergeAnonymousCart(c: AppContext, user: UserRow): Promise<void> {
  const name = cartCookieName(secureCookies(c));
  const sealed = getCookie(c, name);
  if (!sealed) return;
  deleteCookie(c, name, { path: '/', secure: secureCookies(c) });
  // Only a genuine anonymous cart joins the account: a sealed account cart (another user's
  // encryptedCartId put in the cookie) is not one, so nobody's lines move.
  const cartId = await openAnonymousCart(c, sealed);
  if (!cartId || cartId === user.cartId) return;
  const anonymous = cartStub(c, cartId);
  const all = await anonymous.lines();
  const lines = all.filter((l) => l.kind === 'article');
  if (lines.length > 0) {
    const facts = await factsForOffers(c.var.db, c.var.channel.id, lines.map((l) => l.offerId));
    const items = lines.flatMap((line) => {
      const fact = facts.get(line.offerId);
      // A gift card keeps its recipient.
      return fact ? [{ fact, qty: line.qty, details: line.details }] : [];
    });
    const account = cartStub(c, user.cartId);
    const merged = await account.absorb(items, c.var.now.getTime());
    // The services chosen come along with their articles (no extended insurance for business customers);
    // an installation keeps its postal code and is priced again on every read.
    for (const service of all.filter((l) => l.kind !== 'article' && l.serviceId !== null)) {
      if (service.kind === 'insurance' && user.isB2b) continue;
      const parent = merged.lines.find((l) => l.kind === 'article' && l.articleId === service.articleReference);
      if (parent) await account.attachService(parent.idLine, service.kind as Exclude<typeof service.kind, 'article'>, service.serviceId!, c.var.now.getTime(), service.postalCode);
    }
    await anonymous.clear(c.var.now.getTime());
    rememberUnits(c, await account.itemCount());
  }
}

/** A service to attach to an article line of the cart (the cart API's `services` body). */
export type ServiceRequest = { kind: 'insurance' | 'service'; serviceId: number } | { kind: 'installation'; serviceId: number; postalCode: string };

/**
 * An installation priced for the article at the postal code of the channel's country, or the
 * refusal: 38002 for a service the article cannot have here, 38001 where we do not install.
 * Asked before anything changes, so a refused installation leaves the cart as it was.
 */
export async function priceInstallation(c: AppContext, articleId: number, serviceId: number, postalCode: string): Promise<string> {
  const quote = await quoteInstallation(c.var.db, c.var.language, { serviceId, articleId, countryIso: c.var.channel.country, postalCode });
  if (!quote.ok) throw appError(quote.error, { idArticle: articleId, installationServiceId: serviceId, postalCode });
  return quote.postalCode;
}

/**
 * Attaches a service to an article line after checking the article may carry it: insurance
 * only for the store's own physical articles in the plan's band, never for business customers
 * (1173); extra services by category (other sellers' articles where the service allows it);
 * installation by category in the channel's country, priced at the postal code (38002, 38001),
 * for business customers too.
 */
export async function attachService(c: AppContext, cartId: string, view: CartView, idLine: number, request: ServiceRequest) {
  const { kind, serviceId } = request;
  const line = view.articles.find((a) => a.idLine === idLine && a.service === null);
  if (!line) throw cartError(CART_CODES.notInCart);
  let postal: string | null = null;
  if (request.kind === 'installation') {
    if (!line.installationOptions.some((o) => o.id === serviceId)) throw appError('installationServiceNotFound', { idLine, installationServiceId: serviceId });
    postal = await priceInstallation(c, line.idArticle, serviceId, request.postalCode);
  } else {
    if (kind === 'insurance' && (await currentUser(c))?.isB2b) throw appError('insuranceNotForBusiness');
    const options = kind === 'insurance' ? line.extendedInsurances : line.extraServices;
    if (!options.some((o) => o.id === serviceId)) throw appError('serviceNotAvailable', { idLine, kind, serviceId });
  }
  const result = await cartStub(c, cartId).attachService(idLine, kind, serviceId, c.var.now.getTime(), postal);
  if (!result.ok) throw cartError(result.code);
  return result;
}
