/**
 * Placing orders (spec §4 summary step): the server quotes the cart again for the delivery
 * choice, refuses it while a blocking critical error stands (spec §8) or one the order cannot
 * carry (REFUSED_ON_PLACE), checks the payment method is offered and can be placed (transfer,
 * cash on delivery, pay in shop, free, and every gateway method — cards, wallets, PayPal, Bizum,
 * instalments, financing, open banking, MB WAY, Multibanco — whose orders wait for the payment with
 * their stock reserved and whose answer carries the `payment` to start at its gateway page), writes one order per seller in one batch, and empties the cart. The same
 * cart state placed twice gives the same orders (the checkout key); an article that sold out
 * meanwhile gives 1119 and nothing is written.
 */
import { Hono } from 'hono';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { cartStub, ownCart, rememberUnits } from '../cart/service';
import { applyDraftPatch, choiceOf, draftPatch, oneyInfo, parseDraft, whoPicksUp } from '../checkout/draft';
import { quoteCheckout, type DeliveryChoice } from '../checkout/quote';
import { loadOwnedAddress } from '../identity/addresses';
import { isGatewayMethod, isPlaceableMethod, type OrderState } from '../domain/orders/state-machine';
import { ALERT_CODES, IGNORED_FOR_DISPLAY, alertFor } from '../domain/checkout/alerts';
import { PAYMENT_METHODS, type PaymentSlug } from '../domain/checkout/payments';
import { TIME_SLOTS } from '../domain/checkout/delivery-choices';
import { loadShippingPoint } from '../checkout/collection-points';
import { modifierExpired, parseModifier, type CartModifier } from '../cart/modifier';
import { canChange } from '../../client/orders/actions';
import { refundableAmount } from '../refunds/refunds';
import { ReplacedOrderMovedError, settleReplacement } from '../orders/transitions';
import type { AppContext, AppEnv } from '../http/context';
import { AppError, appError, entryForCode, ERRORS, okEnvelope, type ErrorName } from '../http/errors';
import { validate } from '../http/validate';
import { requireUser, signedInUser } from '../identity/session';
import { allocate } from '../domain/orders/allocate';
import { BalanceSpentError, CouponUsedUpError, GiftCardSpentError, OversoldError, placeOrders } from '../orders/place';
import { confirmOrdersLater } from '../orders/confirmation';
import { coverageDetails } from '../insurances/covered';
import { describe } from '../http/openapi-meta';

const cartParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'a cart id') });
const id = z.coerce.number().int().positive();
const deliveryFields = {
  shippingType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  shippingAddressId: id.optional(),
  shopId: id.optional(),
  pickingPointId: id.optional(),
  billingAddressId: id.optional(),
};
const paymentSlugs = PAYMENT_METHODS.map((m) => m.slug) as [PaymentSlug, ...PaymentSlug[]];

/**
 * Non-blocking alerts the order still cannot be placed with: an invoice without its address or tax
 * id (1136), too many codes of a digital article (1154), cash on delivery above its maximum
 * (1159). The other warnings (a better offer elsewhere, international weight…) only inform.
 */
const REFUSED_ON_PLACE: ReadonlySet<number> = new Set([ALERT_CODES.incompleteBillingAddress, ALERT_CODES.digitalCodesLimit, ALERT_CODES.maxCashOnDelivery]);

/** The catalogue entries of the critical errors that refuse an order (the document of POST /orders/:id/place). */
const CRITICAL_ERRORS = (Object.keys(ERRORS) as ErrorName[]).filter((name) => {
  const code = ERRORS[name].code;
  return typeof code === 'number' && (Object.values(ALERT_CODES) as number[]).includes(code) && !IGNORED_FOR_DISPLAY.includes(code) && (alertFor(code).blocksNextStep || REFUSED_ON_PLACE.has(code));
});

