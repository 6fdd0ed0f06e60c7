/**
 * Placing orders (spec §4 summary step): the server quotes the cart again for the delivery
 * choice, checks the payment method is offered and needs no gateway (transfer, cash on delivery,
 * pay in shop, free), writes one order per seller in one batch, and empties the cart. The same
 * cart state placed twice gives the same orders (the checkout key); an article that sold out
 * meanwhile gives 1119 and nothing is written.
 */
import { msg } from '@lingui/core/macro';
import { Hono } from 'hono';
import { z } from 'zod';
import { cartStub, ownCart, rememberUnits } from '../cart/service';
import { draftPatch, parseDraft } from '../checkout/draft';
import { quoteCheckout, type DeliveryChoice } from '../checkout/quote';
import { pickupShopFor } from '../domain/checkout/delivery-options';
import { loadOwnedAddress } from '../identity/addresses';
import { NO_GATEWAY_METHODS } from '../domain/orders/state-machine';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { requireUser, signedInUser } from '../identity/session';
import { allocate } from '../domain/orders/allocate';
import { CouponUsedUpError, GiftCardSpentError, OversoldError, placeOrders } from '../orders/place';

const cartParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'a cart id') });
const id = z.coerce.number().int().positive();
const deliveryFields = {
  shippingType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  shippingAddressId: id.optional(),
  shopId: id.optional(),
  billingAddressId: id.optional(),
};
const placeBody = z.object({
  ...deliveryFields,
  couponCodes: z.array(z.string().trim().min(1).max(40)).max(5).default([]),
  giftCardCode: z.string().max(40).nullable().default(null),
  deliveryAgency: z.string().max(40).nullable().default(null),
  solidaryAmountChecked: z.boolean().default(false),
  paymentMethod: z.enum(NO_GATEWAY_METHODS),
  conditionsAccepted: z.literal(true, 'the conditions must be accepted'),
  customerRequestsInvoice: z.boolean().default(false),
});

export const checkoutOrders = new Hono<AppEnv>()
  .use('/orders/*', requireUser)
  .get('/orders/:id/draft', validate('param', cartParam), async (c) => {
    const cartId = await ownCart(c, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(parseDraft(await cartStub(c, cartId).draft())));
  })
  .put('/orders/:id/draft', validate('param', cartParam), validate('json', draftPatch), async (c) => {
    const user = signedInUser(c);
    const cartId = await ownCart(c, c.req.valid('param').id);
    const patch = c.req.valid('json');
    // Only the user's own addresses and a real shop may be chosen.
    if (patch.shippingAddressSelected) await loadOwnedAddress(c.var.db, 'shipping', user.id, patch.shippingAddressSelected);
    if (patch.billingAddressSelected) await loadOwnedAddress(c.var.db, 'billing', user.id, patch.billingAddressSelected);
    const stub = cartStub(c, cartId);
    const draft = { ...parseDraft(await stub.draft()), ...patch };
    if (draft.shopSelected !== null) draft.shopSelected = pickupShopFor(draft.shopSelected);
    await stub.saveDraft(JSON.stringify(draft));
    return c.json(okEnvelope(draft));
  })
  .get('/orders/:id/quote', validate('param', cartParam), validate('query', z.object({ ...deliveryFields, couponCodes: z.string().max(200).optional(), giftCardCode: z.string().max(40).optional(), deliveryAgency: z.string().max(40).optional(), solidaryAmountChecked: z.enum(['true', 'false']).transform((v) => v === 'true').optional() })), async (c) => {
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
        ...quote.payments,
      }),
    );
  })
  .post('/orders/:id/place', validate('param', cartParam), validate('json', placeBody), async (c) => {
    const user = signedInUser(c);
    const cartId = await ownCart(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    if (body.customerRequestsInvoice && body.billingAddressId === undefined) {
      throw appError('invalidRequest', { target: 'json', issues: [{ path: 'billingAddressId', message: 'an invoice needs a billing address' }] });
    }
    const quote = await quoteCheckout(c, user, cartId, body as DeliveryChoice);
    if (!quote.payments.payments.some((method) => method.slug === body.paymentMethod)) {
      const refused = quote.payments.paymentsNotAllowed.find((method) => method.slug === body.paymentMethod);
      throw appError('paymentNotAvailable', refused ? { unavailableData: refused.unavailableData } : undefined);
    }
    const stub = cartStub(c, cartId);
    const { promotions } = quote;
    // The solidary amount travels with the first order (ours when there is one: groups come own first).
    const donation = quote.solidary.checked ? quote.solidary.amount : 0;
    const shares = allocate(
      quote.groups.map((g, i) => ({
        articles: g.lines.reduce((sum, l) => sum + l.totalPrice, 0) + (i === 0 ? donation : 0),
        shipping: g.shippingCost,
        lineDiscount: g.lines.reduce((sum, l) => sum + (promotions.lineDiscounts[l.idLine] ?? 0), 0),
        own: g.kind === 'own',
      })),
      promotions.cartDiscount,
      promotions.shippingDiscount,
      quote.giftCard?.applied ?? 0,
    );
    let placed;
    try {
      placed = await placeOrders(c.var.db, {
        userId: user.id,
        channel: c.var.channel.id,
        language: c.var.language,
        checkoutKey: `${cartId}:${quote.cart.updatedAt}`,
        paymentMethod: body.paymentMethod,
        shippingType: body.shippingType,
        shopId: quote.shopId,
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
          discount: shares[i]!.discount,
          giftCardAmount: shares[i]!.giftCard,
          lines: [
            ...group.lines.map((l) => ({ articleId: l.idArticle, offerId: l.idOffer, name: l.name, qty: l.qty, unitPrice: l.unitPrice, availabilityCode: l.availabilityCode, isService: l.service !== null, giftPaper: l.giftPaper })),
            ...(i === 0 && donation > 0 ? [{ articleId: 0, offerId: 0, name: c.var.i18n._(msg`Solidary donation`), qty: 1, unitPrice: donation, availabilityCode: 0, isService: true }] : []),
          ],
        })),
        now: c.var.now,
      });
    } catch (error) {
      if (error instanceof OversoldError) throw appError('cartOutOfStock');
      if (error instanceof GiftCardSpentError) throw appError('giftCardEmpty');
      if (error instanceof CouponUsedUpError) throw appError('couponUsedUp');
      throw error;
    }
    // The orders stand; the basket empties (a retry of this cart state finds the same orders).
    await stub.clear(c.var.now.getTime());
    rememberUnits(c, 0);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ orders: placed.orders, replay: placed.replay, totals: quote.totals }), placed.replay ? 200 : 201);
  });
