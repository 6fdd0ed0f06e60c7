/**
 * The customer's discount coupons (spec §7), mounted under /api/user (worker/coupons/coupons.ts;
 * docs/account.md "Coupons"):
 *
 * - `GET /discountcode?page&pageSize`: the signed-in customer's coupons usable in this store, with
 *   their status by precedence (ACTIVE, then EXPIRED, then USED), a page at a time (16).
 * - `POST /{email}/discountcode?code=CODE`: adds a coupon to the account. `{email}` must be the
 *   signed-in customer's own address (any case); any other answers 404, the same as an address
 *   that does not exist, so the call says nothing of other accounts. The code is trimmed and
 *   upper-cased like the checkout's coupon field. 201 with the coupon as listed.
 *
 * The account screen's form posts here without script: the code then comes in the form body with
 * `respond=page`, and the answer is a 303 back to the coupons screen (`?added=CODE`, or
 * `?error=ERROR_CODE&code=…` when refused; the screen shows the catalogue's message).
 */
import { msg } from '@lingui/core/macro';
import { Hono } from 'hono';
import { z } from 'zod';
import { addCoupon, COUPONS_PAGE_SIZE, listCoupons, MAX_COUPONS_PAGE_SIZE } from '../coupons/coupons';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { answerForm, formPage, formTextFields, pageFormFields } from '../http/forms';
import { formOrJson, pageParam, validate } from '../http/validate';
import { registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { describe } from '../http/openapi-meta';

const listQuery = z.object({
  page: pageParam,
  pageSize: z.coerce.number().int().min(1).max(MAX_COUPONS_PAGE_SIZE).default(COUPONS_PAGE_SIZE),
});
const addQuery = z.object({ code: z.string().max(100).optional() });
const addBody = z.object({ code: z.string().max(100).optional(), ...pageFormFields }).optional();
const emailParam = z.object({ email: z.string().min(3).max(254) });

/**
 * Someone else's address: user B posting to A's address gets the 404 and A's list is unchanged.
 * The test's database holds no coupons, so the owner's own call is tried in
 * tests/worker/coupons.test.ts instead (`ownerPass: false`).
 */
registerOwnedResource({
  name: 'couponAccount',
  create: { before: [{ method: 'POST', path: '/api/users/info', save: { email: 'email' } }], path: '/api/users/info', body: {}, idField: 'email' },
  list: '/api/user/discountcode',
  routes: [{ method: 'POST', path: '/api/user/:email/discountcode?code=BIENVENIDA10', ownerPass: false }],
});

const addInput = formOrJson(addBody, formTextFields);

export const couponsApi = new Hono<AppEnv>()
  .get('/discountcode', describe({ summary: "The customer's discount coupons", security: 'session', errors: ['unauthorized'] }), requireUser, validate('query', listQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { page, pageSize } = c.req.valid('query');
    return c.json(okEnvelope(await listCoupons(c.var.db, { userId: signedInUser(c).id, channel: c.var.channel.id, language: c.var.language, now: c.var.now, page, pageSize })));
  })
  .post('/:email/discountcode', describe({ summary: 'Add a discount coupon to the account', security: 'session', errors: ['couponAlreadyAdded', 'couponAlreadyUsed', 'couponEnded', 'couponLimit', 'couponNotFound', 'couponOtherChannel', 'couponRunOut', 'invalidRequest', 'notFound', 'unauthorized'] }), addInput, requireUser, validate('param', emailParam), validate('query', addQuery), async (c) => {
    const user = signedInUser(c);
    const body = await addInput.read(c);
    const typed = c.req.valid('query').code ?? body?.code ?? '';
    const pages =
      body?.respond === 'page'
        ? {
            done: (coupon: { code: string }) => formPage(c, 'accountCoupons', body.lang, { added: coupon.code }),
            refused: (code: string) => formPage(c, 'accountCoupons', body.lang, { error: code, code: typed.slice(0, 40) }),
          }
        : null;
    return answerForm(
      c,
      pages,
      async () => {
        // Another customer's address reads exactly like one that does not exist.
        if (c.req.valid('param').email.trim().toLowerCase() !== user.email.toLowerCase()) throw appError('notFound');
        if (typed.trim() === '') throw appError('invalidRequest', { target: 'query', issues: [{ path: 'code', message: c.var.i18n._(msg`Enter a coupon code.`) }] });
        return addCoupon(c.var.db, { userId: user.id, channel: c.var.channel.id, language: body?.lang ?? c.var.language, rawCode: typed, now: c.var.now });
      },
      201,
    );
  });
