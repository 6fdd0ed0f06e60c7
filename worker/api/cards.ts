/**
 * The account's stored cards (spec §7 card calls), at the provider under the user's
 * shopperReference (worker/payments/stored-cards.ts):
 *
 * - `GET /api/user/bankCards`: the signed-in user's cards, non-expired first.
 * - `GET /api/users/{id}/bankCards`: the same by the user's public id; another user's id is the
 *   ownership check's 404 (worker/identity/owned.ts).
 * - `POST /api/user/adyen/new-card`: adyen-web's `state.data` → a zero-amount authorisation
 *   that stores the card (CardOnFile, Ecommerce); answers a PaymentAnswer whose `next` is the
 *   cards page, with the 3-D Secure action when the bank asks for one.
 * - `POST /api/user/adyen/payment/details`: completes that 3-D Secure step.
 * - `DELETE /api/user/0/bankstore/adyen/{id}/disable`: removes one of the user's own cards; any
 *   other id is a 404 and nothing is removed.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { href } from '../../client/routes';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { localDate } from '../domain/checkout/delivery-choices';
import { users } from '../db/schema';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { loadOwned, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { answerFor } from '../payments/answer';
import { idempotencyKey } from '../payments/adyen/client';
import { paymentGateway } from '../payments/gateway';
import { GatewayError, outcomeIsFor } from '../payments/port';
import { cardCheckReference, disableBankCard, isCardCheckOf, listBankCards } from '../payments/stored-cards';
import { shopperReference } from '../payments/shopper';
import { describe } from '../http/openapi-meta';

/** The channel's calendar date now: a card expires at the end of its month there. */
function today(c: AppContext): string {
  return localDate(c.var.now, CHANNEL_TIME_ZONES[c.var.channel.id]);
}

/** A provider's stored method id: letters, digits, '-' and '_' (Adyen's are 16 alphanumerics). */
const cardIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a stored card id') });
/** The public user id (users.hash_id). */
const userIdParam = z.object({ id: z.string().min(1).max(64) });

/** A JSON object of bounded size, passed to the provider as adyen-web built it. */
const jsonObject = z.record(z.string().max(100), z.unknown());

/** adyen-web's `state.data` for a new card: never a stored card (that is a payment, not an addition). */
const newCardBody = z.object({
  paymentMethod: jsonObject.refine((pm) => pm['type'] === 'scheme' && pm['storedPaymentMethodId'] === undefined, 'a new card (type scheme)'),
  browserInfo: jsonObject.optional(),
  storePaymentMethod: z.boolean().optional(),
  origin: z.string().max(200).optional(),
  clientStateDataIndicator: z.boolean().optional(),
  riskData: jsonObject.optional(),
});

const detailsBody = z.object({ details: jsonObject.refine((d) => Object.keys(d).length > 0, 'the 3-D Secure result') });

const cardsPage = (c: AppContext) => href('accountCards', c.var.language, c.var.channel);

/** A provider refusal of what the browser sent is the browser's bad input; an outage is ours (the catalogue's 500). */
function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError && error.kind === 'validation') throw appError('invalidRequest', { target: 'json', issues: [{ path: 'paymentMethod', message: error.message }] });
  if (error instanceof GatewayError) throw appError('paymentGatewayNotConfigured');
  throw error;
}

function requestOrigin(c: AppContext): string {
  return new URL(c.req.url).origin;
}

/** Adyen's published test card without 3-D Secure, as adyen-web's test encryption sends it. */
const TEST_NEW_CARD = {
  paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName: 'Ana Test' },
};

/** A user's card list by their public id: another user's id answers 404. */
registerOwnedResource({
  name: 'cardOwner',
  create: { path: '/api/users/info', body: {}, idField: 'hashId' },
  list: '/api/user/bankCards',
  routes: [{ method: 'GET', path: '/api/users/:id/bankCards' }],
});
/** A stored card: only its owner removes it. */
registerOwnedResource({
  name: 'storedCard',
  create: { path: '/api/user/adyen/new-card', body: TEST_NEW_CARD, idFrom: { path: '/api/user/bankCards', field: '0.id' } },
  list: '/api/user/bankCards',
  routes: [{ method: 'DELETE', path: '/api/user/0/bankstore/adyen/:id/disable' }],
});

