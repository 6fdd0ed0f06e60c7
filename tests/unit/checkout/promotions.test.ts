// Promotions engine: gates, conditions, effects, caps, rounding, coupons, limits, exclusivity, offers.
import { describe, expect, it } from 'vitest';
import {
  ALMOST_QUALIFIED_PERCENT,
  evaluate,
  percentOf,
  type Campaign,
  type CartLine,
  type Condition,
  type Coupon,
  type Effect,
  type EvaluateInput,
} from '../../../worker/domain/checkout/promotions';

const NOW = Date.UTC(2025, 5, 15, 12);
const DAY = 86_400_000;

/** A running ES campaign without conditions: 10 % off the cart. */
const campaign = (id: number, over: Partial<Campaign> = {}): Campaign => ({
  id,
  name: `campaign-${id}`,
  channels: ['ES', 'PT'],
  startsAt: NOW - DAY,
  endsAt: NOW + DAY,
  priority: 1,
  couponRequired: false,
  conditions: [],
  effects: [{ kind: 'percentOffCart', percent: 10 }],
  ...over,
});

const line = (idLine: number, over: Partial<CartLine> = {}): CartLine => ({ idLine, articleId: 500 + idLine, categoryId: 1, brandId: 1, unitPrice: 10000, qty: 1, ...over });

const coupon = (code: string, campaignId: number, over: Partial<Coupon> = {}): Coupon => ({ code, campaignId, usageLimit: 0, usageCounter: 0, perUserUsed: 0, ...over });

interface Run {
  lines?: CartLine[];
  subtotal?: number;
  channel?: string;
  shippingCost?: number;
  isFirstPurchase?: boolean;
  userUsage?: Record<number, number>;
  now?: number;
  couponCodes?: string[];
  coupons?: Coupon[];
}

function run(campaigns: Campaign[], options: Run = {}) {
  const lines = options.lines ?? [line(1)];
  const input: EvaluateInput = {
    cart: { channel: options.channel ?? 'ES', subtotal: options.subtotal ?? lines.reduce((sum, l) => sum + l.unitPrice * l.qty, 0), lines, shippingCost: options.shippingCost ?? 499 },
    user: { isFirstPurchase: options.isFirstPurchase ?? false, userUsage: options.userUsage ?? {} },
    now: options.now ?? NOW,
    couponCodes: options.couponCodes ?? [],
    campaigns,
    coupons: options.coupons ?? [],
  };
  return evaluate(input);
}

const applies = (c: Campaign, options?: Run): boolean => run([c], options).appliedCampaigns.includes(c.id);

describe('conditions', () => {
  it.each([
    ['minimum amount reached exactly', { kind: 'minCartAmount', amount: 10000 }, {}, true],
    ['minimum amount 1 cent short', { kind: 'minCartAmount', amount: 10001 }, {}, false],
    ['minimum uses the cart subtotal', { kind: 'minCartAmount', amount: 10000 }, { subtotal: 9999 }, false],
    ['category: one line of several matches', { kind: 'categories', categoryIds: [7, 9] }, { lines: [line(1), line(2, { categoryId: 9 })] }, true],
    ['category: no line matches', { kind: 'categories', categoryIds: [7] }, {}, false],
    ['category: a line with qty 0 does not count', { kind: 'categories', categoryIds: [7] }, { lines: [line(1), line(2, { categoryId: 7, qty: 0 })] }, false],
    ['brand matches', { kind: 'brands', brandIds: [3] }, { lines: [line(1, { brandId: 3 })] }, true],
    ['brand does not match', { kind: 'brands', brandIds: [3] }, {}, false],
    ['first purchase, and it is', { kind: 'firstPurchase' }, { isFirstPurchase: true }, true],
    ['first purchase, and it is not', { kind: 'firstPurchase' }, { isFirstPurchase: false }, false],
  ] as [string, Condition, Run, boolean][])('%s → %s', (_, condition, options, expected) => {
    expect(applies(campaign(1, { conditions: [condition] }), options)).toBe(expected);
  });

  it('every condition must hold', () => {
    const c = campaign(1, { conditions: [{ kind: 'minCartAmount', amount: 5000 }, { kind: 'firstPurchase' }] });
    expect(applies(c, { isFirstPurchase: true })).toBe(true);
    expect(applies(c, { isFirstPurchase: false })).toBe(false);
    expect(applies(c, { isFirstPurchase: true, subtotal: 4999 })).toBe(false);
  });
});

