/**
 * The inbox screens (spec §2 /bandeja-de-entrada, routes `accountInbox` and
 * `accountInboxMessage`; docs/account.md "Inbox"): the messages a page at a time (`?page=N`, spec
 * §9 general page size), and one message, which opening marks read. Someone else's message, or
 * one that does not exist, is the ordinary 404 page; so is a page past the last one.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { renderInboxMessage, type InboxRow } from '../../../client/inbox/kinds';
import type { AccountInboxData, AccountInboxMessageData } from '../../../client/pages/account-inbox';
import { href, type RouteId } from '../../../client/routes';
import { AppError } from '../../http/errors';
import { INBOX_PAGE_SIZE, inboxPage, markMessage } from '../../inbox/read';
import { frameOf } from './account-frame';
import { definePage, pageNumber, type LoadContext, type PageDefinition } from './types';

const API = '/api/user/inbox';

const renderer = ({ i18n, language, channel }: LoadContext) => (row: InboxRow) => renderInboxMessage(row, { i18n, language, link: (route, params) => href(route, language, channel, params) });

const accountInbox = definePage<AccountInboxData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-inbox').then((m) => ({ default: m.AccountInboxPage }))),
  async load(context) {
    const { db, url, i18n, user } = context;
    const page = pageNumber(url);
    const found = await inboxPage(db, user!.id, page, INBOX_PAGE_SIZE);
    if (page > 1 && found.rows.length === 0) return null;
    const render = renderer(context);
    return {
      data: { frame: frameOf(user!, 'accountInbox'), items: found.rows.map(render), page, pageSize: INBOX_PAGE_SIZE, total: found.total, unread: found.unread, api: API },
      meta: { title: `${i18n._(msg`Inbox`)} | Ampora`, noIndex: true },
    };
  },
});

const accountInboxMessage = definePage<AccountInboxMessageData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-inbox').then((m) => ({ default: m.AccountInboxMessagePage }))),
  async load(context) {
    const { db, params, i18n, user, now } = context;
    const id = Number(params['id']);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    let row: InboxRow;
    try {
      // Opening the message is reading it.
      row = await markMessage(db, user!.id, id, true, now);
    } catch (error) {
      if (error instanceof AppError && error.entry.status === 404) return null;
      throw error;
    }
    const message = renderer(context)(row);
    return {
      data: { frame: frameOf(user!, 'accountInboxMessage'), message, api: API },
      meta: { title: `${message.title} | ${i18n._(msg`Inbox`)} | Ampora`, noIndex: true },
    };
  },
});

export const inboxRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountInbox, accountInboxMessage };
