/**
 * Paying orders through the card provider (spec §7 payment calls; docs/payments.md): the adyen-web
 * configuration, starting a payment (card, stored card, Google Pay, Apple Pay), completing its
 * 3-D Secure or wallet step, leaving it, and reading how it went. Every call names an order; the
 * caller is its signed-in owner, or holds the order's pay-later `hash` (worker/payments/pay-later.ts).
 * One payment pays all the orders of a checkout (worker/payments/attempts.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { registerOwnedResource } from '../identity/owned';
import { currentUser, requireUser, signedInUser } from '../identity/session';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { isGatewayMethod } from '../domain/orders/state-machine';
import { href } from '../../client/routes';
import type { AnswerPages, PaymentAnswer } from '../payments/answer';
import { abandonAttempt, attemptsOf, requestHash, scopeAmount, scopeOf, startPayment, submitDetails, type PayOutcome, type PaymentScope } from '../payments/attempts';
import { paymentGateway, requireAdyenConfig } from '../payments/gateway';
import { confirmOrdersLater } from '../orders/confirmation';
import { minimalOrder } from '../orders/read';
import { resolvePayLink } from '../payments/pay-later';
import { METHOD_PROVIDER, maybeGatewayOf } from '../payments/providers';
import { DetailsMismatchError, GatewayError, type StartPaymentInput } from '../payments/port';
import { shopperReference } from '../payments/shopper';
import { ordersHaveSubscription } from '../subscriptions/start';
import { PAY_LINK_ERRORS } from './pay-later';
import { describe } from '../http/openapi-meta';

const orderNumber = z.string().regex(ORDER_NUMBER_PATTERN, 'an order number');
const hash = z.string().regex(/^[0-9a-f]{32}$/, 'a payment link').optional();
/** adyen-web's `state.data` parts: opaque objects passed to the provider, bounded in size by the body. */
const opaque = z.record(z.string(), z.unknown());
const details = opaque.refine((value) => Object.keys(value).length > 0 && Object.keys(value).length <= 10, 'the details the payment page returned');

export interface Access {
  scope: PaymentScope;
  /** The orders' owner (the provider files stored cards under them). */
  userId: number;
  /** The caller is the signed-in owner (a pay-later payer cannot store or use the owner's cards). */
  owner: boolean;
  hash?: string;
}

/**
 * The one ownership check of the payment calls: the order exists and is the signed-in user's, or
 * the pay-later hash pays it. Someone else's order answers 404, exactly like one that does not exist.
 */
export async function access(c: AppContext, number: string, linkHash?: string): Promise<Access> {
  const db = c.env.DB;
  const user = await currentUser(c);
  if (linkHash) {
    const link = await resolvePayLink(c.var.db, linkHash, c.var.now);
    if ('error' in link) throw appError(PAY_LINK_ERRORS[link.error]);
    if (!link.orderNumbers.includes(number)) throw appError('notFound');
    const scope = await scopeOf(db, number);
    if (!scope || scope.orders.some((o) => o.user_id !== link.userId)) throw appError('notFound');
    return { scope, userId: link.userId, owner: user?.id === link.userId, hash: linkHash };
  }
  if (!user) throw appError('unauthorized');
  const scope = await scopeOf(db, number);
  if (!scope || scope.orders.some((o) => o.user_id !== user.id)) throw appError('notFound');
  return { scope, userId: user.id, owner: true };
}

export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `${path}?${params.toString()}`;
}

/** /cart/ok and /cart/ko of the request's language, for the checkout's first order. */
export function pagesFor(c: AppContext, who: Access): AnswerPages {
  const first = who.scope.orders[0]!.order_number;
  return {
    ok: withQuery(href('cartOk', c.var.language, c.var.channel), { orderId: first, hash: who.hash }),
    ko: withQuery(href('cartKo', c.var.language, c.var.channel), { orderId: first, hash: who.hash }),
  };
}

export function answerOf(outcome: PayOutcome | { kind: 'no_attempt' }): PaymentAnswer {
  switch (outcome.kind) {
    case 'answer':
      return outcome.answer;
    case 'busy':
      throw appError('paymentInProgress');
    case 'not_payable':
      throw appError(PAY_LINK_ERRORS[outcome.error]);
    case 'no_attempt':
      throw appError('notFound');
  }
}

