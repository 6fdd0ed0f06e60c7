/** Back-office: one after-sales case — the conversation, oldest first, and the reply form with the case's next state. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import AdminCaseReply from '../islands/admin-case-reply';
import { AdminFrame } from './admin';
import { CASE_STATE_LABELS, labelOf } from './admin-labels';
import type { AdminCaseData } from './admin-types';

export default function AdminCasePage({ data }: { data: AdminCaseData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { found } = data;
  const when = (iso: string) => <time dateTime={iso}>{formatDate(new Date(iso), language, { dateStyle: 'short', timeStyle: 'short' })}</time>;
  return (
    <AdminFrame frame={data.frame} title={found.subject}>
      <div className="admin-card" data-case-state={found.state}>
        <dl className="admin-facts">
          <dt>
            <Trans>State</Trans>
          </dt>
          <dd className="admin-state">{labelOf(CASE_STATE_LABELS, found.state, (d) => i18n._(d))}</dd>
          <dt>
            <Trans>Order</Trans>
          </dt>
          <dd>
            <a href={link('adminOrder', { orderNumber: found.orderNumber })}>{found.orderNumber}</a>
            {found.lineName ? ` · ${found.lineName}` : ''}
          </dd>
          <dt>
            <Trans>Customer</Trans>
          </dt>
          <dd>{found.email}</dd>
          <dt>
            <Trans>Opened</Trans>
          </dt>
          <dd>{when(found.createdAt)}</dd>
        </dl>
      </div>
      <section aria-labelledby="admin-conversation-title">
        <h2 id="admin-conversation-title">
          <Trans>Conversation</Trans>
        </h2>
        <ol className="admin-conversation">
          {found.messages.map((message) => (
            <li key={message.id} className={`admin-message admin-message--${message.author}`} data-author={message.author}>
              <p className="admin-message__meta">
                {message.author === 'staff' ? <Trans>Ampora</Trans> : <Trans>Customer</Trans>} · {when(message.at)}
              </p>
              <p className="admin-message__body">{message.body}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="admin-card" aria-labelledby="admin-reply-title">
        <h2 id="admin-reply-title">
          <Trans>Reply</Trans>
        </h2>
        <Island name="admin-case-reply" component={AdminCaseReply} props={{ caseId: found.id, state: found.state, states: data.states }} />
      </section>
    </AdminFrame>
  );
}
