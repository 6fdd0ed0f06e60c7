/**
 * The design system's component sheet (docs/design-system.md): no data, the same for every
 * visitor of a language, so it is cached like any content page. Not for search engines.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { DesignSystemData } from '../../../client/pages/design-system';
import { definePage } from './types';

const designSystem = definePage<DesignSystemData>({
  component: lazy(() => import('../../../client/pages/design-system')),
  async load({ i18n }) {
    return {
      data: {},
      meta: {
        title: i18n._(msg`Design system | Ampora`),
        description: i18n._(msg`The store’s colours, type, spacing and components in every state, in light and dark.`),
        noIndex: true,
      },
    };
  },
});

export const designSystemRoutePages = { designSystem };
