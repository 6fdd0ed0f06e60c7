/**
 * The pay-later page (spec §2 /order/paynow/{hash}, route `payNow`): open to anyone holding the
 * link, personal (never cached). A usable link shows what it pays and the card form (so its CSP
 * allows the provider's frames); any other shows why it cannot be used (1402, 1421, 1422, 1429).
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { PayNowData } from '../../../client/pages/pay-now';
import type { RouteId } from '../../../client/routes';
import { payLinkOrders } from '../../payments/pay-later';
import { definePage, type PageDefinition } from './types';

const payNow = definePage<PayNowData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/pay-now')),
  async load({ db, params, now, i18n, http }) {
    const hash = params.hash ?? '';
    const view = await payLinkOrders(db, hash, now);
    if ('error' in view) return { data: { status: 'error', code: view.error }, meta: { title: i18n._(msg`Pay your order | Ampora`), noIndex: true } };
    http.set('cardForm', true);
    return { data: { status: 'payable', hash, orders: view }, meta: { title: i18n._(msg`Pay your order | Ampora`), noIndex: true } };
  },
});

export const payLaterRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { payNow };