/** A provider refusal of what the browser sent is the browser's bad input; an outage is ours. */
export function gatewayFailure(error: unknown): never {
  if (error instanceof DetailsMismatchError) throw appError('paymentDetailsMismatch');
  if (error instanceof GatewayError && error.kind === 'validation') throw appError('invalidRequest', { target: 'json', issues: [{ path: 'details', message: error.message }] });
  if (error instanceof GatewayError) throw appError('paymentGatewayNotConfigured');
  throw error;
}

const payBody = z.object({
  paymentMethod: opaque.refine((pm) => typeof pm['type'] === 'string', 'a payment method with its type'),
  browserInfo: opaque.optional(),
  storePaymentMethod: z.boolean().optional(),
  /** Accepted from adyen-web but not used: the 3-D Secure return goes to the request's own origin, never one the body names. */
  origin: z.string().max(200).optional(),
  hash,
  /** adyen-web sends more (riskData, clientStateDataIndicator…): kept out of the provider call. */
}).loose();

type StartInputRequest = Omit<StartPaymentInput, 'reference' | 'attempt' | 'amount'>;

interface PayRequest {
  paymentMethod: Record<string, unknown>;
  browserInfo?: Record<string, unknown>;
  storePaymentMethod?: boolean;
}

/** Starts the payment of `who`'s orders with what the browser sent; the 3-D Secure step returns to `returnPath`. */
async function pay(c: AppContext, who: Access, sent: PayRequest, returnPath: string): Promise<PaymentAnswer> {
  const gateway = paymentGateway(c.env);
  const storedCard = typeof sent.paymentMethod['storedPaymentMethodId'] === 'string';
  // Whoever holds a pay-later link may pay, but only the owner may use or keep their stored cards.
  if (!who.owner && (storedCard || sent.storePaymentMethod)) throw appError('notFound');
  const origin = new URL(c.req.url).origin;
  // A subscription renews on the card that paid it: the owner's card is stored for that use.
  const subscription = who.owner && (await ordersHaveSubscription(c.env.DB, who.scope.orders.map((o) => o.order_number)));
  const request: StartInputRequest = {
    paymentMethod: sent.paymentMethod,
    returnUrl: origin + returnPath,
    shopperReference: who.owner ? shopperReference(who.userId) : undefined,
    storePaymentMethod: subscription && !storedCard ? true : who.owner ? sent.storePaymentMethod : undefined,
    recurringProcessingModel: subscription ? 'Subscription' : undefined,
    browserInfo: sent.browserInfo,
    origin,
    shopperLocale: c.var.language.replace('_', '-'),
    countryCode: c.var.channel.id,
  };
  const outcome = await startPayment(c.env.DB, gateway, {
    scope: who.scope,
    hash: await requestHash(sent),
    currency: c.var.channel.currency,
    request,
    pages: pagesFor(c, who),
    now: c.var.now.getTime(),
    confirmed: (numbers) => confirmOrdersLater(c, numbers),
  }).catch(gatewayFailure);
  return answerOf(outcome);
}

const securePaymentPath = (c: AppContext, who: Access) => withQuery(href('securePayment', c.var.language, c.var.channel), { orderId: who.scope.orders[0]!.order_number, hash: who.hash });
const walletPath = (c: AppContext, who: Access) => href('gatewayWallet', c.var.language, c.var.channel, { orderNumber: who.scope.orders[0]!.order_number });

async function complete(c: AppContext, who: Access, detailsSent: Record<string, unknown>): Promise<PaymentAnswer> {
  const outcome = await submitDetails(c.env.DB, paymentGateway(c.env), { scope: who.scope, details: detailsSent, pages: pagesFor(c, who), now: c.var.now.getTime(), confirmed: (numbers) => confirmOrdersLater(c, numbers) }).catch(gatewayFailure);
  return answerOf(outcome);
}

