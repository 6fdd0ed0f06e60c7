/**
 * Why someone who is not the invoice holder returns an item (worker/non-holder): the same keys as
 * every return (worker/domain/returns/rules.ts), since an authorised request becomes the
 * holder's return with that reason. The labels show on these screens and in the holder's e-mail;
 * they live in client/ so the islands' catalog has them too.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RETURN_REASONS, type ReturnReason } from '../../worker/domain/returns/rules';

export const NON_HOLDER_REASONS = RETURN_REASONS;
export type NonHolderReason = ReturnReason;

export const NON_HOLDER_REASON_LABELS: Record<NonHolderReason, MessageDescriptor> = {
  changed_mind: msg`I do not want to keep it`,
  defective: msg`It does not work`,
  damaged: msg`It arrived damaged`,
  wrong_item: msg`It is not the item that was ordered`,
  not_as_described: msg`It is not as described`,
  other: msg`Another reason`,
};

export function isNonHolderReason(value: string): value is NonHolderReason {
  return (NON_HOLDER_REASONS as readonly string[]).includes(value);
}
