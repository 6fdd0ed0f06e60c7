/**
 * The return (RMA) state machine. Pure: worker/returns/returns.ts applies it with a conditional
 * update on the state it read.
 *
 *   requested ─approve→ approved ─receive→ received ─refund→ refunded
 *   requested / approved ─reject→ rejected        (staff)
 *   requested / approved ─cancel→ cancelled       (the customer only while requested; staff also once approved)
 *
 * Rejected, cancelled and refunded are final; only those two release the units for another return.
 */
export const RETURN_STATES = ['requested', 'approved', 'received', 'refunded', 'rejected', 'cancelled'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const RETURN_EVENTS = ['approve', 'receive', 'refund', 'reject', 'cancel'] as const;
export type ReturnEvent = (typeof RETURN_EVENTS)[number];

export type ReturnActorKind = 'customer' | 'staff' | 'system';

const TRANSITIONS: Record<ReturnState, Partial<Record<ReturnEvent, ReturnState>>> = {
  requested: { approve: 'approved', reject: 'rejected', cancel: 'cancelled' },
  approved: { receive: 'received', reject: 'rejected', cancel: 'cancelled' },
  received: { refund: 'refunded' },
  refunded: {},
  rejected: {},
  cancelled: {},
};

/** The state after `event`, or undefined when the event is not allowed in `state` (or not for this actor). */
export function nextReturnState(state: ReturnState, event: ReturnEvent, actor: ReturnActorKind = 'staff'): ReturnState | undefined {
  // A customer may only withdraw a request nobody has looked at yet.
  if (actor === 'customer' && !(event === 'cancel' && state === 'requested')) return undefined;
  return TRANSITIONS[state]?.[event];
}

/** The events offered in a state (for screens and the back-office). */
export function returnEventsFrom(state: ReturnState, actor: ReturnActorKind = 'staff'): ReturnEvent[] {
  return RETURN_EVENTS.filter((event) => nextReturnState(state, event, actor) !== undefined);
}

/** States whose units no longer count as returned (they may be asked for again). */
export const RELEASED_RETURN_STATES: readonly ReturnState[] = ['rejected', 'cancelled'];

export const isReturnState = (value: string): value is ReturnState => (RETURN_STATES as readonly string[]).includes(value);
