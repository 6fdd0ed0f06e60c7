/**
 * What a customer may do with an order, from its state and dates (pure: the account screens show
 * the actions, the API calls enforce the same rules). The order state machine is
 * worker/domain/orders/state-machine.ts.
 */
import type { OrderEvent, OrderState } from '../../worker/domain/orders/state-machine';

/** States in which the order has not left the warehouse yet: it may still be cancelled. */
export const CANCELLABLE_STATES: readonly OrderState[] = ['awaiting_payment', 'confirmed', 'preparing'];

/** States in which the order's lines may still change (spec §7 cart modifier): nothing is being prepared yet. */
export const CHANGEABLE_STATES: readonly OrderState[] = ['awaiting_payment', 'confirmed'];

/** Spec §9: a delivered (or collected) order may be returned within 30 days. */
export const RETURN_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a change started from the orders list may take before the checkout refuses it (docs/after-sales.md). */
export const ORDER_CHANGE_WINDOW_MS = 30 * 60 * 1000;

export interface OrderFacts {
  state: OrderState;
  sellerKind: 'own' | 'marketplace' | 'dropshipping' | string;
  /** Epoch ms of the delivery or collection (the order event), when it happened. */
  receivedAt: number | null;
  /** Made at a shop's till: changed and cancelled there, not online. */
  frontOrder?: boolean;
}

export const canCancel = (order: Pick<OrderFacts, 'state' | 'frontOrder'>): boolean => !order.frontOrder && CANCELLABLE_STATES.includes(order.state);

/** Only our own orders can be changed: a marketplace seller or a dropshipping supplier has the order already. */
export const canChange = (order: Pick<OrderFacts, 'state' | 'sellerKind' | 'frontOrder'>): boolean => !order.frontOrder && order.sellerKind === 'own' && CHANGEABLE_STATES.includes(order.state);

/** The last moment a return may be asked for, or null when the order has not been received. */
export function returnDeadline(order: Pick<OrderFacts, 'state' | 'receivedAt'>): number | null {
  if ((order.state !== 'delivered' && order.state !== 'collected') || order.receivedAt === null) return null;
  return order.receivedAt + RETURN_PERIOD_DAYS * DAY_MS;
}

export function canReturn(order: Pick<OrderFacts, 'state' | 'receivedAt'>, now: number): boolean {
  const deadline = returnDeadline(order);
  return deadline !== null && now < deadline;
}

/**
 * Whether this event is the moment the order's money arrives: a payment received (a transfer, a
 * card payment), the courier collecting cash on delivery, the shop's till collecting a pay-in-shop order.
 */
export function receivesMoney(event: OrderEvent, paymentMethod: string): boolean {
  return event === 'payment_received' || (event === 'deliver' && paymentMethod === 'contrareembolso') || (event === 'collect' && paymentMethod === 'payinshop');
}

/** What the order was paid so far: the whole total once paid (card, transfer, cash), plus the balance and gift card parts spent at placement. */
export function paidAmount(order: { paidAt: number | null; total: number; balanceAmount: number; giftCardAmount: number }): number {
  return (order.paidAt !== null ? order.total : 0) + order.balanceAmount + order.giftCardAmount;
}

/** The groups the orders list counts (GET /api/user/orders/resume). */
export const STATE_GROUPS = {
  awaitingPayment: ['awaiting_payment'],
  inProgress: ['confirmed', 'preparing', 'ready_for_pickup', 'shipped'],
  completed: ['delivered', 'collected'],
  cancelled: ['cancelled'],
  returned: ['returned'],
} as const satisfies Record<string, readonly OrderState[]>;
export type StateGroup = keyof typeof STATE_GROUPS;
