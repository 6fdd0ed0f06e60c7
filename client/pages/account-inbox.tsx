/**
 * The inbox screens of the account area (spec §2 /bandeja-de-entrada; docs/account.md "Inbox"):
 * the messages the store sent the customer, newest first, a page at a time; unread ones in bold
 * with the word "unread" for screen readers. Opening a message marks it read. "Mark all as read"
 * and "Mark as unread" are plain forms (the API answers them by coming back here), so the screens
 * need no script.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { RenderedInboxMessage } from '../inbox/kinds';
import { formatShortDate } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { PageFormFields } from '../components/forms';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountInboxData {
  frame: AccountFrameData;
  items: RenderedInboxMessage[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
  /** The inbox API (the forms' action). */
  api: string;
}

export interface AccountInboxMessageData {
  frame: AccountFrameData;
  message: RenderedInboxMessage;
  api: string;
}

function MessageDate({ at, language }: { at: number; language: Language }) {
  return <time dateTime={new Date(at).toISOString()}>{formatShortDate(at, language)}</time>;
}

export function AccountInboxPage({ data }: { data: AccountInboxData }) {
  const { language } = useStore();
  const { t } = useLingui();
  const link = useHref();
  const unread = data.unread;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Inbox</Trans>}>
      {data.total === 0 ? (
        <p className="inbox-empty">
          <Trans>You have no messages yet. We will write to you here when there is news about your orders, returns, cases and subscriptions.</Trans>
        </p>
      ) : (
        <>
          <div className="inbox-bar">
            <p className="inbox-bar__count" data-inbox-unread={unread}>
              {unread === 0 ? <Trans>You have read all your messages.</Trans> : <Trans>{unread} unread</Trans>}
            </p>
            {unread > 0 ? (
              <form method="post" action={`${data.api}/read-all`}>
                <PageFormFields language={language} />
                <input type="hidden" name="page" value={data.page} />
                <button className="button button--secondary" type="submit">
                  <Trans>Mark all as read</Trans>
                </button>
              </form>
            ) : null}
          </div>
          <ul className="inbox-list" aria-label={t`Messages, newest first`}>
            {data.items.map((item) => (
              <li key={item.id} className={item.read ? 'inbox-item' : 'inbox-item inbox-item--unread'} data-inbox-id={item.id} data-inbox-kind={item.kind} data-read={item.read ? '1' : '0'}>
                <a className="inbox-item__title" href={link('accountInboxMessage', { id: String(item.id) })}>
                  {item.read ? null : (
                    <span className="visually-hidden">
                      <Trans>Unread:</Trans>{' '}
                    </span>
                  )}
                  {item.title}
                </a>
                <p className="inbox-item__body">{item.body}</p>
                <p className="inbox-item__date">
                  <MessageDate at={item.createdAt} language={language} />
                </p>
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={link('accountInbox')} />
        </>
      )}
    </AccountFrame>
  );
}

export function AccountInboxMessagePage({ data }: { data: AccountInboxMessageData }) {
  const { language } = useStore();
  const { t } = useLingui();
  const link = useHref();
  const message = data.message;
  return (
    <AccountFrame frame={data.frame} title={message.title}>
      <article className="inbox-message account-card" data-inbox-id={message.id} data-inbox-kind={message.kind}>
        <p className="inbox-message__date">
          <Trans>
            Sent on <MessageDate at={message.createdAt} language={language} />
          </Trans>
        </p>
        <p className="inbox-message__body">{message.body}</p>
        <p>
          <a className="button button--primary" href={message.link}>
            {message.linkLabel}
          </a>
        </p>
      </article>
      <div className="inbox-message__actions">
        <a href={link('accountInbox')}>
          <Trans>Back to the inbox</Trans>
        </a>
        <form method="post" action={`${data.api}/${message.id}/unread`} aria-label={t`Mark as unread`}>
          <PageFormFields language={language} />
          <button className="button button--ghost" type="submit">
            <Trans>Mark as unread</Trans>
          </button>
        </form>
      </div>
    </AccountFrame>
  );
}
