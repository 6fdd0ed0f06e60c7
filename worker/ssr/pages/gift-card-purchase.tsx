/**
 * The gift cards page (spec §2, route `giftCards`: /tarjetas-regalo, /cartoes-presente…): what
 * the cards are, the amounts, the validity, how to spend them, the conditions, and the form to
 * buy them for someone (client/islands/gift-card-purchase.tsx, POST /api/giftcards/purchase).
 * Shared by every visitor (nothing personal on it), so the edge may keep it; a form sent without
 * script comes back with `?error=…&fields=…` naming what to correct.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { RouteId } from '../../../client/routes';
import { href } from '../../../client/routes';
import { formatMoney } from '../../../client/i18n/format';
import type { GiftCardsData } from '../../../client/pages/gift-cards';
import type { GiftCardField } from '../../../client/islands/gift-card-purchase';
import { cmsPagesByEnglishSlug } from '../../db/content';
import { GIFT_CARDS } from '../../domain/content/gift-cards';
import { GIFT_CARD_MESSAGE_MAX, GIFT_CARD_NAME_MAX, GIFT_CARD_QTY } from '../../gift-cards/rules';
import { definePage, type PageDefinition } from './types';

const FIELDS: readonly GiftCardField[] = ['amount', 'recipientName', 'recipientEmail', 'message', 'senderName', 'qty'];

/** What a form sent without script was refused for: the fields named in the address, and whether something else went wrong. */
export function refusedFields(url: URL): { fields: GiftCardField[]; problem: boolean } {
  const error = url.searchParams.get('error');
  if (!error) return { fields: [], problem: false };
  const fields = (url.searchParams.get('fields') ?? '').split(',').filter((f): f is GiftCardField => (FIELDS as readonly string[]).includes(f));
  return { fields, problem: fields.length === 0 };
}

const giftCards = definePage<GiftCardsData>({
  component: lazy(() => import('../../../client/pages/gift-cards')),
  async load({ db, language, i18n, channel, url }) {
    const conditions = await cmsPagesByEnglishSlug(db, language, GIFT_CARDS.conditionPages);
    const from = formatMoney(Math.min(...GIFT_CARDS.amounts), language);
    const to = formatMoney(Math.max(...GIFT_CARDS.amounts), language);
    const refused = refusedFields(url);
    return {
      data: {
        amounts: GIFT_CARDS.amounts,
        validityMonths: GIFT_CARDS.validityMonths,
        conditions,
        purchase: {
          amounts: GIFT_CARDS.amounts,
          language,
          action: '/api/giftcards/purchase',
          basketHref: href('cartBasket', language, channel),
          limits: { qtyMin: GIFT_CARD_QTY.min, qtyMax: GIFT_CARD_QTY.max, messageMax: GIFT_CARD_MESSAGE_MAX, nameMax: GIFT_CARD_NAME_MAX },
          initialErrors: refused.fields,
          initialProblem: refused.problem,
        },
      },
      meta: { title: i18n._(msg`Gift cards | Ampora`), description: i18n._(msg`Ampora gift cards from ${from} to ${to}, to spend on any product in our store.`) },
    };
  },
});

export const giftCardPurchaseRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { giftCards };
