/** The shopper-facing words of the spec §8 card failure reasons (the general reason is not detailed). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { FailureReason } from '../../worker/payments/answer';

export const FAILURE_REASON_MESSAGES: Record<FailureReason, MessageDescriptor> = {
  cancelled_by_user: msg`The payment was cancelled before it was completed.`,
  authentication_required: msg`Your bank could not confirm that the payment is yours (3-D Secure).`,
  funds_exceeded: msg`The card does not have enough funds, or its limit has been reached.`,
  general: msg`The card payment was not accepted.`,
};

export function isFailureReason(value: unknown): value is FailureReason {
  return typeof value === 'string' && Object.hasOwn(FAILURE_REASON_MESSAGES, value);
}
