/**
 * The account's saved PC configurations (spec §2 /configuraciones, route
 * `accountConfigurations`): the list with today's total on the channel, 16 a page (`?page=N`),
 * each opening the configurator at its `configurationId` and deletable with a plain form
 * (worker/api/configurations.ts answers it with a 303 back here, `?deleted=1` or `?error=CODE`).
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountConfigurationsData } from '../../../client/pages/account-configurations';
import type { RouteId } from '../../../client/routes';
import { CONFIGURATIONS_PAGE_SIZE, listConfigurations } from '../../configurations/saved';
import { frameOf } from './account-frame';
import { definePage, pageNumber, type PageDefinition } from './types';

const accountConfigurations = definePage<AccountConfigurationsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-configurations')),
  async load({ db, url, i18n, user, channel, language }) {
    const page = pageNumber(url);
    const list = await listConfigurations(db, { userId: user!.id, channel: channel.id, page, pageSize: CONFIGURATIONS_PAGE_SIZE });
    if (page > 1 && list.items.length === 0) return null;
    return {
      data: {
        frame: frameOf(user!, 'accountConfigurations'),
        configurations: list.items,
        page,
        pageSize: list.pageSize,
        total: list.total,
        language,
        deleted: url.searchParams.get('deleted') === '1',
        failed: url.searchParams.has('error'),
      },
      meta: { title: `${i18n._(msg`PC configurations`)} | Ampora`, noIndex: true },
    };
  },
});

export const configurationsRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountConfigurations };
