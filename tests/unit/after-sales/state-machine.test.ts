/** The after-sales case state machine: every state × event, and the staff's target states. */
import { describe, expect, it } from 'vitest';
import { acceptsMessages, CASE_EVENTS, CASE_STATES, nextCaseState, staffEventFor, type CaseEvent, type CaseState } from '../../../worker/domain/after-sales/state-machine';

/** The whole table: undefined is a refused event. */
const EXPECTED: Record<CaseState, Record<CaseEvent, CaseState | undefined>> = {
  open: { customer_message: 'open', staff_message: 'awaiting_customer', staff_review: 'awaiting_store', resolve: 'resolved', close: 'closed' },
  awaiting_store: { customer_message: 'awaiting_store', staff_message: 'awaiting_customer', staff_review: 'awaiting_store', resolve: 'resolved', close: 'closed' },
  awaiting_customer: { customer_message: 'awaiting_store', staff_message: 'awaiting_customer', staff_review: 'awaiting_store', resolve: 'resolved', close: 'closed' },
  resolved: { customer_message: 'awaiting_store', staff_message: 'resolved', staff_review: undefined, resolve: undefined, close: 'closed' },
  closed: { customer_message: undefined, staff_message: undefined, staff_review: undefined, resolve: undefined, close: undefined },
};

describe('case state machine', () => {
  for (const state of CASE_STATES) {
    for (const event of CASE_EVENTS) {
      it(`${state} --${event}--> ${EXPECTED[state][event] ?? 'refused'}`, () => {
        expect(nextCaseState(state, event)).toBe(EXPECTED[state][event]);
      });
    }
  }

  it('a customer message reopens a resolved case', () => {
    expect(nextCaseState('resolved', 'customer_message')).toBe('awaiting_store');
  });

  it('closed is final: no event leaves it, and it takes no messages', () => {
    expect(CASE_EVENTS.map((event) => nextCaseState('closed', event)).filter(Boolean)).toEqual([]);
    expect(acceptsMessages('closed')).toBe(false);
    expect(CASE_STATES.filter((state) => state !== 'closed').every(acceptsMessages)).toBe(true);
  });

  it('no event leads back to open', () => {
    const targets = CASE_STATES.flatMap((state) => CASE_EVENTS.map((event) => nextCaseState(state, event)));
    expect(CASE_STATES.flatMap((state) => CASE_EVENTS.filter((event) => nextCaseState(state, event) === 'open').map((event) => `${state}:${event}`))).toEqual(['open:customer_message']);
    expect(targets).toContain('closed');
  });

  it.each([
    ['awaiting_customer', 'staff_message'],
    ['awaiting_store', 'staff_review'],
    ['resolved', 'resolve'],
    ['closed', 'close'],
    ['open', undefined],
  ] as const)('staff choosing %s is the event %s', (target, event) => {
    expect(staffEventFor(target)).toBe(event);
  });
});
