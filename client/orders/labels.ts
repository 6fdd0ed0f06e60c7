/** How order states and payment methods read to customers. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const ORDER_STATE_LABELS: Record<string, MessageDescriptor> = {
  awaiting_payment: msg`Awaiting your bank transfer`,
  confirmed: msg`Confirmed`,
  preparing: msg`Being prepared`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  ready_for_pickup: msg`Ready for pickup`,
  collected: msg`Collected`,
  cancelled: msg`Cancelled`,
  returned: msg`Returned`,
};

export const PAYMENT_METHOD_LABELS: Record<string, MessageDescriptor> = {
  transferencia: msg`Bank transfer`,
  contrareembolso: msg`Cash on delivery`,
  payinshop: msg`Pay in the shop`,
  free: msg`Nothing to pay`,
  adyen: msg`Credit or debit card`,
  tarjeta: msg`Card (secure bank page)`,
  inespay: msg`Pay from your bank account`,
  financiacion12: msg`Financing in 12 months`,
  payPerUsage: msg`Pay per use`,
};

/** Payment methods named by their brand, the same in every language. */
export const PAYMENT_BRANDS: Record<string, string> = {
  paypal: 'PayPal',
  bizum: 'Bizum',
  aplazame: 'Aplazame',
  oney: 'Oney',
  lendismart: 'Lendismart',
  mbway: 'MB WAY',
  multibanco: 'Multibanco',
  'click-to-pay': 'Click to Pay',
  'adyen-googlepay': 'Google Pay',
  'adyen-applepay': 'Apple Pay',
};

const AWAITING_PAYMENT = msg`Awaiting payment`;

/**
 * How an order's state reads: an order awaiting payment waits for a bank transfer only when it was
 * placed to be paid by transfer; any other method (PayPal, MB WAY, a Multibanco reference…) waits
 * for its payment. Undefined for a state without a label.
 */
export function orderStateLabel(state: string, paymentMethod?: string): MessageDescriptor | undefined {
  if (state === 'awaiting_payment' && paymentMethod !== undefined && paymentMethod !== 'transferencia') return AWAITING_PAYMENT;
  return ORDER_STATE_LABELS[state];
}

/** A payment method's name: its brand (PayPal, MB WAY…) or its translated description. */
export function paymentMethodName(slug: string, translate: (descriptor: MessageDescriptor) => string): string {
  const label = PAYMENT_METHOD_LABELS[slug];
  return label ? translate(label) : (PAYMENT_BRANDS[slug] ?? slug);
}
