/** Names of return reasons, states and refund states, shared by the returns screens and their form. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReturnState } from '../../worker/domain/returns/state-machine';
import type { ReturnReason } from '../../worker/domain/returns/rules';

export const RETURN_REASON_LABELS: Record<ReturnReason, MessageDescriptor> = {
  changed_mind: msg`I changed my mind`,
  defective: msg`It does not work properly`,
  damaged: msg`It arrived damaged`,
  wrong_item: msg`I received the wrong item`,
  not_as_described: msg`It is not as described`,
  other: msg`Another reason`,
};

export const RETURN_STATE_LABELS: Record<ReturnState, MessageDescriptor> = {
  requested: msg`Requested`,
  approved: msg`Approved: send the parcel`,
  received: msg`Received at our warehouse`,
  refunded: msg`Refunded`,
  rejected: msg`Rejected`,
  cancelled: msg`Cancelled`,
};

/** The refund's state as the customer reads it (worker/refunds/refunds.ts states). */
export function refundStateLabel(state: string): MessageDescriptor {
  if (state === 'refunded') return msg`Refund completed`;
  if (state === 'failed') return msg`The refund could not be made: our team will contact you`;
  return msg`Refund in progress`;
}
