/**
 * Insurance policies (docs/account.md "Insurance"), mounted at /api/user/insurances, signed-in
 * customers only:
 *
 * - `GET /?page` the customer's policies (state, dates, article, plan name in the request's
 *   language, renewable flag), spec §9 general page size;
 * - `GET /eligible` the articles bought that may still get a new policy, with their plans;
 * - `POST /{id}/renew` puts the renewal in the basket (someone else's policy 404, not
 *   renewable 409, business customers 1173);
 * - `POST /new-policy {orderNumber, articleId, insuranceId}` puts a new policy for an article
 *   bought earlier in the basket (not the caller's purchase 404, not eligible 409, 1173).
 *
 * Both additions answer the basket (the cart view) and are bought through the ordinary checkout.
 * The screens' forms post here without script too: the fields come as a form with
 * `respond=page`, and the answer is a 303 to the basket, or back to the screen with
 * `?error=CODE` (the screen shows the catalogue's message).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Language } from '../../client/i18n/languages';
import type { RouteId } from '../../client/routes';
import { cartError, cartStub, readCart } from '../cart/service';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import type { AppContext, AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { answerForm, formPage, formTextFields, pageFormFields } from '../http/forms';
import { formOrJson, pageParam, validate } from '../http/validate';
import { COLLECTED_AT_SHOP_EVENTS, OPEN_CART_STEP, PLACE_AT_SHOP_STEP, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { eligiblePurchases, listPolicies, newPolicyLine, POLICIES_PAGE_SIZE, renewalLine, type StandaloneLine } from '../insurances/account';
import { describe } from '../http/openapi-meta';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const pageQuery = z.object({ page: pageParam });
const newPolicyBody = z
  .object({
    orderNumber: z.string().trim().regex(ORDER_NUMBER_PATTERN, 'an order number'),
    articleId: z.number().int().positive().max(2_147_483_647),
    insuranceId: z.number().int().positive().max(2_147_483_647),
    ...pageFormFields,
  })
  .strict();
const renewBody = z.object(pageFormFields).strict().optional();

/** A form's text fields; the numeric ones as numbers (what JSON sends), so one schema judges both. */
const formFields = (numeric: readonly string[]) => (form: FormData) =>
  Object.fromEntries(
    Object.entries(formTextFields(form)).map(([name, value]) => [name, numeric.includes(name) && /^\d{1,10}$/.test(value) ? Number(value) : value]),
  );

/**
 * Puts the standalone insurance line `decide` finds in the caller's basket and answers the basket
 * (a form without script: a 303 to the basket, or back to `screen` with the refusal's code).
 */
async function toBasket(c: AppContext, form: { respond?: 'page' | 'json'; lang?: Language } | undefined, screen: RouteId, decide: () => Promise<StandaloneLine>) {
  const user = signedInUser(c);
  const page = form?.respond === 'page';
  const pages = page ? { done: () => formPage(c, 'cartBasket', form?.lang), refused: (code: string) => formPage(c, screen, form?.lang, { error: code }) } : null;
  return answerForm(c, pages, async () => {
    const line = await decide();
    const result = await cartStub(c, user.cartId).addStandaloneInsurance({ articleId: line.articleId, offerId: 0, serviceId: line.serviceId, qty: line.qty, details: line.coverage }, c.var.now.getTime());
    if (!result.ok) throw cartError(result.code);
    if (page) return null;
    c.header('Cache-Control', 'private, no-store');
    return readCart(c, user.cartId, { cart: result });
  });
}

const newPolicy = formOrJson(newPolicyBody, formFields(['articleId', 'insuranceId']));
const renewal = formOrJson(renewBody, formFields([]));

export const insurancesApi = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', describe({ summary: "The customer's insurance policies", security: 'session', errors: ['unauthorized'] }), validate('query', pageQuery), async (c) => {
    const { page } = c.req.valid('query');
    const policies = await listPolicies(c.var.db, signedInUser(c), c.var.language, c.var.now);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ policies: policies.slice((page - 1) * POLICIES_PAGE_SIZE, page * POLICIES_PAGE_SIZE), page, pageSize: POLICIES_PAGE_SIZE, total: policies.length }));
  })
  .get('/eligible', describe({ summary: 'The purchases that can still get an insurance', security: 'session', errors: ['unauthorized'] }), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ purchases: await eligiblePurchases(c.var.db, signedInUser(c), c.var.language, c.var.now) }));
  })
  .post('/new-policy', describe({ summary: 'Buy an insurance for a purchased product (into the cart)', security: 'session', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'insuranceNotEligible', 'insuranceNotForBusiness', 'insurancePurchaseNotFound', 'unauthorized'] }), newPolicy, async (c) => {
    const body = await newPolicy.read(c);
    return toBasket(c, body, 'accountNewPolicy', () => newPolicyLine(c.var.db, signedInUser(c), c.var.language, body, c.var.now));
  })
  .post('/:id/renew', describe({ summary: 'Renew an insurance policy (into the cart)', security: 'session', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'insuranceNotForBusiness', 'insuranceNotRenewable', 'notFound', 'unauthorized'] }), renewal, validate('param', z.object({ id })), async (c) => {
    const body = await renewal.read(c);
    return toBasket(c, body, 'accountInsuranceRenewals', () => renewalLine(c.var.db, signedInUser(c), c.req.valid('param').id, c.var.now));
  });

/**
 * A policy is the customer's own: user B renewing user A's policy gets 404 and A's basket and
 * policies stay as they were. A's policy comes from an article bought with its first plan and
 * collected (paid) at the shop; the creation call only reads the account, and the policy's id is
 * the first of A's list. A new policy is not renewable for years, so the owner does not try it
 * (tests/worker/insurances.test.ts renews one).
 */
registerOwnedResource({
  name: 'insurance policy',
  create: {
    before: [
      OPEN_CART_STEP,
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':articleId', qty: 1 }] }, save: { lineId: 'articles.0.idLine', planId: 'articles.0.extendedInsurances.0.id' } },
      { method: 'POST', path: '/api/orders/:cartId/cart/:lineId/services', body: { kind: 'insurance', serviceId: ':planId' } },
      PLACE_AT_SHOP_STEP,
    ],
    orderEvents: COLLECTED_AT_SHOP_EVENTS,
    path: '/api/users/info',
    body: {},
    idFrom: { path: '/api/user/insurances', field: 'policies.0.id' },
  },
  list: '/api/user/insurances',
  routes: [{ method: 'POST', path: '/api/user/insurances/:id/renew', ownerPass: false }],
});
