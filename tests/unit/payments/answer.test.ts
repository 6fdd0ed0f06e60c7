import { describe, expect, it } from 'vitest';
import { answerFor, failureReasonFor } from '../../../worker/payments/answer';
import type { PaymentOutcome } from '../../../worker/payments/port';
import { shopperReference } from '../../../worker/payments/shopper';

const pages = { ok: '/cart/ok?orderId=7', ko: '/cart/ko?orderId=7' };
const redirect = { type: 'redirect', url: 'https://acs.example/challenge', method: 'GET' };
const challenge = { type: 'threeDS2', subtype: 'challenge', token: 'x' };

describe('answerFor', () => {
  it.each<[string, PaymentOutcome, string, string, string | undefined, string]>([
    ['authorised', { status: 'authorised', pspReference: 'P1' }, 'PROCESSED', 'Authorised', undefined, pages.ok],
    ['pending', { status: 'pending' }, 'PENDING', 'Pending', undefined, pages.ok],
    ['refused, not enough balance', { status: 'refused', refusalReasonCode: '12', refusalReason: 'Not enough balance' }, 'REJECTED_USER', 'Refused', 'funds_exceeded', pages.ko],
    ['refused, withdrawal amount exceeded', { status: 'refused', refusalReasonCode: '28' }, 'REJECTED_USER', 'Refused', 'funds_exceeded', pages.ko],
    ['refused, 3D not authenticated', { status: 'refused', refusalReasonCode: '11' }, 'REJECTED_USER', 'Refused', 'authentication_required', pages.ko],
    ['refused, authentication required', { status: 'refused', refusalReasonCode: '38' }, 'REJECTED_USER', 'Refused', 'authentication_required', pages.ko],
    ['refused, shopper cancelled', { status: 'refused', refusalReasonCode: '16' }, 'REJECTED_USER', 'Refused', 'cancelled_by_user', pages.ko],
    ['refused, generic', { status: 'refused', refusalReasonCode: '2' }, 'REJECTED_USER', 'Refused', 'general', pages.ko],
    ['refused, blocked card', { status: 'refused', refusalReasonCode: '5' }, 'REJECTED_USER', 'Refused', 'general', pages.ko],
    ['refused without a code', { status: 'refused' }, 'REJECTED_USER', 'Refused', 'general', pages.ko],
    ['cancelled', { status: 'cancelled' }, 'REJECTED_USER', 'Cancelled', 'cancelled_by_user', pages.ko],
    ['error', { status: 'error', refusalReason: 'boom' }, 'REJECTED_SYSTEM', 'Error', 'general', pages.ko],
  ])('%s', (_name, outcome, paymentResult, resultCode, reason, next) => {
    const answer = answerFor(outcome, ['7'], pages);
    expect(answer).toMatchObject({ orderNumbers: ['7'], paymentResult, resultCode, next });
    expect(answer.reason).toBe(reason);
    expect(answer.action).toBeUndefined();
  });

  it.each([
    [redirect, 'RedirectShopper'],
    [challenge, 'ChallengeShopper'],
    [{ type: 'threeDS2', subtype: 'fingerprint', token: 'y' }, 'IdentifyShopper'],
  ])('an action (%o) is passed on with the code %s', (action, code) => {
    const answer = answerFor({ status: 'action_needed', action }, ['7', '8'], pages);
    expect(answer).toEqual({ orderNumbers: ['7', '8'], paymentResult: 'PENDING', resultCode: code, action, next: pages.ko });
  });

  it('keeps a more precise result code given by the caller', () => {
    expect(answerFor({ status: 'pending' }, [], pages, 'Received').resultCode).toBe('Received');
  });

  it('maps unknown and padded refusal codes', () => {
    expect(failureReasonFor(' 12 ')).toBe('funds_exceeded');
    expect(failureReasonFor('999')).toBe('general');
    expect(failureReasonFor(undefined)).toBe('general');
  });
});

describe('shopperReference', () => {
  it('is the user id under a fixed prefix', () => {
    expect(shopperReference(42)).toBe('ampora-user-42');
  });
});
