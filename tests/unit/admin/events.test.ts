// What staff may record on an order, a return and a case (worker/admin/events.ts): the state
// machines' moves, narrowed to what fits the order (a transfer's arrival, delivery or pickup).
import { describe, expect, it } from 'vitest';
import { allowedReturnEvents, allowedStaffEvents, STAFF_CASE_STATES, STAFF_ORDER_EVENTS, staffMayCancel, staffMayRecord, type StaffOrderFacts } from '../../../worker/admin/events';
import { CASE_STATES } from '../../../worker/domain/after-sales/state-machine';
import { nextState, ORDER_STATES } from '../../../worker/domain/orders/state-machine';
import { RETURN_STATES } from '../../../worker/domain/returns/state-machine';

const HOME = 1;
const POINT = 2;
const SHOP = 3;
const order = (state: StaffOrderFacts['state'], paymentMethod = 'transferencia', shippingType = HOME): StaffOrderFacts => ({ state, paymentMethod, shippingType });

describe('staff order events', () => {
  it.each([
    [order('awaiting_payment'), ['payment_received']],
    [order('awaiting_payment', 'adyen'), []],
    [order('awaiting_payment', 'contrareembolso'), []],
    [order('confirmed'), ['prepare']],
    [order('confirmed', 'payinshop', SHOP), ['prepare']],
    [order('preparing'), ['ship']],
    [order('preparing', 'adyen', POINT), ['ship']],
    [order('preparing', 'payinshop', SHOP), ['ready_for_pickup']],
    [order('shipped'), ['deliver']],
    [order('ready_for_pickup', 'payinshop', SHOP), ['collect']],
    [order('delivered'), []],
    [order('collected', 'payinshop', SHOP), []],
    [order('cancelled'), []],
    [order('returned'), []],
  ])('%o allows %o', (facts, events) => {
    expect(allowedStaffEvents(facts)).toEqual(events);
  });

  it('never offers an event the order state machine refuses', () => {
    for (const state of ORDER_STATES) {
      for (const event of STAFF_ORDER_EVENTS) {
        for (const shippingType of [HOME, POINT, SHOP]) {
          for (const method of ['transferencia', 'adyen', 'contrareembolso', 'payinshop', 'free']) {
            if (staffMayRecord(order(state, method, shippingType), event)) expect(nextState(state, event), `${state} ${event}`).toBeDefined();
          }
        }
      }
    }
  });

  it('lets staff cancel until the order has shipped', () => {
    expect(ORDER_STATES.filter(staffMayCancel)).toEqual(['awaiting_payment', 'confirmed', 'preparing']);
  });
});

describe('staff return events and case states', () => {
  it.each([
    ['requested', ['approve', 'reject']],
    ['approved', ['receive', 'reject']],
    ['received', ['refund']],
    ['refunded', []],
    ['rejected', []],
    ['cancelled', []],
    ['lost', []],
  ])('a %s return allows %o', (state, events) => {
    expect(allowedReturnEvents(state)).toEqual(events);
  });

  it('covers every return state and offers only real case states, never back to open', () => {
    expect(RETURN_STATES.flatMap(allowedReturnEvents).length).toBeGreaterThan(0);
    for (const state of STAFF_CASE_STATES) expect(CASE_STATES).toContain(state);
    expect(STAFF_CASE_STATES).not.toContain('open');
  });
});
