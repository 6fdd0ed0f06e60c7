/**
 * What the wishlist islands share: the answer shapes of the basket calls (worker/api/baskets.ts)
 * and the words for why an article could not go to the basket.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotAddedReason, MoveResult } from '../../worker/baskets/to-cart';
import type { ListArticle, ListSummary } from '../../worker/baskets/store';

export type { ListArticle, ListSummary, MoveResult };

export const NOT_ADDED_REASONS: Record<NotAddedReason, MessageDescriptor> = {
  notSold: msg`not sold in this store`,
  outOfStock: msg`out of stock`,
  refurbishedLimit: msg`at most 2 units of a refurbished product`,
  basketFull: msg`your basket is full`,
};
