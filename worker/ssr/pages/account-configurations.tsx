/** Placeholder: filled in by its area. */
import type { RouteId } from '../../../client/routes';
import type { PageDefinition } from './types';

export const configurationsRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = {};
