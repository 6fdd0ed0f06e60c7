/**
 * How much of an order can still be given back, and where a refund's money goes (pure; the
 * refund itself is worker/refunds/refunds.ts). Amounts are integer cents.
 *
 * An order was paid from up to four sources: the card (its share of the checkout's provider
 * payment), a gift card, the store balance, and money received outside the provider (a bank
 * transfer, cash on delivery, the shop's till). A refund 'original' gives the money back card
 * first, then to the gift card, then to the balance (the balance also takes what was paid by
 * transfer or cash: there is no account to send it back to). A refund 'balance' puts all of it on
 * the balance. Whatever the method, no order gives back more than it was paid.
 */

export interface PaidSources {
  card: number;
  giftCard: number;
  balance: number;
  /** Transfer, cash on delivery, pay in shop: paid, but not through the provider. */
  other: number;
}

/** What earlier refunds of the order already took, as counted against what was paid. */
export interface RefundedSoFar {
  /** Every refund's amount, except the card part of those whose card refund failed. */
  total: number;
  /** Card parts of refunds that did not fail. */
  card: number;
  /** Gift card parts (a gift card credit is given at once and never fails). */
  giftCard: number;
}

export interface RefundParts {
  card: number;
  giftCard: number;
  balance: number;
}

export type RefundMethod = 'original' | 'balance';

export const paidTotal = (paid: PaidSources): number => paid.card + paid.giftCard + paid.balance + paid.other;

/** What is left to give back: paid − refunded, never below zero. */
export function refundable(paid: PaidSources, refunded: RefundedSoFar): number {
  return Math.max(0, paidTotal(paid) - refunded.total);
}

/** The parts of a new refund of `amount`, or undefined when it is more than is left to give back. */
export function allocateRefund(paid: PaidSources, refunded: RefundedSoFar, amount: number, method: RefundMethod): RefundParts | undefined {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('A refund is a positive whole number of cents');
  if (amount > refundable(paid, refunded)) return undefined;
  if (method === 'balance') return { card: 0, giftCard: 0, balance: amount };
  const card = Math.min(amount, Math.max(0, paid.card - refunded.card));
  const giftCard = Math.min(amount - card, Math.max(0, paid.giftCard - refunded.giftCard));
  return { card, giftCard, balance: amount - card - giftCard };
}
