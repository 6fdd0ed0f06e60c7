/**
 * The order state machine (the spec does not show one; this is ours). An order is one seller's
 * part of a checkout. Its first state depends on how it is paid; every later change is one of
 * the transitions below, recorded in order_events.
 *
 *   awaiting_payment ─payment_received→ confirmed           (bank transfer; gateway methods)
 *   awaiting_payment ─payment_expired / cancel→ cancelled    (stock is given back, once)
 *   confirmed ─prepare→ preparing ─ship→ shipped ─deliver→ delivered
 *   preparing ─ready_for_pickup→ ready_for_pickup ─collect→ collected   (store pickup)
 *   confirmed / preparing ─cancel→ cancelled                 (stock is given back)
 *   delivered / collected ─return→ returned
 *
 * First state: bank transfer and the gateway methods → awaiting_payment; cash on delivery,
 * pay in shop and free (total covered by gift card, balance or promotion) → confirmed.
 */
export const ORDER_STATES = ['awaiting_payment', 'confirmed', 'preparing', 'shipped', 'delivered', 'ready_for_pickup', 'collected', 'cancelled', 'returned'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_EVENTS = ['payment_received', 'payment_expired', 'prepare', 'ship', 'deliver', 'ready_for_pickup', 'collect', 'cancel', 'return'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

const TRANSITIONS: Record<OrderState, Partial<Record<OrderEvent, OrderState>>> = {
  awaiting_payment: { payment_received: 'confirmed', payment_expired: 'cancelled', cancel: 'cancelled' },
  confirmed: { prepare: 'preparing', cancel: 'cancelled' },
  preparing: { ship: 'shipped', ready_for_pickup: 'ready_for_pickup', cancel: 'cancelled' },
  shipped: { deliver: 'delivered' },
  ready_for_pickup: { collect: 'collected' },
  delivered: { return: 'returned' },
  collected: { return: 'returned' },
  cancelled: {},
  returned: {},
};

/** Payment methods that complete without a gateway (spec: issue scope), by slug. */
export const NO_GATEWAY_METHODS = ['transferencia', 'contrareembolso', 'payinshop', 'free'] as const;
export type NoGatewayMethod = (typeof NO_GATEWAY_METHODS)[number];

/** Gateway methods paid through the card provider's own form (worker/payments/adyen): cards, click-to-pay and its wallets. */
export const CARD_PROVIDER_METHODS = ['adyen', 'click-to-pay', 'adyen-googlepay', 'adyen-applepay'] as const;
export type CardProviderMethod = (typeof CARD_PROVIDER_METHODS)[number];

/**
 * Every method paid through a payment gateway (worker/payments/providers.ts names the provider of
 * each): the card provider's, the redirect card and Bizum (Redsys), PayPal, instalments (Aplazame,
 * Oney), financing, open banking, MB WAY and Multibanco. Their orders wait for the payment.
 */
export const GATEWAY_METHODS = [...CARD_PROVIDER_METHODS, 'tarjeta', 'bizum', 'paypal', 'aplazame', 'oney', 'financiacion12', 'lendismart', 'payPerUsage', 'inespay', 'mbway', 'multibanco'] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];

export const isGatewayMethod = (slug: string): slug is GatewayMethod => (GATEWAY_METHODS as readonly string[]).includes(slug);

/** The methods an order can be placed with: every method of the catalogue. */
export type PlaceableMethod = NoGatewayMethod | GatewayMethod;

export const isPlaceableMethod = (slug: string): slug is PlaceableMethod => (NO_GATEWAY_METHODS as readonly string[]).includes(slug) || isGatewayMethod(slug);

/** Bank transfer and the gateway methods wait for the money (stock reserved); the others are confirmed at once. */
export function initialState(method: PlaceableMethod): OrderState {
  return method === 'transferencia' || isGatewayMethod(method) ? 'awaiting_payment' : 'confirmed';
}

/** The state after `event`, or undefined when the event is not allowed in `state`. */
export function nextState(state: OrderState, event: OrderEvent): OrderState | undefined {
  return TRANSITIONS[state][event];
}

/** Whether the order's stock goes back to the shelf on entering this state. */
export const releasesStock = (state: OrderState): boolean => state === 'cancelled';

/** What a customer reads publicly on the tracking page: the state and when each step happened. */
export const TRACKING_STEPS: readonly OrderState[] = ['awaiting_payment', 'confirmed', 'preparing', 'shipped', 'delivered'];
