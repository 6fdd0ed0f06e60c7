/**
 * The after-sales case state machine (spec §2 /historial-postventa, /caso-postventa/{id}; the
 * spec shows no diagram, this is ours). Who is expected to act next is the state:
 *
 *   open ──staff_message→ awaiting_customer ──customer_message→ awaiting_store
 *   open / awaiting_store / awaiting_customer ──staff_review→ awaiting_store   (staff look into it)
 *   awaiting_store ──staff_message→ awaiting_customer
 *   open / awaiting_store / awaiting_customer ──resolve→ resolved
 *   resolved ──customer_message→ awaiting_store        (the customer writes again: reopened)
 *   resolved ──staff_message→ resolved                  (a note after the solution does not reopen)
 *   any state but closed ──close→ closed                (customer or staff; final)
 *
 * A customer message on `open` leaves it open (nobody has answered yet). Nothing leaves
 * `closed`: every event there is refused as "case closed", every other missing edge as a
 * transition not allowed.
 */
export const CASE_STATES = ['open', 'awaiting_store', 'awaiting_customer', 'resolved', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];

export const CASE_EVENTS = ['customer_message', 'staff_message', 'staff_review', 'resolve', 'close'] as const;
export type CaseEvent = (typeof CASE_EVENTS)[number];

/** What a case is about (the customer chooses one when opening it). */
export const CASE_KINDS = ['fault', 'missing_part', 'damaged'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

const TRANSITIONS: Record<CaseState, Partial<Record<CaseEvent, CaseState>>> = {
  open: { customer_message: 'open', staff_message: 'awaiting_customer', staff_review: 'awaiting_store', resolve: 'resolved', close: 'closed' },
  awaiting_store: { customer_message: 'awaiting_store', staff_message: 'awaiting_customer', staff_review: 'awaiting_store', resolve: 'resolved', close: 'closed' },
  awaiting_customer: { customer_message: 'awaiting_store', staff_message: 'awaiting_customer', staff_review: 'awaiting_store', resolve: 'resolved', close: 'closed' },
  resolved: { customer_message: 'awaiting_store', staff_message: 'resolved', close: 'closed' },
  closed: {},
};

export const isCaseState = (value: string): value is CaseState => (CASE_STATES as readonly string[]).includes(value);

/** The state after `event`, or undefined when the event is not allowed in `state`. */
export function nextCaseState(state: CaseState, event: CaseEvent): CaseState | undefined {
  return TRANSITIONS[state][event];
}

/**
 * The event behind a state staff choose while replying (the back-office offers the target
 * state, not the event). `open` is only where a case starts: no event leads back to it.
 */
export function staffEventFor(target: CaseState): CaseEvent | undefined {
  const events: Partial<Record<CaseState, CaseEvent>> = { awaiting_customer: 'staff_message', awaiting_store: 'staff_review', resolved: 'resolve', closed: 'close' };
  return events[target];
}

/** Whether the customer can still write (and attach files) on a case in this state. */
export const acceptsMessages = (state: CaseState): boolean => state !== 'closed';
