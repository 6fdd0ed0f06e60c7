/**
 * The after-sales screens of the account area (spec §2): the history (/historial-postventa) —
 * the customer's cases with their state and last activity, and with `?order=NUMBER` the form to
 * open a case on a line of that order — and one case (/caso-postventa/{id}): the conversation
 * with its photos and documents, the reply form and closing the case. Everything but sending
 * works without script; the forms post without it too.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { CaseDetail, CaseSummary } from '../../worker/after-sales/cases';
import { CASE_KIND_LABELS, CASE_STATE_LABELS } from '../account/case-labels';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import CaseOpenForm, { type CaseOpenFormProps } from '../islands/case-open-form';
import CaseReplyForm, { type CaseReplyFormProps } from '../islands/case-reply-form';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountAfterSalesHistoryData {
  frame: AccountFrameData;
  cases: CaseSummary[];
  /** With `?order=`: the order's form, or why there is none. */
  open: { orderNumber: string; status: 'ok'; form: CaseOpenFormProps } | { orderNumber: string; status: 'notFound' | 'notAllowed' } | null;
}

export interface AccountAfterSalesCaseData {
  frame: AccountFrameData;
  case: CaseDetail;
  /** The API address of each attachment, by attachment id. */
  fileBase: string;
  reply: CaseReplyFormProps | null;
  closeAction: string;
  language: string;
}

