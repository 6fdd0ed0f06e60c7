/**
 * The checkout's pages. The basket reads the caller's cart (anonymous or the account's) with a
 * stock check, so what it shows can be bought; it is personal and never cached.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { BasketProps } from '../../../client/islands/basket';
import type { RouteId } from '../../../client/routes';
import { href } from '../../../client/routes';
import { callerCart, readCart } from '../../cart/service';
import { definePage, type PageDefinition } from './types';

/** The checkout step after the basket, once it has a page; until then the basket says checkout opens soon. */
const NEXT_STEP: RouteId = 'cartAddress';

const basket = definePage<BasketProps>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/basket')),
  async load({ http, i18n, language, channel }) {
    const { cartId } = await callerCart(http);
    const cart = await readCart(http, cartId, { recalculateStock: true });
    const hasNextStep = Boolean(checkoutRoutePages[NEXT_STEP]);
    return {
      data: { cart, checkoutHref: hasNextStep ? href(NEXT_STEP, language, channel) : null },
      meta: { title: i18n._(msg`Your basket | Ampora`), noIndex: true },
    };
  },
});

export const checkoutRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { cartBasket: basket };
