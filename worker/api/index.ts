/**
 * The JSON API under /api: one Hono sub-app per resource, mounted here. Unknown API paths get
 * the 404 envelope, never an HTML page.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { cartCheckout, cartOrders } from './cart';
import { catalogue } from './catalogue';
import { compareApi } from './compare';
import { checkoutOrders } from './orders';
import { giftCardsApi } from './gift-cards';
import { installationApi } from './installation';
import { checkout } from './checkout';
import { recommendations } from './recommendations';
import { shippingPointsApi } from './shipping-points';
import { usersApi } from './users';
import { balanceApi } from './balance';
import { userApi } from './user';
import { paymentGatewayApi } from './payment-gateway';
import { userCardsApi, usersCardsApi } from './cards';
import { payLaterApi } from './pay-later';
import { userOrdersApi } from './user-orders';
import { afterSalesApi } from './after-sales';
import { documentsApi } from './documents';
import { sameOriginOnly } from '../http/same-origin';
import { paymentsApi } from './payments';
import { gatewayPaymentsApi } from './gateway-payments';
import { aplazameApi } from './payments-aplazame';
import { sibsApi } from './payments-sibs';
import { oneyApi } from './payments-oney';
import { nonHolderApi } from './non-holder';
import { adminApi } from './admin';
import { returnsApi } from './returns';
import { refuseCardData } from '../payments/card-data';
import { reviewsApi } from './reviews';
import { reviewListApi } from './reviews-read';
import { questionsApi } from './questions';
import { ugcGameApi } from './ugc-game';
import { ugcMediaApi } from './ugc-media';
import { ugcReportsApi } from './ugc-reports';
import { ugcCampaignsApi } from './ugc-campaigns';
import { adminUgcApi } from './admin-ugc';
import { digitalCodesApi } from './digital-codes';
import { couponsApi } from './coupons';
import { subscriptionsApi } from './subscriptions';
import { insurancesApi } from './insurances';
import { taxCertificatesApi } from './tax-certificates';
import { adminTaxCertificatesApi } from './admin-tax-certificates';
import { inboxApi } from './inbox';
import { basketsApi, basketsRootApi } from './baskets';
import { configurationsApi } from './configurations';
import { configuratorApi, configuratorArticlesApi } from './configurator';
import { configuratorCartApi } from './configurator-cart';
import { catalogueImportApi } from './catalogue-import';
import { apiReferencePage, openApiDocumentOf } from '../http/openapi-routes';
import { describe } from '../http/openapi-meta';

export const api = new Hono<AppEnv>()
  .use('*', sameOriginOnly)
  .use('*', refuseCardData)
  // Behind the secrets guard (worker/app.ts): in production with a refused secret this answers its 503.
  .get('/health', describe({ summary: 'Whether the API answers, with the environment, channel and language of the request', tag: 'api', errors: ['serviceUnavailable'] }), (c) =>
    c.json(okEnvelope({ status: 'ok', environment: c.env.ENVIRONMENT, channel: c.var.channel.id, language: c.var.language })),
  )
  .get('/openapi.json', describe({ summary: 'This OpenAPI 3.1 document', tag: 'api', success: { description: 'The OpenAPI document (not in the envelope).', contentType: 'application/json' } }), (c): Response => c.json(openApiDocumentOf(api)))
  .get('/docs', describe({ summary: 'The API reference page', tag: 'api', errors: ['notFound'], success: { description: 'An HTML page rendering this document.', contentType: 'text/html' } }), (c) => {
    const page = apiReferencePage(c);
    if (!page) throw appError('notFound');
    return page;
  })
  // Before /checkout: a pay-later payer leaving the gateway step is not signed in, and /checkout/orders/* asks for a session.
  .route('/', paymentsApi)
  .route('/', gatewayPaymentsApi)
  .route('/', aplazameApi)
  .route('/', sibsApi)
  .route('/', oneyApi)
  .route('/catalogue', catalogue)
  .route('/ops/catalogue', catalogueImportApi)
  .route('/configurator', configuratorApi)
  // Before the /checkout sub-apps: an article's configurator data needs no session or cart.
  .route('/', configuratorArticlesApi)
  .route('/compare', compareApi)
  .route('/checkout', checkout)
  .route('/checkout', recommendations)
  .route('/checkout', cartCheckout)
  .route('/checkout', installationApi)
  .route('/checkout', checkoutOrders)
  .route('/orders', shippingPointsApi)
  .route('/orders', cartOrders)
  .route('/orders', payLaterApi)
  .route('/giftcards', giftCardsApi)
  .route('/users', usersApi)
  .route('/user', balanceApi)
  .route('/user', userApi)
  .route('/user', userCardsApi)
  .route('/user', userOrdersApi)
  .route('/user', documentsApi)
  .route('/user/after-sales', afterSalesApi)
  .route('/users', usersCardsApi)
  .route('/paymentGateway', paymentGatewayApi)
  .route('/admin/ugc', adminUgcApi)
  .route('/admin/tax-certificates', adminTaxCertificatesApi)
  .route('/digital-codes', digitalCodesApi)
  .route('/user/inbox', inboxApi)
  .route('/user/insurances', insurancesApi)
  .route('/user/configurations', configurationsApi)
  .route('/configurator', configuratorCartApi)
  .route('/user', couponsApi)
  .route('/user', subscriptionsApi)
  .route('/user', taxCertificatesApi)
  .route('/basket', basketsApi)
  .route('/basket/', basketsRootApi)
  .route('/admin', adminApi)
  .route('/ugc', reviewsApi)
  .route('/ugc', reviewListApi)
  .route('/ugc', questionsApi)
  .route('/ugc', ugcGameApi)
  .route('/ugc', ugcMediaApi)
  .route('/ugc', ugcReportsApi)
  .route('/ugc', ugcCampaignsApi)
  .route('/', nonHolderApi)
  .route('/', returnsApi);

api.all('*', () => {
  throw appError('notFound');
});

export type ApiType = typeof api;
