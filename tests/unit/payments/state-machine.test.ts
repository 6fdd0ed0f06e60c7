import { describe, expect, it } from 'vitest';
import { applyEvent, type PaymentSnapshot, type PaymentState } from '../../../worker/domain/payments/state-machine';

const at = (state: PaymentState, refundedCents = 0): PaymentSnapshot => ({ state, amountCents: 10_000, refundedCents });
const ev = (eventCode: string, success = true, amountCents = 10_000) => ({ eventCode, success, amountCents });

describe('payment state machine', () => {
  it.each([
    ['pending', 'AUTHORISATION', true, 'authorised', true],
    ['pending', 'AUTHORISATION', false, 'refused', false],
    ['pending', 'CANCELLATION', true, 'cancelled', false],
    ['authorised', 'CANCELLATION', true, 'cancelled', false],
    ['pending', 'EXPIRE', true, 'expired', false],
    ['pending', 'OFFER_CLOSED', true, 'expired', false],
    ['authorised', 'CAPTURE', true, 'captured', false],
    ['pending', 'CAPTURE', true, 'captured', true],
    ['captured', 'CANCEL_OR_REFUND', true, 'refunded', false],
    ['pending', 'CANCEL_OR_REFUND', true, 'cancelled', false],
  ] as const)('%s + %s (success %s) → %s', (from, code, success, to, becamePaid) => {
    const change = applyEvent(at(from), ev(code, success));
    expect(change?.state).toBe(to);
    expect(change?.becamePaid).toBe(becamePaid);
  });

  it.each([
    ['cancelled', 'AUTHORISATION', true],
    ['refused', 'AUTHORISATION', true],
    ['authorised', 'AUTHORISATION', true],
    ['authorised', 'AUTHORISATION', false],
    ['authorised', 'EXPIRE', true],
    ['captured', 'EXPIRE', true],
    ['captured', 'CANCELLATION', true],
    ['expired', 'AUTHORISATION', true],
    ['cancelled', 'CAPTURE', true],
    ['refunded', 'REFUND', true],
    ['authorised', 'CAPTURE', false],
    ['pending', 'CANCELLATION', false],
    ['pending', 'REPORT_AVAILABLE', true],
  ] as const)('%s + %s (success %s) changes nothing', (from, code, success) => {
    expect(applyEvent(at(from), ev(code, success))).toBeUndefined();
  });

  it('a partial refund refunds only its amount; refunds add up to a full refund, never beyond', () => {
    const first = applyEvent(at('captured'), ev('REFUND', true, 2_500));
    expect(first).toMatchObject({ state: 'partially_refunded', refundedCents: 2_500 });
    const second = applyEvent(at('partially_refunded', 2_500), ev('REFUND', true, 5_000));
    expect(second).toMatchObject({ state: 'partially_refunded', refundedCents: 7_500 });
    const last = applyEvent(at('partially_refunded', 7_500), ev('REFUND', true, 9_000));
    expect(last).toMatchObject({ state: 'refunded', refundedCents: 10_000 });
  });

  it('a refund that arrives before its authorisation is kept: the rest stays paid, and the late authorisation changes nothing', () => {
    const partial = applyEvent(at('pending'), ev('REFUND', true, 2_500));
    expect(partial).toMatchObject({ state: 'partially_refunded', refundedCents: 2_500, becamePaid: true });
    expect(applyEvent(at('partially_refunded', 2_500), ev('AUTHORISATION'))).toBeUndefined();
    const full = applyEvent(at('pending'), ev('REFUND', true, 10_000));
    expect(full).toMatchObject({ state: 'refunded', refundedCents: 10_000, becamePaid: false });
    expect(applyEvent(at('pending'), ev('REFUND', false, 2_500))).toBeUndefined();
  });

  it('a refused authorisation keeps its reason', () => {
    expect(applyEvent(at('pending'), { eventCode: 'AUTHORISATION', success: false, amountCents: 10_000, reason: 'Not enough balance' })).toMatchObject({ state: 'refused', refusalReason: 'Not enough balance' });
  });
});
