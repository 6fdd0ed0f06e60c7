/**
 * The one ownership check for user objects. A route that takes the id of something a user owns
 * (an address now; orders, cards, wishlists… later) loads it with `loadOwned`, which finds it
 * only among the caller's own rows: another user's id answers 404, exactly like an id that
 * does not exist, and nothing is touched.
 *
 * Each owned resource is also registered here with an example creation call and its routes.
 * tests/worker/ownership.test.ts signs in as two users, creates user A's objects through the
 * registered calls and tries every registered route with them as user B; it also fails when an
 * API route with an id parameter is neither registered here nor declared public. New routes
 * join the test by being registered, not by someone remembering to add a case.
 */
import { and, eq, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { appError } from '../http/errors';

export interface OwnedTable {
  table: SQLiteTable;
  id: Column;
  userId: Column;
}

/** The caller's row with that id, or the 404 error (the same answer for "not yours" and "none"). */
export async function loadOwned<T extends OwnedTable>(db: Db, owned: T, userId: number, id: number | string): Promise<T['table']['$inferSelect']> {
  const [row] = await db.select().from(owned.table).where(and(eq(owned.id, id), eq(owned.userId, userId))).limit(1);
  if (!row) throw appError('notFound');
  return row as T['table']['$inferSelect'];
}

export interface OwnedRoute {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  /** The full API path with `:id` for the object's id (a query string may follow). */
  path: string;
  /** A valid body for the call, so only ownership can refuse it; a whole string `":id"` (or a saved name) is filled in. */
  body?: unknown;
  /** False for a call whose success ends the object (placing the cart's order): user B only tries it. */
  ownerPass?: false;
}

export interface OwnedResourceRegistration {
  name: string;
  /**
   * Creates (or finds) one object for the signed-in user with a POST; its id is the answer's
   * `data[idField]` (default `id`; a dotted path such as `orders.0.orderNumber` reaches inside),
   * or, with `idFrom`, the field at that dotted path of a GET made after the creation (when the
   * creation's answer does not carry the id). `before` calls run first as the owner, each able
   * to `save` fields of its answer (placeholder name → dotted path) for later paths as `:name`
   * (placing an order needs a cart with a line). `prepare` calls then run as the owner with
   * `:id` filled in (adding a cart line, say). In bodies, the test replaces the string
   * ':articleId' with an article in stock; in paths, `:lineId` is the first line the prepare
   * calls created.
   */
  create: {
    path: string;
    body: unknown;
    idField?: string;
    idFrom?: { path: string; field: string };
    before?: { method: OwnedRoute['method']; path: string; body?: unknown; save?: Record<string, string> }[];
    prepare?: { method: OwnedRoute['method']; path: string; body?: unknown }[];
    /**
     * Order events staff would apply (prepare, ready_for_pickup, collect…), applied by the test
     * through transitionOrder to the order the `before` calls saved as `orderNumber`, before the
     * creation (a case or a return needs a delivered order); the order's first line id is then
     * saved as `orderLineId`. Saved names also fill `":name"` strings in the creation's body.
     */
    orderEvents?: string[];
    /** Fixed placeholder values for paths and bodies (an id no call of the test creates). */
    values?: Record<string, string | number>;
  };
  /** Reads the signed-in user's object(s) (to see that nothing changed); may hold `:id`. */
  list: string;
  routes: OwnedRoute[];
}

/** Set-up steps shared by registrations: the owner's cart id (saved as `cartId`). */
export const OPEN_CART_STEP = { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } } as const;
/** One article in stock added to that cart. */
export const ADD_ARTICLE_STEP = { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':articleId', qty: 1 }] } } as const;
/** The cart placed for collection at the Madrid shop, paid there (saved as `orderNumber`). */
export const PLACE_AT_SHOP_STEP = {
  method: 'POST',
  path: '/api/checkout/orders/:cartId/place',
  body: { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true },
  save: { orderNumber: 'orders.0.orderNumber' },
} as const;
/** What staff do until such an order is collected (paid and delivered). */
export const COLLECTED_AT_SHOP_EVENTS = ['prepare', 'ready_for_pickup', 'collect'];

export const OWNED_RESOURCES: OwnedResourceRegistration[] = [];

export function registerOwnedResource(registration: OwnedResourceRegistration): void {
  if (OWNED_RESOURCES.some((r) => r.name === registration.name)) return;
  OWNED_RESOURCES.push(registration);
}

/**
 * API routes whose parameters are not a user's objects (reference data, public content). The
 * ownership test refuses any other parameterised route that is not registered above.
 */
export const PUBLIC_PARAMETER_ROUTES = new Set([
  'GET /api/checkout/countries/:id/provinces',
  // A pay-later link's hash is its own secret (128 random bits): whoever holds it may see what it pays.
  'GET /api/orders/hash/:hash/articles',
  // An invoice code and an article are not the caller's objects: the answer is only the caller's own
  // request about them (as requester or holder), never someone else's; what it says of the invoice
  // itself is the spec's 5101 / 1818 / 1819 (worker/non-holder/requests.ts), rate-limited.
  'GET /api/users/rma/user/rma/authorization/:invoice/:article',
  // The provider is not a user object: each provider's notification is verified by its own scheme (worker/api/payment-gateway.ts).
  'POST /api/paymentGateway/:provider/notification',
  // An import is the store's, not a user's: only the operations token reaches it (worker/api/catalogue-import.ts).
  'GET /api/ops/catalogue/imports/:id',
]);

/**
 * The staff back-office's API (worker/api/admin.ts): its parameters are every customer's orders,
 * returns and cases, which staff see whatever their owner, and no customer reaches (requireStaff
 * answers staffOnly before any parameter is read). tests/worker/admin.test.ts tries each of its
 * routes as a customer instead of the ownership test.
 */
export const STAFF_API_PREFIX = '/api/admin/';
