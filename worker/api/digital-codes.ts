/**
 * The digital-codes calls (spec §7 Account), mounted at /api/digital-codes, for the signed-in
 * customer only (docs/account.md "Digital keys"):
 *
 * - `GET /user-codes?page&page-size`: the customer's codes, newest first, `page-size` 1–5
 *   (default 5, spec §9); the code itself only once revealed.
 * - `GET /:id/reveal`: the code, after its release date (409 `DIGITAL_CODE_NOT_RELEASED` before,
 *   by the request's clock); marks it revealed (FINISHED) the first time. Someone else's code is
 *   404, like one that does not exist.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { revealCode, userCodes } from '../digital/codes';
import { DIGITAL_CODES_PAGE_SIZE } from '../digital/rules';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { pageParam, validate } from '../http/validate';
import { registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { describe } from '../http/openapi-meta';

/**
 * A code is delivered by paying an order of a digital article: a software licence (never a
 * presale, so its owner can reveal it) in the basket, placed and paid by card in the sandbox.
 */
registerOwnedResource({
  name: 'digitalCode',
  create: {
    before: [
      { method: 'GET', path: '/api/catalogue/listing?query=descarga%20digital&seller=own', save: { digitalArticleId: 'items.0.id' } },
      { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } },
      {
        method: 'POST',
        path: '/api/user/addresses/shipping',
        body: { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', phone: '612345678' },
        save: { shippingAddressId: 'id' },
      },
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':digitalArticleId', qty: 1 }] } },
      { method: 'POST', path: '/api/checkout/orders/:cartId/place', body: { shippingType: 1, shippingAddressId: ':shippingAddressId', paymentMethod: 'adyen', conditionsAccepted: true }, save: { orderNumber: 'payment.orderId' } },
      {
        method: 'POST',
        path: '/api/orders/payment/adyen/data?orderId=:orderNumber',
        body: { paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName: 'Ana García' } },
      },
    ],
    // Codes are delivered, not created by a call: any harmless POST, then the id from the list.
    path: '/api/users/info',
    body: {},
    idFrom: { path: '/api/digital-codes/user-codes', field: 'items.0.idCode' },
  },
  list: '/api/digital-codes/user-codes',
  routes: [{ method: 'GET', path: '/api/digital-codes/:id/reveal' }],
});

const pageQuery = z.object({
  page: pageParam,
  'page-size': z.coerce.number().int().min(1).max(DIGITAL_CODES_PAGE_SIZE).default(DIGITAL_CODES_PAGE_SIZE),
});
const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const digitalCodesApi = new Hono<AppEnv>()
  .get('/user-codes', describe({ summary: "The customer's digital codes (game and software keys)", security: 'session', errors: ['unauthorized'] }), requireUser, validate('query', pageQuery), async (c) => {
    const query = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await userCodes(c.var.db, signedInUser(c).id, { page: query.page, pageSize: query['page-size'], now: c.var.now })));
  })
  .get('/:id/reveal', describe({ summary: 'Reveal a digital code', security: 'session', errors: ['digitalCodeNotReleased', 'digitalCodeVoided', 'notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await revealCode(c.var.db, signedInUser(c).id, c.req.valid('param').id, c.var.now)));
  });

export type DigitalCodesApiType = typeof digitalCodesApi;
