/** Back-office: every order, filtered by number, e-mail, state and store (a plain GET form), newest first. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { CHANNEL_IDS } from '../../worker/channel/channels';
import { ORDER_STATES } from '../../worker/domain/orders/state-machine';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import { PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../orders/labels';
import { AdminFrame, AdminTable } from './admin';
import { ADMIN_ORDER_STATE_LABELS, labelOf } from './admin-labels';
import type { AdminOrdersData } from './admin-types';

export default function AdminOrdersPage({ data }: { data: AdminOrdersData }) {
  const { i18n, t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { filters, result } = data;
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  const method = (slug: string) => PAYMENT_BRANDS[slug] ?? labelOf(PAYMENT_METHOD_LABELS, slug, (d) => i18n._(d));
  return (
    <AdminFrame frame={data.frame} title={<Trans>Orders</Trans>}>
      <form className="admin-filters" method="get" action={link('adminOrders')} role="search">
        <p className="field">
          <label htmlFor="admin-number">
            <Trans>Order number</Trans>
          </label>
          <input id="admin-number" name="number" defaultValue={filters.number} maxLength={40} autoComplete="off" />
        </p>
        <p className="field">
          <label htmlFor="admin-email">
            <Trans>Customer e-mail</Trans>
          </label>
          <input id="admin-email" name="email" type="search" defaultValue={filters.email} maxLength={254} autoComplete="off" />
        </p>
        <p className="field">
          <label htmlFor="admin-state">
            <Trans>State</Trans>
          </label>
          <select id="admin-state" name="state" defaultValue={filters.state}>
            <option value="">{t`All`}</option>
            {ORDER_STATES.map((state) => (
              <option key={state} value={state}>
                {labelOf(ADMIN_ORDER_STATE_LABELS, state, (d) => i18n._(d))}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="admin-channel">
            <Trans>Store</Trans>
          </label>
          <select id="admin-channel" name="channel" defaultValue={filters.channel}>
            <option value="">{t`All`}</option>
            {CHANNEL_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="button">
          <Trans>Search</Trans>
        </button>
      </form>
      <p role="status">
        <Plural value={result.total} one="# order" other="# orders" />
      </p>
      {result.orders.length > 0 ? (
        <AdminTable id="admin-orders-caption" caption={<Trans>Orders, newest first</Trans>}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Order</Trans>
              </th>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Customer</Trans>
              </th>
              <th scope="col">
                <Trans>Store</Trans>
              </th>
              <th scope="col">
                <Trans>Payment</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.orders.map((order) => (
              <tr key={order.orderNumber} data-order-number={order.orderNumber} data-order-state={order.state}>
                <th scope="row">
                  <a href={link('adminOrder', { orderNumber: order.orderNumber })}>{order.orderNumber}</a>
                </th>
                <td>
                  <time dateTime={order.createdAt}>{formatDate(new Date(order.createdAt), language, { dateStyle: 'short', timeStyle: 'short' })}</time>
                </td>
                <td>{order.email}</td>
                <td>{order.channel}</td>
                <td>{method(order.paymentMethod)}</td>
                <td>{labelOf(ADMIN_ORDER_STATE_LABELS, order.state, (d) => i18n._(d))}</td>
                <td className="admin-money">{formatMoney(order.total, language)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : null}
      <Pagination page={result.page} pageSize={result.pageSize} total={result.total} basePath={link('adminOrders')} query={query} />
    </AdminFrame>
  );
}
