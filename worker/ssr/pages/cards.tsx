/**
 * The account's saved cards screen (spec §2 /tarjetas, route `accountCards`): the cards the
 * provider keeps under the user's shopperReference, read when the page is made. If the provider
 * cannot be reached the list is empty and says so (spec §4). The page hosts the card form for
 * adding a card (its CSP allows the provider's frames). Registered with the account pages in
 * ./identity.tsx.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountCardsData } from '../../../client/pages/account-cards';
import { CHANNEL_TIME_ZONES } from '../../domain/catalogue/delivery';
import { localDate } from '../../domain/checkout/delivery-choices';
import { paymentGateway } from '../../payments/gateway';
import { listBankCards, type StoredBankCard } from '../../payments/stored-cards';
import { frameOf } from './account-frame';
import { definePage } from './types';

/** adyen-web's redirectResult is base64 of a few hundred bytes; anything far longer is not one. */
const REDIRECT_RESULT_PATTERN = /^[A-Za-z0-9+/=_%.-]{1,8000}$/;

export const accountCards = definePage<AccountCardsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-cards')),
  async load({ user, env, now, channel, url, i18n, http }) {
    let cards: StoredBankCard[] = [];
    let loadFailed = false;
    try {
      cards = await listBankCards(paymentGateway(env), user!, localDate(now, CHANNEL_TIME_ZONES[channel.id]), env.DB);
    } catch (error) {
      console.error('saved cards', error);
      loadFailed = true;
    }
    const redirectResult = url.searchParams.get('redirectResult');
    http.set('cardForm', true);
    return {
      data: { frame: frameOf(user!, 'accountCards'), cards: { cards, loadFailed, redirectResult: redirectResult && REDIRECT_RESULT_PATTERN.test(redirectResult) ? redirectResult : null } },
      meta: { title: `${i18n._(msg`Saved cards`)} | Ampora`, noIndex: true },
    };
  },
});
