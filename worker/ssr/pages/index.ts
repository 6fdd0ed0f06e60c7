/**
 * The page registry: screens of the route table and kinds of slug the Worker can render.
 * Screens of the route table without a page answer the localized 404 page.
 */
import type { RouteId } from '../../../client/routes';
import type { SlugKind } from '../../db/catalogue';
import { catalogueRoutePages, catalogueSlugPages } from './catalogue';
import { checkoutRoutePages } from './checkout';
import { comparatorRoutePages } from './comparator';
import { contentRoutePages, contentSlugPages } from './content';
import { adminRoutePages } from './admin';
import { designSystemRoutePages } from './design-system';
import { identityRoutePages } from './identity';
import { listingRoutePages, listingSlugPages } from './listings';
import { payLaterRoutePages } from './pay-now';
import type { PageDefinition } from './types';
import { reviewWriteRoutePages } from './ugc-reviews';
import { reviewListRoutePages } from './ugc-review-list';
import { questionsRoutePages } from './ugc-questions';
import { communityRoutePages } from './ugc-community';
import { ugcMediaRoutePages } from './ugc-media';
import { ugcAdminRoutePages } from './ugc-admin';
import { ugcCampaignRoutePages } from './ugc-campaigns';
import { digitalRoutePages } from './account-digital';
import { couponsRoutePages } from './account-coupons';
import { subscriptionsRoutePages } from './account-subscriptions';
import { insurancesRoutePages } from './account-insurances';
import { inboxRoutePages } from './account-inbox';
import { wishlistsRoutePages } from './wishlists';
import { configurationsRoutePages } from './account-configurations';
import { configuratorRoutePages } from './configurator';
import { giftCardPurchaseRoutePages } from './gift-card-purchase';

export type { LoadContext, Loaded, PageDefinition } from './types';

/** Pages reached through the route table. */
export const ROUTE_PAGES: Partial<Record<RouteId, PageDefinition<unknown>>> = { ...catalogueRoutePages, ...contentRoutePages, ...listingRoutePages, ...identityRoutePages, ...checkoutRoutePages, ...payLaterRoutePages, ...designSystemRoutePages, ...adminRoutePages, ...reviewWriteRoutePages, ...reviewListRoutePages, ...questionsRoutePages, ...communityRoutePages, ...ugcMediaRoutePages, ...ugcAdminRoutePages, ...ugcCampaignRoutePages, ...digitalRoutePages, ...couponsRoutePages, ...subscriptionsRoutePages, ...insurancesRoutePages, ...inboxRoutePages, ...wishlistsRoutePages, ...configurationsRoutePages, ...configuratorRoutePages, ...giftCardPurchaseRoutePages, ...comparatorRoutePages };

/** Pages reached through a slug (the dynamic resolver, spec §2). */
export const SLUG_PAGES: Partial<Record<SlugKind, PageDefinition<unknown>>> = { ...catalogueSlugPages, ...contentSlugPages, ...listingSlugPages };
