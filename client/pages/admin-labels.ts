/** How the back-office names states and staff actions (screens and islands share them). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StaffOrderEvent, StaffReturnEvent } from '../../worker/admin/events';
import type { CaseState } from '../../worker/domain/after-sales/state-machine';
import { ORDER_STATE_LABELS } from '../orders/labels';

/** The customers' wording, but staff wait for any payment, not "your" transfer. */
export const ADMIN_ORDER_STATE_LABELS: Record<string, MessageDescriptor> = { ...ORDER_STATE_LABELS, awaiting_payment: msg`Awaiting payment` };

export const RETURN_STATE_LABELS: Record<string, MessageDescriptor> = {
  requested: msg`Requested`,
  approved: msg`Approved`,
  received: msg`Received`,
  refunded: msg`Refunded`,
  rejected: msg`Rejected`,
  cancelled: msg`Cancelled`,
};

export const CASE_STATE_LABELS: Record<CaseState, MessageDescriptor> = {
  open: msg`Open`,
  awaiting_store: msg`Waiting for us`,
  awaiting_customer: msg`Waiting for the customer`,
  resolved: msg`Resolved`,
  closed: msg`Closed`,
};

export const ORDER_EVENT_LABELS: Record<StaffOrderEvent, MessageDescriptor> = {
  payment_received: msg`Mark the transfer as received`,
  prepare: msg`Start preparing`,
  ship: msg`Ship`,
  deliver: msg`Mark as delivered`,
  ready_for_pickup: msg`Mark as ready for pickup`,
  collect: msg`Mark as collected`,
};

export const RETURN_EVENT_LABELS: Record<StaffReturnEvent, MessageDescriptor> = {
  approve: msg`Approve`,
  reject: msg`Reject`,
  receive: msg`Mark as received`,
  refund: msg`Refund`,
};

/** A label from a map, or the raw value when the map does not know it (a state added later). */
export function labelOf(labels: Record<string, MessageDescriptor>, value: string, translate: (d: MessageDescriptor) => string): string {
  const descriptor = labels[value];
  return descriptor ? translate(descriptor) : value;
}
