/**
 * The customer's tax documents (spec §7), mounted under /api/user:
 *
 * - `GET /documents`: every document of the signed-in user, newest first.
 * - `GET /documents/:id`: one of them with its lines and VAT; another user's or none → 5101.
 * - `GET /model347?year=`: the year's total of operations per quarter (Spain's model 347).
 * - `PATCH /orders/:orderNumber/convert-to-nominative/:billingAddressId`: a simplified ticket
 *   becomes a nominative invoice for one of the caller's billing addresses (worker/documents/issue.ts).
 *   Another user's order or address → 404; not a ticket → documentNotConvertible; an address
 *   without a tax id → nominativeNeedsTaxId.
 *
 * Session checks are per route: this sub-app shares /user with other sub-apps.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { orders } from '../db/schema';
import { convertToNominative } from '../documents/issue';
import { userDocument, userDocuments, userModel347 } from '../documents/read';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { loadOwnedAddress } from '../identity/addresses';
import { ADD_ARTICLE_STEP, COLLECTED_AT_SHOP_EVENTS, OPEN_CART_STEP, PLACE_AT_SHOP_STEP, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { describe } from '../http/openapi-meta';

const BILLING_EXAMPLE = {
  name: 'Ana',
  surname: 'García López',
  address: 'Calle de Alcalá',
  streetNumber: '42',
  city: 'Madrid',
  postalCode: '28014',
  provinceId: 28,
  countryIso: 'ES',
  billingType: 'individual',
  nif: '12345678Z',
  cellPhone: '612345678',
};

registerOwnedResource({
  name: 'document',
  create: {
    before: [
      { method: 'POST', path: '/api/user/addresses/billing', body: BILLING_EXAMPLE, save: { billingAddressId: 'id' } },
      OPEN_CART_STEP,
      ADD_ARTICLE_STEP,
      PLACE_AT_SHOP_STEP,
    ],
    // Collected in the shop: paid, so the order has its invoice.
    orderEvents: COLLECTED_AT_SHOP_EVENTS,
    // Documents are issued, not created by a call: any harmless POST, then the id from the list.
    path: '/api/users/info',
    body: {},
    idFrom: { path: '/api/user/documents', field: 'documents.0.id' },
  },
  list: '/api/user/documents',
  routes: [
    { method: 'GET', path: '/api/user/documents/:id' },
    // The owner's order has a full invoice, not a ticket (409 for them): user B only tries it.
    { method: 'PATCH', path: '/api/user/orders/:orderNumber/convert-to-nominative/:billingAddressId', ownerPass: false },
  ],
});

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
const convertParams = z.object({ orderNumber: z.string().regex(ORDER_NUMBER_PATTERN), billingAddressId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const documentsApi = new Hono<AppEnv>()
  .get('/documents', describe({ summary: "The customer's invoices and documents", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ documents: await userDocuments(c.var.db, signedInUser(c).id) }));
  })
  .get('/documents/:id', describe({ summary: 'One of the customer’s invoices or documents', security: 'session', errors: ['invoiceNotFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const doc = await userDocument(c.var.db, signedInUser(c).id, c.req.valid('param').id);
    return c.json(okEnvelope({ document: doc }));
  })
  .get('/model347', describe({ summary: "The customer's annual purchases statement (model 347)", security: 'session', errors: ['unauthorized'] }), requireUser, validate('query', yearQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const year = c.req.valid('query').year ?? c.var.now.getUTCFullYear();
    return c.json(okEnvelope(await userModel347(c.var.db, signedInUser(c).id, year)));
  })
  .patch('/orders/:orderNumber/convert-to-nominative/:billingAddressId', describe({ summary: 'Convert a simplified invoice into a nominative one', security: 'session', errors: ['documentNotConvertible', 'nominativeNeedsTaxId', 'notFound', 'orderNotFound', 'unauthorized'] }), requireUser, validate('param', convertParams), async (c) => {
    const user = signedInUser(c);
    const { orderNumber, billingAddressId } = c.req.valid('param');
    const [order] = await c.var.db.select({ orderNumber: orders.orderNumber }).from(orders).where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, user.id)));
    if (!order) throw appError('orderNotFound');
    const billing = await loadOwnedAddress(c.var.db, 'billing', user.id, billingAddressId);
    const invoice = await convertToNominative(c.var.db, { orderNumber, billing: billing as unknown as Record<string, unknown>, now: c.var.now });
    return c.json(okEnvelope({ document: invoice }));
  });
