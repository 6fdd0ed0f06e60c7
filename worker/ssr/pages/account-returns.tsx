/**
 * Account screens of returns and gift returns (docs/after-sales.md "Refunds and returns"):
 *
 * - `accountReturns` (/devoluciones): the customer's returns with their state, label and refund;
 *   with `?order=NUMBER` the form to return lines of that order (or why it cannot be returned).
 * - `accountGiftReturn` (/devolucion-regalo): the recipient of a gift — signed in or not — gives
 *   the order number and the gift code (a plain GET form), then chooses the units to return; no
 *   price is ever shown.
 * - `accountGiftReturnConfirmation`: what happens next and the label, for `?order=&code=&id=`.
 *
 * The forms post to worker/api/returns.ts and work without script: the answer comes back here
 * (`?created=ID`, or `?error=CODE` whose catalogue message shows above the form).
 */
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { AccountGiftReturnConfirmationData, AccountGiftReturnData, AccountReturnsData } from '../../../client/pages/account-returns';
import type { RouteId } from '../../../client/routes';
import { returns } from '../../db/schema';
import { ORDER_NUMBER_PATTERN } from '../../domain/orders/order-number';
import { GIFT_CODE_PATTERN } from '../../domain/returns/rules';
import { AppError } from '../../http/errors';
import { giftOrder, listReturns, ownReturnableOrder, returnableOrder } from '../../returns/returns';
import { frameOf } from './account-frame';
import { definePage, formRefusal, type PageDefinition } from './types';

const API = '/api/user/returns';
const GIFT_API = '/api/returns/gift';

const positiveId = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 && n <= 2 ** 31 ? n : null;
};

const accountReturns = definePage<AccountReturnsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-returns').then((m) => ({ default: m.AccountReturnsPage }))),
  async load({ db, url, i18n, user, language, now, http }) {
    const userId = user!.id;
    const orderNumber = url.searchParams.get('order');
    const wanted = orderNumber && ORDER_NUMBER_PATTERN.test(orderNumber) ? orderNumber : null;
    const [list, order] = await Promise.all([
      listReturns(db, userId),
      wanted
        ? ownReturnableOrder(db, userId, wanted, now).catch((error: unknown) => {
            if (error instanceof AppError && error.entry.status === 404) return null;
            throw error;
          })
        : Promise.resolve(null),
    ]);
    let open: AccountReturnsData['open'] = null;
    const error = formRefusal(url, i18n);
    if (orderNumber) {
      if (!wanted || !order) open = { orderNumber: orderNumber.slice(0, 40), status: 'notFound' };
      else if (order.open !== true) open = { orderNumber: wanted, status: order.open };
      else if (order.lines.every((line) => line.returnable === 0)) open = { orderNumber: wanted, status: 'nothingLeft' };
      else {
        const [gift] = await db.$client.prepare('SELECT gift_code FROM orders WHERE order_number = ? AND user_id = ?').bind(wanted, userId).all<{ gift_code: string | null }>().then((r) => r.results);
        open = {
          orderNumber: wanted,
          status: 'ok',
          periodEndsAt: order.periodEndsAt,
          giftCode: gift?.gift_code ?? null,
          form: { mode: 'customer', action: API, orderNumber: wanted, lines: order.lines, language, error, done: http.req.path },
        };
      }
    }
    return {
      data: {
        frame: frameOf(user!, 'accountReturns'),
        returns: list,
        created: positiveId(url.searchParams.get('created')),
        // A cancel refused (it was approved meanwhile) comes back without `order`.
        error: open ? null : error,
        api: API,
        language,
        open,
      },
      meta: { title: `${i18n._(msg`Returns`)} | Ampora`, noIndex: true },
    };
  },
});

const accountGiftReturn = definePage<AccountGiftReturnData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/account-returns').then((m) => ({ default: m.AccountGiftReturnPage }))),
  async load({ db, url, i18n, language, now, http }) {
    const orderNumber = (url.searchParams.get('order') ?? '').trim().slice(0, 40);
    const code = (url.searchParams.get('code') ?? '').trim().toUpperCase().slice(0, 20);
    const meta = { title: `${i18n._(msg`Return a gift`)} | Ampora`, noIndex: true };
    const base = { orderNumber, code, language, error: formRefusal(url, i18n) };
    if (!orderNumber && !code) return { data: { ...base, status: 'ask' }, meta };
    if (!ORDER_NUMBER_PATTERN.test(orderNumber) || !GIFT_CODE_PATTERN.test(code)) return { data: { ...base, status: 'notFound' }, meta };
    let order;
    try {
      order = await giftOrder(db, orderNumber, code);
    } catch (error) {
      if (error instanceof AppError && error.entry.status === 404) return { data: { ...base, status: 'notFound' }, meta };
      throw error;
    }
    const view = await returnableOrder(db, order, now);
    if (view.open !== true) return { data: { ...base, status: view.open }, meta };
    const lines = view.lines.map(({ unitPrice: _, ...line }) => line);
    if (lines.every((line) => line.returnable === 0)) return { data: { ...base, status: 'nothingLeft' }, meta };
    return {
      data: { ...base, status: 'ok', form: { mode: 'gift', action: GIFT_API, orderNumber, code, lines, language, error: base.error, done: http.req.path } },
      meta,
    };
  },
});

const accountGiftReturnConfirmation = definePage<AccountGiftReturnConfirmationData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/account-returns').then((m) => ({ default: m.AccountGiftReturnConfirmationPage }))),
  async load({ db, url, i18n }) {
    const orderNumber = url.searchParams.get('order') ?? '';
    const code = (url.searchParams.get('code') ?? '').toUpperCase();
    const id = positiveId(url.searchParams.get('id'));
    if (!ORDER_NUMBER_PATTERN.test(orderNumber) || !GIFT_CODE_PATTERN.test(code) || id === null) return null;
    try {
      await giftOrder(db, orderNumber, code);
    } catch (error) {
      if (error instanceof AppError && error.entry.status === 404) return null;
      throw error;
    }
    const [row] = await db.select().from(returns).where(and(eq(returns.id, id), eq(returns.orderNumber, orderNumber), eq(returns.origin, 'gift'))).limit(1);
    if (!row) return null;
    return {
      data: {
        orderNumber,
        returnId: row.id,
        labelCode: row.labelCode,
        state: row.state,
        labelPath: `${GIFT_API}/label?order=${encodeURIComponent(orderNumber)}&code=${encodeURIComponent(code)}&id=${row.id}`,
      },
      meta: { title: `${i18n._(msg`Gift return requested`)} | Ampora`, noIndex: true },
    };
  },
});

export const accountReturnsPages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountReturns, accountGiftReturn, accountGiftReturnConfirmation };
