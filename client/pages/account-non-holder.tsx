/**
 * Account screens of returns by someone who is not the invoice holder (spec §2 /rma-no-titular
 * and its authorisation page) and of receiving a reassigned order (/reasignacion-pedidos/{key}).
 * One module, three views; the forms are islands.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequesterRow } from '../../worker/non-holder/requests';
import type { AuthorizationStatus } from '../../worker/non-holder/rules';
import type { ReassignmentView } from '../../worker/reassignment/reassign';
import { isNonHolderReason, NON_HOLDER_REASON_LABELS } from '../account/non-holder-reasons';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import NonHolderAnswer from '../islands/non-holder-answer';
import NonHolderRequest from '../islands/non-holder-request';
import ReassignAccept from '../islands/reassign-accept';
import { AccountFrame, type AccountFrameData } from './account';

export interface HolderRequestData {
  token: string;
  invoice: string;
  orderNumber: string;
  articleName: string;
  qty: number;
  reason: string;
  requesterEmail: string;
  createdAt: string;
  expiresAt: string;
}

export type AccountNonHolderData =
  | { view: 'request'; frame: AccountFrameData; prefill: { invoice: string; article: string }; requests: RequesterRow[] }
  | { view: 'authorize'; frame: AccountFrameData; status: AuthorizationStatus | 'invalid'; request: HolderRequestData | null }
  | { view: 'reassign'; frame: AccountFrameData; key: string; accountEmail: string; reassignment: ReassignmentView };

const STATUS_LABELS: Record<AuthorizationStatus, MessageDescriptor> = {
  pending: msg`Waiting for the holder`,
  authorised: msg`Authorised`,
  refused: msg`Refused`,
  expired: msg`Expired without an answer`,
};

function useReason() {
  const { i18n } = useLingui();
  return (reason: string) => (isNonHolderReason(reason) ? i18n._(NON_HOLDER_REASON_LABELS[reason]) : reason);
}

function RequestView({ data }: { data: Extract<AccountNonHolderData, { view: 'request' }> }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const reason = useReason();
  return (
    <AccountFrame frame={data.frame} title={<Trans>Return an item of someone else's invoice</Trans>}>
      <div className="account-card">
        <p>
          <Trans>
            Do you have an item bought by someone else — a gift, or something bought for you with their account? Tell us the invoice and the item: we ask the invoice holder by e-mail. If they
            authorise it, the return goes ahead and the refund goes to them.
          </Trans>
        </p>
        <Island name="non-holder-request" component={NonHolderRequest} props={data.prefill} />
      </div>
      <section className="account-card" aria-labelledby="non-holder-requests">
        <h2 id="non-holder-requests">
          <Trans>Your requests</Trans>
        </h2>
        {data.requests.length === 0 ? (
          <p>
            <Trans>You have not asked for any return yet.</Trans>
          </p>
        ) : (
          <table className="offers">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Invoice</Trans>
                </th>
                <th scope="col">
                  <Trans>Item</Trans>
                </th>
                <th scope="col">
                  <Trans>Units</Trans>
                </th>
                <th scope="col">
                  <Trans>Reason</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.requests.map((row) => (
                <tr key={`${row.invoice}-${row.articleId}-${row.createdAt}`} data-request-status={row.status}>
                  <td>
                    <time dateTime={row.createdAt}>{formatDate(new Date(row.createdAt), language, { dateStyle: 'medium' })}</time>
                  </td>
                  <td>{row.invoice}</td>
                  <td>{row.articleName}</td>
                  <td>{row.qty}</td>
                  <td>{reason(row.reason)}</td>
                  <td>{i18n._(STATUS_LABELS[row.status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </AccountFrame>
  );
}

function AuthorizeView({ data }: { data: Extract<AccountNonHolderData, { view: 'authorize' }> }) {
  const { language } = useStore();
  const link = useHref();
  const reason = useReason();
  const request = data.request;
  let body;
  if (!request || data.status === 'invalid' || data.status === 'expired') {
    body = (
      <p className="alert alert--warn" data-authorization="invalid">
        <Trans>This link is no longer valid: it has expired or is not complete. The person who asked can send a new request.</Trans>
      </p>
    );
  } else {
    const { requesterEmail, invoice, articleName, qty, orderNumber } = request;
    const until = formatDate(new Date(request.expiresAt), language, { dateStyle: 'long' });
    body = (
      <>
        <dl className="specs">
          <div>
            <dt>
              <Trans>Asked by</Trans>
            </dt>
            <dd data-requester>{requesterEmail}</dd>
          </div>
          <div>
            <dt>
              <Trans>Invoice</Trans>
            </dt>
            <dd>
              <Trans>
                {invoice} (order {orderNumber})
              </Trans>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Item</Trans>
            </dt>
            <dd>
              {qty} × {articleName}
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Reason</Trans>
            </dt>
            <dd>{reason(request.reason)}</dd>
          </div>
        </dl>
        {data.status === 'pending' ? (
          <>
            <p>
              <Trans>Nothing happens unless you authorise it. If you do, the item is returned as one of your returns and the refund is yours. You can answer until {until}.</Trans>
            </p>
            <Island name="non-holder-answer" component={NonHolderAnswer} props={{ token: request.token, returnsPath: link('accountReturns') }} />
          </>
        ) : (
          <p className="alert alert--info" data-authorization={data.status}>
            {data.status === 'authorised' ? <Trans>You have already authorised this return.</Trans> : <Trans>You have already refused this return.</Trans>}
          </p>
        )}
      </>
    );
  }
  return (
    <AccountFrame frame={data.frame} title={<Trans>Return request</Trans>}>
      <div className="account-card">{body}</div>
    </AccountFrame>
  );
}

function ReassignView({ data }: { data: Extract<AccountNonHolderData, { view: 'reassign' }> }) {
  const { language } = useStore();
  const view = data.reassignment;
  let body;
  if (view.status === 'invalid') {
    body = (
      <p className="alert alert--warn" data-reassignment="invalid">
        <Trans>This link is no longer valid: it has already been used, it has expired or it is not complete. Ask the order's owner to send it again.</Trans>
      </p>
    );
  } else if (view.status === 'wrongAccount') {
    const { maskedEmail } = view;
    const accountEmail = data.accountEmail;
    body = (
      <p className="alert alert--warn" data-reassignment="wrong-account">
        <Trans>
          This link is for the account {maskedEmail}, and you are signed in as {accountEmail}. Sign out and sign in with that account to receive the order.
        </Trans>
      </p>
    );
  } else {
    const { orderNumber, fromName } = view;
    const date = formatDate(new Date(view.createdAt), language, { dateStyle: 'long' });
    const total = formatMoney(view.total, language);
    body = (
      <>
        <p data-reassignment="open">
          <Trans>
            {fromName} gives you the order {orderNumber} of {date} ({total} of items). Once you confirm, it is yours: you will see it with its invoices, returns and after-sales cases, and
            it leaves their account.
          </Trans>
        </p>
        <Island name="reassign-accept" component={ReassignAccept} props={{ reassignKey: data.key }} />
      </>
    );
  }
  return (
    <AccountFrame frame={data.frame} title={<Trans>Receive an order</Trans>}>
      <div className="account-card">{body}</div>
    </AccountFrame>
  );
}

export default function AccountNonHolderPage({ data }: { data: AccountNonHolderData }) {
  if (data.view === 'request') return <RequestView data={data} />;
  if (data.view === 'authorize') return <AuthorizeView data={data} />;
  return <ReassignView data={data} />;
}
