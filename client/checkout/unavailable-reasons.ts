/**
 * Why a payment method is not available for this order (spec §8 codes 32000–32040, the
 * `unavailableData.error_code` of worker/domain/checkout/payments.ts PAYMENT_UNAVAILABLE), one
 * sentence per code; the codes that refer to an amount (the limit, or the pending total allowed)
 * say it. Pure: the step words it with its i18n and money format.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PAYMENT_UNAVAILABLE } from '../../worker/domain/checkout/payments';

type Reason = keyof typeof PAYMENT_UNAVAILABLE;

/** The sentence of each reason; `{amount}` is the formatted amount where the code carries one. */
export const UNAVAILABLE_REASONS: Record<Reason, MessageDescriptor> = {
  disabled: msg`Not available at the moment`,
  exceedsPendingAmount: msg`Your orders awaiting payment may add up to at most {amount}`,
  blackFriday: msg`Not available during Black Friday`,
  marketplace: msg`Not available for items sold by other sellers`,
  digital: msg`Not available for digital items`,
  dropshipping: msg`Not available for items shipped by the manufacturer`,
  modifying: msg`Not available when changing an order`,
  spainOrPortugalOnly: msg`Only for deliveries to Spain or Portugal`,
  premium: msg`Only for Premium customers`,
  agency: msg`Not offered by the chosen carrier`,
  priceLimit: msg`Available for orders up to {amount}`,
  minimumPrice: msg`Available for orders from {amount}`,
  business: msg`Not available for business customers`,
  shippingPoint: msg`Not available for delivery to a collection point`,
  deals: msg`Not available for items on a deal`,
  defaulters: msg`Not available while you have unpaid orders`,
  electronic: msg`Not available for items delivered electronically`,
  refurbished: msg`Not available for refurbished items`,
  banned: msg`Not available for your account`,
  noShippingAddress: msg`Needs a delivery address`,
  storePickup: msg`Not available with this delivery option`,
  pendingSameTypeOrder: msg`You already have an order awaiting payment with this method`,
  presale: msg`Not available for pre-order items`,
  customisedCases: msg`Not available for custom-made cases`,
  userBanned: msg`Not available for your account`,
  giftCards: msg`Not available when buying gift cards`,
  payPerUse: msg`Only for items sold on pay per use`,
  anniversary: msg`Not available during our anniversary campaign`,
  subscription: msg`Not available for subscriptions`,
};

const BY_CODE = new Map<number, Reason>(Object.entries(PAYMENT_UNAVAILABLE).map(([reason, code]) => [code, reason as Reason]));

/** The reason's sentence for `code`, with `amount` (cents) formatted; a generic sentence for an unknown code. */
export function unavailableReason(i18n: I18n, code: number | undefined, amount: number | undefined, money: (cents: number) => string): string {
  const reason = code === undefined ? undefined : BY_CODE.get(code);
  if (!reason) return i18n._(msg`Not available for this order`);
  return i18n._({ ...UNAVAILABLE_REASONS[reason], values: { amount: amount === undefined ? '' : money(amount) } });
}
