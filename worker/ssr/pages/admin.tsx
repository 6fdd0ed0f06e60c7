/**
 * The staff back-office screens (/admin…, docs/after-sales.md "Staff back-office"). Open only to
 * staff: anyone else, signed in or not, gets the ordinary 404 page, so the screens do not show
 * that they exist (hence `access: 'anyone'`, which looks the user up without sending visitors to
 * the login page). Personal and never cached, like every page with an access rule.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { lazy } from 'react';
import type { AdminCaseData, AdminCasesData, AdminHomeData, AdminOrderData, AdminOrdersData, AdminReturnData, AdminReturnsData, AdminFrameData } from '../../../client/pages/admin-types';
import type { RouteId } from '../../../client/routes';
import { isStaff } from '../../admin/access';
import { allowedReturnEvents, STAFF_CASE_STATES } from '../../admin/events';
import { ADMIN_PAGE_SIZE, adminCase, adminOrder, adminReturn, adminSummary, casesQueue, returnsQueue, searchOrders } from '../../admin/queries';
import { CHANNEL_IDS, type ChannelId } from '../../channel/channels';
import { ORDER_NUMBER_PATTERN } from '../../domain/orders/order-number';
import { ORDER_STATES, type OrderState } from '../../domain/orders/state-machine';
import type { UserRow } from '../../identity/session';
import type { AdminTaxCertificatesData } from '../../../client/pages/admin-tax-certificates';
import { CERTIFICATE_STATES, type CertificateState } from '../../domain/documents/exemption';
import { certificateQueue } from '../../tax-certificates/certificates';
import { definePage, pageNumber, type LoadContext, type PageDefinition } from './types';

function frame(user: UserRow, route: RouteId): AdminFrameData {
  return { route, staffName: user.nick ?? user.email.split('@')[0]! };
}

function meta(context: LoadContext, title: MessageDescriptor) {
  return { title: `${context.i18n._(title)} | Ampora`, noIndex: true };
}

/** A positive integer id from a path parameter, or undefined. */
function idOf(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

const text = (url: URL, name: string, max: number) => (url.searchParams.get(name) ?? '').trim().slice(0, max);

const adminHome = definePage<AdminHomeData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    return { data: { frame: frame(context.user, 'adminHome'), summary: await adminSummary(context.db) }, meta: meta(context, msg`Back-office`) };
  },
});

const adminOrders = definePage<AdminOrdersData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-orders')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const { url } = context;
    const state = url.searchParams.get('state') ?? '';
    const channel = url.searchParams.get('channel') ?? '';
    const filters = {
      number: text(url, 'number', 40),
      email: text(url, 'email', 254),
      state: (ORDER_STATES as readonly string[]).includes(state) ? (state as OrderState) : undefined,
      channel: (CHANNEL_IDS as readonly string[]).includes(channel) ? (channel as ChannelId) : undefined,
    };
    const result = await searchOrders(context.db, { ...filters, page: pageNumber(url), pageSize: ADMIN_PAGE_SIZE });
    return {
      data: { frame: frame(context.user, 'adminOrders'), filters: { number: filters.number, email: filters.email, state: filters.state ?? '', channel: filters.channel ?? '' }, result },
      meta: meta(context, msg`Orders`),
    };
  },
});

const adminOrderPage = definePage<AdminOrderData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-order')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const number = context.params.orderNumber ?? '';
    const order = ORDER_NUMBER_PATTERN.test(number) ? await adminOrder(context.db, number) : undefined;
    if (!order) return null;
    return { data: { frame: frame(context.user, 'adminOrders'), order }, meta: { title: `${number} | Ampora`, noIndex: true } };
  },
});

const adminReturns = definePage<AdminReturnsData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-returns')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const state = text(context.url, 'state', 30);
    const result = await returnsQueue(context.db, { state: state || undefined, page: pageNumber(context.url), pageSize: ADMIN_PAGE_SIZE });
    return { data: { frame: frame(context.user, 'adminReturns'), state, result }, meta: meta(context, msg`Returns`) };
  },
});

const adminReturnPage = definePage<AdminReturnData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-return')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const id = idOf(context.params.id);
    const found = id === undefined ? undefined : await adminReturn(context.db, id);
    if (!found) return null;
    return { data: { frame: frame(context.user, 'adminReturns'), ret: found, allowedEvents: allowedReturnEvents(found.state) }, meta: meta(context, msg`Return`) };
  },
});

const adminCases = definePage<AdminCasesData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-cases')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const state = text(context.url, 'state', 30);
    const result = await casesQueue(context.db, { state: state || undefined, page: pageNumber(context.url), pageSize: ADMIN_PAGE_SIZE });
    return { data: { frame: frame(context.user, 'adminCases'), state, result }, meta: meta(context, msg`After-sales cases`) };
  },
});

const adminCasePage = definePage<AdminCaseData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-case')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const id = idOf(context.params.id);
    const found = id === undefined ? undefined : await adminCase(context.db, id);
    if (!found) return null;
    return { data: { frame: frame(context.user, 'adminCases'), found, states: [...STAFF_CASE_STATES] }, meta: meta(context, msg`After-sales case`) };
  },
});

/** The tax-exemption certificates queue: pending by default (`?state=` another state), oldest first. */
const adminTaxCertificates = definePage<AdminTaxCertificatesData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/admin-tax-certificates')),
  async load(context) {
    if (!isStaff(context.user)) return null;
    const state = text(context.url, 'state', 30);
    const queue = await certificateQueue(context.db, { state: (CERTIFICATE_STATES as readonly string[]).includes(state) ? (state as CertificateState) : 'pending', page: pageNumber(context.url) });
    return { data: { frame: frame(context.user, 'adminTaxCertificates'), queue }, meta: meta(context, msg`Tax-exemption certificates`) };
  },
});

export const adminRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  adminTaxCertificates,
  adminHome,
  adminOrders,
  adminOrder: adminOrderPage,
  adminReturns,
  adminReturn: adminReturnPage,
  adminCases,
  adminCase: adminCasePage,
};
