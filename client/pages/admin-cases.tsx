/** Back-office: the after-sales cases queue — open cases, the longest waiting first — or the cases of one state. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import { AdminFrame, AdminStateFilter, AdminTable } from './admin';
import { CASE_STATE_LABELS, labelOf } from './admin-labels';
import type { AdminCasesData } from './admin-types';

export default function AdminCasesPage({ data }: { data: AdminCasesData }) {
  const { i18n, t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { result } = data;
  return (
    <AdminFrame frame={data.frame} title={<Trans>After-sales cases</Trans>}>
      <AdminStateFilter route="adminCases" id="admin-case-state" state={data.state} labels={CASE_STATE_LABELS} anyLabel={t`Not closed`} />
      <p role="status">
        <Plural value={result.total} one="# case" other="# cases" />
      </p>
      {result.cases.length > 0 ? (
        <AdminTable id="admin-cases-caption" caption={<Trans>Cases, the longest waiting first</Trans>}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Subject</Trans>
              </th>
              <th scope="col">
                <Trans>Last change</Trans>
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
            </tr>
          </thead>
          <tbody>
            {result.cases.map((c) => (
              <tr key={c.id} data-case-id={c.id} data-case-state={c.state}>
                <th scope="row">
                  <a href={link('adminCase', { id: String(c.id) })}>{c.subject}</a>
                </th>
                <td>
                  <time dateTime={c.updatedAt}>{formatDate(new Date(c.updatedAt), language, { dateStyle: 'short', timeStyle: 'short' })}</time>
                </td>
                <td>
                  <a href={link('adminOrder', { orderNumber: c.orderNumber })}>{c.orderNumber}</a>
                </td>
                <td>{c.email}</td>
                <td>{labelOf(CASE_STATE_LABELS, c.state, (d) => i18n._(d))}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      ) : null}
      <Pagination page={result.page} pageSize={result.pageSize} total={result.total} basePath={link('adminCases')} query={data.state ? { state: data.state } : {}} />
    </AdminFrame>
  );
}