export const userCardsApi = new Hono<AppEnv>()
  .get('/bankCards', describe({ summary: "The customer's saved cards", security: 'session', errors: ['paymentGatewayNotConfigured', 'unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await listBankCards(paymentGateway(c.env), signedInUser(c), today(c), c.env.DB).catch(gatewayFailure)));
  })
  .post('/adyen/new-card', describe({ summary: 'Save a new card (Adyen)', security: 'session', errors: ['paymentGatewayNotConfigured', 'unauthorized'] }), requireUser, validate('json', newCardBody), async (c) => {
    const user = signedInUser(c);
    const body = c.req.valid('json');
    const origin = requestOrigin(c);
    const page = cardsPage(c);
    const outcome = await paymentGateway(c.env).startPayment({
      amount: { value: 0, currency: c.var.channel.currency },
      reference: cardCheckReference(user.id, c.var.now),
      attempt: 1,
      paymentMethod: body.paymentMethod,
      // A redirect (3-D Secure by redirect) comes back to the cards page, which sends the result to /payment/details.
      returnUrl: `${origin}${page}`,
      shopperReference: shopperReference(user.id),
      storePaymentMethod: true,
      browserInfo: body.browserInfo,
      origin,
      shopperLocale: c.var.language.replace('_', '-'),
      countryCode: c.var.channel.country,
    }).catch(gatewayFailure);
    return c.json(okEnvelope(answerFor(outcome, [], { ok: page, ko: page })));
  })
  .post('/adyen/payment/details', describe({ summary: 'Finish saving a card after the 3-D Secure step', security: 'session', errors: ['paymentDetailsMismatch', 'paymentGatewayNotConfigured', 'unauthorized'] }), requireUser, validate('json', detailsBody), async (c) => {
    const { details } = c.req.valid('json');
    const page = cardsPage(c);
    // The same result sent twice (a reload of the return page) is one call at the provider.
    const key = await idempotencyKey('card-details', JSON.stringify(details), 1);
    const outcome = await paymentGateway(c.env).submitDetails({ details, idempotencyKey: key }).catch(gatewayFailure);
    // Only the caller's own card check: a result copied from someone else's names their reference.
    if (!outcomeIsFor(outcome, (reference) => isCardCheckOf(reference, signedInUser(c).id))) throw appError('paymentDetailsMismatch');
    return c.json(okEnvelope(answerFor(outcome, [], { ok: page, ko: page })));
  })
  .delete('/0/bankstore/adyen/:id/disable', describe({ summary: 'Delete a saved card', security: 'session', errors: ['invalidRequest', 'notFound', 'paymentGatewayNotConfigured', 'storedCardInSubscription', 'unauthorized'] }), requireUser, validate('param', cardIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const result = await disableBankCard(paymentGateway(c.env), signedInUser(c), id, today(c), c.env.DB).catch((error: unknown) => {
      // Removed meanwhile (another tab): the provider no longer knows the id.
      if (error instanceof GatewayError && error.kind === 'validation') throw appError('notFound');
      return gatewayFailure(error);
    });
    if (result === 'not_found') throw appError('notFound');
    if (result === 'in_subscription') throw appError('storedCardInSubscription');
    return c.json(okEnvelope({ id, disabled: true }));
  });

export const usersCardsApi = new Hono<AppEnv>().get('/:id/bankCards', describe({ summary: "The saved cards of a user (the caller's own)", security: 'session', errors: ['notFound', 'paymentGatewayNotConfigured', 'unauthorized'] }), requireUser, validate('param', userIdParam), async (c) => {
  const caller = signedInUser(c);
  const user = await loadOwned(c.var.db, { table: users, id: users.hashId, userId: users.id }, caller.id, c.req.valid('param').id);
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope(await listBankCards(paymentGateway(c.env), user, today(c), c.env.DB).catch(gatewayFailure)));
});
