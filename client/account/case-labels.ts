/** The words for an after-sales case's kind and state, shared by the account screens and their islands. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CaseKind, CaseState } from '../../worker/domain/after-sales/state-machine';

export const CASE_KIND_LABELS: Record<CaseKind, MessageDescriptor> = {
  fault: msg`It does not work properly`,
  missing_part: msg`A part is missing`,
  damaged: msg`It arrived damaged`,
};

export const CASE_STATE_LABELS: Record<CaseState, MessageDescriptor> = {
  open: msg`Open`,
  awaiting_store: msg`Waiting for our team`,
  awaiting_customer: msg`Waiting for your reply`,
  resolved: msg`Resolved`,
  closed: msg`Closed`,
};
