/**
 * The subscription rules (worker/subscriptions/states.ts): the state machines of spec §4 as
 * tables, the calendar of periods (month ends, leap years, no drift), when the renewal job
 * charges, retries, waits or gives up, and what a customer may do in each state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PAYMENT_STATES, SUBSCRIPTION_STATES, type SubscriptionState } from '../../worker/db/schema';
import { acceptsCard, addMonths, canMove, canMovePayment, chargeKey, chargeReference, chargesCard, IN_FLIGHT_MS, isCancelable, maskToken, MAX_ATTEMPTS, nextAttempt, periodEnd, periodType, renewalDecision, RETRY_AFTER_MS } from '../../worker/subscriptions/states';

const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('subscription states', () => {
  const allowed: [SubscriptionState, SubscriptionState][] = [
    ['PAYMENT_TOKEN_PENDING', 'ACTIVATION_PENDING'],
    ['PAYMENT_TOKEN_PENDING', 'CANCELED'],
    ['ACTIVATION_PENDING', 'ACTIVE'],
    ['ACTIVATION_PENDING', 'CANCELED'],
    ['ACTIVE', 'EXPIRED'],
    ['ACTIVE', 'CANCELED'],
  ];
  it('moves only along the spec\'s arrows', () => {
    for (const from of SUBSCRIPTION_STATES) {
      for (const to of SUBSCRIPTION_STATES) {
        expect(canMove(from, to), `${from} → ${to}`).toBe(allowed.some(([a, b]) => a === from && b === to));
      }
    }
  });

  it('never leaves EXPIRED or CANCELED, and never skips activation', () => {
    for (const to of SUBSCRIPTION_STATES) {
      expect(canMove('EXPIRED', to)).toBe(false);
      expect(canMove('CANCELED', to)).toBe(false);
    }
    expect(canMove('PAYMENT_TOKEN_PENDING', 'ACTIVE')).toBe(false);
  });

  it.each([
    ['PAYMENT_TOKEN_PENDING', true, false, true],
    ['ACTIVATION_PENDING', true, true, true],
    ['ACTIVE', true, true, true],
    ['EXPIRED', false, false, false],
    ['CANCELED', false, false, false],
  ] as const)('%s: cancelable %s, holds its card %s, takes another card %s', (state, cancelable, holds, accepts) => {
    expect(isCancelable(state)).toBe(cancelable);
    expect(chargesCard(state)).toBe(holds);
    expect(acceptsCard(state)).toBe(accepts);
  });

  it('renewal payments go from pending to failed or successful, and stay there', () => {
    const allowedPayments = [
      ['PAYMENT_PENDING', 'PAYMENT_FAILED'],
      ['PAYMENT_PENDING', 'PAYMENT_SUCCESSFUL'],
    ];
    for (const from of SUBSCRIPTION_PAYMENT_STATES) {
      for (const to of SUBSCRIPTION_PAYMENT_STATES) expect(canMovePayment(from, to), `${from} → ${to}`).toBe(allowedPayments.some(([a, b]) => a === from && b === to));
    }
  });
});

describe('calendar months', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', 1, '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T23:59:00.000Z', 1, '2026-04-30T23:59:00.000Z'],
    ['2026-12-31T00:00:00.000Z', 2, '2027-02-28T00:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', 12, '2029-02-28T08:00:00.000Z'],
    ['2026-11-25T12:00:00.000Z', 12, '2027-11-25T12:00:00.000Z'],
    ['2026-05-31T00:00:00.000Z', -3, '2026-02-28T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(iso(addMonths(utc(from), months))).toBe(expected);
  });

  it('counts every period from the start: a 31st start comes back to the 31st after February', () => {
    const start = utc('2026-01-31T09:00:00.000Z');
    expect([0, 1, 2, 3].map((i) => iso(periodEnd(start, 1, i)))).toEqual(['2026-02-28T09:00:00.000Z', '2026-03-31T09:00:00.000Z', '2026-04-30T09:00:00.000Z', '2026-05-31T09:00:00.000Z']);
    expect(iso(periodEnd(utc('2028-02-29T00:00:00.000Z'), 12, 3))).toBe('2032-02-29T00:00:00.000Z');
  });

  it('period ends always move forward and land on the start day or the month\'s last day', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }), fc.constantFrom(1, 3, 6, 12), fc.integer({ min: 0, max: 40 }), (start, months, index) => {
        const end = new Date(periodEnd(start, months, index));
        const before = index === 0 ? start : periodEnd(start, months, index - 1);
        expect(end.getTime()).toBeGreaterThan(before);
        const day = new Date(start).getUTCDate();
        const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
        expect(end.getUTCDate()).toBe(Math.min(day, lastDay));
        const monthsApart = (end.getUTCFullYear() - new Date(start).getUTCFullYear()) * 12 + end.getUTCMonth() - new Date(start).getUTCMonth();
        expect(monthsApart).toBe(months * (index + 1));
      }),
    );
  });
});

describe('the renewal job\'s decisions', () => {
  const now = utc('2027-11-26T00:00:00.000Z');
  const active = { state: 'ACTIVE' as const, periods: null, renewals: 0, currentPeriodEnd: utc('2027-11-25T12:00:00.000Z'), paymentToken: 'T' };

  it.each([
    ['a period not yet ended waits', { ...active, currentPeriodEnd: now + 1 }, { kind: 'wait' }],
    ['a period ending exactly now is charged', { ...active, currentPeriodEnd: now }, { kind: 'charge', period: 1 }],
    ['an ended period is charged as the next one', { ...active, renewals: 4 }, { kind: 'charge', period: 5 }],
    ['a plan of 2 periods renews once', { ...active, periods: 2, renewals: 0 }, { kind: 'charge', period: 1 }],
    ['a plan of 2 periods, renewed once, expires', { ...active, periods: 2, renewals: 1 }, { kind: 'expire' }],
    ['a plan of 1 period expires', { ...active, periods: 1 }, { kind: 'expire' }],
    ['a cancelled one is never charged', { ...active, state: 'CANCELED' as const }, { kind: 'wait' }],
    ['one waiting for a card is never charged', { ...active, state: 'PAYMENT_TOKEN_PENDING' as const }, { kind: 'wait' }],
    ['an expired one is never charged', { ...active, state: 'EXPIRED' as const }, { kind: 'wait' }],
  ])('%s', (_name, sub, expected) => {
    expect(renewalDecision(sub, now)).toEqual(expected);
  });

  it.each([
    ['no attempt yet: the first', undefined, { kind: 'charge', attempt: 1, resume: false }],
    ['a charge maybe in flight: left alone', { attempt: 1, state: 'PAYMENT_PENDING' as const, updatedAt: now - IN_FLIGHT_MS + 1 }, { kind: 'wait' }],
    ['a charge left pending by a run that died: the same attempt again (same key)', { attempt: 2, state: 'PAYMENT_PENDING' as const, updatedAt: now - IN_FLIGHT_MS }, { kind: 'charge', attempt: 2, resume: true }],
    ['a failure less than a day ago: wait', { attempt: 1, state: 'PAYMENT_FAILED' as const, updatedAt: now - RETRY_AFTER_MS + 1 }, { kind: 'wait' }],
    ['a failure a day ago: the next attempt', { attempt: 1, state: 'PAYMENT_FAILED' as const, updatedAt: now - RETRY_AFTER_MS }, { kind: 'charge', attempt: 2, resume: false }],
    ['the last allowed attempt failed: give up', { attempt: MAX_ATTEMPTS, state: 'PAYMENT_FAILED' as const, updatedAt: now - RETRY_AFTER_MS }, { kind: 'give_up' }],
    ['already paid: nothing to charge', { attempt: 1, state: 'PAYMENT_SUCCESSFUL' as const, updatedAt: now }, { kind: 'wait' }],
  ])('%s', (_name, last, expected) => {
    expect(nextAttempt(last, now)).toEqual(expected);
  });

  it('gives up after exactly three attempts', () => {
    expect(MAX_ATTEMPTS).toBe(3);
  });
});

describe('what the provider and the customer see', () => {
  it('keys one charge by subscription, period and attempt, within the provider\'s 64 characters', () => {
    expect(chargeKey(12, 3, 2)).toBe('sub:12:3:2');
    expect(chargeKey(Number.MAX_SAFE_INTEGER, 999, 3).length).toBeLessThanOrEqual(64);
    expect(chargeReference(12, 3)).toBe('SUB-12-3');
  });

  it.each([
    [1, 'MONTHLY'],
    [12, 'YEARLY'],
    [3, 'MONTHS'],
  ] as const)('a period of %i months is %s', (months, type) => {
    expect(periodType(months)).toBe(type);
  });

  it.each([
    ['QWERTY1234567890', '••••••••7890'],
    ['ABCDE', '•BCDE'],
    ['ABCD', 'ABCD'],
    [null, null],
  ])('masks the token %s as %s', (token, masked) => {
    expect(maskToken(token)).toBe(masked);
  });
});
