/**
 * The card provider's pages of the checkout (spec §2): the card form on its own page for an order
 * awaiting payment, and the pages the browser comes back to from 3-D Secure and from a wallet.
 * Personal (never cached); the calls they make check the order's owner again.
 */
import { msg } from '@lingui/core/macro';
import { eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { CardFormPageData, PaymentReturnPageData } from '../../../client/pages/payments';
import type { GatewayPaymentPageData } from '../../../client/pages/gateway-payment';
import { CARD_FORM_METHODS, gatewayRoute } from '../../../client/payments/gateway-route';
import { isGatewayMethod } from '../../domain/orders/state-machine';
import { href, type RouteId } from '../../../client/routes';
import type { Db } from '../../db/client';
import { paymentOrders } from '../../db/schema';
import { ORDER_NUMBER_PATTERN } from '../../domain/orders/order-number';
import { ordersOfUser } from '../../orders/read';
import { orderMobile } from '../../payments/sibs/phone-of-order';
import { definePage, type PageDefinition } from './types';

/** A pay-later hash (worker/payments/pay-later.ts: 128 bits in hex). */
const HASH_PATTERN = /^[0-9a-f]{32}$/;
/** adyen-web's redirectResult is base64 of a few hundred bytes; anything far longer is not one. */
const REDIRECT_RESULT_PATTERN = /^[A-Za-z0-9+/=_%.-]{1,8000}$/;
/** A provider id of worker/payments/providers.ts. */
const PROVIDER_PATTERN = /^[a-z]{2,20}$/;

/** Every order paid by the same payment as `orderNumber` (itself included), in checkout order. */
export async function ordersOfPayment(db: Db, orderNumber: string): Promise<string[]> {
  const reference = db.select({ reference: paymentOrders.reference }).from(paymentOrders).where(eq(paymentOrders.orderNumber, orderNumber));
  const rows = await db.select({ orderNumber: paymentOrders.orderNumber }).from(paymentOrders).where(eq(paymentOrders.reference, reference)).orderBy(paymentOrders.orderNumber);
  return rows.length > 0 ? rows.map((r) => r.orderNumber) : [orderNumber];
}

const paymentsPage = <N extends 'CardFormPage' | 'PaymentReturnPage'>(name: N) => lazy(() => import('../../../client/pages/payments').then((module) => ({ default: module[name] as never })));
const AnyGatewayPage = lazy(() => import('../../../client/pages/gateway-payment').then((module) => ({ default: module.AnyGatewayPage })));

/**
 * A gateway page (`?orderId=N`, spec §2) for the shopper's order awaiting payment: the card form
 * for the card provider's methods (form-type only), the method's island for the others. An order
 * of another method goes to its own page; one paid or cancelled already, to the result page.
 */
function gatewayPage(route: RouteId) {
  return definePage<CardFormPageData | GatewayPaymentPageData>({
    access: 'user',
    component: AnyGatewayPage,
    async load({ db, url, user, i18n, language, channel, http }) {
      const orderId = url.searchParams.get('orderId') ?? '';
      if (!ORDER_NUMBER_PATTERN.test(orderId)) return null;
      const orders = await ordersOfUser(db, user!.id, await ordersOfPayment(db, orderId));
      const order = orders.find((o) => o.orderNumber === orderId);
      if (!order) return null;
      // Paid (or cancelled) already: the result page says which.
      if (order.state !== 'awaiting_payment') return { redirect: `${href('cartOk', language, channel)}?orderId=${orderId}` };
      const method = order.paymentMethod;
      const own = CARD_FORM_METHODS.has(method) || !isGatewayMethod(method) ? 'gatewayFormType' : gatewayRoute(method);
      if (own !== route) return { redirect: `${href(own, language, channel)}${url.search}` };
      const amount = orders.filter((o) => o.state === 'awaiting_payment').reduce((sum, o) => sum + o.total, 0);
      const meta = { title: i18n._(msg`Pay your order | Ampora`), noIndex: true };
      if (CARD_FORM_METHODS.has(method) || !isGatewayMethod(method)) {
        http.set('cardForm', true);
        return { data: { orderNumber: orderId, amount, hash: null }, meta };
      }
      http.set('gatewayPage', true);
      const phone = method === 'mbway' ? await orderMobile(db.$client, orderId) : undefined;
      return { data: { orderNumber: orderId, amount, method, hash: null, autoStart: url.searchParams.get('start') === '1', ...(phone ? { phone } : {}) }, meta };
    },
  });
}

function returnPage(kind: 'secure' | 'wallet', access: 'user' | 'anyone') {
  return definePage<PaymentReturnPageData>({
    access,
    component: paymentsPage('PaymentReturnPage'),
    async load({ url, params, i18n }) {
      const orderNumber = kind === 'secure' ? (url.searchParams.get('orderId') ?? '') : (params.orderNumber ?? '');
      const redirectResult = url.searchParams.get('redirectResult') ?? '';
      const hash = url.searchParams.get('hash');
      const provider = kind === 'secure' ? url.searchParams.get('provider') : null;
      const meta = { title: i18n._(msg`Confirming your payment | Ampora`), noIndex: true };
      if (provider !== null && provider !== 'adyen') {
        // Another gateway's return: what it put in the query goes to the gateway return call, which checks it.
        const sent = Object.fromEntries([...url.searchParams].filter(([name]) => !['orderId', 'provider', 'hash'].includes(name)));
        const valid = ORDER_NUMBER_PATTERN.test(orderNumber) && PROVIDER_PATTERN.test(provider) && (hash === null || HASH_PATTERN.test(hash)) && Object.keys(sent).length <= 20;
        return { data: { props: valid ? { kind: 'gateway', orderNumber, redirectResult: '', provider, params: sent, hash } : null }, meta };
      }
      const valid = ORDER_NUMBER_PATTERN.test(orderNumber) && REDIRECT_RESULT_PATTERN.test(redirectResult) && (hash === null || HASH_PATTERN.test(hash));
      return {
        data: { props: valid ? { kind, orderNumber, redirectResult, hash } : null },
        meta: { title: i18n._(msg`Confirming your payment | Ampora`), noIndex: true },
      };
    },
  });
}

export const paymentRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  gatewayFormType: gatewayPage('gatewayFormType'),
  gatewayAplazame: gatewayPage('gatewayAplazame'),
  gatewayMbWay: gatewayPage('gatewayMbWay'),
  gatewayFinancing: gatewayPage('gatewayFinancing'),
  gatewayLendismart: gatewayPage('gatewayLendismart'),
  // A pay-later payment (a `hash`, maybe no session) comes back here too.
  securePayment: returnPage('secure', 'anyone'),
  gatewayWallet: returnPage('wallet', 'user'),
};