/** The adyen-web configuration for paying `amount` (zero: adding a card). */
async function clientConfig(c: AppContext, amount: number, userId: number | undefined) {
  const config = requireAdyenConfig(c.env);
  const money = { value: amount, currency: c.var.channel.currency };
  const locale = c.var.language.replace('_', '-');
  const paymentMethodsResponse = await paymentGateway(c.env)
    .paymentMethods({ amount: money, countryCode: c.var.channel.id, shopperReference: userId === undefined ? undefined : shopperReference(userId), shopperLocale: locale })
    .catch(gatewayFailure);
  const clientApi = c.env.ADYEN_CLIENT_API_URL;
  c.header('Cache-Control', 'private, no-store');
  return {
    clientKey: config.clientKey,
    environment: config.clientKey.startsWith('live_') ? ('live' as const) : ('test' as const),
    ...(clientApi ? { environmentUrls: { api: clientApi.endsWith('/') ? clientApi : `${clientApi}/` } } : {}),
    locale,
    countryCode: c.var.channel.id,
    amount: money,
    paymentMethodsResponse,
  };
}

const orderQuery = z.object({ orderId: orderNumber, hash });
const orderParam = z.object({ id: orderNumber });

/** An order placed by card, awaiting its payment: the calls that name it answer only its owner (or its pay-later link). */
registerOwnedResource({
  name: 'cardOrder',
  create: {
    before: [
      { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } },
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':articleId', qty: 1 }] } },
    ],
    path: '/api/checkout/orders/:cartId/place',
    body: { shippingType: 3, shopId: 30, paymentMethod: 'adyen', conditionsAccepted: true },
    idField: 'orders.0.orderNumber',
  },
  list: '/api/user/orders/:id/minimal',
  routes: [
    { method: 'GET', path: '/api/orders/payment/error/:id' },
    { method: 'GET', path: '/api/user/orders/:id/minimal' },
    { method: 'POST', path: '/api/checkout/orders/transaction/unpaid/:id', body: {} },
    // The spec's Aplazame and MB WAY calls on a card order: its owner gets 1109 (their own calls are tested in
    // tests/worker/payments-aplazame.test.ts and payments-sibs.test.ts), anybody else the 404 of an unknown order.
    { method: 'POST', path: '/api/orders/transaction/aplazame/init/:id', body: {}, ownerPass: false },
    { method: 'GET', path: '/api/orders/payment/sibs/transaction/:id', ownerPass: false },
  ],
});

