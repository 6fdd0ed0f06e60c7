/**
 * The checkout's pages. The basket reads the caller's cart (anonymous or the account's) with a
 * stock check, so what it shows can be bought; it is personal and never cached.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { BasketPageData } from '../../../client/pages/basket';
import type { RouteId } from '../../../client/routes';
import { href } from '../../../client/routes';
import type { OrderKoData, OrderResultData, TrackingData } from '../../../client/pages/orders';
import { callerCart, cartStub, readCart } from '../../cart/service';
import { parseDraft, resetToCart } from '../../checkout/draft';
import { checkoutStepPages } from './checkout-steps';
import { CHANNEL_TIME_ZONES } from '../../domain/catalogue/delivery';
import { ORDER_NUMBER_PATTERN } from '../../domain/orders/order-number';
import { BANK_ACCOUNTS } from '../../orders/bank-accounts';
import { ordersOfUser, trackingView } from '../../orders/read';
import { pendingMultibancoVoucher } from '../../payments/sibs/voucher';
import { ordersOfPayment, paymentRoutePages } from './payments';
import { definePage, type PageDefinition } from './types';

/** The checkout step after the basket. */
const NEXT_STEP: RouteId = 'cartAddress';

const basket = definePage<BasketPageData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/basket')),
  async load({ http, i18n, language, channel, url }) {
    const { cartId } = await callerCart(http);
    const cart = await readCart(http, cartId, { recalculateStock: true });
    // Opening the basket resets the checkout to the cart step, keeping the invoice request and payment choice (spec §4).
    const stub = cartStub(http, cartId);
    const draft = await stub.draft();
    if (draft) await stub.saveDraft(JSON.stringify(resetToCart(parseDraft(draft))));
    return {
      // `?error=cart`: a checkout step could not load the cart (worker/ssr/pages/checkout-steps.tsx).
      data: { cart, checkoutHref: href(NEXT_STEP, language, channel), loadError: url.searchParams.get('error') === 'cart' },
      meta: { title: i18n._(msg`Your basket | Ampora`), description: i18n._(msg`Your basket at Ampora: the products you chose, their delivery and the total, ready for checkout.`), noIndex: true },
    };
  },
});

const ordersPage = (name: 'OrderOkPage' | 'OrderKoPage' | 'TrackingPage') => lazy(() => import('../../../client/pages/orders').then((module) => ({ default: module[name] as never })));

/**
 * The result of placing orders, only the signed-in user's own: `?orders=ES-…,ES-…`, or
 * `?orderId=ES-…` after a card payment (every order that payment covers, and its state).
 */
const cartOk = definePage<OrderResultData>({
  access: 'user',
  component: ordersPage('OrderOkPage'),
  async load({ db, url, user, i18n }) {
    const orderId = url.searchParams.get('orderId');
    const paid = orderId !== null && ORDER_NUMBER_PATTERN.test(orderId) ? orderId : null;
    const numbers = paid ? await ordersOfPayment(db, paid) : (url.searchParams.get('orders') ?? '').split(',').filter((n) => ORDER_NUMBER_PATTERN.test(n)).slice(0, 10);
    const orders = await ordersOfUser(db, user!.id, numbers);
    if (orders.length === 0) return null;
    const first = paid ? orders.find((o) => o.orderNumber === paid) : undefined;
    const payment = first ? { orderNumber: first.orderNumber, state: first.state } : null;
    // A Multibanco order waiting for its reference to be paid shows the reference (docs/payments-sibs.md).
    const unpaidMultibanco = orders.find((o) => o.paymentMethod === 'multibanco' && o.state === 'awaiting_payment');
    const multibanco = unpaidMultibanco ? await pendingMultibancoVoucher(db.$client, unpaidMultibanco.orderNumber, Date.now()) : null;
    return { data: { orders, bankAccounts: [...BANK_ACCOUNTS], payment, multibanco }, meta: { title: i18n._(msg`Thank you for your order | Ampora`), noIndex: true } };
  },
});

/** A failed payment: `?orderId=N` of the signed-in user's own order (its reason and what to do), else the general page. */
const cartKo = definePage<OrderKoData>({
  access: 'anyone',
  component: ordersPage('OrderKoPage'),
  async load({ db, url, user, i18n }) {
    const orderId = url.searchParams.get('orderId') ?? '';
    const owned = user && ORDER_NUMBER_PATTERN.test(orderId) ? (await ordersOfUser(db, user.id, [orderId])).length > 0 : false;
    return { data: { orderNumber: owned ? orderId : null }, meta: { title: i18n._(msg`The payment did not go through | Ampora`), noIndex: true } };
  },
});

/** Public tracking: states and dates only, by order number. */
const tracking = definePage<TrackingData>({
  component: ordersPage('TrackingPage'),
  async load({ db, params, channel, i18n }) {
    const number = params.orderNumber ?? '';
    const view = ORDER_NUMBER_PATTERN.test(number) ? await trackingView(db, number) : undefined;
    if (!view) return null;
    return { data: { ...view, timeZone: CHANNEL_TIME_ZONES[channel.id] }, meta: { title: i18n._(msg`Order ${number} | Ampora`), noIndex: true } };
  },
});

export const checkoutRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { cartBasket: basket, cartOk, cartKo, tracking, ...checkoutStepPages, ...paymentRoutePages };
