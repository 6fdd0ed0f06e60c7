/**
 * The subscriptions screen of the account area (spec §2 /mis-suscripciones): each subscription
 * with its state, price and period, next renewal or end date, the card it renews on and its
 * renewal charges. Cancelling asks first (a confirmation step reached by a link) and changing
 * the card chooses among the stored cards; both are forms posted to the API with
 * `respond=page`, answered by a redirect back here, so the screen works without script.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubscriptionPaymentState, SubscriptionState } from '../../worker/db/schema';
import type { SubscriptionView } from '../../worker/subscriptions/manage';
import { useHref, useStore } from '../components/store-context';
import { PageFormFields } from '../components/forms';
import { formatMoney, formatShortDate } from '../i18n/format';
import { AccountFrame, type AccountFrameData } from './account';

export interface SubscriptionCardChoice {
  id: string;
  brand: string;
  lastFourDigits: string;
  holderName: string;
  month: number;
  year: number;
}

export interface AccountSubscriptionsData {
  frame: AccountFrameData;
  subscriptions: SubscriptionView[];
  /** The customer's stored cards that have not expired (the choice for the renewals). */
  cards: SubscriptionCardChoice[];
  /** The provider could not be asked for the cards: the card cannot be changed right now. */
  cardsFailed: boolean;
  currency: string;
  /** The subscription whose cancellation is being confirmed. */
  confirm: number | null;
  /** What a form just did. */
  done: 'canceled' | 'card' | null;
  /** The error code a form got back. */
  error: string | null;
}

const STATE_LABELS: Record<SubscriptionState, MessageDescriptor> = {
  PAYMENT_TOKEN_PENDING: msg`Waiting for a card`,
  ACTIVATION_PENDING: msg`Starting`,
  ACTIVE: msg`Active`,
  EXPIRED: msg`Expired`,
  CANCELED: msg`Cancelled, no more renewals`,
};

const PAYMENT_LABELS: Record<SubscriptionPaymentState, MessageDescriptor> = {
  PAYMENT_PENDING: msg`Being charged`,
  PAYMENT_FAILED: msg`Payment failed`,
  PAYMENT_SUCCESSFUL: msg`Paid`,
};

const ERROR_MESSAGES: Record<string, MessageDescriptor> = {
  SUBSCRIPTION_NOT_CANCELABLE: msg`This subscription has already ended or been cancelled.`,
  SUBSCRIPTION_FINISHED: msg`This subscription has ended: its card can no longer be changed.`,
  SUBSCRIPTION_CARD_UNKNOWN: msg`This card is not one of your saved cards. Choose one of them or add it first.`,
  SUBSCRIPTION_CARD_EXPIRED: msg`This card has expired. Choose another one.`,
};


const API = '/api/user';