function When({ iso }: { iso: string }) {
  const { language } = useStore();
  return <time dateTime={iso}>{formatDate(new Date(iso), language, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

function StateBadge({ state }: { state: CaseSummary['state'] }) {
  const { i18n } = useLingui();
  return (
    <span className={`badge case-state case-state--${state}`} data-case-state={state}>
      {i18n._(CASE_STATE_LABELS[state])}
    </span>
  );
}

export function AccountAfterSalesHistoryPage({ data }: { data: AccountAfterSalesHistoryData }) {
  const { t, i18n } = useLingui();
  const link = useHref();
  const open = data.open;
  const orderNumber = open?.orderNumber ?? '';
  const orders = link('accountOrdersAndInvoices');
  return (
    <AccountFrame frame={data.frame} title={<Trans>After-sales service</Trans>}>
      {open ? (
        <section className="account-card" aria-labelledby="case-open-title">
          <h2 id="case-open-title">
            <Trans>Open a case on order {orderNumber}</Trans>
          </h2>
          {open.status === 'ok' ? (
            <>
              <p>
                <Trans>Tell us which item has a problem and what happened. Our after-sales team answers here and by e-mail.</Trans>
              </p>
              <Island name="case-open-form" component={CaseOpenForm} props={open.form} />
            </>
          ) : open.status === 'notAllowed' ? (
            <p className="alert alert--warn">
              <Trans>You can open a case once the order has been delivered or collected.</Trans>
            </p>
          ) : (
            <p className="alert alert--bad">
              <Trans>We could not find this order among yours.</Trans>
            </p>
          )}
        </section>
      ) : (
        <p>
          <Trans>
            To open a case, go to <a href={orders}>your orders</a> and choose the delivered order it is about.
          </Trans>
        </p>
      )}
      <h2>
        <Trans>Your cases</Trans>
      </h2>
      {data.cases.length === 0 ? (
        <p data-no-cases>
          <Trans>You have no after-sales cases.</Trans>
        </p>
      ) : (
        <table className="table table--stack case-list">
          <caption className="visually-hidden">
            <Trans>Your after-sales cases, latest activity first</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>After-sales case</Trans>
              </th>
              <th scope="col">
                <Trans>Item</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Last activity</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.cases.map((item) => (
              <tr key={item.id} data-case-id={item.id}>
                <td data-label={t`After-sales case`}>
                  <a href={link('accountAfterSalesCase', { id: String(item.id) })}>
                    #{item.id} · {item.subject}
                  </a>
                </td>
                <td data-label={t`Item`}>
                  {item.articleName} <span className="case-list__order">({item.orderNumber})</span>
                  <br />
                  {i18n._(CASE_KIND_LABELS[item.kind])}
                </td>
                <td data-label={t`State`}>
                  <StateBadge state={item.state} />
                </td>
                <td data-label={t`Last activity`}>
                  <When iso={item.updatedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountFrame>
  );
}

/** Sizes as people read them (KB up to 1 MB, then MB with one decimal). */
function fileSize(bytes: number, language: string): string {
  const locale = language.replace('_', '-');
  return bytes < 1024 * 1024 ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB` : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}

export function AccountAfterSalesCasePage({ data }: { data: AccountAfterSalesCaseData }) {
  const { t, i18n } = useLingui();
  const link = useHref();
  const { language } = useStore();
  const item = data.case;
  const caseId = item.id;
  const subject = item.subject;
  const orderLink = `${link('accountOrderDetail')}?order=${encodeURIComponent(item.orderNumber)}`;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Case {caseId}: {subject}</Trans>}>
      <p>
        <a href={link('accountAfterSalesHistory')}>
          <Trans>All your after-sales cases</Trans>
        </a>
      </p>
      <dl className="account-card case-facts">
        <dt>
          <Trans>State</Trans>
        </dt>
        <dd>
          <StateBadge state={item.state} />
        </dd>
        <dt>
          <Trans>Order</Trans>
        </dt>
        <dd>
          <a href={orderLink}>{item.orderNumber}</a>
        </dd>
        <dt>
          <Trans>Item</Trans>
        </dt>
        <dd>{item.articleName}</dd>
        <dt>
          <Trans>What happened</Trans>
        </dt>
        <dd>{i18n._(CASE_KIND_LABELS[item.kind])}</dd>
        <dt>
          <Trans>Opened</Trans>
        </dt>
        <dd>
          <When iso={item.createdAt} />
        </dd>
      </dl>
      <h2 id="case-conversation">
        <Trans>Conversation</Trans>
      </h2>
      <ol className="case-messages" aria-labelledby="case-conversation">
        {item.messages.map((message) => {
          const mine = message.author === 'customer';
          return (
            <li key={message.id} className={`card case-message case-message--${message.author}`} data-message-author={message.author}>
              <p className="case-message__meta">
                <strong>{mine ? <Trans>You</Trans> : <Trans>Ampora after-sales team</Trans>}</strong> · <When iso={message.at} />
              </p>
              {message.body.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index} className="case-message__body">
                  {paragraph.split('\n').flatMap((line, i) => (i === 0 ? [line] : [<br key={i} />, line]))}
                </p>
              ))}
              {message.attachments.length > 0 ? (
                <ul className="case-files" aria-label={t`Attached files`}>
                  {message.attachments.map((file) => {
                    const url = `${data.fileBase}/${file.id}`;
                    const name = file.fileName;
                    const size = fileSize(file.size, language);
                    return (
                      <li key={file.id}>
                        {file.contentType.startsWith('image/') ? (
                          <a href={url} target="_blank" rel="noopener">
                            <img src={url} width={120} height={120} loading="lazy" className="case-files__thumb" alt={mine ? t`Photo you attached: ${name}` : t`Photo attached by our team: ${name}`} />
                          </a>
                        ) : (
                          <a href={url} download={file.fileName}>
                            <Trans>
                              {name} (PDF, {size})
                            </Trans>
                          </a>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {data.reply ? (
        <>
          <section className="account-card" aria-labelledby="case-reply-title">
            <h2 id="case-reply-title">
              <Trans>Write to our team</Trans>
            </h2>
            <Island name="case-reply-form" component={CaseReplyForm} props={data.reply} />
          </section>
          <form method="post" action={data.closeAction} className="case-close" data-case-close>
            <input type="hidden" name="respond" value="page" />
            <input type="hidden" name="lang" value={data.language} />
            <p>
              <Trans>If everything is sorted, you can close the case. You will not be able to write on it again.</Trans>
            </p>
            <button type="submit" className="button button--secondary">
              <Trans>Close the case</Trans>
            </button>
          </form>
        </>
      ) : (
        <p className="alert alert--info" data-case-closed>
          <Trans>This case is closed. If you need more help, open a new one from your orders.</Trans>
        </p>
      )}
    </AccountFrame>
  );
}
