/**
 * The account's balance screen (spec §2 /saldos, route `accountBalance`): the balance, what is
 * held back, and the movements a page at a time (`?page=N`, spec §9 general page size). Needs a
 * session like every account screen; registered with the account pages in ./identity.tsx. A
 * page past the last one is the ordinary 404 page, as the blog does.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountBalanceData } from '../../../client/pages/account-balance';
import { BALANCE_PAGE_SIZE, balanceHistory, signedAmount } from '../../balance/balance';
import { frameOf } from './account-frame';
import { definePage, pageNumber } from './types';

export const accountBalance = definePage<AccountBalanceData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-balance')),
  async load({ db, url, i18n, user }) {
    const page = pageNumber(url);
    const { id } = user!;
    // One D1 batch: the balance, the blocked total and the page (the movements already name their orders).
    const history = await balanceHistory(db, id, { page, pageSize: BALANCE_PAGE_SIZE });
    if (page > 1 && history.movements.length === 0) return null;
    return {
      data: {
        frame: frameOf(user!, 'accountBalance'),
        balance: history.validateData.balance,
        blocked: history.validateData.blocked,
        movements: history.movements.map((m) => ({ type: m.type, date: m.date, change: signedAmount(m.type, m.amount), order: m.order })),
        page,
        pageSize: history.pageSize,
        total: history.total,
      },
      meta: { title: `${i18n._(msg`Balance`)} | Ampora`, noIndex: true },
    };
  },
});
