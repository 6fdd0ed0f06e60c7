/** Back-office: the returns queue — those still to handle, first asked first — or the returns of one state. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import { AdminFrame, AdminStateFilter, AdminTable } from './admin';
import { RETURN_STATE_LABELS, labelOf } from './admin-labels';
import type { AdminReturnsData } from './admin-types';

export default function AdminReturnsPage({ data }: { data: AdminReturnsData }) {
  const { i18n, t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { result } = data;
  return (
    <AdminFrame frame={data.frame} title={<Trans>Returns</Trans>}>
      <AdminStateFilter route="adminReturns" id="admin-return-state" state={data.state} labels={RETURN_STATE_LABELS} anyLabel={t`To handle`} />
      <p role="status">
        <Plural value={result.total} one="# return" other="# returns" />
      </p>
      {result.returns.length > 0 ? (
        <AdminTable id="admin-returns-caption" caption={<Trans>Returns, oldest first</Trans>}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Return</Trans>
              </th>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Order</Trans>
              </th>
              <th scope="col">
                <Trans>Customer</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Refund</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.returns.map((ret) => (
              <tr key={ret.id} data-return-id={ret.id} data-return-state={ret.state}>
                <th scope="row">
                  <a href={link('adminReturn', { id: String(ret.id) })}>
                    <Trans>Return {ret.id}</Trans>
                  </a>
                </th>
                <td>
                  <time dateTime={ret.createdAt}>{formatDate(new Date(ret.createdAt), language, { dateStyle: 'short' })}</time>
                </td>
                <td>
                  <a href={link('adminOrder', { orderNumber: ret.orderNumber })}>{ret.orderNumber}</a>
                </td>
                <td>{ret.email}</td>
                <td>{labelOf(RETURN_STATE_LABELS, ret.state, (d) => i18n._(d))}</td>
                <td className="admin-money">{formatMoney(ret.refundAmount, language)}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : null}
      <Pagination page={result.page} pageSize={result.pageSize} total={result.total} basePath={link('adminReturns')} query={data.state ? { state: data.state } : {}} />
    </AdminFrame>
  );
}
