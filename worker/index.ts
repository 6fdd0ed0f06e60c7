/** The Worker: the store app, its scheduled jobs, the catalogue updates' queue consumer and its Durable Object classes. */
import { createApp } from './app';
import { maybeGatewayOf } from './payments/providers';
import { runPaymentChecks } from './payments/scheduled';
import { dbFor } from './db/client';
import { issueMissingDocuments } from './documents/issue';
import { removeStaleUploads } from './ugc/media';
import { fulfilMissingOrders } from './orders/fulfil';
import { tellExpiringPolicies } from './insurances/expiring';
import { sendUnsentGiftCards } from './gift-cards/send';
import { renewDueSubscriptions } from './subscriptions/renew';
import { consumeCatalogueUpdates, type CatalogueUpdateMessage } from './jobs/catalogue-updates';
import { pruneUserContentInvalidations } from './ssr/catalogue-version';

export { CartDO } from './cart/cart-do';
export { RateLimiterDO } from './identity/rate-limit';

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runPaymentChecks(env.DB, (provider) => maybeGatewayOf(env, provider), controller.scheduledTime));
    // A paid order whose document was not issued (the call after the payment was lost) gets it now.
    ctx.waitUntil(issueMissingDocuments(dbFor(env.DB), new Date(controller.scheduledTime)));
    // A paid order whose codes, gift cards, subscriptions or policies were not all delivered gets them now.
    ctx.waitUntil(fulfilMissingOrders(dbFor(env.DB), new Date(controller.scheduledTime)));
    // Gift cards not e-mailed yet (a failed delivery, an order paid by staff) go to their recipients.
    ctx.waitUntil(sendUnsentGiftCards(env, controller.scheduledTime));
    // Subscriptions whose period ended are renewed on their stored card (or expire).
    ctx.waitUntil(renewDueSubscriptions(env, controller.scheduledTime));
    // Uploads left unattached for a day (never used in a review or answer, or removed from one) go.
    ctx.waitUntil(removeStaleUploads(dbFor(env.DB), env.FILES, controller.scheduledTime));
    // Insurance policies entering their renewal window: the customer is told once.
    ctx.waitUntil(tellExpiringPolicies(dbFor(env.DB), new Date(controller.scheduledTime)));
    // The log of changed reviews and questions keeps a day (isolates read its last 10 minutes).
    ctx.waitUntil(pruneUserContentInvalidations(env.DB, controller.scheduledTime));
  },
  // Offer changes of catalogue imports (worker/jobs/catalogue-updates.ts, docs/catalogue-import.md).
  queue: (batch, env) => consumeCatalogueUpdates(batch as MessageBatch<CatalogueUpdateMessage>, env),
} satisfies ExportedHandler<Env>;
