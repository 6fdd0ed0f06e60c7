/**
 * Account screens of orders (docs/after-sales.md "Orders"): the orders and invoices (two routes,
 * one list), the cancelled orders with their refunds, the orders made at a shop's till, and one
 * order's detail (`?order=NUMBER`). Each list is a page of ACCOUNT_ORDERS_PAGE_SIZE, newest
 * first (`?page=N`; past the last page is the 404 page); another user's order, or none, is the
 * 404 page too. The actions shown come from client/orders/actions.ts, the rules the API enforces.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { canCancel, canChange, canReturn } from '../../../client/orders/actions';
import type { AccountOrdersData, OrderActions } from '../../../client/orders/view';
import { href, type RouteId } from '../../../client/routes';
import { AGENCIES, MARKETPLACE_AGENCIES } from '../../domain/checkout/agencies';
import { ORDER_NUMBER_PATTERN } from '../../domain/orders/order-number';
import { accountOrderDetail, accountOrdersPage, type AccountOrder, type OrderListScope } from '../../orders/read';
import { payLinkOf } from '../../payments/pay-later';
import { pendingMultibancoVoucher } from '../../payments/sibs/voucher';
import { frameOf } from './account-frame';
import { definePage, pageNumber, type LoadContext, type PageDefinition } from './types';

const component = lazy(() => import('../../../client/pages/account-orders'));

const agencyName = (id: string | null): string | null => (id ? ([...AGENCIES, ...MARKETPLACE_AGENCIES].find((a) => a.id === id)?.name ?? null) : null);

/** States after which a problem with what arrived may be reported. */
const AFTER_SALES_STATES: readonly string[] = ['shipped', 'delivered', 'collected', 'returned'];

async function actionsOf(context: LoadContext, order: AccountOrder): Promise<OrderActions> {
  let payNow: OrderActions['payNow'] = null;
  if (order.state === 'awaiting_payment' && !order.frontOrder) {
    // A valid link is a plain link (no script needed); otherwise the island asks for one.
    const link = await payLinkOf(context.db, context.user!.id, order.orderNumber, context.now);
    payNow = link ? href('payNow', context.language, context.channel, { hash: link.hash }) : 'create';
  }
  return {
    cancel: canCancel(order),
    change: canChange(order),
    returnable: canReturn(order, context.now.getTime()),
    afterSales: AFTER_SALES_STATES.includes(order.state),
    payNow,
  };
}

function listPage(route: RouteId, scope: OrderListScope): PageDefinition<unknown> {
  return definePage<AccountOrdersData>({
    access: 'user',
    component,
    async load(context) {
      const { db, url, i18n, user } = context;
      const page = pageNumber(url);
      const list = await accountOrdersPage(db, user!.id, { scope, page });
      if (page > 1 && list.orders.length === 0) return null;
      const orders = await Promise.all(list.orders.map(async (order) => ({ ...order, agencyName: agencyName(order.agency), actions: await actionsOf(context, order) })));
      // After a cancellation the island comes here with the order's number: named only when it is the user's and cancelled.
      const cancelled = url.searchParams.get('cancelled');
      const justCancelled = scope === 'cancelled' && cancelled && ORDER_NUMBER_PATTERN.test(cancelled) && (await accountOrderDetail(db, user!.id, cancelled))?.state === 'cancelled' ? cancelled : null;
      const title = scope === 'cancelled' ? msg`Cancelled orders` : scope === 'front' ? msg`Shop orders` : msg`Orders and invoices`;
      return {
        data: { kind: 'list', frame: frameOf(user!, route), route, scope, orders, page, pageSize: list.pageSize, total: list.total, justCancelled },
        meta: { title: `${i18n._(title)} | Ampora`, noIndex: true },
      };
    },
  });
}

export const accountOrderDetailPage = definePage<AccountOrdersData>({
  access: 'user',
  component,
  async load(context) {
    const { db, url, i18n, user } = context;
    const number = url.searchParams.get('order') ?? '';
    if (!ORDER_NUMBER_PATTERN.test(number)) return null;
    const order = await accountOrderDetail(db, user!.id, number);
    if (!order) return null;
    const multibanco = order.paymentMethod === 'multibanco' && order.state === 'awaiting_payment' ? await pendingMultibancoVoucher(db.$client, number, Date.now()) : null;
    return {
      data: { kind: 'detail', frame: frameOf(user!, 'accountOrderDetail'), order: { ...order, agencyName: agencyName(order.agency), actions: await actionsOf(context, order) }, multibanco },
      meta: { title: `${i18n._(msg`Order ${number}`)} | Ampora`, noIndex: true },
    };
  },
});

export const accountOrdersPages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  accountOrdersAndInvoices: listPage('accountOrdersAndInvoices', 'online'),
  accountMyOrdersAndInvoices: listPage('accountMyOrdersAndInvoices', 'online'),
  accountCancelledOrders: listPage('accountCancelledOrders', 'cancelled'),
  accountFrontOrders: listPage('accountFrontOrders', 'front'),
  accountOrderDetail: accountOrderDetailPage,
};
