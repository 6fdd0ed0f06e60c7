/**
 * Island: one checkout step (spec §2, §4): addresses, delivery, payment or summary. Each step
 * saves its choices in the checkout draft on the server and goes to the next page; the summary
 * places the order and opens the result page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, ApiError, unwrap, type ApiData } from '../api';
import { AddressesStep } from '../checkout/addresses-step';
import { DeliveryStep, type DeliveryStepData } from '../checkout/delivery-step';
import { Balance, Codes, Solidary } from '../checkout/payment-extras';
import { OneySimulation } from '../checkout/oney-simulation';
import { unavailableReason } from '../checkout/unavailable-reasons';
import { CheckoutLayout, OrderSummary } from '../checkout/order-summary';
import { SummaryDetails, Totals } from '../checkout/summary';
import type { CheckoutDraftView, CheckoutStepProps } from '../checkout/types';
import { AlertBanner, Choice, ModificationExpiredModal } from '../checkout/step-parts';
import { FormAlert } from '../components/forms';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../orders/labels';
import { AdyenCardForm } from '../payments/adyen-card';
import { StoredCardLabel } from '../payments/stored-card-label';
import { cancelOrderPayment, orderConfigUrl, orderDetails, payOrder } from '../payments/order-payment';
import { CARD_FORM_METHODS, gatewayRoute } from '../payments/gateway-route';


/** What placing with a gateway method answers besides the orders: the payment to make now. */
type PlacedPayment = NonNullable<ApiData<(typeof api.checkout.orders)[':id']['place']['$post']>['payment']>;

export type { StepAlert } from '../checkout/step-parts';
export type { CheckoutDraftView, CheckoutStepProps, StepAddress, StepAddressBook, StepNotification, StepPayment, StepStoredCard, StepSummary, StepTotals } from '../checkout/types';

