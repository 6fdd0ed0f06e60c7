import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNTS } from '../../worker/orders/bank-accounts';
import { ORDER_NUMBER_PATTERN, orderNumber } from '../../worker/domain/orders/order-number';
import { initialState, nextState, ORDER_EVENTS, ORDER_STATES, releasesStock } from '../../worker/domain/orders/state-machine';

describe('order state machine', () => {
  it('starts transfers awaiting payment and the other offline methods confirmed', () => {
    expect(initialState('transferencia')).toBe('awaiting_payment');
    expect(initialState('contrareembolso')).toBe('confirmed');
    expect(initialState('payinshop')).toBe('confirmed');
    expect(initialState('free')).toBe('confirmed');
  });

  it.each([
    ['awaiting_payment', 'payment_received', 'confirmed'],
    ['awaiting_payment', 'payment_expired', 'cancelled'],
    ['confirmed', 'prepare', 'preparing'],
    ['preparing', 'ship', 'shipped'],
    ['shipped', 'deliver', 'delivered'],
    ['preparing', 'ready_for_pickup', 'ready_for_pickup'],
    ['ready_for_pickup', 'collect', 'collected'],
    ['delivered', 'return', 'returned'],
    ['confirmed', 'cancel', 'cancelled'],
  ] as const)('%s --%s--> %s', (from, event, to) => {
    expect(nextState(from, event)).toBe(to);
  });

  it('refuses every other transition; end states have none', () => {
    expect(nextState('shipped', 'cancel')).toBeUndefined();
    expect(nextState('awaiting_payment', 'ship')).toBeUndefined();
    for (const event of ORDER_EVENTS) {
      expect(nextState('cancelled', event)).toBeUndefined();
      expect(nextState('returned', event)).toBeUndefined();
    }
    expect(ORDER_STATES.filter(releasesStock)).toEqual(['cancelled']);
  });
});

describe('order numbers', () => {
  it('carry the channel and date and avoid look-alike characters', () => {
    const number = orderNumber('PT', new Date('2026-11-22T10:00:00Z'), new Uint8Array([0, 1, 8, 31, 32, 255]));
    expect(number).toBe('PT-261122-23AZ2Z');
    expect(ORDER_NUMBER_PATTERN.test(number)).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('PT-261122-23AZ0Z')).toBe(false);
  });
});

describe('bank accounts for transfers', () => {
  it.each(BANK_ACCOUNTS.map((a) => [a.bank, a.iban]))('%s IBAN %s passes the ISO 13616 check', (_bank, iban) => {
    const compact = iban.replaceAll(' ', '');
    const rearranged = compact.slice(4) + compact.slice(0, 4);
    const digits = [...rearranged].map((ch) => parseInt(ch, 36).toString()).join('');
    expect(BigInt(digits) % 97n).toBe(1n);
  });
});

describe('sharing money between a checkout’s orders', async () => {
  const { allocate, shareByWeight } = await import('../../worker/domain/orders/allocate');
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [1000, [3000, 1000], [750, 250]],
    [5, [0, 0], [0, 0]],
    [0, [10, 20], [0, 0]],
    [7, [1, 1], [4, 3]],
  ])('shares %i by %j → %j', (amount, weights, shares) => {
    expect(shareByWeight(amount, weights)).toEqual(shares);
    if (weights.some((w) => w > 0)) expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it('keeps line discounts, shares the cart discount, gives free shipping to our group and spends the gift card in order', () => {
    const groups = [
      { articles: 10_000, shipping: 499, lineDiscount: 1000, own: true },
      { articles: 5000, shipping: 300, lineDiscount: 0, own: false },
    ];
    expect(allocate(groups, 1500, 499, 12_000)).toEqual([
      { discount: 1000 + 1000 + 499, giftCard: 8000, balance: 0, total: 0 },
      { discount: 500, giftCard: 4000, balance: 0, total: 800 },
    ]);
  });

  it('never discounts more than a group costs', () => {
    expect(allocate([{ articles: 100, shipping: 0, lineDiscount: 150, own: true }], 0, 0, 0)).toEqual([{ discount: 100, giftCard: 0, balance: 0, total: 0 }]);
  });

  it('charges a solidary donation in full: never discounted, no weight in the cart discount, payable by the gift card', () => {
    const groups = [
      { articles: 1000, shipping: 0, lineDiscount: 2000, own: true, donation: 100 },
      { articles: 1000, shipping: 0, lineDiscount: 0, own: false },
    ];
    expect(allocate(groups, 1000, 0, 0)).toEqual([
      { discount: 1000, giftCard: 0, balance: 0, total: 100 },
      { discount: 500, giftCard: 0, balance: 0, total: 500 },
    ]);
    expect(allocate([{ articles: 1000, shipping: 0, lineDiscount: 0, own: true, donation: 100 }], 0, 0, 5000)).toEqual([{ discount: 0, giftCard: 1100, balance: 0, total: 0 }]);
  });
});
