/**
 * Sharing a checkout's money between its orders (one per seller group), in integer cents:
 * - a line discount stays with its line's group;
 * - a cart discount is shared in proportion to each group's articles, by largest remainder, so
 *   the shares add up to the discount exactly;
 * - a shipping discount (free shipping) goes to the store's own group, whose shipping it covers;
 * - a gift card pays the groups in order (own first) until it is used up, then the store balance
 *   spent on the checkout does the same with what is left.
 * No group's discount exceeds its articles plus shipping, and no gift card share exceeds what is
 * left to pay in the group.
 */
export interface GroupMoney {
  articles: number;
  shipping: number;
  lineDiscount: number;
  own: boolean;
  /** A solidary donation the group carries: paid like the rest, never discounted nor a weight of the cart discount. */
  donation?: number;
}

/** Shares `amount` by `weights` (non-negative), largest remainder; shares sum to `amount`. */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export interface Allocation {
  discount: number;
  giftCard: number;
  balance: number;
  total: number;
}

export function allocate(groups: readonly GroupMoney[], cartDiscount: number, shippingDiscount: number, giftCard: number, balance = 0): Allocation[] {
  const cartShares = shareByWeight(cartDiscount, groups.map((g) => g.articles));
  let giftLeft = giftCard;
  let balanceLeft = balance;
  return groups.map((group, i) => {
    const gross = group.articles + group.shipping;
    const discount = Math.min(gross, group.lineDiscount + cartShares[i]! + (group.own ? Math.min(shippingDiscount, group.shipping) : 0));
    const due = gross - discount + (group.donation ?? 0);
    const paidByCard = Math.min(giftLeft, due);
    giftLeft -= paidByCard;
    const paidByBalance = Math.min(balanceLeft, due - paidByCard);
    balanceLeft -= paidByBalance;
    return { discount, giftCard: paidByCard, balance: paidByBalance, total: due - paidByCard - paidByBalance };
  });
}
