/**
 * The spec's own calls for Oney (spec §7; docs/payments-oney.md). Paying goes through the gateway
 * calls of worker/api/gateway-payments.ts (Oney is Adyen's facilypay_3x/_4x).
 *
 * - GET /api/orders/oney/business-info: Oney's conditions on the request's channel.
 * - POST /api/checkout/oney/variants-info-data/{cartId} { variantCodes }: the simulation of each
 *   variant for the total the checkout draft would place now; 1109 with `unavailableData` when
 *   Oney is not offered for it (its 32000–32040 code and limit).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { cartStub, ownCart } from '../cart/service';
import { choiceOf, parseDraft } from '../checkout/draft';
import { quoteCheckout, type DeliveryChoice } from '../checkout/quote';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { localDate } from '../domain/checkout/delivery-choices';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { requireUser, signedInUser } from '../identity/session';
import { oneyBusinessInfo } from '../payments/oney/business-info';
import { ONEY_FEES, ONEY_VARIANTS, simulate } from '../payments/oney/simulation';
import { describe } from '../http/openapi-meta';

const cartParam = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, 'a cart id') });
const variantsBody = z
  .object({ variantCodes: z.array(z.enum(ONEY_VARIANTS)).min(1).max(ONEY_VARIANTS.length).refine((codes) => new Set(codes).size === codes.length, 'each variant once') })
  .strict();

export const oneyApi = new Hono<AppEnv>()
  .get('/orders/oney/business-info', describe({ summary: "Oney's business information (terms, limits)" }), (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(okEnvelope(oneyBusinessInfo(c.var.channel.id, c.var.channel.currency)));
  })
  .use('/checkout/oney/*', requireUser)
  .post('/checkout/oney/variants-info-data/:id', describe({ summary: "Oney's instalment variants for an order", security: 'optionalSession', errors: ['agencyNotAvailable', 'blockedPostalCode', 'canaryLimitation', 'cartEmpty', 'cartOutOfStock', 'countryLimitation', 'customsAddressMatch', 'deliveryDateNotAvailable', 'dropshippingLimitation', 'giftCardEmpty', 'giftCardExpired', 'giftCardForGiftCards', 'giftCardUnknown', 'installationPriceNotFound', 'installationServiceNotFound', 'internationalWeight', 'invalidRequest', 'neutralNotAvailable', 'noAgencies', 'noZonesInMarketplace', 'notFound', 'paymentNotAvailable', 'personalIdRequired', 'shippingPointNotAllowed', 'shippingPointNotFound', 'shopNotAvailable', 'unauthorized'] }), validate('param', cartParam), validate('json', variantsBody), async (c) => {
    const user = signedInUser(c);
    const cartId = await ownCart(c, c.req.valid('param').id);
    const draft = parseDraft(await cartStub(c, cartId).draft());
    if (draft.shippingType === null) throw appError('invalidRequest', { target: 'param', issues: [{ path: 'id', message: 'the checkout has no delivery choice yet' }] });
    const quote = await quoteCheckout(c, user, cartId, choiceOf(draft) as DeliveryChoice);
    if (!quote.payments.payments.some((method) => method.slug === 'oney')) {
      const refused = quote.payments.paymentsNotAllowed.find((method) => method.slug === 'oney');
      throw appError('paymentNotAvailable', refused ? { unavailableData: refused.unavailableData } : undefined);
    }
    const channel = c.var.channel.id;
    const today = localDate(c.var.now, CHANNEL_TIME_ZONES[channel]);
    const total = quote.totals.totalToPay;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      okEnvelope({
        currency: c.var.channel.currency,
        purchaseAmount: total,
        variants: c.req.valid('json').variantCodes.map((code) => simulate(total, code, ONEY_FEES[channel][code], today)),
        legalTextUrl: oneyBusinessInfo(channel, c.var.channel.currency).legalTextUrl,
      }),
    );
  });