/** A critical error standing in the way of the order, as its catalogue entry (an unknown code is still a 409). */
function criticalError(code: number): AppError {
  const entry = entryForCode(code);
  return new AppError(entry.status >= 500 ? { ...entry, status: 409, type: 'conflict' } : entry, { code });
}
const placeBody = z.object({
  ...deliveryFields,
  couponCodes: z.array(z.string().trim().min(1).max(40)).max(5).default([]),
  giftCardCode: z.string().max(40).nullable().default(null),
  deliveryAgency: z.string().max(40).nullable().default(null),
  deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD').nullable().default(null),
  deliveryTime: z.enum(TIME_SLOTS.map((slot) => slot.id) as [string, ...string[]]).nullable().default(null),
  isNeutralOrder: z.boolean().default(false),
  marketplaceAgencies: z.array(z.object({ orderKey: z.string().max(40), id: z.string().max(40) }).strict()).max(10).default([]),
  useBalance: z.boolean().default(false),
  whoPicksUp: whoPicksUp.nullable().default(null),
  solidaryAmountChecked: z.boolean().default(false),
  paymentMethod: z.enum(paymentSlugs),
  conditionsAccepted: z.literal(true, 'the conditions must be accepted'),
  customerRequestsInvoice: z.boolean().default(false),
  /** Oney's variant and terms acceptance (the draft's oneyInfo); placing with Oney needs both (46001). */
  oneyInfo: oneyInfo.nullable().default(null),
});

/** Placing what the checkout draft holds: the step pages send only the acceptance of the conditions. */
const placeFromDraft = z.object({ conditionsAccepted: z.literal(true, 'the conditions must be accepted') }).strict();

/** The order the draft describes, in the explicit body's terms; a draft without its choices is a 400. */
async function bodyFromDraft(c: AppContext, cartId: string): Promise<z.infer<typeof placeBody>> {
  const draft = parseDraft(await cartStub(c, cartId).draft());
  const parsed = placeBody.safeParse({ ...choiceOf(draft), conditionsAccepted: true });
  if (draft.shippingType === null || !parsed.success) {
    throw appError('invalidRequest', { target: 'json', issues: [{ path: 'draft', message: c.var.i18n._(msg`Choose how to receive the order and how to pay before placing it.`) }] });
  }
  return parsed.data;
}

const flag = z.enum(['true', 'false']).transform((v) => v === 'true').optional();
/** The quote's choice in a query string; marketplace agencies as `orderKey:agency,…`. */
const quoteQuery = z.object({
  ...deliveryFields,
  couponCodes: z.string().max(200).optional(),
  giftCardCode: z.string().max(40).optional(),
  deliveryAgency: z.string().max(40).optional(),
  deliveryDate: placeBody.shape.deliveryDate.unwrap().unwrap().optional(),
  deliveryTime: placeBody.shape.deliveryTime.unwrap().unwrap().optional(),
  isNeutralOrder: flag,
  useBalance: flag,
  customerRequestsInvoice: flag,
  solidaryAmountChecked: flag,
  paymentMethod: z.enum(paymentSlugs).optional(),
  marketplaceAgencies: z
    .string()
    .max(400)
    .regex(/^[\w-]+:[\w-]+(,[\w-]+:[\w-]+)*$/, 'orderKey:agency pairs separated by commas')
    .transform((pairs) => pairs.split(',').map((pair) => ({ orderKey: pair.split(':')[0]!, id: pair.split(':')[1]! })))
    .optional(),
});

/**
 * The order a cart modifier changes, checked before anything is quoted: the user's own (else
 * ORDER_NOT_FOUND) and still changeable (else ORDER_NOT_IN_EDITION, spec §8 "order not marked in
 * edition"); with what it was paid, which pays the new orders first. The placing batch checks its
 * state again (worker/orders/transitions.ts replacedOrderStatements).
 */
