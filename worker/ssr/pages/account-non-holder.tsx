/**
 * Account screens of returns by someone who is not the invoice holder and of order reassignment
 * (docs/after-sales.md): the request form with the person's own requests (`accountReturnNonHolder`),
 * the holder's answer page behind the e-mailed link (`accountReturnNonHolderAuthorize`: anyone but
 * the holder gets the 404 page) and the page that receives a reassigned order
 * (`accountOrderReassignment`). All need a session; the forms are islands that keep what was typed.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountNonHolderData } from '../../../client/pages/account-non-holder';
import type { RouteId } from '../../../client/routes';
import { AppError } from '../../http/errors';
import { requestForHolder, requestsOf } from '../../non-holder/requests';
import { INVOICE_CODE_PATTERN } from '../../non-holder/rules';
import { reassignmentView } from '../../reassignment/reassign';
import { frameOf } from './account-frame';
import { definePage, type PageDefinition } from './types';

const component = lazy(() => import('../../../client/pages/account-non-holder'));

const positiveInt = (value: string | undefined | null): number | null => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

const accountReturnNonHolder = definePage<AccountNonHolderData>({
  access: 'user',
  component,
  async load({ db, user, url, i18n, now }) {
    const invoice = (url.searchParams.get('invoice') ?? '').trim().toUpperCase();
    const article = positiveInt(url.searchParams.get('article'));
    return {
      data: {
        view: 'request',
        frame: frameOf(user!, 'accountReturnNonHolder'),
        prefill: { invoice: INVOICE_CODE_PATTERN.test(invoice) ? invoice : '', article: article === null ? '' : String(article) },
        requests: await requestsOf(db, user!.id, now),
      },
      meta: { title: `${i18n._(msg`Return an item of someone else's invoice`)} | Ampora`, noIndex: true },
    };
  },
});

const accountReturnNonHolderAuthorize = definePage<AccountNonHolderData>({
  access: 'user',
  component,
  async load({ db, user, url, params, i18n, now }) {
    const articleId = positiveInt(params.article);
    const token = url.searchParams.get('token') ?? '';
    const meta = { title: `${i18n._(msg`Return request`)} | Ampora`, noIndex: true };
    const frame = frameOf(user!, 'accountReturnNonHolderAuthorize');
    let found;
    try {
      found = articleId === null ? undefined : await requestForHolder(db, { token, invoice: params.invoice ?? '', articleId, userId: user!.id, now });
    } catch (error) {
      // Someone else's request: the same 404 page as an address that does not exist.
      if (error instanceof AppError && error.entry.status === 404) return null;
      throw error;
    }
    if (!found) return { data: { view: 'authorize', frame, status: 'invalid', request: null }, meta };
    const a = found.authorization;
    return {
      data: {
        view: 'authorize',
        frame,
        status: found.status,
        request: {
          token,
          invoice: found.invoice,
          orderNumber: found.orderNumber,
          articleName: found.articleName,
          qty: a.qty,
          reason: a.reason,
          requesterEmail: found.requesterEmail,
          createdAt: new Date(a.createdAt).toISOString(),
          expiresAt: new Date(a.expiresAt).toISOString(),
        },
      },
      meta,
    };
  },
});

const accountOrderReassignment = definePage<AccountNonHolderData>({
  access: 'user',
  component,
  async load({ db, user, params, i18n, now }) {
    const key = params.key ?? '';
    return {
      data: { view: 'reassign', frame: frameOf(user!, 'accountOrderReassignment'), key, accountEmail: user!.email, reassignment: await reassignmentView(db, { key, user: user!, now }) },
      meta: { title: `${i18n._(msg`Receive an order`)} | Ampora`, noIndex: true },
    };
  },
});

export const accountNonHolderPages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  accountReturnNonHolder,
  accountReturnNonHolderAuthorize,
  accountOrderReassignment,
};
