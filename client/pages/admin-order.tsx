/**
 * Back-office: one order with its lines, what happened to it (events, payments, documents,
 * refunds, returns, cases) and one button per event staff may record now (a tracking number
 * field for shipping), plus cancelling while the order has not left.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import AdminOrderActions from '../islands/admin-order-actions';
import { PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../orders/labels';
import { AdminFrame, AdminTable } from './admin';
import { ADMIN_ORDER_STATE_LABELS, CASE_STATE_LABELS, RETURN_STATE_LABELS, labelOf } from './admin-labels';
import type { AdminOrderData } from './admin-types';

export default function AdminOrderPage({ data }: { data: AdminOrderData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { order } = data;
  const { orderNumber } = order;
  const money = (cents: number) => formatMoney(cents, language);
  const when = (iso: string) => <time dateTime={iso}>{formatDate(new Date(iso), language, { dateStyle: 'short', timeStyle: 'short' })}</time>;
  const state = labelOf(ADMIN_ORDER_STATE_LABELS, order.state, (d) => i18n._(d));
  const method = PAYMENT_BRANDS[order.paymentMethod] ?? labelOf(PAYMENT_METHOD_LABELS, order.paymentMethod, (d) => i18n._(d));
  return (
    <AdminFrame frame={data.frame} title={<Trans>Order {orderNumber}</Trans>}>
      <div className="admin-card" data-order-state={order.state}>
        <dl className="admin-facts">
          <dt>
            <Trans>State</Trans>
          </dt>
          <dd className="admin-state">{state}</dd>
          <dt>
            <Trans>Customer</Trans>
          </dt>
          <dd>{order.email}</dd>
          <dt>
            <Trans>Store</Trans>
          </dt>
          <dd>{order.channel}</dd>
          <dt>
            <Trans>Placed</Trans>
          </dt>
          <dd>{when(order.createdAt)}</dd>
          <dt>
            <Trans>Payment</Trans>
          </dt>
          <dd>
            {method}
            {order.paidAt ? (
              <>
                {' · '}
                <Trans>paid</Trans> {when(order.paidAt)}
              </>
            ) : null}
          </dd>
          <dt>
            <Trans>Destination</Trans>
          </dt>
          <dd>{order.destination}</dd>
          {order.trackingNumber ? (
            <>
              <dt>
                <Trans>Tracking number</Trans>
              </dt>
              <dd data-tracking-number={order.trackingNumber}>{order.trackingNumber}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-total-cents={order.total}>{money(order.total)}</dd>
        </dl>
      </div>
      <section className="admin-card" aria-labelledby="admin-actions-title">
        <h2 id="admin-actions-title">
          <Trans>Next step</Trans>
        </h2>
        <Island name="admin-order-actions" component={AdminOrderActions} props={{ orderNumber: order.orderNumber, allowedEvents: order.allowedEvents, cancellable: order.cancellable }} />
      </section>
      <AdminTable id="admin-lines-caption" caption={<Trans>Lines</Trans>}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Article</Trans>
            </th>
            <th scope="col">
              <Trans>Units</Trans>
            </th>
            <th scope="col">
              <Trans>Unit price</Trans>
            </th>
            <th scope="col">
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} data-line-id={line.id} data-unit-price-cents={line.unitPrice}>
              <th scope="row">{line.name}</th>
              <td>{line.qty}</td>
              <td className="admin-money">{money(line.unitPrice)}</td>
              <td className="admin-money">{money(line.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <section aria-labelledby="admin-history-title">
        <h2 id="admin-history-title">
          <Trans>History</Trans>
        </h2>
        <ol className="admin-history">
          {order.events.map((event, index) => (
            <li key={`${event.state}-${index}`} data-event-state={event.state}>
              {when(event.at)} · {labelOf(ADMIN_ORDER_STATE_LABELS, event.state, (d) => i18n._(d))}
            </li>
          ))}
        </ol>
      </section>
      {order.payments.length > 0 ? (
        <AdminTable id="admin-payments-caption" caption={<Trans>Payments</Trans>}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Method</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
              <th scope="col">
                <Trans>Refunded</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{when(payment.createdAt)}</td>
                <td>{PAYMENT_BRANDS[payment.method] ?? labelOf(PAYMENT_METHOD_LABELS, payment.method, (d) => i18n._(d))}</td>
                <td>{payment.state}</td>
                <td className="admin-money">{money(payment.amount)}</td>
                <td className="admin-money">{money(payment.refundedAmount)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : null}
      {order.documents.length > 0 ? (
        <section aria-labelledby="admin-documents-title">
          <h2 id="admin-documents-title">
            <Trans>Documents</Trans>
          </h2>
          <ul className="admin-list">
            {order.documents.map((doc) => (
              <li key={doc.id} data-doc-type={doc.docType}>
                {doc.code} · {when(doc.issuedAt)} · <span className="admin-money">{money(doc.total)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.refunds.length > 0 ? (
        <section aria-labelledby="admin-refunds-title">
          <h2 id="admin-refunds-title">
            <Trans>Refunds</Trans>
          </h2>
          <ul className="admin-list">
            {order.refunds.map((refund) => (
              <li key={refund.id}>
                {when(refund.createdAt)} · {refund.method === 'balance' ? <Trans>to the store balance</Trans> : <Trans>to the original payment</Trans>} · <span className="admin-money">{money(refund.amount)}</span> · {refund.state}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.returns.length > 0 ? (
        <section aria-labelledby="admin-returns-title">
          <h2 id="admin-returns-title">
            <Trans>Returns</Trans>
          </h2>
          <ul className="admin-list">
            {order.returns.map((ret) => (
              <li key={ret.id}>
                <a href={link('adminReturn', { id: String(ret.id) })}>
                  <Trans>Return {ret.id}</Trans>
                </a>{' '}
                · {labelOf(RETURN_STATE_LABELS, ret.state, (d) => i18n._(d))} · <span className="admin-money">{money(ret.refundAmount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.cases.length > 0 ? (
        <section aria-labelledby="admin-cases-title">
          <h2 id="admin-cases-title">
            <Trans>After-sales cases</Trans>
          </h2>
          <ul className="admin-list">
            {order.cases.map((c) => (
              <li key={c.id}>
                <a href={link('adminCase', { id: String(c.id) })}>{c.subject}</a> · {labelOf(CASE_STATE_LABELS, c.state, (d) => i18n._(d))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminFrame>
  );
}