describe('channel and date window', () => {
  const c = campaign(1, { startsAt: NOW, endsAt: NOW + DAY });
  it.each([
    ['1 ms before the start', NOW - 1, false],
    ['at the start (inclusive)', NOW, true],
    ['1 ms before the end', NOW + DAY - 1, true],
    ['at the end (exclusive)', NOW + DAY, false],
  ])('%s → %s', (_, now, expected) => {
    expect(applies(c, { now })).toBe(expected);
  });

  it.each([
    ['listed channel', ['ES', 'PT'], 'PT', true],
    ['other channel', ['ES', 'PT'], 'FR', false],
    ['channel ids are exact', ['ES'], 'es', false],
    ['an empty list matches no channel', [], 'ES', false],
  ] as [string, string[], string, boolean][])('%s → %s', (_, channels, channel, expected) => {
    expect(applies(campaign(1, { channels }), { channel })).toBe(expected);
  });
});

describe('effects, caps and rounding', () => {
  const mixed = [line(1), line(2, { categoryId: 2, brandId: 2, unitPrice: 3333, qty: 3 }), line(3, { categoryId: 2, brandId: 5, unitPrice: 1000 })];
  it.each([
    ['10 % of 123.45 rounds half up', [{ kind: 'percentOffCart', percent: 10 }], [line(1, { unitPrice: 12345 })], {}, 1235],
    ['10 % of 123.44 rounds down', [{ kind: 'percentOffCart', percent: 10 }], [line(1, { unitPrice: 12344 })], {}, 1234],
    ['12.5 % of 9.99 (124.875) → 125', [{ kind: 'percentOffCart', percent: 12.5 }], [line(1, { unitPrice: 999 })], {}, 125],
    ['100 % is the whole subtotal', [{ kind: 'percentOffCart', percent: 100 }], undefined, {}, 10000],
    ['above 100 % is capped at 100 %', [{ kind: 'percentOffCart', percent: 150 }], undefined, {}, 10000],
    ['amount off the cart', [{ kind: 'amountOffCart', amount: 500 }], undefined, {}, 500],
    ['amount off the cart is capped at the subtotal', [{ kind: 'amountOffCart', amount: 99999 }], undefined, {}, 10000],
    ['negative amount gives nothing', [{ kind: 'amountOffCart', amount: -500 }], undefined, {}, 0],
    ['15 % off category 2 lines, per line', [{ kind: 'percentOffLines', percent: 15, categoryIds: [2] }], mixed, { 2: 1500, 3: 150 }, 0],
    ['category and brand must both match', [{ kind: 'percentOffLines', percent: 15, categoryIds: [2], brandIds: [2] }], mixed, { 2: 1500 }, 0],
    ['no filter: every line', [{ kind: 'percentOffLines', percent: 10 }], mixed, { 1: 1000, 2: 1000, 3: 100 }, 0],
    ['10 % of two 5-cent lines rounds per line (1 + 1)', [{ kind: 'percentOffLines', percent: 10 }], [line(1, { unitPrice: 5 }), line(2, { unitPrice: 5 })], { 1: 1, 2: 1 }, 0],
    ['10 % of the same 10-cent cart rounds once (1)', [{ kind: 'percentOffCart', percent: 10 }], [line(1, { unitPrice: 5 }), line(2, { unitPrice: 5 })], {}, 1],
    ['amount off each unit of brand 2', [{ kind: 'amountOffLines', amountPerUnit: 1000, brandIds: [2] }], mixed, { 2: 3000 }, 0],
    ['amount per unit is capped at the line total', [{ kind: 'amountOffLines', amountPerUnit: 5000, categoryIds: [2] }], mixed, { 2: 9999, 3: 1000 }, 0],
    ['no matching line: nothing', [{ kind: 'amountOffLines', amountPerUnit: 1000, categoryIds: [42] }], mixed, {}, 0],
    ['percent after an amount applies to what remains', [{ kind: 'amountOffCart', amount: 2000 }, { kind: 'percentOffCart', percent: 50 }], undefined, {}, 6000],
    ['line discounts leave less for the cart', [{ kind: 'percentOffLines', percent: 50 }, { kind: 'amountOffCart', amount: 9000 }], undefined, { 1: 5000 }, 5000],
    ['cart discounts leave less for the lines', [{ kind: 'amountOffCart', amount: 9000 }, { kind: 'amountOffLines', amountPerUnit: 5000 }], undefined, { 1: 1000 }, 9000],
  ] as [string, Effect[], CartLine[] | undefined, Record<number, number>, number][])('%s', (_, effects, lines, lineDiscounts, cartDiscount) => {
    const result = run([campaign(1, { effects })], lines ? { lines } : {});
    expect(result.lineDiscounts).toEqual(lineDiscounts);
    expect(result.cartDiscount).toBe(cartDiscount);
    expect(result.freeShipping).toBe(false);
    const linesTotal = Object.values(lineDiscounts).reduce((sum, cents) => sum + cents, 0);
    expect(result.totalDiscount).toBe(linesTotal + cartDiscount);
  });

  it('free shipping saves the shipping cost and counts in the total', () => {
    const result = run([campaign(1, { effects: [{ kind: 'freeShipping' }, { kind: 'amountOffCart', amount: 1000 }] })], { shippingCost: 499 });
    expect(result).toMatchObject({ freeShipping: true, shippingDiscount: 499, cartDiscount: 1000, totalDiscount: 1499 });
  });

  it('no campaign: nothing', () => {
    expect(run([])).toEqual({ lineDiscounts: {}, cartDiscount: 0, freeShipping: false, shippingDiscount: 0, totalDiscount: 0, notifications: [], appliedCoupons: [], appliedCampaigns: [] });
  });

  it('stacked campaigns never discount more than the subtotal or a line its total', () => {
    const lines = [line(1, { unitPrice: 2999, qty: 2 }), line(2, { unitPrice: 1500 })];
    const result = run([
      campaign(1, { effects: [{ kind: 'amountOffLines', amountPerUnit: 2500 }] }),
      campaign(2, { effects: [{ kind: 'percentOffLines', percent: 90 }] }),
      campaign(3, { effects: [{ kind: 'amountOffCart', amount: 100000 }] }),
    ], { lines });
    // Line 1: 2 × 25 € = 50 €, then 90 % of the 9.98 € left (8.98 €); line 2: capped at 15 €.
    expect(result.lineDiscounts).toEqual({ 1: 5898, 2: 1500 });
    expect(result.cartDiscount).toBe(100);
    expect(result.totalDiscount).toBe(7498);
  });

  it.each([
    [0, 10, 0],
    [5, 10, 1],
    [4, 10, 0],
    [15, 10, 2],
    [1999, 33.33, 666],
    [10000, 0, 0],
    [10000, -5, 0],
  ])('percentOf(%i, %d) = %i', (base, percent, expected) => {
    expect(percentOf(base, percent)).toBe(expected);
  });
});