export default function AccountSubscriptionsPage({ data }: { data: AccountSubscriptionsData }) {
  const { i18n } = useLingui();
  return (
    <AccountFrame frame={data.frame} title={<Trans>Subscriptions</Trans>}>
      {data.done === 'canceled' ? (
        <p className="alert alert--ok" role="status">
          <Trans>Your subscription has been cancelled. You will not be charged again.</Trans>
        </p>
      ) : null}
      {data.done === 'card' ? (
        <p className="alert alert--ok" role="status">
          <Trans>From now on, your subscription renews on the card you chose.</Trans>
        </p>
      ) : null}
      {data.error ? (
        <p className="alert alert--bad" role="alert">
          {i18n._(ERROR_MESSAGES[data.error] ?? msg`That could not be done. Please try again.`)}
        </p>
      ) : null}
      {data.subscriptions.length === 0 ? (
        <p>
          <Trans>You have no subscriptions. Programs and services sold as subscriptions renew on your card, and you will find them here.</Trans>
        </p>
      ) : (
        <ul className="subscriptions">
          {data.subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <Subscription subscription={subscription} data={data} />
            </li>
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}

function Subscription({ subscription, data }: { subscription: SubscriptionView; data: AccountSubscriptionsData }) {
  const { i18n, t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const date = (ms: number | null) => (ms === null ? '—' : formatShortDate(ms, language));
  const money = (cents: number) => formatMoney(cents, language, data.currency);
  const price = money(subscription.price);
  const months = subscription.periodMonths;
  const headingId = `subscription-${subscription.id}`;
  const confirming = data.confirm === subscription.id;
  const cancelable = subscription.state === 'ACTIVE' || subscription.state === 'ACTIVATION_PENDING' || subscription.state === 'PAYMENT_TOKEN_PENDING';
  const endDate = date(subscription.endDate);
  const nextRenewal = date(subscription.nextRenewal);
  const renewals = subscription.renewals;
  const card = subscription.paymentMethod;
  return (
    <article className="card subscription" aria-labelledby={headingId} data-subscription-id={subscription.id} data-state={subscription.state}>
      <header className="subscription__head">
        <h2 id={headingId} className="subscription__name">
          {subscription.name}
        </h2>
        <span className={`badge subscription__state subscription__state--${subscription.state.toLowerCase()}`}>{i18n._(STATE_LABELS[subscription.state])}</span>
      </header>
      <dl className="subscription__facts">
        <div>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd data-price-cents={subscription.price}>{months === 1 ? t`${price} a month` : months === 12 ? t`${price} a year` : t`${price} every ${months} months`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Started on</Trans>
          </dt>
          <dd>{date(subscription.startDate)}</dd>
        </div>
        {subscription.nextRenewal !== null ? (
          <div>
            <dt>
              <Trans>Next renewal</Trans>
            </dt>
            <dd data-next-renewal={subscription.nextRenewal}>{nextRenewal}</dd>
          </div>
        ) : subscription.endDate !== null ? (
          <div>
            <dt>{subscription.state === 'ACTIVE' || subscription.state === 'CANCELED' ? <Trans>Usable until</Trans> : <Trans>Ended on</Trans>}</dt>
            <dd data-end-date={subscription.endDate}>{endDate}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans>Renewals</Trans>
          </dt>
          <dd data-renewals={renewals}>{renewals}</dd>
        </div>
        <div>
          <dt>
            <Trans>Card</Trans>
          </dt>
          <dd>{card ? <CardName brand={card.cardBrand} lastFour={card.lastFourDigits} holder={card.cardHolderName} /> : <Trans>No card yet: choose one below so that it can renew.</Trans>}</dd>
        </div>
        <div>
          <dt>
            <Trans>Order</Trans>
          </dt>
          <dd>
            <a href={link('tracking', { orderNumber: subscription.orderNumber })}>{subscription.orderNumber}</a>
          </dd>
        </div>
      </dl>
      {subscription.payments.length > 0 ? (
        <table className="table table--compact subscription__history">
          <caption>
            <Trans>Renewal payments</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Payment</Trans>
              </th>
              <th scope="col" className="table__num">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscription.payments.map((payment) => (
              <tr key={`${payment.period}-${payment.attempt}`} data-payment-state={payment.state}>
                <td>{date(payment.date)}</td>
                <td>{i18n._(PAYMENT_LABELS[payment.state])}</td>
                <td className="table__num">{money(payment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {cancelable && (subscription.state !== 'PAYMENT_TOKEN_PENDING' || data.cards.length > 0) ? <ChangeCard subscription={subscription} data={data} /> : null}
      {cancelable && data.cardsFailed ? (
        <p className="field__hint">
          <Trans>Your saved cards cannot be shown right now, so the card cannot be changed. Please try again later.</Trans>
        </p>
      ) : null}
      {cancelable && !confirming ? (
        <p className="subscription__actions">
          <a className="button button--secondary" href={`${link('accountSubscriptions')}?confirm=${subscription.id}#${headingId}`}>
            <Trans>Cancel subscription</Trans>
          </a>
        </p>
      ) : null}
      {cancelable && confirming ? (
        <form className="subscription__confirm alert alert--warn" method="post" action={`${API}/subscription/cancel?subscriptionId=${subscription.id}`} aria-labelledby={`${headingId}-confirm`}>
          <p id={`${headingId}-confirm`}>
            {subscription.endDate !== null ? (
              <Trans>Cancel this subscription? You will not be charged again, and you can keep using it until {endDate}.</Trans>
            ) : (
              <Trans>Cancel this subscription? You will not be charged again.</Trans>
            )}
          </p>
          <PageFormFields language={language} />
          <p className="subscription__actions">
            <button type="submit" className="button button--danger">
              <Trans>Yes, cancel it</Trans>
            </button>
            <a className="button button--ghost" href={`${link('accountSubscriptions')}#${headingId}`}>
              <Trans>Keep it</Trans>
            </a>
          </p>
        </form>
      ) : null}
    </article>
  );
}

function CardName({ brand, lastFour, holder }: { brand: string; lastFour: string; holder: string }) {
  const label = brand ? brand.toUpperCase() : '';
  return (
    <span className="subscription__card">
      <Trans>
        {label} ending in {lastFour}
      </Trans>
      {holder ? ` · ${holder}` : ''}
    </span>
  );
}

function ChangeCard({ subscription, data }: { subscription: SubscriptionView; data: AccountSubscriptionsData }) {
  const { language } = useStore();
  const link = useHref();
  const current = subscription.paymentMethod?.lastFourDigits;
  const others = data.cards;
  if (others.length === 0) {
    return data.cardsFailed ? null : (
      <p className="field__hint">
        <Trans>
          To renew on another card, first <a href={link('accountCards')}>save it in your cards</a>.
        </Trans>
      </p>
    );
  }
  const legendId = `subscription-${subscription.id}-cards`;
  return (
    <details className="subscription__change" open={subscription.state === 'PAYMENT_TOKEN_PENDING' || undefined}>
      <summary>{subscription.paymentMethod ? <Trans>Change the card</Trans> : <Trans>Choose the card</Trans>}</summary>
      <form method="post" action={`${API}/subscriptions/${subscription.id}/payment-token`}>
        <fieldset className="field" aria-describedby={legendId}>
          <legend id={legendId}>
            <Trans>Card for the renewals</Trans>
          </legend>
          {others.map((card, index) => {
            const expiry = `${String(card.month).padStart(2, '0')}/${card.year}`;
            return (
              <label key={card.id} className="field--check">
                <input type="radio" name="paymentToken" value={card.id} required defaultChecked={current ? card.lastFourDigits === current && index === others.findIndex((c) => c.lastFourDigits === current) : index === 0} />{' '}
                <CardName brand={card.brand} lastFour={card.lastFourDigits} holder={card.holderName} />{' '}
                <span className="field__hint">
                  <Trans>expires {expiry}</Trans>
                </span>
              </label>
            );
          })}
        </fieldset>
        <PageFormFields language={language} />
        <button type="submit" className="button button--small">
          <Trans>Use this card</Trans>
        </button>
      </form>
    </details>
  );
}
