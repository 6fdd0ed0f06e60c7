/**
 * Island: one checkout step (spec §2, §4): addresses, delivery, payment or summary. Each step
 * saves its choices in the checkout draft on the server and goes to the next page; the summary
 * places the order and opens the result page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '../api';
import { AddressesStep } from '../checkout/addresses-step';
import { DeliveryStep, type DeliveryStepData } from '../checkout/delivery-step';
import { Balance, Codes, Solidary } from '../checkout/payment-extras';
import { SummaryDetails, Totals } from '../checkout/summary';
import type { CheckoutDraftView, CheckoutStepProps } from '../checkout/types';
import { AlertBanner, Choice, ModificationExpiredModal } from '../checkout/step-parts';
import { FormAlert } from '../components/forms';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../orders/labels';

export type { StepAlert } from '../checkout/step-parts';
export type { CheckoutDraftView, CheckoutStepProps, StepAddress, StepAddressBook, StepNotification, StepPayment, StepSummary, StepTotals } from '../checkout/types';

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
      await callApi('PUT', `/api/checkout/orders/${props.cartId}/draft`, draft);
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
      const placed = await callApi<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${props.cartId}/place`, { conditionsAccepted: true });
      window.location.assign(`${link('cartOk')}?orders=${placed.orders.map((o) => o.orderNumber).join(',')}`);
    });
  }

  const modal = (
    <>
      {expired ? <ModificationExpiredModal cartId={props.cartId} /> : null}
      {warning ? <AlertBanner alert={{ code: 1301, type: 'warning', blocks: false, message: warning, articleNames: [] }} /> : null}
    </>
  );
  const blocked = Boolean(props.alert?.blocks) || !props.totals;
  const totals = props.totals ? <Totals totals={props.totals} /> : null;

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
        <DeliveryStep data={data} draft={draft} set={set} alert={props.alert} error={error} busy={busy} onSubmit={save} />
      </>
    );
  }

  if (props.step === 'payment') {
    const methods = props.payments ?? [];
    return (
      <form className="checkout-form" onSubmit={save}>
        {modal}
        <AlertBanner alert={props.alert} />
        <FormAlert message={error} />
        {totals}
        <Codes draft={draft} cartId={props.cartId} notifications={props.notifications ?? []} giftCard={props.giftCard ?? null} />
        {props.solidary?.available ? <Solidary cartId={props.cartId} amount={props.solidary.amount} checked={props.solidary.checked} /> : null}
        {props.totals && props.totals.balance > 0 ? <Balance cartId={props.cartId} balance={props.totals.balance} checked={draft.useBalance} /> : null}
        <fieldset>
          <legend>
            <Trans>Payment method</Trans>
          </legend>
          {methods.map((method) => (
            <Choice key={method.slug} name="payment" value={method.slug} checked={draft.paymentMethodSelected === method.slug} onChange={() => set({ paymentMethodSelected: method.slug })} disabled={!method.available}>
              {methodLabel(method.slug)}
              {!method.available ? (
                <span className="choice__why">
                  {' '}
                  — {method.amount !== undefined ? <Trans>not available for this order (limit {money(method.amount)})</Trans> : <Trans>not available for this order</Trans>}
                </span>
              ) : null}
            </Choice>
          ))}
        </fieldset>
        <button className="button button--buy" type="submit" disabled={busy || blocked || draft.paymentMethodSelected === null}>
          <Trans>Review the order</Trans>
        </button>
      </form>
    );
  }

  const summary = props.summary;
  const chosen = (props.payments ?? []).find((p) => p.slug === draft.paymentMethodSelected);
  return (
    <form className="checkout-form" onSubmit={place}>
      {modal}
      <AlertBanner alert={props.alert} />
      <FormAlert message={error} />
      {summary ? <SummaryDetails summary={summary} timeZone={props.timeZone} /> : null}
      <ul className="checkout-lines">
        {(props.summaryLines ?? []).map((line, index) => (
          <li key={index}>
            {line.qty} × {line.name} — {money(line.totalPrice)}
          </li>
        ))}
      </ul>
      {totals}
      <p>
        <Trans>Payment:</Trans> {draft.paymentMethodSelected ? methodLabel(draft.paymentMethodSelected) : ''}
      </p>
      {chosen?.gateway ? (
        <p className="notification notification--warning" role="status">
          <Trans>Payment with this method is not connected yet. Go back to the payment step and choose bank transfer, cash on delivery or payment in the shop.</Trans>
        </p>
      ) : null}
      <div className="field field--check">
        <input id="accept-conditions" type="checkbox" checked={conditions} onChange={(event) => setConditions(event.target.checked)} />
        <label htmlFor="accept-conditions">
          <Trans>I have read and accept the conditions of sale</Trans>
        </label>
      </div>
      <button className="button button--buy" type="submit" disabled={busy || blocked || Boolean(chosen?.gateway)}>
        <Trans>Place order</Trans>
      </button>
    </form>
  );
}
