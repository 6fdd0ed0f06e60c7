import { describe, expect, it } from 'vitest';
import { nextReturnState, RETURN_EVENTS, RETURN_STATES, returnEventsFrom, type ReturnEvent, type ReturnState } from '../../../worker/domain/returns/state-machine';

/** Every allowed (state, event) → state for staff; anything not listed is refused. */
const STAFF: [ReturnState, ReturnEvent, ReturnState][] = [
  ['requested', 'approve', 'approved'],
  ['requested', 'reject', 'rejected'],
  ['requested', 'cancel', 'cancelled'],
  ['approved', 'receive', 'received'],
  ['approved', 'reject', 'rejected'],
  ['approved', 'cancel', 'cancelled'],
  ['received', 'refund', 'refunded'],
];

describe('return state machine', () => {
  it.each(RETURN_STATES.flatMap((state) => RETURN_EVENTS.map((event) => [state, event] as const)))('staff: %s --%s-->', (state, event) => {
    const allowed = STAFF.find(([from, e]) => from === state && e === event);
    expect(nextReturnState(state, event, 'staff')).toBe(allowed?.[2]);
  });

  it('a customer may only cancel a return still requested', () => {
    for (const state of RETURN_STATES) {
      for (const event of RETURN_EVENTS) {
        const expected = state === 'requested' && event === 'cancel' ? 'cancelled' : undefined;
        expect(nextReturnState(state, event, 'customer'), `${state} ${event}`).toBe(expected);
      }
    }
  });

  it('final states offer nothing', () => {
    for (const state of ['refunded', 'rejected', 'cancelled'] as const) expect(returnEventsFrom(state)).toEqual([]);
    expect(returnEventsFrom('requested')).toEqual(['approve', 'reject', 'cancel']);
    expect(returnEventsFrom('received')).toEqual(['refund']);
  });
});