export const paymentsApi = new Hono<AppEnv>()
  .get('/orders/payment/adyen/config', describe({ summary: 'The card form configuration for an order (Adyen)', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'unauthorized'] }), validate('query', orderQuery), async (c) => {
    const { orderId, hash: linkHash } = c.req.valid('query');
    const who = await access(c, orderId, linkHash);
    if (who.scope.orders.some((o) => o.state === 'cancelled')) throw appError('payLinkOrderClosed');
    return c.json(okEnvelope(await clientConfig(c, scopeAmount(who.scope), who.owner ? who.userId : undefined)));
  })
  .get('/user/adyen/config', describe({ summary: 'The card form configuration for saving a card (Adyen)', security: 'optionalSession', errors: ['paymentGatewayNotConfigured', 'unauthorized'] }), requireUser, async (c) => c.json(okEnvelope(await clientConfig(c, 0, signedInUser(c).id))))
  .post('/orders/payment/adyen/data', describe({ summary: 'Pay an order by card (Adyen)', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'unauthorized'] }), validate('query', z.object({ orderId: orderNumber })), validate('json', payBody), async (c) => {
    const body = c.req.valid('json');
    const who = await access(c, c.req.valid('query').orderId, body.hash);
    const answer = await pay(c, who, { paymentMethod: body.paymentMethod, browserInfo: body.browserInfo, storePaymentMethod: body.storePaymentMethod }, securePaymentPath(c, who));
    return c.json(okEnvelope(answer));
  })
  .post('/orders/payment/adyen/authorise3d', describe({ summary: 'Finish a card payment after 3-D Secure', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'unauthorized'] }), validate('json', z.object({ orderId: orderNumber, details, hash }).strict()), async (c) => {
    const body = c.req.valid('json');
    return c.json(okEnvelope(await complete(c, await access(c, body.orderId, body.hash), body.details)));
  })
  .post('/orders/payment/adyen/wallet', describe({ summary: 'Finish a wallet payment after its redirect', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'unauthorized'] }), validate('json', z.object({ orderNumber, redirectResult: z.string().min(1).max(20_000), hash }).strict()), async (c) => {
    const body = c.req.valid('json');
    return c.json(okEnvelope(await complete(c, await access(c, body.orderNumber, body.hash), { redirectResult: body.redirectResult })));
  })
  .post('/orders/payment/googlepay/transaction', describe({ summary: 'Pay an order with Google Pay', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'unauthorized'] }), validate('json', z.object({ orderId: orderNumber, googlePayToken: z.string().min(1).max(20_000), hash }).strict()), async (c) => {
    const body = c.req.valid('json');
    const who = await access(c, body.orderId, body.hash);
    return c.json(okEnvelope(await pay(c, who, { paymentMethod: { type: 'googlepay', googlePayToken: body.googlePayToken } }, walletPath(c, who))));
  })
  .post('/orders/payment/applepay/transaction', describe({ summary: 'Pay an order with Apple Pay', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentGatewayNotConfigured', 'paymentInProgress', 'unauthorized'] }), validate('json', z.object({ orderId: orderNumber, applePayToken: z.string().min(1).max(20_000), hash }).strict()), async (c) => {
    const body = c.req.valid('json');
    const who = await access(c, body.orderId, body.hash);
    return c.json(okEnvelope(await pay(c, who, { paymentMethod: { type: 'applepay', applePayToken: body.applePayToken } }, walletPath(c, who))));
  })
  .get('/orders/payment/error/:id', describe({ summary: "Why an order's payment failed", security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'unauthorized'] }), validate('param', orderParam), validate('query', z.object({ hash })), async (c) => {
    const who = await access(c, c.req.valid('param').id, c.req.valid('query').hash);
    const latest = (await attemptsOf(c.env.DB, who.scope.reference))[0];
    const answer = latest?.answer ? (JSON.parse(latest.answer) as PaymentAnswer) : undefined;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      okEnvelope({
        orderNumber: c.req.valid('param').id,
        paymentResult: answer?.paymentResult ?? null,
        // Spec §8: the general reason is not shown to the shopper.
        reason: answer?.reason && answer.reason !== 'general' ? answer.reason : null,
        canPayLater: who.scope.orders.every((o) => o.state === 'awaiting_payment'),
      }),
    );
  })
  .get('/user/orders/:id/minimal', describe({ summary: 'A short view of an order (after payment)', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'unauthorized'] }), requireUser, validate('param', orderParam), async (c) => {
    const number = c.req.valid('param').id;
    const who = await access(c, number);
    const order = who.scope.orders.find((o) => o.order_number === number)!;
    const [latest] = await attemptsOf(c.env.DB, who.scope.reference);
    // The account's facts of the order (totals, paid, dates: worker/orders/read.ts).
    const facts = await minimalOrder(c.var.db, signedInUser(c).id, number);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      okEnvelope({
        ...facts,
        orderNumber: number,
        state: order.state,
        paymentState: latest?.state ?? null,
        total: order.total,
        currency: c.var.channel.currency,
        paymentMethod: order.payment_method,
        orderNumbers: who.scope.orders.map((o) => o.order_number),
      }),
    );
  })
  .post('/checkout/orders/transaction/unpaid/:id', describe({ summary: 'Mark an order as unpaid to pay it again', security: 'optionalSession', errors: ['notFound', 'payLinkExpired', 'payLinkNotFound', 'payLinkOrderClosed', 'payLinkOrderPaid', 'paymentInProgress', 'unauthorized'] }), validate('param', orderParam), validate('json', z.object({ hash }).strict().default({})), async (c) => {
    const who = await access(c, c.req.valid('param').id, c.req.valid('json').hash);
    // The attempt is cancelled at its own provider: the order's method's (a transfer paid later goes by card).
    // Without a configured provider there is nothing to cancel there; the attempt still ends here.
    const method = who.scope.orders[0]!.payment_method;
    const gateway = maybeGatewayOf(c.env, isGatewayMethod(method) ? METHOD_PROVIDER[method] : 'adyen');
    return c.json(okEnvelope(answerOf(await abandonAttempt(c.env.DB, gateway, who.scope, pagesFor(c, who), c.var.now.getTime()))));
  });
