/**
 * The digital screens of the account (docs/account.md "Digital keys"):
 *
 * - accountDigitalKeys (/usuarios/panel/mis-claves): the customer's keys, 5 a page (spec §9),
 *   newest first. `?reveal=<id>` reveals one (the reveal form without script: the same rule and
 *   the same idempotent change as `GET /api/digital-codes/:id/reveal`), then shows the page.
 * - accountDigitalProducts (/usuarios/panel/productos-digitales): the digital articles bought,
 *   one entry per article with how many keys are in each state.
 *
 * Both take time from the request's clock (presales open at their release date).
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountDigitalKeysData, DigitalKeyItem } from '../../../client/pages/account-digital-keys';
import type { AccountDigitalProductsData, DigitalProduct } from '../../../client/pages/account-digital-products';
import { href, type RouteId } from '../../../client/routes';
import { allUserCodes, revealCode, userCodes, type UserCode } from '../../digital/codes';
import { codeDisplay, DIGITAL_CODES_PAGE_SIZE } from '../../digital/rules';
import { AppError } from '../../http/errors';
import { frameOf } from './account-frame';
import { definePage, pageNumber, type PageDefinition } from './types';

const REVEAL_ID = /^[1-9]\d{0,15}$/;

function keyItem(code: UserCode, now: Date, orderPath: (orderNumber: string) => string): DigitalKeyItem {
  const releaseAt = code.releaseDate === null ? null : Date.parse(code.releaseDate);
  return {
    idCode: code.idCode,
    articleName: code.articleName,
    orderNumber: code.orderNumber,
    orderPath: orderPath(code.orderNumber),
    platform: code.codePlatform,
    guideUrl: code.codeGuideUrl,
    code: code.code,
    canReveal: code.canRevealCode,
    display: codeDisplay(code.status, releaseAt, now.getTime()),
    releaseDate: code.releaseDate,
  };
}

export const accountDigitalKeys = definePage<AccountDigitalKeysData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-digital-keys')),
  async load({ db, url, i18n, user, now, language, channel }) {
    const { id } = user!;
    let notice: AccountDigitalKeysData['notice'] = null;
    const asked = url.searchParams.get('reveal');
    if (asked !== null) {
      if (!REVEAL_ID.test(asked)) return null;
      try {
        const revealed = await revealCode(db, id, Number(asked), now);
        notice = { revealed: revealed.idCode, error: null };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        notice = { revealed: null, error: i18n._(error.entry.message) };
      }
    }
    const page = pageNumber(url);
    const codes = await userCodes(db, id, { page, pageSize: DIGITAL_CODES_PAGE_SIZE, now });
    if (page > 1 && codes.items.length === 0) return null;
    const detail = href('accountOrderDetail', language, channel);
    return {
      data: {
        frame: frameOf(user!, 'accountDigitalKeys'),
        items: codes.items.map((code) => keyItem(code, now, (orderNumber) => `${detail}?order=${encodeURIComponent(orderNumber)}`)),
        page,
        pageSize: codes.pageSize,
        total: codes.total,
        notice,
      },
      meta: { title: `${i18n._(msg`Digital keys`)} | Ampora`, noIndex: true },
    };
  },
});

export const accountDigitalProducts = definePage<AccountDigitalProductsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-digital-products')),
  async load({ db, i18n, user, now }) {
    const products = new Map<number, DigitalProduct>();
    for (const code of await allUserCodes(db, user!.id, now)) {
      const releaseAt = code.releaseDate === null ? null : Date.parse(code.releaseDate);
      const product = products.get(code.articleId) ?? {
        articleId: code.articleId,
        name: code.articleName,
        platform: code.codePlatform,
        guideUrl: code.codeGuideUrl,
        releaseDate: code.releaseDate !== null && releaseAt! > now.getTime() ? code.releaseDate : null,
        counts: { presale: 0, ready: 0, revealed: 0, cancelled: 0 },
        orders: [],
      };
      product.counts[codeDisplay(code.status, releaseAt, now.getTime())]++;
      if (!product.orders.includes(code.orderNumber)) product.orders.push(code.orderNumber);
      products.set(code.articleId, product);
    }
    return {
      data: { frame: frameOf(user!, 'accountDigitalProducts'), products: [...products.values()].reverse() },
      meta: { title: `${i18n._(msg`Digital products`)} | Ampora`, noIndex: true },
    };
  },
});

export const digitalRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountDigitalKeys, accountDigitalProducts };
