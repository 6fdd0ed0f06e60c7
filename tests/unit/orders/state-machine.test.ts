import { describe, expect, it } from 'vitest';
import { nextState, ORDER_EVENTS, ORDER_STATES, type OrderEvent, type OrderState } from '../../../worker/domain/orders/state-machine';
import { canCancel, canChange, canReturn, paidAmount, receivesMoney, RETURN_PERIOD_DAYS, returnDeadline, STATE_GROUPS } from '../../../client/orders/actions';

/** The whole machine, written out: every state × every event, '' where the event is refused. */
const TABLE: Record<OrderState, Record<OrderEvent, OrderState | ''>> = {
  awaiting_payment: { payment_received: 'confirmed', payment_expired: 'cancelled', prepare: '', ship: '', deliver: '', ready_for_pickup: '', collect: '', cancel: 'cancelled', return: '' },
  confirmed: { payment_received: '', payment_expired: '', prepare: 'preparing', ship: '', deliver: '', ready_for_pickup: '', collect: '', cancel: 'cancelled', return: '' },
  preparing: { payment_received: '', payment_expired: '', prepare: '', ship: 'shipped', deliver: '', ready_for_pickup: 'ready_for_pickup', collect: '', cancel: 'cancelled', return: '' },
  shipped: { payment_received: '', payment_expired: '', prepare: '', ship: '', deliver: 'delivered', ready_for_pickup: '', collect: '', cancel: '', return: '' },
  delivered: { payment_received: '', payment_expired: '', prepare: '', ship: '', deliver: '', ready_for_pickup: '', collect: '', cancel: '', return: 'returned' },
  ready_for_pickup: { payment_received: '', payment_expired: '', prepare: '', ship: '', deliver: '', ready_for_pickup: '', collect: 'collected', cancel: '', return: '' },
  collected: { payment_received: '', payment_expired: '', prepare: '', ship: '', deliver: '', ready_for_pickup: '', collect: '', cancel: '', return: 'returned' },
  cancelled: { payment_received: '', payment_expired: '', prepare: '', ship: '', deliver: '', ready_for_pickup: '', collect: '', cancel: '', return: '' },
  returned: { payment_received: '', payment_expired: '', prepare: '', ship: '', deliver: '', ready_for_pickup: '', collect: '', cancel: '', return: '' },
};

const cells = ORDER_STATES.flatMap((state) => ORDER_EVENTS.map((event) => [state, event, TABLE[state][event]] as const));

describe('order state machine, every state × event', () => {
  it('covers every state and event of the machine', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORDER_STATES].sort());
    for (const state of ORDER_STATES) expect(Object.keys(TABLE[state]).sort()).toEqual([...ORDER_EVENTS].sort());
    expect(cells).toHaveLength(ORDER_STATES.length * ORDER_EVENTS.length);
  });

  it.each(cells)('%s --%s--> %s', (state, event, to) => {
    expect(nextState(state, event) ?? '').toBe(to);
  });
});

describe('what a customer may do with an order', () => {
  const DAY = 24 * 60 * 60 * 1000;

  it.each(ORDER_STATES.map((s) => [s] as const))('cancel only before shipping (%s), never a till order', (state) => {
    const before = state === 'awaiting_payment' || state === 'confirmed' || state === 'preparing';
    expect(canCancel({ state })).toBe(before);
    // The action shown is the machine's: a cancellable state has a cancel transition.
    if (before) expect(nextState(state, 'cancel')).toBe('cancelled');
    expect(canCancel({ state, frontOrder: true })).toBe(false);
  });

  it.each(ORDER_STATES.map((s) => [s] as const))('change only our own orders before preparing (%s)', (state) => {
    const before = state === 'awaiting_payment' || state === 'confirmed';
    expect(canChange({ state, sellerKind: 'own' })).toBe(before);
    expect(canChange({ state, sellerKind: 'marketplace' })).toBe(false);
    expect(canChange({ state, sellerKind: 'dropshipping' })).toBe(false);
    expect(canChange({ state, sellerKind: 'own', frontOrder: true })).toBe(false);
  });

  it('returns within 30 days of delivery or collection, not a moment later', () => {
    const receivedAt = Date.UTC(2026, 0, 1);
    expect(RETURN_PERIOD_DAYS).toBe(30);
    for (const state of ['delivered', 'collected'] as const) {
      expect(returnDeadline({ state, receivedAt })).toBe(receivedAt + 30 * DAY);
      expect(canReturn({ state, receivedAt }, receivedAt + 30 * DAY - 1)).toBe(true);
      expect(canReturn({ state, receivedAt }, receivedAt + 30 * DAY)).toBe(false);
    }
    for (const state of ORDER_STATES.filter((s) => s !== 'delivered' && s !== 'collected')) expect(canReturn({ state, receivedAt }, receivedAt)).toBe(false);
    expect(canReturn({ state: 'delivered', receivedAt: null }, receivedAt)).toBe(false);
  });

  it('receives the money on payment, on delivery of cash on delivery and at the shop till only', () => {
    for (const event of ORDER_EVENTS) {
      for (const method of ['transferencia', 'adyen', 'contrareembolso', 'payinshop', 'free']) {
        const expected = event === 'payment_received' || (event === 'deliver' && method === 'contrareembolso') || (event === 'collect' && method === 'payinshop');
        expect(receivesMoney(event, method), `${event} ${method}`).toBe(expected);
      }
    }
  });

  it('counts the total as paid only once paid, the balance and gift card parts always', () => {
    expect(paidAmount({ paidAt: null, total: 5000, balanceAmount: 300, giftCardAmount: 200 })).toBe(500);
    expect(paidAmount({ paidAt: 1, total: 5000, balanceAmount: 300, giftCardAmount: 200 })).toBe(5500);
    expect(paidAmount({ paidAt: 1, total: 0, balanceAmount: 0, giftCardAmount: 0 })).toBe(0);
  });

  it('puts every state in exactly one group of the orders summary', () => {
    const grouped = Object.values(STATE_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...ORDER_STATES].sort());
  });
});
