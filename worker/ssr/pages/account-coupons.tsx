/**
 * The account's coupons screen (spec §2 /mis-descuentos, route `accountCoupons`): the customer's
 * coupons in the order of worker/coupons/status.ts, 16 a page (`?page=N`), and the form that adds
 * one. A form sent without script comes back with `?added=CODE` or `?error=ERROR_CODE&code=…`
 * (worker/api/coupons.ts); the catalogue's message for the error is shown in the page's language.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { RouteId } from '../../../client/routes';
import type { AccountCouponsData } from '../../../client/pages/account-coupons';
import { COUPONS_PAGE_SIZE, listCoupons } from '../../coupons/coupons';
import { frameOf } from './account-frame';
import { definePage, formRefusal, pageNumber, type PageDefinition } from './types';

const accountCoupons = definePage<AccountCouponsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-coupons')),
  async load({ db, url, i18n, user, channel, language, now }) {
    const page = pageNumber(url);
    const list = await listCoupons(db, { userId: user!.id, channel: channel.id, language, now, page, pageSize: COUPONS_PAGE_SIZE });
    if (page > 1 && list.items.length === 0) return null;
    const added = url.searchParams.get('added');
    return {
      data: {
        frame: frameOf(user!, 'accountCoupons'),
        coupons: list.items,
        page,
        pageSize: list.pageSize,
        total: list.total,
        now: now.toISOString(),
        form: {
          email: user!.email,
          language,
          error: formRefusal(url, i18n),
          code: (url.searchParams.get('code') ?? '').slice(0, 40),
          added: added && list.items.some((c) => c.code === added) ? added : null,
        },
      },
      meta: { title: `${i18n._(msg`Discount coupons`)} | Ampora`, noIndex: true },
    };
  },
});

export const couponsRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountCoupons };
