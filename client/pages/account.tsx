/**
 * The account area (spec §2, under /usuarios/panel and its translations): a frame with the
 * navigation to every account screen, the overview, "My details" and the address book. The
 * other screens have their own pages (worker/ssr/pages/account-*.tsx and the areas' registries).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ACCOUNT_GROUPS, accountSection } from '../account/sections';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import { ORDER_STATE_LABELS } from '../orders/labels';
import type { RecentOrder } from '../../worker/orders/read';
import AddressBook, { type AddressBookProps } from '../islands/address-book';
import SignOut from '../islands/sign-out';
import UserData, { type UserDataProps } from '../islands/user-data';
import type { RouteId } from '../routes';
import { InboxCount } from '../components/inbox-count';

export interface AccountFrameData {
  route: RouteId;
  greetingName: string;
}

export function AccountFrame({ frame, title, children }: { frame: AccountFrameData; title: ReactNode; children: ReactNode }) {
  const { i18n, t } = useLingui();
  const link = useHref();
  const current = accountSection(frame.route)?.route ?? frame.route;
  return (
    <div className="account">
      <nav className="account-nav" aria-label={t`My account`}>
        <p className="account-nav__hello">
          <Trans>Hello, {frame.greetingName}</Trans>
        </p>
        <a href={link('account')} aria-current={current === 'account' ? 'page' : undefined}>
          <Trans>Overview</Trans>
        </a>
        {ACCOUNT_GROUPS.map((group) => (
          <div key={group.title.id} className="account-nav__group">
            <h2>{i18n._(group.title)}</h2>
            <ul>
              {group.sections.map((section) => (
                <li key={section.route}>
                  <a href={link(section.route)} aria-current={current === section.route ? 'page' : undefined}>
                    {i18n._(section.label)}
                    {section.route === 'accountInbox' ? <InboxCount className="badge" /> : null}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <Island name="sign-out" component={SignOut} props={{}} />
      </nav>
      <section className="account-main" aria-labelledby="account-title">
        <h1 id="account-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

export interface AccountHomeData {
  frame: AccountFrameData;
  email: string;
  addresses: number;
  twoFactorEnabled: boolean;
  /** The latest orders, newest first (worker/orders/read.ts). */
  latestOrders: RecentOrder[];
}

/** The latest orders of the overview: number (to its detail), date, state and total. */
function LatestOrders({ orders }: { orders: RecentOrder[] }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  return (
    <section className="account-orders" aria-labelledby="latest-orders-title">
      <h2 id="latest-orders-title">
        <Trans>Latest orders</Trans>
      </h2>
      {orders.length === 0 ? (
        <p>
          <Trans>You have not placed any orders yet.</Trans>
        </p>
      ) : (
        <ul>
          {orders.map((order) => {
            const number = order.orderNumber;
            return (
              <li key={number} data-order-number={number}>
                <a href={`${link('accountOrderDetail')}?order=${encodeURIComponent(number)}`}>
                  <Trans>Order {number}</Trans>
                </a>
                {' · '}
                <time dateTime={order.createdAt}>{formatDate(new Date(order.createdAt), language, { dateStyle: 'medium' })}</time>
                {' · '}
                {i18n._(ORDER_STATE_LABELS[order.state] ?? ORDER_STATE_LABELS.confirmed!)}
                {' · '}
                {formatMoney(order.total, language)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function AccountHomePage({ data }: { data: AccountHomeData }) {
  const link = useHref();
  const count = data.addresses;
  return (
    <AccountFrame frame={data.frame} title={<Trans>My account</Trans>}>
      <p>
        <Trans>You are signed in as {data.email}.</Trans>
      </p>
      <ul className="account-summary">
        <li>
          <a href={link('accountData')}>
            <Trans>My details</Trans>
          </a>
          {': '}
          {data.twoFactorEnabled ? <Trans>two-step sign-in is on</Trans> : <Trans>two-step sign-in is off</Trans>}
        </li>
        <li>
          <a href={link('accountAddresses')}>
            <Trans>Addresses</Trans>
          </a>
          {': '}
          <Trans>{count} saved</Trans>
        </li>
      </ul>
      <LatestOrders orders={data.latestOrders ?? []} />
    </AccountFrame>
  );
}

export interface AccountDataPageData {
  frame: AccountFrameData;
  details: UserDataProps;
}

export function AccountDataPage({ data }: { data: AccountDataPageData }) {
  return (
    <AccountFrame frame={data.frame} title={<Trans>My details</Trans>}>
      <Island name="user-data" component={UserData} props={data.details} />
    </AccountFrame>
  );
}

export interface AccountAddressesData {
  frame: AccountFrameData;
  book: AddressBookProps;
}

export function AccountAddressesPage({ data }: { data: AccountAddressesData }) {
  return (
    <AccountFrame frame={data.frame} title={<Trans>Addresses</Trans>}>
      <Island name="address-book" component={AddressBook} props={data.book} />
    </AccountFrame>
  );
}

