/**
 * Island: one checkout step (spec §2, §4): addresses, delivery, payment or summary. Each step
 * saves its choices in the checkout draft on the server and goes to the next page; the summary
 * places the order and opens the result page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '../api';
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
export type { CheckoutDraftView, CheckoutStepProps, StepAddress, StepNotification, StepPayment, StepSummary, StepTotals } from '../checkout/types';

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
    const billing = props.billing ?? [];
    // Spec §8 1158: business customers always get an invoice, so they choose where it goes.
    const needsBilling = props.isB2b || draft.customerRequestsInvoice;
    const missingBilling = needsBilling && draft.billingAddressSelected === null;
    return (
      <form className="checkout-form" onSubmit={save}>
        {modal}
        <AlertBanner alert={props.alert} />
        <FormAlert message={error} />
        <fieldset>
          <legend>
            <Trans>Ship to</Trans>
          </legend>
          {(props.shipping ?? []).map((a) => (
            <Choice key={a.id} name="shipping" value={String(a.id)} checked={draft.shippingAddressSelected === a.id} onChange={() => set({ shippingAddressSelected: a.id })}>
              {a.label}
            </Choice>
          ))}
          {(props.shipping ?? []).length === 0 ? (
            <p>
              <Trans>You have no shipping address yet. Add one, or choose pickup in one of our shops at the next step.</Trans>
            </p>
          ) : null}
          <p>
            <a href={link('accountAddresses')}>
              <Trans>Add or edit addresses</Trans>
            </a>
          </p>
        </fieldset>
        {props.isB2b ? null : (
          <div className="field field--check">
            <input id="wants-invoice" type="checkbox" checked={draft.customerRequestsInvoice} onChange={(event) => set({ customerRequestsInvoice: event.target.checked })} />
            <label htmlFor="wants-invoice">
              <Trans>I want an invoice</Trans>
            </label>
          </div>
        )}
        {needsBilling || billing.length > 0 ? (
          <fieldset aria-describedby={missingBilling ? 'billing-needed' : undefined}>
            <legend>
              <Trans>Invoice to</Trans>
            </legend>
            {billing.map((a) => (
              <Choice key={a.id} name="billing" value={String(a.id)} checked={draft.billingAddressSelected === a.id} onChange={() => set({ billingAddressSelected: a.id })}>
                {a.label}
              </Choice>
            ))}
            {missingBilling ? (
              <p id="billing-needed" className="field__hint">
                {props.isB2b ? <Trans>As a business customer, choose the address your invoice goes to.</Trans> : <Trans>Choose the address your invoice goes to.</Trans>}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <button className="button button--buy" type="submit" disabled={busy || missingBilling || (draft.shippingAddressSelected === null && (props.shipping ?? []).length > 0)}>
          <Trans>Continue to delivery</Trans>
        </button>
      </form>
    );
  }

  if (props.step === 'delivery') {
    const data: DeliveryStepData = {
      shops: props.shops ?? [],
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
