/** Back-office: one return, its lines and the staff events it allows now (approve, reject, receive, refund). */
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import AdminReturnActions from '../islands/admin-return-actions';
import { AdminFrame, AdminTable } from './admin';
import { RETURN_STATE_LABELS, labelOf } from './admin-labels';
import type { AdminReturnData } from './admin-types';

export default function AdminReturnPage({ data }: { data: AdminReturnData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { ret } = data;
  const returnId = ret.id;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <AdminFrame frame={data.frame} title={<Trans>Return {returnId}</Trans>}>
      <div className="admin-card" data-return-state={ret.state}>
        <dl className="admin-facts">
          <dt>
            <Trans>State</Trans>
          </dt>
          <dd className="admin-state">{labelOf(RETURN_STATE_LABELS, ret.state, (d) => i18n._(d))}</dd>
          <dt>
            <Trans>Order</Trans>
          </dt>
          <dd>
            <a href={link('adminOrder', { orderNumber: ret.orderNumber })}>{ret.orderNumber}</a>
          </dd>
          <dt>
            <Trans>Customer</Trans>
          </dt>
          <dd>{ret.requestedBy ? `${ret.email} (${ret.requestedBy})` : ret.email}</dd>
          <dt>
            <Trans>Asked on</Trans>
          </dt>
          <dd>
            <time dateTime={ret.createdAt}>{formatDate(new Date(ret.createdAt), language, { dateStyle: 'short', timeStyle: 'short' })}</time>
          </dd>
          <dt>
            <Trans>Reason</Trans>
          </dt>
          <dd>
            {ret.reason}
            {ret.comment ? ` — ${ret.comment}` : ''}
          </dd>
          <dt>
            <Trans>Refund</Trans>
          </dt>
          <dd>
            {money(ret.refundAmount)} · {ret.refundMethod === 'balance' ? <Trans>to the store balance</Trans> : <Trans>to the original payment</Trans>}
          </dd>
          <dt>
            <Trans>Collection code</Trans>
          </dt>
          <dd>{ret.labelCode}</dd>
        </dl>
      </div>
      <section className="admin-card" aria-labelledby="admin-actions-title">
        <h2 id="admin-actions-title">
          <Trans>Next step</Trans>
        </h2>
        <Island name="admin-return-actions" component={AdminReturnActions} props={{ returnId: ret.id, allowedEvents: data.allowedEvents }} />
      </section>
      <AdminTable id="admin-return-lines-caption" caption={<Trans>Units returned</Trans>}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Article</Trans>
            </th>
            <th scope="col">
              <Trans>Units</Trans>
            </th>
            <th scope="col">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {ret.lines.map((line) => (
            <tr key={line.orderLineId}>
              <th scope="row">{line.name}</th>
              <td>{line.qty}</td>
              <td className="admin-money">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </AdminFrame>
  );
}
