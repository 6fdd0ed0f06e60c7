/**
 * Sign-in screens and the account area. Sign-in screens are for visitors (a signed-in person
 * opening /login goes on to where they were going); account screens need a session, and an
 * anonymous visitor is sent to /login and brought back afterwards (spec §6). None of these
 * pages is ever cached.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { safeNext } from '../../../client/safe-next';
import type { AccountAddressesData, AccountDataPageData, AccountHomeData } from '../../../client/pages/account';
import type { LoginData, NewPasswordData, SignupData } from '../../../client/pages/auth';
import { href, slugHref, type RouteId } from '../../../client/routes';
import { cmsPagesByEnglishSlug } from '../../db/content';
import { listCountries, listProvinces } from '../../db/geo';
import { dayMonthYear } from '../../domain/identity/birthday';
import { countAddresses, listAddresses } from '../../identity/addresses';
import { isTokenUsable } from '../../identity/auth-tokens';
import type { UserRow } from '../../identity/session';
import { accountBalance } from './balance';
import { accountCards } from './cards';
import { accountAfterSalesPages } from './account-after-sales';
import { accountDocumentsPages } from './account-documents';
import { accountNonHolderPages } from './account-non-holder';
import { accountOrdersPages } from './account-orders';
import { accountReturnsPages } from './account-returns';
import { latestOrdersOfUser } from '../../orders/read';
import { frameOf } from './account-frame';
import { definePage, type LoadContext, type PageDefinition } from './types';

const authPage = (name: 'LoginPage' | 'SignupPage' | 'RecoveryPage' | 'PasswordSentPage' | 'NewPasswordPage') =>
  lazy(() => import('../../../client/pages/auth').then((module) => ({ default: module[name] as never })));
const accountPage = (name: 'AccountHomePage' | 'AccountDataPage' | 'AccountAddressesPage') =>
  lazy(() => import('../../../client/pages/account').then((module) => ({ default: module[name] as never })));

/** Where a visitor goes after signing in: the `next` of the address if it is a path of this site, else the account. */
function nextOf({ url, language, channel }: LoadContext): string {
  return safeNext(url.searchParams.get('next'), href('account', language, channel));
}

const login = definePage<LoginData>({
  access: 'visitor',
  component: authPage('LoginPage'),
  async load(context) {
    return { data: { next: nextOf(context) }, meta: { title: context.i18n._(msg`Sign in | Ampora`), noIndex: true } };
  },
});

const signup = definePage<SignupData>({
  access: 'visitor',
  component: authPage('SignupPage'),
  async load(context) {
    const { db, language, channel, url, i18n } = context;
    const token = url.searchParams.get('confirm');
    const [privacy] = await cmsPagesByEnglishSlug(db, language, ['privacy-policy']);
    return {
      data: { confirmToken: token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null, next: nextOf(context), termsHref: privacy ? slugHref(privacy.slug, language, channel) : href('home', language, channel) },
      meta: { title: i18n._(msg`Create your account | Ampora`), noIndex: true },
    };
  },
});

const recoveryPassword = definePage<Record<string, never>>({
  access: 'visitor',
  component: authPage('RecoveryPage'),
  async load({ i18n }) {
    return { data: {}, meta: { title: i18n._(msg`Forgot your password? | Ampora`), noIndex: true } };
  },
});

const passwordSent = definePage<Record<string, never>>({
  component: authPage('PasswordSentPage'),
  async load({ i18n }) {
    return { data: {}, meta: { title: i18n._(msg`Check your inbox | Ampora`), noIndex: true } };
  },
});

const newPassword = definePage<NewPasswordData>({
  component: authPage('NewPasswordPage'),
  async load({ db, params, now, i18n, language, channel }) {
    const token = params.token ?? '';
    return {
      data: { token, usable: await isTokenUsable(db, token, 'reset-password', now), next: href('account', language, channel) },
      meta: { title: i18n._(msg`Set a new password | Ampora`), noIndex: true },
    };
  },
});


/** An account page: needs a session; the loader gets the signed-in user. */
function accountDefinition<D>(component: ReturnType<typeof accountPage>, load: (context: LoadContext, user: UserRow) => Promise<D>, title: (context: LoadContext) => string) {
  return definePage<D>({
    access: 'user',
    component,
    async load(context) {
      const user = context.user!;
      return { data: await load(context, user), meta: { title: `${title(context)} | Ampora`, noIndex: true } };
    },
  });
}

const accountHome = accountDefinition<AccountHomeData>(
  accountPage('AccountHomePage'),
  async ({ db }, user) => ({
    frame: frameOf(user, 'account'),
    email: user.email,
    twoFactorEnabled: user.twoFactorEnabled,
    addresses: (await countAddresses(db, 'shipping', user.id)) + (await countAddresses(db, 'billing', user.id)),
    latestOrders: await latestOrdersOfUser(db, user.id),
  }),
  ({ i18n }) => i18n._(msg`My account`),
);

const accountData = accountDefinition<AccountDataPageData>(
  accountPage('AccountDataPage'),
  async (_context, user) => ({
    frame: frameOf(user, 'accountData'),
    details: { email: user.email, nick: user.nick ?? '', birthday: user.birthday ? dayMonthYear(user.birthday) : '', twoFactorEnabled: user.twoFactorEnabled },
  }),
  ({ i18n }) => i18n._(msg`My details`),
);

const accountAddresses = accountDefinition<AccountAddressesData>(
  accountPage('AccountAddressesPage'),
  async ({ db, language, channel }, user) => {
    const [shipping, billing, countries] = await Promise.all([listAddresses(db, 'shipping', user.id, language), listAddresses(db, 'billing', user.id, language), listCountries(db, language)]);
    const defaultCountry = countries.find((c) => c.iso === channel.id) ?? countries[0]!;
    return {
      frame: frameOf(user, 'accountAddresses'),
      book: { shipping, billing, countries, defaultCountryIso: defaultCountry.iso, provinces: (await listProvinces(db, defaultCountry.id)) ?? [] } as AccountAddressesData['book'],
    };
  },
  ({ i18n }) => i18n._(msg`Addresses`),
);

const ACCOUNT_PAGES: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  account: accountHome,
  accountData,
  accountAddresses,
  accountBalance,
  accountCards,
  ...accountOrdersPages,
  ...accountDocumentsPages,
  ...accountReturnsPages,
  ...accountNonHolderPages,
  ...accountAfterSalesPages,
};

export const identityRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  login,
  signup,
  recoveryPassword,
  passwordSent,
  newPassword,
  ...ACCOUNT_PAGES,
};
