/**
 * The moderation screen of the back-office (/admin/ugc, docs/user-content.md "Moderation"):
 * staff only, everyone else gets the ordinary 404 page, like every /admin screen
 * (worker/ssr/pages/admin.tsx). Personal and never cached.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AdminUgcData } from '../../../client/pages/admin-ugc';
import type { RouteId } from '../../../client/routes';
import { isStaff } from '../../admin/access';
import { isUgcState, moderationQueue, QUEUE_KINDS, type QueueKind } from '../../ugc/moderation-queue';
import { definePage, pageNumber, type PageDefinition } from './types';

const adminUgc = definePage<AdminUgcData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-ugc')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const { url } = context;
    const kindParam = url.searchParams.get('kind') ?? '';
    const stateParam = url.searchParams.get('state') ?? '';
    const kind: QueueKind = (QUEUE_KINDS as readonly string[]).includes(kindParam) ? (kindParam as QueueKind) : 'review';
    const state = isUgcState(stateParam) ? stateParam : 'PENDING_REVIEW';
    const queue = await moderationQueue(context.db, { kind, state, page: pageNumber(url), language: context.language });
    return {
      data: { frame: { route: 'adminUgc', staffName: context.user.nick ?? context.user.email.split('@')[0]! }, queue },
      meta: { title: `${context.i18n._(msg`Reviews and questions`)} | Ampora`, noIndex: true },
    };
  },
});

export const ugcAdminRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { adminUgc };