async function replacedOrder(c: AppContext, userId: number, modifier: CartModifier | null): Promise<{ orderNumber: string; credit: number } | undefined> {
  if (!modifier) return undefined;
  const order = await c.var.db.$client
    .prepare('SELECT order_number, state, seller_kind, front_order FROM orders WHERE order_number = ? AND user_id = ?')
    .bind(modifier.orderNumber, userId)
    .first<{ order_number: string; state: OrderState; seller_kind: string; front_order: number }>();
  if (!order) throw appError('orderNotFound');
  if (!canChange({ state: order.state, sellerKind: order.seller_kind, frontOrder: order.front_order === 1 })) throw appError('orderNotInEdition');
  return { orderNumber: order.order_number, credit: await refundableAmount(c.var.db, order.order_number) };
}

export const checkoutOrders = new Hono<AppEnv>()
  .use('/orders/*', requireUser)
  .get('/orders/:id/draft', describe({ summary: 'The checkout draft of an order (address, delivery, payment choices)', errors: ['notFound'] }), validate('param', cartParam), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(parseDraft(await cartStub(c, cartId).draft())));
  })
  .put('/orders/:id/draft', describe({ summary: 'Save the checkout draft of an order', security: 'session', errors: ['notFound', 'shippingPointNotFound', 'unauthorized'] }), validate('param', cartParam), validate('json', draftPatch), async (c) => {
    const user = signedInUser(c);
    const cartId = await ownCart(c, c.req.valid('param').id);
    const patch = c.req.valid('json');
    // Only the user's own addresses and a real shop may be chosen.
    if (patch.shippingAddressSelected) await loadOwnedAddress(c.var.db, 'shipping', user.id, patch.shippingAddressSelected);
    if (patch.billingAddressSelected) await loadOwnedAddress(c.var.db, 'billing', user.id, patch.billingAddressSelected);
    if (patch.pickingPointSelected && !(await loadShippingPoint(c.var.db, patch.pickingPointSelected))) throw appError('shippingPointNotFound');
    const stub = cartStub(c, cartId);
    const draft = applyDraftPatch(parseDraft(await stub.draft()), patch);
    await stub.saveDraft(JSON.stringify(draft));
    return c.json(okEnvelope(draft));
  })
  .get('/orders/:id/quote', describe({ summary: "The order's quote: prices, delivery options, payment methods, alerts", security: 'session', errors: ['agencyNotAvailable', 'blockedPostalCode', 'canaryLimitation', 'cartEmpty', 'cartOutOfStock', 'countryLimitation', 'customsAddressMatch', 'deliveryDateNotAvailable', 'dropshippingLimitation', 'giftCardEmpty', 'giftCardExpired', 'giftCardForGiftCards', 'giftCardUnknown', 'installationPriceNotFound', 'installationServiceNotFound', 'internationalWeight', 'invalidRequest', 'neutralNotAvailable', 'noAgencies', 'noZonesInMarketplace', 'notFound', 'personalIdRequired', 'shippingPointNotAllowed', 'shippingPointNotFound', 'shopNotAvailable', 'unauthorized'] }), validate('param', cartParam), validate('query', quoteQuery), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    const query = c.req.valid('query');
    const quote = await quoteCheckout(c, signedInUser(c), cartId, { ...query, couponCodes: query.couponCodes?.split(',') ?? [] } as DeliveryChoice);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      okEnvelope({
        totals: quote.totals,
        ordersAndDeliveries: quote.groups.map(({ lines, ...group }) => ({ ...group, articles: lines.map((l) => l.idLine) })),
        talonOneNotifications: quote.promotions.notifications,
        giftCard: quote.giftCard,
        isAvailableSolidaryOption: quote.solidary.available,
        solidaryAmount: quote.solidary,
        canShowNeutralDelivery: quote.neutral.available,
        criticalErrors: quote.criticalErrors,
        ...quote.payments,
      }),
    );
  })
  .post('/orders/:id/place', describe({ summary: 'Place the order', security: 'session', errors: [...CRITICAL_ERRORS, 'agencyNotAvailable', 'articleNotInInvoice', 'balanceSpent', 'blockedPostalCode', 'canaryLimitation', 'cartEmpty', 'cartOutOfStock', 'countryLimitation', 'couponUsedUp', 'customsAddressMatch', 'deliveryDateNotAvailable', 'dropshippingLimitation', 'giftCardEmpty', 'giftCardExpired', 'giftCardForGiftCards', 'giftCardUnknown', 'installationPriceNotFound', 'installationServiceNotFound', 'internationalWeight', 'invalidRequest', 'invoiceNotFound', 'neutralNotAvailable', 'noAgencies', 'noZonesInMarketplace', 'notFound', 'oneyTermsNotAccepted', 'orderModificationExpired', 'orderNotFound', 'orderNotInEdition', 'paymentGatewayNotConfigured', 'paymentNotAvailable', 'personalIdRequired', 'refundExceedsPaid', 'shippingPointNotAllowed', 'shippingPointNotFound', 'shopNotAvailable', 'unauthorized'] }), validate('param', cartParam), validate('json', z.union([placeBody, placeFromDraft])), async (c) => {
    const user = signedInUser(c);
    const cartId = await ownCart(c, c.req.valid('param').id);
    const sent = c.req.valid('json');
    const body = 'shippingType' in sent ? sent : await bodyFromDraft(c, cartId);
    if (body.customerRequestsInvoice && body.billingAddressId === undefined) {
      throw appError('invalidRequest', { target: 'json', issues: [{ path: 'billingAddressId', message: c.var.i18n._(msg`Choose the address your invoice goes to.`) }] });
    }
    const modifier = await cartStub(c, cartId).modifier();
    if (modifierExpired(modifier, c.var.now)) throw appError('orderModificationExpired');
    // A cart changing an order replaces it (spec §7 cart modifier; worker/orders/transitions.ts).
    const replaces = await replacedOrder(c, user.id, parseModifier(modifier));
    const quote = await quoteCheckout(c, user, cartId, body as DeliveryChoice);
    // Spec §8: the order is refused while a blocking critical error stands, or one the order itself cannot carry.
    const standing = quote.criticalErrors.find((error) => !IGNORED_FOR_DISPLAY.includes(error.code) && (alertFor(error.code).blocksNextStep || REFUSED_ON_PLACE.has(error.code)));
    if (standing) throw criticalError(standing.code);
    const offered = quote.payments.payments.find((method) => method.slug === body.paymentMethod);
    if (!offered) {
      const refused = quote.payments.paymentsNotAllowed.find((method) => method.slug === body.paymentMethod);
      throw appError('paymentNotAvailable', refused ? { unavailableData: refused.unavailableData } : undefined);
    }
    const paymentMethod = body.paymentMethod;
    if (!isPlaceableMethod(paymentMethod)) throw appError('paymentNotAvailable');
    // Oney lends only to a shopper who accepted its terms for a chosen number of instalments (spec §8 46001).
    if (paymentMethod === 'oney' && !(body.oneyInfo?.termsAccepted && body.oneyInfo.variant)) throw appError('oneyTermsNotAccepted');
    const viaGateway = isGatewayMethod(paymentMethod);
    const stub = cartStub(c, cartId);
    const { promotions } = quote;
    // The solidary amount travels with the first order (ours when there is one: groups come own first).
    const donation = quote.solidary.checked ? quote.solidary.amount : 0;
    const shares = allocate(
      quote.groups.map((g, i) => ({
        articles: g.lines.reduce((sum, l) => sum + l.totalPrice, 0),
        donation: i === 0 ? donation : 0,
        shipping: g.shippingCost,
        lineDiscount: g.lines.reduce((sum, l) => sum + (promotions.lineDiscounts[l.idLine] ?? 0), 0),
        own: g.kind === 'own',
      })),
      promotions.cartDiscount,
      promotions.shippingDiscount,
      quote.giftCard?.applied ?? 0,
      quote.totals.balanceToSpend,
    );
    let placed;
    try {
      placed = await placeOrders(c.var.db, {
        userId: user.id,
        channel: c.var.channel.id,
        language: c.var.language,
        checkoutKey: `${cartId}:${quote.cart.updatedAt}`,
        paymentMethod,
        paymentOption: paymentMethod === 'oney' ? body.oneyInfo?.variant : null,
        shippingType: body.shippingType,
        shopId: quote.shopId,
        pickingPointId: quote.pickingPointId,
        balanceSpent: quote.totals.balanceToSpend,
        shippingAddress: quote.shippingAddress,
        billingAddress: quote.billingAddress,
        giftCard: quote.giftCard ? { code: quote.giftCard.code, amount: quote.giftCard.applied } : null,
        redemptions: promotions.appliedCampaigns.map((campaignId) => ({
          campaignId,
          couponCode: promotions.notifications.find((n) => n.campaignId === campaignId && n.notificationTitle === 'coupon.applied')?.couponCode ?? null,
        })),
        groups: quote.groups.map((group, i) => ({
          orderKey: group.orderKey,
          sellerKind: group.kind,
          sellerId: group.shopId,
          shippingCost: group.shippingCost,
          agency: group.agencySelected,
          deliveryDate: group.deliveryDateSelected?.date ?? null,
          deliveryTime: group.deliveryDateSelected?.time ?? null,
          neutral: group.kind === 'own' && quote.neutral.checked,
          discount: shares[i]!.discount,
          giftCardAmount: shares[i]!.giftCard,
          balanceAmount: shares[i]!.balance,
          solidaryAmount: i === 0 ? donation : 0,
          lines: group.lines.map((l) => ({ articleId: l.idArticle, offerId: l.idOffer, name: l.name, qty: l.qty, unitPrice: l.unitPrice, availabilityCode: l.availabilityCode, isService: l.service !== null, service: l.service, giftPaper: l.giftPaper, details: l.coverage ? coverageDetails(l.coverage) : l.giftCard ? { ...l.giftCard } : null })),
        })),
        replaces,
        now: c.var.now,
      });
    } catch (error) {
      if (error instanceof ReplacedOrderMovedError) throw appError('orderNotInEdition');
      if (error instanceof OversoldError) throw appError('cartOutOfStock');
      if (error instanceof GiftCardSpentError) throw appError('giftCardEmpty');
      if (error instanceof CouponUsedUpError) throw appError('couponUsedUp');
      if (error instanceof BalanceSpentError) throw appError('balanceSpent');
      throw error;
    }
    // The orders stand: each one's confirmation goes out after the answer, once (a retry finds them claimed).
    // An order paid through a gateway is confirmed by its payment instead (worker/payments/events.ts).
    // An order a change paid whole does not wait for the card either.
    const waiting = placed.orders.filter((order) => viaGateway && order.state === 'awaiting_payment');
    const confirmNow = placed.orders.filter((order) => !waiting.includes(order)).map((order) => order.orderNumber);
    if (confirmNow.length > 0) confirmOrdersLater(c, confirmNow);
    // The basket empties (a retry of this cart state finds the same orders); lines added on other stores stay for them.
    await stub.clear(c.var.now.getTime(), quote.cart.otherChannelArticles.map((line) => line.idOffer));
    if (replaces) {
      await stub.clearModifier(c.var.now.getTime());
      if (!placed.replay) {
        const carried = placed.orders.reduce((sum, order) => sum + (order.carried ?? 0), 0);
        await settleReplacement({ db: c.var.db, env: c.env, now: c.var.now }, { orderNumber: replaces.orderNumber, credit: replaces.credit, carried, now: c.var.now });
      }
    }
    rememberUnits(c, 0);
    c.header('Cache-Control', 'private, no-store');
    // One payment covers every order of the checkout still to be paid; the browser starts it at the gateway step.
    const payment =
      waiting.length > 0
        ? { orderId: waiting[0]!.orderNumber, amount: { value: waiting.reduce((sum, order) => sum + order.total, 0), currency: c.var.channel.currency }, method: paymentMethod, loadingMode: offered.configuration?.loadingMode ?? null }
        : undefined;
    return c.json(okEnvelope({ orders: placed.orders, replay: placed.replay, totals: quote.totals, ...(payment ? { payment } : {}) }), placed.replay ? 200 : 201);
  });