describe('order and exclusivity', () => {
  const halfOff: Effect[] = [{ kind: 'percentOffCart', percent: 50 }];
  const ninetyEuros: Effect[] = [{ kind: 'amountOffCart', amount: 9000 }];

  it.each([
    ['percentage first (priority 1)', [campaign(1, { priority: 2, effects: ninetyEuros }), campaign(2, { priority: 1, effects: halfOff })], 10000, [2, 1]],
    ['amount first (priority 1)', [campaign(1, { priority: 1, effects: ninetyEuros }), campaign(2, { priority: 2, effects: halfOff })], 9500, [1, 2]],
    ['same priority: lower id first', [campaign(2, { effects: halfOff }), campaign(1, { effects: ninetyEuros })], 9500, [1, 2]],
  ] as [string, Campaign[], number, number[]][])('%s', (_, campaigns, cartDiscount, order) => {
    const result = run(campaigns);
    expect(result.cartDiscount).toBe(cartDiscount);
    expect(result.appliedCampaigns).toEqual(order);
  });

  it.each([
    ['an exclusive campaign first stops the others', [campaign(1, { exclusive: true }), campaign(2), campaign(3)], [1], 1000],
    ['campaigns before an exclusive one keep their effects', [campaign(1), campaign(2, { priority: 2, exclusive: true }), campaign(3, { priority: 3 })], [1, 2], 1900],
    ['an exclusive campaign that does not apply stops nothing', [campaign(1, { exclusive: true, conditions: [{ kind: 'firstPurchase' }] }), campaign(2), campaign(3)], [2, 3], 1900],
    ['exclusivity follows priority, not the input order', [campaign(3), campaign(1, { priority: 5 }), campaign(2, { priority: 0, exclusive: true })], [2], 1000],
  ] as [string, Campaign[], number[], number][])('%s', (_, campaigns, applied, cartDiscount) => {
    const result = run(campaigns);
    expect(result.appliedCampaigns).toEqual(applied);
    expect(result.cartDiscount).toBe(cartDiscount);
  });
});

