/**
 * Account screens of after-sales cases (docs/after-sales.md): the history (`accountAfterSalesHistory`,
 * with `?order=NUMBER` the form to open a case on that order) and one case
 * (`accountAfterSalesCase`, `:id`). Someone else's case, or an id that is no number, is the 404
 * page. A form sent without script comes back with `?error=CODE`: the catalogue's message for it
 * shows above the form.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountAfterSalesCaseData, AccountAfterSalesHistoryData } from '../../../client/pages/account-after-sales';
import type { RouteId } from '../../../client/routes';
import { canOpenCaseOn, caseableLines, caseDetail, casesOfUser } from '../../after-sales/cases';
import { ORDER_NUMBER_PATTERN } from '../../domain/orders/order-number';
import { AppError } from '../../http/errors';
import { frameOf } from './account-frame';
import { definePage, formRefusal, type PageDefinition } from './types';

const API = '/api/user/after-sales/cases';

const accountAfterSalesHistory = definePage<AccountAfterSalesHistoryData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-after-sales').then((m) => ({ default: m.AccountAfterSalesHistoryPage }))),
  async load({ db, url, i18n, user, language }) {
    const userId = user!.id;
    const orderNumber = url.searchParams.get('order');
    const wanted = orderNumber && ORDER_NUMBER_PATTERN.test(orderNumber) ? orderNumber : null;
    const [cases, order] = await Promise.all([casesOfUser(db, userId), wanted ? caseableLines(db, userId, wanted) : Promise.resolve(null)]);
    let open: AccountAfterSalesHistoryData['open'] = null;
    if (orderNumber) {
      if (!wanted || !order) open = { orderNumber: orderNumber.slice(0, 40), status: 'notFound' };
      else if (!canOpenCaseOn(order.state) || order.lines.length === 0) open = { orderNumber: wanted, status: 'notAllowed' };
      else open = { orderNumber: wanted, status: 'ok', form: { action: API, orderNumber: wanted, lines: order.lines, language, error: formRefusal(url, i18n) } };
    }
    return {
      data: { frame: frameOf(user!, 'accountAfterSalesHistory'), cases, open },
      meta: { title: `${i18n._(msg`After-sales service`)} | Ampora`, noIndex: true },
    };
  },
});

const accountAfterSalesCase = definePage<AccountAfterSalesCaseData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-after-sales').then((m) => ({ default: m.AccountAfterSalesCasePage }))),
  async load({ db, url, i18n, user, params, language }) {
    const id = Number(params['id']);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31) return null;
    let detail;
    try {
      detail = await caseDetail(db, id, user!.id);
    } catch (error) {
      if (error instanceof AppError && error.entry.status === 404) return null;
      throw error;
    }
    const error = formRefusal(url, i18n);
    const base = `${API}/${id}`;
    const subject = detail.subject;
    return {
      data: {
        frame: frameOf(user!, 'accountAfterSalesCase'),
        case: detail,
        fileBase: `${base}/attachments`,
        reply: detail.state === 'closed' ? null : { caseId: id, language, error },
        closeAction: `${base}/close`,
        language,
      },
      meta: { title: `${i18n._(msg`Case ${id}: ${subject}`)} | Ampora`, noIndex: true },
    };
  },
});

export const accountAfterSalesPages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountAfterSalesHistory, accountAfterSalesCase };
