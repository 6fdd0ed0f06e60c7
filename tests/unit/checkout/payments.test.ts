// Payment catalogue, channel lists, unavailability codes and instalment limits (spec §3, §5, §8, §9).
import { describe, expect, it } from 'vitest';
import {
  CASH_ON_DELIVERY_MAX,
  INSTALMENT_LIMITS,
  MAX_PENDING_AMOUNT,
  PAYMENT_METHODS,
  PAYMENT_UNAVAILABLE,
  PLAIN_CART_FACTS,
  channelPayments,
  paymentAvailability,
  payments,
  type CartFacts,
  type PaymentSlug,
} from '../../../worker/domain/checkout/payments';
import { DEFAULT_CHANNELS } from '../../../worker/channel/channels';

const C = PAYMENT_UNAVAILABLE;

/** A 500 € home delivery in Spain by an ordinary consumer with nothing special in the cart. */
function cart(overrides: Partial<CartFacts> = {}): CartFacts {
  return { ...PLAIN_CART_FACTS, channel: 'ES', totalToPay: 50_000, shippingType: 1, countryIso: 'ES', ...overrides };
}

const slugs = (list: readonly { slug: string }[]) => list.map((m) => m.slug);

describe('catalogue', () => {
  it('holds the 19 spec slugs with unique ids 1–19', () => {
    expect(PAYMENT_METHODS.map((m) => m.slug).sort()).toEqual(
      [
        'bizum', 'financiacion12', 'aplazame', 'transferencia', 'inespay', 'multibanco', 'adyen', 'payPerUsage', 'payinshop', 'contrareembolso',
        'tarjeta', 'oney', 'free', 'paypal', 'click-to-pay', 'lendismart', 'mbway', 'adyen-googlepay', 'adyen-applepay',
      ].sort(),
    );
    expect(PAYMENT_METHODS.map((m) => m.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
  });

  it.each([
    ['adyen', 'card-provider', true],
    ['tarjeta', 'card-redirect', true],
    ['inespay', 'open-banking', true],
    ['multibanco', 'local-bank-reference', true],
    ['mbway', 'mobile', true],
    ['bizum', 'mobile', true],
    ['paypal', 'wallet', true],
    ['adyen-applepay', 'wallet', true],
    ['aplazame', 'instalments', true],
    ['oney', 'instalments', true],
    ['lendismart', 'financing', true],
    ['financiacion12', 'financing', true],
    ['payPerUsage', 'pay-per-use', true],
    ['transferencia', 'transfer', false],
    ['contrareembolso', 'cash-on-delivery', false],
    ['payinshop', 'pay-in-shop', false],
    ['free', 'free', false],
  ] as const)('%s is %s, gateway %s', (slug, kind, needsGateway) => {
    const m = PAYMENT_METHODS.find((entry) => entry.slug === slug)!;
    expect({ kind: m.kind, needsGateway: m.needsGateway }).toEqual({ kind, needsGateway });
  });
});

describe('channelPayments', () => {
  const COMMON_HEAD = ['adyen', 'tarjeta', 'click-to-pay', 'inespay', 'transferencia', 'paypal', 'contrareembolso'];
  it.each([
    ['ES', [...COMMON_HEAD, 'payinshop', 'adyen-applepay', 'adyen-googlepay', 'bizum', 'aplazame', 'oney', 'financiacion12', 'lendismart', 'payPerUsage', 'free']],
    ['PT', [...COMMON_HEAD, 'adyen-applepay', 'adyen-googlepay', 'mbway', 'oney', 'multibanco', 'free']],
    ['FR', [...COMMON_HEAD, 'adyen-applepay', 'adyen-googlepay', 'oney', 'free']],
    ['IT', [...COMMON_HEAD, 'adyen-applepay', 'adyen-googlepay', 'oney', 'free']],
    ['DE', [...COMMON_HEAD, 'adyen-applepay', 'adyen-googlepay', 'free']],
  ] as const)('%s', (channel, expected) => {
    expect(slugs(channelPayments(channel))).toEqual(expected);
  });

  it.each([
    ['multibanco', ['PT']],
    ['mbway', ['PT']],
    ['bizum', ['ES']],
    ['payinshop', ['ES']],
    ['aplazame', ['ES']],
    ['inespay', ['ES', 'PT', 'FR', 'IT', 'DE']],
  ] as const)('%s only on %j', (slug, channels) => {
    const offering = (['ES', 'PT', 'FR', 'IT', 'DE'] as const).filter((id) => slugs(channelPayments(id)).includes(slug));
    expect(offering).toEqual(channels);
  });

  it.each([
    ['families reordered by ops: open banking still follows the card methods', ['paypal', 'cards', 'transfer', 'open-banking'], ['paypal', 'adyen', 'tarjeta', 'click-to-pay', 'inespay', 'transferencia', 'free']],
    ['no card family: open banking first', ['transfer', 'open-banking'], ['inespay', 'transferencia', 'free']],
    ['open banking alone is not offered', ['open-banking'], []],
    ['no families, no payments (not even free)', [], []],
    ['without the open-banking family there is no inespay', ['cards', 'paypal'], ['adyen', 'tarjeta', 'click-to-pay', 'paypal', 'free']],
  ] as const)('%s', (_, paymentFamilies, expected) => {
    expect(slugs(channelPayments({ id: 'ES', paymentFamilies: [...paymentFamilies] }))).toEqual(expected);
  });

  it('follows an overridden channel object', () => {
    expect(slugs(channelPayments({ ...DEFAULT_CHANNELS.PT, paymentFamilies: ['bank-reference', 'cards'] }))).toEqual([
      'multibanco',
      'adyen',
      'tarjeta',
      'click-to-pay',
      'free',
    ]);
  });
});

describe('PAYMENT_UNAVAILABLE', () => {
  it('assigns the spec §8 list in order from 32000, leaving 32029–32040 free', () => {
    expect(Object.entries(C)).toEqual(
      [
        'disabled', 'exceedsPendingAmount', 'blackFriday', 'marketplace', 'digital', 'dropshipping', 'modifying', 'spainOrPortugalOnly', 'premium',
        'agency', 'priceLimit', 'minimumPrice', 'business', 'shippingPoint', 'deals', 'defaulters', 'electronic', 'refurbished', 'banned',
        'noShippingAddress', 'storePickup', 'pendingSameTypeOrder', 'presale', 'customisedCases', 'userBanned', 'giftCards', 'payPerUse',
        'anniversary', 'subscription',
      ].map((name, i) => [name, 32000 + i]),
    );
    expect(Math.max(...Object.values(C))).toBeLessThanOrEqual(32040);
  });
});

describe('paymentAvailability rules', () => {
  // [case, cart overrides, method, expected code (null = available)]
  it.each<[string, Partial<CartFacts>, PaymentSlug, number | null]>([
    ['baseline card', {}, 'adyen', null],
    ['baseline cash on delivery', {}, 'contrareembolso', null],
    ['baseline transfer', {}, 'transferencia', null],
    // every method
    ['banned user: card', { userBanned: true }, 'adyen', C.userBanned],
    ['banned user: free', { userBanned: true, totalToPay: 0 }, 'free', C.userBanned],
    ['disabled by ops', { disabledMethods: ['paypal'] }, 'paypal', C.disabled],
    ['not offered on the channel: bizum on PT', { channel: 'PT', countryIso: 'PT' }, 'bizum', C.disabled],
    ['not offered on the channel: multibanco on ES', {}, 'multibanco', C.disabled],
    ['banned by the risk team', { bannedMethods: ['contrareembolso'] }, 'contrareembolso', C.banned],
    ['disabled wins over banned', { disabledMethods: ['paypal'], bannedMethods: ['paypal'] }, 'paypal', C.disabled],
    // free
    ['free with nothing to pay', { totalToPay: 0 }, 'free', null],
    ['free with a negative total', { totalToPay: -5 }, 'free', null],
    ['free with 1 cent to pay', { totalToPay: 1 }, 'free', C.disabled],
    ['card with nothing to pay', { totalToPay: 0 }, 'adyen', C.disabled],
    ['transfer with nothing to pay', { totalToPay: 0 }, 'transferencia', C.disabled],
    ['free on a zero marketplace cart', { totalToPay: 0, hasMarketplace: true }, 'free', null],
    // customer
    ['defaulter: cash on delivery', { isDefaulter: true }, 'contrareembolso', C.defaulters],
    ['defaulter: oney', { isDefaulter: true }, 'oney', C.defaulters],
    ['defaulter: card still fine', { isDefaulter: true }, 'adyen', null],
    ['business: aplazame', { isB2b: true }, 'aplazame', C.business],
    ['business: oney', { isB2b: true }, 'oney', C.business],
    ['business: lendismart', { isB2b: true }, 'lendismart', C.business],
    ['business: transfer fine', { isB2b: true }, 'transferencia', null],
    ['non-premium: financiacion12', {}, 'financiacion12', C.premium],
    ['premium: financiacion12', { isPremium: true }, 'financiacion12', null],
    // cart contents
    ['subscription: paypal', { hasSubscription: true }, 'paypal', C.subscription],
    ['subscription: apple pay', { hasSubscription: true }, 'adyen-applepay', C.subscription],
    ['subscription: card provider', { hasSubscription: true }, 'adyen', null],
    ['marketplace: cash on delivery', { hasMarketplace: true }, 'contrareembolso', C.marketplace],
    ['marketplace: transfer (we receive it and pay the sellers)', { hasMarketplace: true }, 'transferencia', null],
    ['marketplace: redirect card', { hasMarketplace: true }, 'tarjeta', C.marketplace],
    ['marketplace: card provider', { hasMarketplace: true }, 'adyen', null],
    ['marketplace: google pay via card provider', { hasMarketplace: true }, 'adyen-googlepay', null],
    ['marketplace: click to pay via card provider', { hasMarketplace: true }, 'click-to-pay', null],
    ['gift cards: oney', { hasGiftCards: true }, 'oney', C.giftCards],
    ['gift cards: cash on delivery', { hasGiftCards: true }, 'contrareembolso', C.giftCards],
    ['gift cards: card', { hasGiftCards: true }, 'adyen', null],
    ['modifying: aplazame', { modifyingOrder: true }, 'aplazame', C.modifying],
    ['modifying: card', { modifyingOrder: true }, 'adyen', null],
    ['pay per use without such article', {}, 'payPerUsage', C.payPerUse],
    ['pay per use with such article', { hasPayPerUse: true }, 'payPerUsage', null],
    ['pay per use at a collection point', { hasPayPerUse: true, shippingType: 2 }, 'payPerUsage', C.shippingPoint],
    ['pay per use with store pickup', { hasPayPerUse: true, shippingType: 3 }, 'payPerUsage', C.storePickup],
    ['presale: aplazame', { hasPresale: true }, 'aplazame', C.presale],
    ['presale: lendismart fine', { hasPresale: true }, 'lendismart', null],
    ['refurbished: lendismart', { hasRefurbished: true }, 'lendismart', C.refurbished],
    ['refurbished: oney fine', { hasRefurbished: true }, 'oney', null],
    ['deals: transfer', { hasDeals: true }, 'transferencia', C.deals],
    ['deals: multibanco', { channel: 'PT', countryIso: 'PT', hasDeals: true }, 'multibanco', C.deals],
    ['deals: card', { hasDeals: true }, 'adyen', null],
    ['digital: transfer (electronic)', { hasDigital: true }, 'transferencia', C.electronic],
    ['digital: cash on delivery', { hasDigital: true }, 'contrareembolso', C.digital],
    ['digital: pay in shop', { hasDigital: true, shippingType: 3 }, 'payinshop', C.digital],
    ['digital: card', { hasDigital: true }, 'adyen', null],
    ['dropshipping: cash on delivery', { hasDropshipping: true }, 'contrareembolso', C.dropshipping],
    ['dropshipping: pay in shop', { hasDropshipping: true, shippingType: 3 }, 'payinshop', C.dropshipping],
    ['dropshipping: transfer', { hasDropshipping: true }, 'transferencia', null],
    ['customised cases: cash on delivery', { hasCustomisedCases: true }, 'contrareembolso', C.customisedCases],
    ['customised cases: transfer', { hasCustomisedCases: true }, 'transferencia', null],
    // campaigns
    ['Black Friday: cash on delivery', { activeCampaigns: ['black-friday'] }, 'contrareembolso', C.blackFriday],
    ['Black Friday: card', { activeCampaigns: ['black-friday'] }, 'adyen', null],
    ['anniversary: cash on delivery', { activeCampaigns: ['anniversary'] }, 'contrareembolso', C.anniversary],
    ['another campaign: cash on delivery', { activeCampaigns: ['summer'] }, 'contrareembolso', null],
    // delivery
    ['pay in shop with store pickup', { shippingType: 3 }, 'payinshop', null],
    ['pay in shop with home delivery', { shippingType: 1 }, 'payinshop', C.storePickup],
    ['pay in shop at a collection point', { shippingType: 2 }, 'payinshop', C.storePickup],
    ['cash on delivery at a collection point', { shippingType: 2 }, 'contrareembolso', C.shippingPoint],
    ['cash on delivery with store pickup', { shippingType: 3 }, 'contrareembolso', C.storePickup],
    ['cash on delivery without address', { hasShippingAddress: false }, 'contrareembolso', C.noShippingAddress],
    ['cash on delivery to Portugal', { countryIso: 'PT' }, 'contrareembolso', null],
    ['cash on delivery to lower-case pt', { countryIso: 'pt' }, 'contrareembolso', null],
    ['cash on delivery to France', { countryIso: 'FR' }, 'contrareembolso', C.spainOrPortugalOnly],
    ['cash on delivery on the FR channel to France', { channel: 'FR', countryIso: 'FR' }, 'contrareembolso', C.spainOrPortugalOnly],
    ['agency that collects no cash', { agencyAcceptsCash: false }, 'contrareembolso', C.agency],
    ['agency that collects cash', { agencyAcceptsCash: true }, 'contrareembolso', null],
    ['agency does not matter to transfer', { agencyAcceptsCash: false }, 'transferencia', null],
    // pending orders
    ['pending transfer order: transfer', { pendingOrderMethods: ['transferencia'] }, 'transferencia', C.pendingSameTypeOrder],
    ['pending transfer order: cash on delivery', { pendingOrderMethods: ['transferencia'] }, 'contrareembolso', null],
    // precedence
    ['marketplace before the shipping point', { hasMarketplace: true, shippingType: 2 }, 'contrareembolso', C.marketplace],
    ['digital before Black Friday', { hasDigital: true, activeCampaigns: ['black-friday'] }, 'contrareembolso', C.digital],
    ['rules before amounts', { hasDigital: true, totalToPay: CASH_ON_DELIVERY_MAX + 1 }, 'contrareembolso', C.digital],
  ])('%s', (_, overrides, slug, code) => {
    const result = paymentAvailability(cart(overrides), slug);
    expect(result).toEqual(code === null ? { available: true } : { available: false, code });
  });
});

describe('paymentAvailability amounts', () => {
  const max = (amount: number) => ({ available: false, code: C.priceLimit, amount, reason: 'maximumPriceReached' });
  const min = (amount: number) => ({ available: false, code: C.minimumPrice, amount, reason: 'minimumNotReached' });
  const ok = { available: true };

  it.each<[string, PaymentSlug, number, object]>([
    ['aplazame below 10 €', 'aplazame', 999, min(1_000)],
    ['aplazame at 10 €', 'aplazame', 1_000, ok],
    ['aplazame at 4 000 €', 'aplazame', 400_000, ok],
    ['aplazame above 4 000 €', 'aplazame', 400_001, max(400_000)],
    ['lendismart below 90 €', 'lendismart', 8_999, min(9_000)],
    ['lendismart at 90 €', 'lendismart', 9_000, ok],
    ['lendismart at 1 000 000 €', 'lendismart', 100_000_000, ok],
    ['lendismart above 1 000 000 €', 'lendismart', 100_000_001, max(100_000_000)],
    ['oney below 60 €', 'oney', 5_999, min(6_000)],
    ['oney at 60 €', 'oney', 6_000, ok],
    ['oney at 2 500 €', 'oney', 250_000, ok],
    ['oney above 2 500 €', 'oney', 250_001, max(250_000)],
    ['financiacion12 below 90 €', 'financiacion12', 8_999, min(9_000)],
    ['financiacion12 at 90 €', 'financiacion12', 9_000, ok],
    ['financiacion12 at 3 000 €', 'financiacion12', 300_000, ok],
    ['financiacion12 above 3 000 €', 'financiacion12', 300_001, max(300_000)],
    ['cash on delivery at 1 000 €', 'contrareembolso', 100_000, ok],
    ['cash on delivery above 1 000 €', 'contrareembolso', 100_001, max(100_000)],
    ['cash on delivery 1 cent', 'contrareembolso', 1, ok],
    ['card has no ceiling', 'adyen', 100_000_000_00, ok],
    ['paypal 1 cent', 'paypal', 1, ok],
  ])('%s', (_, slug, totalToPay, expected) => {
    expect(paymentAvailability(cart({ totalToPay, isPremium: true }), slug)).toEqual(expected);
  });

  it('spec §5 limits are stored in cents', () => {
    expect(INSTALMENT_LIMITS).toMatchObject({
      aplazame: { min: 1_000, max: 400_000 },
      lendismart: { min: 9_000, max: 100_000_000 },
      oney: { min: 6_000, max: 250_000 },
    });
  });

  it.each([
    ['cart ceiling lower than the default', 50_000, 50_001, max(50_000)],
    ['cart ceiling lower, at the limit', 50_000, 50_000, ok],
    ['cart ceiling higher than the default', 150_000, 150_000, ok],
  ])('cash on delivery: %s', (_, cashOnDeliveryMax, totalToPay, expected) => {
    expect(paymentAvailability(cart({ cashOnDeliveryMax, totalToPay }), 'contrareembolso')).toEqual(expected);
  });

  const pending = { available: false, code: C.exceedsPendingAmount, amount: MAX_PENDING_AMOUNT, reason: 'pendingAmountExceeded' };
  it.each<[string, PaymentSlug, number, number, object]>([
    ['transfer reaching the cap exactly', 'transferencia', 250_000, 50_000, ok],
    ['transfer 1 cent over the cap', 'transferencia', 250_001, 50_000, pending],
    ['cash on delivery over the cap', 'contrareembolso', 299_000, 2_000, pending],
    ['pay in shop over the cap', 'payinshop', 299_000, 2_000, pending],
    ['card ignores pending orders', 'adyen', 299_000, 2_000, ok],
    ['pending cap before the cash-on-delivery ceiling', 'contrareembolso', 250_000, 100_001, pending],
  ])('%s', (_, slug, pendingAmount, totalToPay, expected) => {
    expect(paymentAvailability(cart({ pendingAmount, totalToPay, shippingType: slug === 'payinshop' ? 3 : 1 }), slug)).toEqual(expected);
  });
});

describe('payments', () => {
  it('splits the channel list, both halves in channel order', () => {
    const result = payments(cart({ hasDigital: true }));
    expect(slugs(result.payments)).toEqual(['adyen', 'tarjeta', 'click-to-pay', 'inespay', 'paypal', 'adyen-applepay', 'adyen-googlepay', 'bizum', 'aplazame', 'oney', 'lendismart']);
    expect(result.paymentsNotAllowed.map((m) => [m.slug, m.unavailableData])).toEqual([
      ['transferencia', { error_code: C.electronic }],
      ['contrareembolso', { error_code: C.digital }],
      ['payinshop', { error_code: C.digital }],
      ['financiacion12', { error_code: C.premium }],
      ['payPerUsage', { error_code: C.payPerUse }],
      ['free', { error_code: C.disabled }],
    ]);
  });

  it('carries the limit as amount', () => {
    const { paymentsNotAllowed } = payments(cart({ totalToPay: 500 }));
    expect(paymentsNotAllowed.find((m) => m.slug === 'oney')?.unavailableData).toEqual({ error_code: C.minimumPrice, amount: 6_000 });
  });

  it('offers only free when nothing is left to pay', () => {
    const result = payments(cart({ totalToPay: 0 }));
    expect(slugs(result.payments)).toEqual(['free']);
    expect(result.paymentsNotAllowed).toHaveLength(channelPayments('ES').length - 1);
  });

  it('PT offers multibanco and mbway', () => {
    expect(slugs(payments(cart({ channel: 'PT', countryIso: 'PT' })).payments)).toEqual([
      'adyen', 'tarjeta', 'click-to-pay', 'inespay', 'transferencia', 'paypal', 'contrareembolso', 'adyen-applepay', 'adyen-googlepay', 'mbway', 'oney', 'multibanco',
    ]);
  });

  it.each([
    ['adyen', { idPayment: 7, slug: 'adyen', kind: 'card-provider', needsGateway: true, url: '/api/paymentGateway/adyen/notification', configuration: { loadingMode: 'form' }, notifyUnavailable: true }],
    ['transferencia', { idPayment: 4, slug: 'transferencia', kind: 'transfer', needsGateway: false, url: null, configuration: null, notifyUnavailable: true }],
  ])('shapes %s as the summary lists it', (slug, expected) => {
    expect(payments(cart()).payments.find((m) => m.slug === slug)).toEqual(expected);
  });

  it('hides free, pay in shop and pay per use when they do not apply', () => {
    const hidden = payments(cart()).paymentsNotAllowed.filter((m) => !m.notifyUnavailable);
    expect(slugs(hidden)).toEqual(['payinshop', 'payPerUsage', 'free']);
  });

  it('a banned user gets nothing', () => {
    const result = payments(cart({ userBanned: true }));
    expect(result.payments).toEqual([]);
    expect(new Set(result.paymentsNotAllowed.map((m) => m.unavailableData.error_code))).toEqual(new Set([C.userBanned]));
  });
});