export default function CheckoutStep(props: CheckoutStepProps) {
  const { t, i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const money = (cents: number) => formatMoney(cents, language);
  const [draft, setDraft] = useState(props.draft);
  const [conditions, setConditions] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Spec §8: "user not found" is a warning, every other failure a danger alert.
  const [warning, setWarning] = useState<string | null>(null);
  const [expired, setExpired] = useState(props.modificationExpired);
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState<PlacedPayment | null>(null);
  const set = (patch: Partial<CheckoutDraftView>) => setDraft((d) => ({ ...d, ...patch }));
  const methodLabel = (slug: string) => (PAYMENT_METHOD_LABELS[slug] ? i18n._(PAYMENT_METHOD_LABELS[slug]!) : (PAYMENT_BRANDS[slug] ?? slug));

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setWarning(null);
    try {
      await action();
    } catch (failure) {
      // Spec §8 handling: an expired order change opens the modal; an empty basket goes to the orders.
      if (failure instanceof ApiError && failure.code === 'ORDER_MODIFICATION_EXPIRED') setExpired(true);
      else if (failure instanceof ApiError && failure.code === 1102) window.location.assign(link('accountMyOrdersAndInvoices'));
      else if (failure instanceof ApiError && failure.code === 1301) setWarning(failure.message);
      else setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      await unwrap(api.checkout.orders[':id'].draft.$put({ param: { id: props.cartId }, json: draft }));
      window.location.assign(props.next);
    });
  }

  async function place(event: FormEvent) {
    event.preventDefault();
    if (!conditions) {
      setError(t`Please accept the conditions of sale to place the order.`);
      return;
    }
    await run(async () => {
      // The server places what the checkout draft holds (every step saved its choices there).
      const placed = await unwrap(api.checkout.orders[':id'].place.$post({ param: { id: props.cartId }, json: { conditionsAccepted: true } }));
      const payment = placed.payment;
      if (!payment) {
        window.location.assign(`${link('cartOk')}?orders=${placed.orders.map((o) => o.orderNumber).join(',')}`);
        return;
      }
      // The card provider's methods pay here, their 3-D Secure step in an iframe of this page;
      // every other gateway on its own page, which starts the payment at once (`start=1`).
      if (!CARD_FORM_METHODS.has(payment.method)) {
        window.location.assign(`${link(gatewayRoute(payment.method))}?orderId=${encodeURIComponent(payment.orderId)}&start=1`);
        return;
      }
      setPaying(payment);
      setBusy(false);
    });
  }

  const modal = (
    <>
      {expired ? <ModificationExpiredModal cartId={props.cartId} /> : null}
      {warning ? <AlertBanner alert={{ code: 1301, type: 'warning', blocks: false, message: warning, articleNames: [] }} /> : null}
    </>
  );
  const blocked = Boolean(props.alert?.blocks) || !props.totals;
  // Beside every step: the quote's totals once there is one, the basket's subtotal before.
  const summaryWith = (action: ReactNode) => (
    <OrderSummary units={props.basket.units} total={props.totals ? props.totals.totalToPay : props.basket.subtotal} totalKind={props.totals ? 'total' : 'subtotal'} action={action}>
      {props.totals ? (
        <Totals totals={props.totals} />
      ) : (
        <dl className="order-totals">
          <dt>
            <Trans>Items</Trans>
          </dt>
          <dd>{money(props.basket.subtotal)}</dd>
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd className="order-totals__note">
            <Trans>calculated in the delivery step</Trans>
          </dd>
        </dl>
      )}
    </OrderSummary>
  );

  if (props.step === 'addresses') {
    return (
      <>
        {modal}
        <AddressesStep
          shipping={props.shipping ?? []}
          billing={props.billing ?? []}
          book={props.book ?? { countries: [], defaultCountryIso: '', provinces: [] }}
          isB2b={props.isB2b}
          draft={draft}
          set={set}
          alert={props.alert}
          error={error}
          busy={busy}
          onSubmit={save}
          summary={summaryWith}
        />
      </>
    );
  }

  if (props.step === 'delivery') {
    const data: DeliveryStepData = {
      shops: props.shops ?? [],
      shopReasons: props.shopReasons ?? [],
      homeDeliveryCost: props.homeDeliveryCost ?? null,
      agencies: props.agencies ?? [],
      deliveryDays: props.deliveryDays ?? { agency: null, days: [] },
      marketplaceOrders: props.marketplaceOrders ?? [],
      neutralAvailable: props.neutralAvailable ?? false,
      collectionPoints: props.collectionPoints ?? { reasons: [], countryIso: '', postalCode: '', articleIds: [], selected: null, cost: null },
      timeZone: props.timeZone ?? 'Europe/Madrid',
    };
    return (
      <>
        {modal}
        <DeliveryStep data={data} draft={draft} set={set} alert={props.alert} error={error} busy={busy} onSubmit={save} summary={summaryWith} />
      </>
    );
  }

  if (props.step === 'payment') {
    const methods = props.payments ?? [];
    const storedCards = methods.some((m) => m.slug === 'adyen' && m.available) ? (props.storedCards ?? []) : [];
    const storedChoice = draft.paymentMethodSelected === 'adyen' ? draft.adyenInfo.selectedStoredCard : null;
    const oney = draft.paymentMethodSelected === 'oney' && methods.some((m) => m.slug === 'oney' && m.available) ? (draft.oneyInfo ?? { variant: '3x' as const, termsAccepted: false }) : null;
    // Spec §8 46001: Oney lends only once its terms are accepted; said here rather than on placing.
    const saveChoice = (event: FormEvent) => {
      if (oney && !(oney.termsAccepted && oney.variant)) {
        event.preventDefault();
        setError(t`Accept Oney's terms and conditions to pay in instalments.`);
        return;
      }
      void save(event);
    };
    return (
      <form className="checkout-form" onSubmit={saveChoice}>
        <CheckoutLayout
          summary={summaryWith(
            <button className="button button--buy button--primary button--block" type="submit" disabled={busy || blocked || draft.paymentMethodSelected === null}>
              <Trans>Review the order</Trans>
            </button>,
          )}
        >
          {modal}
          <AlertBanner alert={props.alert} />
          <FormAlert message={error} />
          <Codes draft={draft} cartId={props.cartId} notifications={props.notifications ?? []} giftCard={props.giftCard ?? null} />
          {props.solidary?.available ? <Solidary cartId={props.cartId} amount={props.solidary.amount} checked={props.solidary.checked} /> : null}
          {props.totals && props.totals.balance > 0 ? <Balance cartId={props.cartId} balance={props.totals.balance} checked={draft.useBalance} /> : null}
          <fieldset>
            <legend>
              <Trans>Payment method</Trans>
            </legend>
            {methods.map((method) => (
              <Choice
                key={method.slug}
                name="payment"
                value={method.slug}
                checked={draft.paymentMethodSelected === method.slug && (method.slug !== 'adyen' || !storedChoice)}
                onChange={() => set({ paymentMethodSelected: method.slug, adyenInfo: { selectedStoredCard: null }, oneyInfo: method.slug === 'oney' ? (draft.oneyInfo ?? { variant: '3x', termsAccepted: false }) : null })}
                disabled={!method.available}
              >
                {method.slug === 'adyen' && storedCards.length > 0 ? <Trans>A new card</Trans> : methodLabel(method.slug)}
                {!method.available ? <span className="choice__why"> — {unavailableReason(i18n, method.code, method.amount, money)}</span> : null}
              </Choice>
            ))}
            {oney ? <OneySimulation cartId={props.cartId} total={props.totals?.totalToPay ?? 0} value={oney} onChange={(next) => set({ oneyInfo: next })} /> : null}
            {storedCards.map((card) => (
              // Spec §4: choosing a stored card pays through the card provider.
              <Choice key={card.id} name="payment" value={`card-${card.id}`} checked={storedChoice === card.id} disabled={card.expired} onChange={() => set({ paymentMethodSelected: 'adyen', adyenInfo: { selectedStoredCard: card.id } })}>
                <StoredCardLabel brand={card.brand} lastFour={card.lastFourDigits} month={card.expirationDate.month} year={card.expirationDate.year} holderName={card.holderName} expired={card.expired} />
              </Choice>
            ))}
          </fieldset>
        </CheckoutLayout>
      </form>
    );
  }

  const summary = props.summary;
  if (paying) {
    return (
      <div className="checkout-form checkout-pay">
        <p role="status">
          <Trans>Your order {paying.orderId} has been placed. Pay now to confirm it.</Trans>
        </p>
        <AdyenCardForm
          configUrl={orderConfigUrl(paying.orderId)}
          showStoreDetails
          submitLabel={t`Pay ${money(paying.amount.value)}`}
          pay={payOrder(paying.orderId)}
          details={orderDetails(paying.orderId)}
          onDone={(answer) => window.location.assign(answer.next)}
          cancel={cancelOrderPayment(paying.orderId)}
          selectedStoredCard={draft.adyenInfo?.selectedStoredCard ?? null}
        />
      </div>
    );
  }
  return (
    <form className="checkout-form" onSubmit={place}>
      <CheckoutLayout
        summary={summaryWith(
          <button className="button button--buy button--primary button--block" type="submit" disabled={busy || blocked}>
            <Trans>Place order</Trans>
          </button>,
        )}
      >
        {modal}
        <AlertBanner alert={props.alert} />
        <FormAlert message={error} />
        {summary ? <SummaryDetails summary={summary} timeZone={props.timeZone} /> : null}
        <ul className="checkout-lines">
          {(props.summaryLines ?? []).map((line, index) => (
            <li key={index} className="checkout-line">
              <span className="checkout-line__name">
                {line.qty} × {line.name}
              </span>{' '}
              <span className="checkout-line__total">{money(line.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <p className="checkout-payment-choice">
          <Trans>Payment:</Trans> {draft.paymentMethodSelected ? methodLabel(draft.paymentMethodSelected) : ''}
        </p>
        <div className="field field--check">
          <input id="accept-conditions" type="checkbox" checked={conditions} onChange={(event) => setConditions(event.target.checked)} />
          <label htmlFor="accept-conditions">
            <Trans>I have read and accept the conditions of sale</Trans>
          </label>
        </div>
      </CheckoutLayout>
    </form>
  );
}
