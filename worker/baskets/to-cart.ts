/**
 * "Move all to the basket": every article of a list goes to the caller's cart through the cart's
 * own rules (worker/cart: the offer named when adding it, else the buy-box winner; stock, the
 * refurbished limit, the line limit), one article at a time so one refusal does not stop the
 * others. The answer says which were added (and whether stock capped the units) and which were
 * not, with the reason: nothing is dropped without saying so. The list itself is left as it is.
 */
import { factForArticle } from '../cart/facts';
import { CART_CODES, type CartCode } from '../cart/rules';
import { callerCart, cartStub, rememberUnits } from '../cart/service';
import type { AppContext } from '../http/context';
import type { ListArticle } from './store';

export type NotAddedReason = 'notSold' | 'outOfStock' | 'refurbishedLimit' | 'basketFull';

export interface MoveResult {
  added: { articleId: number; name: string; units: number; limited: boolean }[];
  notAdded: { articleId: number; name: string; reason: NotAddedReason }[];
  /** Units in the cart afterwards (the header's count). */
  cartUnits: number;
}

const REASONS: Partial<Record<CartCode, NotAddedReason>> = {
  [CART_CODES.noStockArticle]: 'outOfStock',
  [CART_CODES.refurbishedLimit]: 'refurbishedLimit',
  [CART_CODES.tooManyLines]: 'basketFull',
};

/** Why the cart refused an article, in the words the lists and the configurator report. */
export const reasonOfCartCode = (code: CartCode): NotAddedReason => REASONS[code] ?? 'outOfStock';

export async function moveAllToCart(c: AppContext, lines: readonly ListArticle[]): Promise<MoveResult> {
  const { cartId } = await callerCart(c);
  const stub = cartStub(c, cartId);
  const result: MoveResult = { added: [], notAdded: [], cartUnits: 0 };
  // Oldest first, as they were added to the list.
  for (const line of [...lines].reverse()) {
    let fact = await factForArticle(c.var.db, c.var.channel.id, line.articleId, line.offerId ?? undefined);
    // The offer chosen then is gone: the article's best offer now, as the product page would sell it.
    if (!fact && line.offerId !== null) fact = await factForArticle(c.var.db, c.var.channel.id, line.articleId);
    if (!fact) {
      result.notAdded.push({ articleId: line.articleId, name: line.name, reason: 'notSold' });
      continue;
    }
    const added = await stub.add([{ fact, qty: line.units }], c.var.now.getTime());
    if (added.ok) result.added.push({ articleId: line.articleId, name: line.name, units: line.units, limited: added.limited.includes(line.articleId) });
    else result.notAdded.push({ articleId: line.articleId, name: line.name, reason: reasonOfCartCode(added.code) });
  }
  result.cartUnits = await stub.itemCount();
  rememberUnits(c, result.cartUnits);
  return result;
}