describe('usage limits', () => {
  it.each([
    ['total limit not reached', { usageLimit: 100, usageCounter: 99 }, {}, true],
    ['total limit reached', { usageLimit: 100, usageCounter: 100 }, {}, false],
    ['total limit 0 means unlimited', { usageLimit: 0, usageCounter: 5000 }, {}, true],
    ['per-user limit not reached', { perUserLimit: 2 }, { 1: 1 }, true],
    ['per-user limit reached', { perUserLimit: 2 }, { 1: 2 }, false],
    ['usage of another campaign does not count', { perUserLimit: 1 }, { 2: 5 }, true],
    ['per-user limit 0 means unlimited', { perUserLimit: 0 }, { 1: 9 }, true],
  ] as [string, Partial<Campaign>, Record<number, number>, boolean][])('%s → %s', (_, limits, userUsage, expected) => {
    expect(applies(campaign(1, limits), { userUsage })).toBe(expected);
  });
});

describe('coupons', () => {
  const withCoupon = (over: Partial<Campaign> = {}) => campaign(1, { couponRequired: true, ...over });

  it('a valid coupon applies its campaign and says so', () => {
    const result = run([withCoupon()], { couponCodes: [' summer10 '], coupons: [coupon('SUMMER10', 1)] });
    expect(result.appliedCampaigns).toEqual([1]);
    expect(result.appliedCoupons).toEqual(['SUMMER10']);
    expect(result.cartDiscount).toBe(1000);
    expect(result.notifications).toEqual([
      { notificationTitle: 'coupon.applied', notificationBody: 'coupon.applied', notificationType: 'info', couponDiscountTextValue: '10%', couponCode: 'SUMMER10', campaignId: 1 },
    ]);
  });

  it('a campaign that requires a coupon does not apply without one', () => {
    expect(run([withCoupon()], { coupons: [coupon('SUMMER10', 1)] }).appliedCampaigns).toEqual([]);
  });

  it('a code entered twice counts once', () => {
    const result = run([withCoupon()], { couponCodes: ['SUMMER10', 'summer10'], coupons: [coupon('SUMMER10', 1)] });
    expect(result.appliedCoupons).toEqual(['SUMMER10']);
    expect(result.notifications).toHaveLength(1);
    expect(result.cartDiscount).toBe(1000);
  });

  it.each([
    ['unknown code', withCoupon(), coupon('SUMMER10', 1), 'NOPE', {}, 'unknown', 'error'],
    ['coupon of a campaign that does not exist', withCoupon(), coupon('SUMMER10', 99), 'SUMMER10', {}, 'unknown', 'error'],
    ['campaign not started', withCoupon({ startsAt: NOW + 1 }), coupon('SUMMER10', 1), 'SUMMER10', {}, 'notStarted', 'error'],
    ['campaign ended (end is exclusive)', withCoupon({ endsAt: NOW }), coupon('SUMMER10', 1), 'SUMMER10', {}, 'expired', 'error'],
    ['other channel', withCoupon(), coupon('SUMMER10', 1), 'SUMMER10', { channel: 'DE' }, 'wrongChannel', 'error'],
    ['coupon used up', withCoupon(), coupon('SUMMER10', 1, { usageLimit: 50, usageCounter: 50 }), 'SUMMER10', {}, 'usedUp', 'error'],
    ['campaign used up', withCoupon({ usageLimit: 10, usageCounter: 10 }), coupon('SUMMER10', 1), 'SUMMER10', {}, 'usedUp', 'error'],
    ['user already used the coupon', withCoupon({ perUserLimit: 1 }), coupon('SUMMER10', 1, { perUserUsed: 1 }), 'SUMMER10', {}, 'userLimitReached', 'error'],
    ['user already used the campaign', withCoupon({ perUserLimit: 1 }), coupon('SUMMER10', 1), 'SUMMER10', { userUsage: { 1: 1 } }, 'userLimitReached', 'error'],
    ['cart conditions fail', withCoupon({ conditions: [{ kind: 'brands', brandIds: [8] }] }), coupon('SUMMER10', 1), 'SUMMER10', {}, 'conditionsNotMet', 'warning'],
    ['first purchase only', withCoupon({ conditions: [{ kind: 'firstPurchase' }] }), coupon('SUMMER10', 1), 'SUMMER10', {}, 'conditionsNotMet', 'warning'],
    ['minimum and another condition fail', withCoupon({ conditions: [{ kind: 'minCartAmount', amount: 20000 }, { kind: 'firstPurchase' }] }), coupon('SUMMER10', 1), 'SUMMER10', {}, 'conditionsNotMet', 'warning'],
  ] as [string, Campaign, Coupon, string, Run, string, string][])('%s → %s (%s)', (_, c, known, code, options, reason, type) => {
    const result = run([c], { ...options, couponCodes: [code], coupons: [known] });
    expect(result.appliedCampaigns).toEqual([]);
    expect(result.appliedCoupons).toEqual([]);
    expect(result.totalDiscount).toBe(0);
    expect(result.notifications).toHaveLength(1);
    expect(result.notifications[0]).toMatchObject({ notificationTitle: 'coupon.rejected', notificationBody: `coupon.${reason}`, notificationType: type });
  });

  it('a coupon under its minimum says how much is missing', () => {
    const result = run([withCoupon({ conditions: [{ kind: 'minCartAmount', amount: 15000 }] })], { couponCodes: ['SUMMER10'], coupons: [coupon('SUMMER10', 1)] });
    expect(result.notifications).toEqual([
      { notificationTitle: 'coupon.rejected', notificationBody: 'coupon.minCartAmountNotReached', notificationType: 'warning', couponCode: 'SUMMER10', campaignId: 1, missingAmount: 5000 },
    ]);
  });

  it('a coupon stopped by an exclusive campaign is not combinable', () => {
    const result = run([campaign(1, { exclusive: true }), withCoupon({ id: 2, priority: 2 })], { couponCodes: ['SUMMER10'], coupons: [coupon('SUMMER10', 2)] });
    expect(result.appliedCampaigns).toEqual([1]);
    expect(result.notifications[0]).toMatchObject({ notificationBody: 'coupon.notCombinable', notificationType: 'warning', campaignId: 2 });
  });

  it('a second coupon of the same campaign is not combinable', () => {
    const result = run([withCoupon()], { couponCodes: ['A', 'B'], coupons: [coupon('A', 1), coupon('B', 1)] });
    expect(result.appliedCoupons).toEqual(['A']);
    expect(result.cartDiscount).toBe(1000);
    expect(result.notifications.map((n) => [n.couponCode, n.notificationBody])).toEqual([
      ['A', 'coupon.applied'],
      ['B', 'coupon.notCombinable'],
    ]);
  });

  it('an invalid coupon does not stop the valid ones; notifications follow the order entered', () => {
    const result = run([withCoupon(), withCoupon({ id: 2, effects: [{ kind: 'amountOffCart', amount: 500 }] })], {
      couponCodes: ['B', 'NOPE', 'A'],
      coupons: [coupon('A', 1), coupon('B', 2)],
    });
    expect(result.appliedCoupons).toEqual(['B', 'A']);
    expect(result.appliedCampaigns).toEqual([1, 2]);
    expect(result.notifications.map((n) => [n.couponCode, n.notificationBody, n.couponDiscountTextValue])).toEqual([
      ['B', 'coupon.applied', '500'],
      ['NOPE', 'coupon.unknown', undefined],
      ['A', 'coupon.applied', '10%'],
    ]);
  });

  it('a coupon of a campaign that needs none is accepted and the campaign applies once', () => {
    const result = run([campaign(1)], { couponCodes: ['WELCOME'], coupons: [coupon('WELCOME', 1)] });
    expect(result.appliedCampaigns).toEqual([1]);
    expect(result.appliedCoupons).toEqual(['WELCOME']);
    expect(result.cartDiscount).toBe(1000);
  });
});

