/**
 * The account's subscriptions screen (spec §2 /mis-suscripciones, route `accountSubscriptions`):
 * each subscription with its state, price and period, next renewal or end, card and renewal
 * charges; cancelling (a confirmation step, `?confirm=<id>`) and changing the card are plain
 * forms, so the screen needs no script. The customer's stored cards come from the provider; if
 * it cannot be reached the subscriptions still show, without the card choice.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AccountSubscriptionsData } from '../../../client/pages/account-subscriptions';
import { CHANNEL_TIME_ZONES } from '../../domain/catalogue/delivery';
import { localDate } from '../../domain/checkout/delivery-choices';
import { paymentGateway } from '../../payments/gateway';
import { listBankCards } from '../../payments/stored-cards';
import { listSubscriptions } from '../../subscriptions/manage';
import type { RouteId } from '../../../client/routes';
import { frameOf } from './account-frame';
import { definePage, type PageDefinition } from './types';

const idOf = (value: string | null): number | null => (value && /^\d{1,15}$/.test(value) ? Number(value) : null);
const CODE_PATTERN = /^[A-Z_0-9]{1,40}$/;

const accountSubscriptions = definePage<AccountSubscriptionsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-subscriptions')),
  async load({ env, user, url, now, channel, language, i18n }) {
    const subscriptions = await listSubscriptions(env.DB, user!.id, language);
    let cards: AccountSubscriptionsData['cards'] = [];
    let cardsFailed = false;
    if (subscriptions.some((s) => s.state === 'ACTIVE' || s.state === 'ACTIVATION_PENDING' || s.state === 'PAYMENT_TOKEN_PENDING')) {
      try {
        cards = (await listBankCards(paymentGateway(env), user!, localDate(now, CHANNEL_TIME_ZONES[channel.id]), env.DB))
          .filter((c) => !c.expired)
          .map((c) => ({ id: c.id, brand: c.brand, lastFourDigits: c.lastFourDigits, holderName: c.holderName, month: c.expirationDate.month, year: c.expirationDate.year }));
      } catch (error) {
        console.error('subscriptions: stored cards', error);
        cardsFailed = true;
      }
    }
    const done = url.searchParams.get('done');
    const error = url.searchParams.get('error');
    return {
      data: {
        frame: frameOf(user!, 'accountSubscriptions'),
        subscriptions,
        cards,
        cardsFailed,
        currency: channel.currency,
        confirm: idOf(url.searchParams.get('confirm')),
        done: done === 'canceled' || done === 'card' ? done : null,
        error: error && CODE_PATTERN.test(error) ? error : null,
      },
      meta: { title: `${i18n._(msg`Subscriptions`)} | Ampora`, noIndex: true },
    };
  },
});

export const subscriptionsRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountSubscriptions };
