/**
 * What staff may do to an order from the back-office: the order events they record by hand
 * (the rest come from the payment provider, the clock or the customer), each offered only when
 * the state machine allows it and it fits the order. Pure, so the screens and the API agree.
 */
import type { CaseState } from '../domain/after-sales/state-machine';
import { nextState, type OrderEvent, type OrderState } from '../domain/orders/state-machine';
import { isReturnState, nextReturnState, type ReturnEvent } from '../domain/returns/state-machine';

/** In the order they happen. `cancel` is separate: it goes through cancelOrder (refunds). */
export const STAFF_ORDER_EVENTS = ['payment_received', 'prepare', 'ship', 'deliver', 'ready_for_pickup', 'collect'] as const satisfies readonly OrderEvent[];
export type StaffOrderEvent = (typeof STAFF_ORDER_EVENTS)[number];

/** Shipping type 3: the customer collects the order in one of our shops. */
const SHOP_PICKUP = 3;

export interface StaffOrderFacts {
  state: OrderState;
  paymentMethod: string;
  shippingType: number;
}

/** Whether staff may record `event` on the order now. */
export function staffMayRecord(order: StaffOrderFacts, event: StaffOrderEvent): boolean {
  if (!nextState(order.state, event)) return false;
  // Card and wallet payments are confirmed by the provider's notification; only a transfer's arrival is seen by staff.
  if (event === 'payment_received') return order.paymentMethod === 'transferencia';
  const pickup = order.shippingType === SHOP_PICKUP;
  if (event === 'ship' || event === 'deliver') return !pickup;
  if (event === 'ready_for_pickup' || event === 'collect') return pickup;
  return true;
}

/** The events staff may record on the order now, in the order they happen. */
export function allowedStaffEvents(order: StaffOrderFacts): StaffOrderEvent[] {
  return STAFF_ORDER_EVENTS.filter((event) => staffMayRecord(order, event));
}

/** Staff may cancel (and so refund) an order until it leaves the warehouse. */
export function staffMayCancel(state: OrderState): boolean {
  return nextState(state, 'cancel') !== undefined;
}

/** What staff do to a return, in the order it happens; withdrawing (`cancel`) is the customer's. */
export const STAFF_RETURN_EVENTS = ['approve', 'receive', 'refund', 'reject'] as const satisfies readonly ReturnEvent[];
export type StaffReturnEvent = (typeof STAFF_RETURN_EVENTS)[number];

/** The staff events offered on a return now (its state machine; transitionReturn has the last word). */
export function allowedReturnEvents(state: string): StaffReturnEvent[] {
  if (!isReturnState(state)) return [];
  return STAFF_RETURN_EVENTS.filter((event) => nextReturnState(state, event, 'staff') !== undefined);
}

/**
 * The states staff may move a case to while replying (worker/domain/after-sales/state-machine.ts;
 * replyAsStaff refuses a move the case does not allow). `open` is only where a case starts.
 */
export const STAFF_CASE_STATES = ['awaiting_store', 'awaiting_customer', 'resolved', 'closed'] as const satisfies readonly CaseState[];
export type StaffCaseState = (typeof STAFF_CASE_STATES)[number];