describe('offers for campaigns the cart almost qualifies for', () => {
  const minimum = (amount: number, over: Partial<Campaign> = {}) =>
    campaign(1, { conditions: [{ kind: 'minCartAmount', amount }], effects: [{ kind: 'freeShipping' }], ...over });

  it(`the threshold is ${ALMOST_QUALIFIED_PERCENT} %`, () => {
    expect(ALMOST_QUALIFIED_PERCENT).toBe(20);
  });

  it.each([
    ['19.99 % short → offer', 8001, true],
    ['exactly 20 % short → no offer', 8000, false],
    ['1 cent short → offer', 9999, true],
    ['reached → applied, no offer', 10000, false],
  ])('%s', (_, subtotal, offered) => {
    const result = run([minimum(10000)], { subtotal });
    const offers = result.notifications.filter((n) => n.notificationType === 'offer');
    expect(offers).toEqual(offered ? [{ notificationTitle: 'offer.almostQualified', notificationBody: 'offer.minCartAmount', notificationType: 'offer', couponDiscountTextValue: 'freeShipping', campaignId: 1, missingAmount: 10000 - subtotal }] : []);
  });

  it.each([
    ['the campaign needs a coupon', minimum(10000, { couponRequired: true }), {}],
    ['another condition fails too', minimum(10000, { conditions: [{ kind: 'minCartAmount', amount: 10000 }, { kind: 'firstPurchase' }] }), {}],
    ['the campaign is not running', minimum(10000, { endsAt: NOW }), {}],
    ['other channel', minimum(10000), { channel: 'IT' }],
    ['stopped by an exclusive campaign', minimum(10000, { priority: 2 }), {}],
  ] as [string, Campaign, Run][])('no offer when %s', (name, c, options) => {
    const others = name.startsWith('stopped') ? [campaign(9, { exclusive: true })] : [];
    const result = run([...others, c], { ...options, subtotal: 9000 });
    expect(result.notifications.filter((n) => n.notificationType === 'offer')).toEqual([]);
  });
});
