/**
 * The subscription calls (spec §7), mounted under /api/user (worker/subscriptions/):
 *
 * - `GET /subscriptions`: the signed-in customer's subscriptions (spec §3 fields, plus id,
 *   period, next renewal and the renewal charges), newest first.
 * - `POST /subscription/cancel?subscriptionId=N`: cancels one (nothing more is charged; what was
 *   paid is usable until `endDate`); an ended or already cancelled one is 409.
 * - `PATCH /subscriptions/{id}/payment-token` `{paymentToken}`: puts it on another of the
 *   customer's stored cards (the provider's list); any other token is 400 and changes nothing.
 *   `POST` to the same path is the screen's form without script.
 *
 * The screen's forms (no script) add `respond=page` and are answered with a 303 back to
 * /mis-suscripciones with `?done=canceled|card` or `?error=CODE`.
 * - `GET /subscription-plans`: the articles sold as subscriptions on this store, with their period.
 *
 * Someone else's subscription answers the 404 of one that does not exist.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Language } from '../../client/i18n/languages';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { answerForm, formPage, formTextFields, pageFormFields } from '../http/forms';
import { formOrJson, validate } from '../http/validate';
import { registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { paymentGateway } from '../payments/gateway';
import { GatewayError } from '../payments/port';
import { cancelSubscription, changePaymentToken, listSubscriptions } from '../subscriptions/manage';
import { describe } from '../http/openapi-meta';

const subscriptionId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cancelQuery = z.object({ subscriptionId });
const idParam = z.object({ id: subscriptionId });
/** A provider's stored method id: letters, digits, '-' and '_'. */
const tokenBody = z.object({ paymentToken: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'a stored card id'), ...pageFormFields });
const cancelBody = z.object(pageFormFields).optional();

/** A form sent without script goes back to the subscriptions screen with what happened (`done`) or went wrong (`error`). */
const screen = (c: AppContext, form: { respond?: string; lang?: Language } | undefined, done: string) =>
  form?.respond === 'page'
    ? { done: () => formPage(c, 'accountSubscriptions', form.lang, { done }), refused: (code: string) => formPage(c, 'accountSubscriptions', form.lang, { error: code }) }
    : null;

async function changeCard(c: AppContext, id: number, token: string) {
  const user = signedInUser(c);
  const result = await changePaymentToken(c.env.DB, paymentGateway(c.env), user.id, id, token, c.var.now.getTime()).catch((error: unknown) => {
    if (error instanceof GatewayError) throw appError('paymentGatewayNotConfigured');
    throw error;
  });
  if (result === 'not_found') throw appError('notFound');
  if (result === 'conflict') throw appError('subscriptionFinished');
  if (result === 'unknown_card') throw appError('subscriptionCardUnknown');
  if (result === 'expired_card') throw appError('subscriptionCardExpired');
  return (await listSubscriptions(c.env.DB, user.id, c.var.language)).find((s) => s.id === id);
}

/** A subscription bought by card: only its owner reads, cancels or changes it. */
registerOwnedResource({
  name: 'subscription',
  create: {
    before: [
      { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } },
      { method: 'GET', path: '/api/user/subscription-plans', save: { planArticle: '0.articleId' } },
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':planArticle', qty: 1 }] } },
      { method: 'POST', path: '/api/checkout/orders/:cartId/place', body: { shippingType: 3, shopId: 30, paymentMethod: 'adyen', conditionsAccepted: true }, save: { orderNumber: 'orders.0.orderNumber' } },
    ],
    path: '/api/orders/payment/adyen/data?orderId=:orderNumber',
    body: { paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName: 'Ana Test' } },
    idFrom: { path: '/api/user/subscriptions', field: '0.id' },
  },
  list: '/api/user/subscriptions',
  routes: [
    // A valid token would be the owner's own stored card, which the registry cannot name: the owner's change is in tests/worker/subscriptions.test.ts.
    { method: 'PATCH', path: '/api/user/subscriptions/:id/payment-token', body: { paymentToken: 'CARD0000000000000' }, ownerPass: false },
    { method: 'POST', path: '/api/user/subscriptions/:id/payment-token', body: { paymentToken: 'CARD0000000000000' }, ownerPass: false },
    { method: 'POST', path: '/api/user/subscription/cancel?subscriptionId=:id', body: {} },
  ],
});

const cancelInput = formOrJson(cancelBody, formTextFields);
const tokenInput = formOrJson(tokenBody, formTextFields);

export const subscriptionsApi = new Hono<AppEnv>()
  .get('/subscriptions', describe({ summary: "The customer's subscriptions", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await listSubscriptions(c.env.DB, signedInUser(c).id, c.var.language)));
  })
  .post('/subscription/cancel', describe({ summary: 'Cancel a subscription', security: 'session', errors: ['notFound', 'subscriptionNotCancelable', 'unauthorized'] }), cancelInput, requireUser, validate('query', cancelQuery), async (c) => {
    const id = c.req.valid('query').subscriptionId;
    const body = await cancelInput.read(c);
    return answerForm(c, screen(c, body, 'canceled'), async () => {
      const result = await cancelSubscription(c.env.DB, signedInUser(c).id, id, c.var.now.getTime());
      if (result === 'not_found') throw appError('notFound');
      if (result === 'conflict') throw appError('subscriptionNotCancelable');
      return (await listSubscriptions(c.env.DB, signedInUser(c).id, c.var.language)).find((s) => s.id === id);
    });
  })
  .patch('/subscriptions/:id/payment-token', describe({ summary: 'Change the card a subscription is charged to', security: 'session', errors: ['notFound', 'paymentGatewayNotConfigured', 'subscriptionCardExpired', 'subscriptionCardUnknown', 'subscriptionFinished', 'unauthorized'] }), requireUser, validate('param', idParam), validate('json', tokenBody), async (c) => {
    return c.json(okEnvelope(await changeCard(c, c.req.valid('param').id, c.req.valid('json').paymentToken)));
  })
  // The same change from the screen's form without script (a form cannot send PATCH).
  .post('/subscriptions/:id/payment-token', describe({ summary: 'Change the card a subscription is charged to (form without script)', security: 'session', errors: ['notFound', 'paymentGatewayNotConfigured', 'subscriptionCardExpired', 'subscriptionCardUnknown', 'subscriptionFinished', 'unauthorized'] }), tokenInput, requireUser, validate('param', idParam), async (c) => {
    const body = await tokenInput.read(c);
    return answerForm(c, screen(c, body, 'card'), () => changeCard(c, c.req.valid('param').id, body.paymentToken));
  })
  .get('/subscription-plans', describe({ summary: 'The subscription plans on sale' }), async (c) => {
    const { results } = await c.env.DB.prepare(
      "SELECT p.article_id AS articleId, p.period_months AS periodMonths, p.periods FROM subscription_plans p WHERE EXISTS (SELECT 1 FROM offers o WHERE o.article_id = p.article_id AND o.channel = ? AND o.seller_id = 0 AND o.stock > 0) ORDER BY p.article_id LIMIT 100",
    )
      .bind(c.var.channel.id)
      .all<{ articleId: number; periodMonths: number; periods: number | null }>();
    return c.json(okEnvelope(results));
  });
