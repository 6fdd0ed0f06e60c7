/**
 * Island: one checkout step (spec §2, §4): addresses, delivery, payment or summary. Each step
 * saves its choices in the checkout draft on the server and goes to the next page; the summary
 * places the order and opens the result page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ApiError, callApi } from '../api';
import { DeliveryStep, type DeliveryStepData } from '../checkout/delivery-step';
import { AlertBanner, Choice, ModificationExpiredModal, type StepAlert } from '../checkout/step-parts';
import { FormAlert } from '../components/forms';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import { PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../orders/labels';

export type { StepAlert } from '../checkout/step-parts';

export interface StepAddress {
  id: number;
  label: string;
  default: boolean;
  countryIso: string;
  postalCode: string;
}

export interface StepPayment {
  slug: string;
  available: boolean;
  /** Paid through a payment gateway (cards, wallets, financing…). */
  gateway?: boolean;
  /** The 32000–32040 code of a method that is not available, and the amount it refers to. */
  code?: number;
  amount?: number;
}

export interface StepTotals {
  articlesSubtotal: number;
  shippingCost: number;
  marketPlaceShippingCost: number;
  dropShippingShippingCost: number;
  totalDiscountInCart: number;
  totalGiftCardDiscountInCart: number;
  solidaryAmount: number;
  balance: number;
  balanceToSpend: number;
  totalToPay: number;
}

/** A promotion notification (spec §3 talonOneNotifications), with keys the island words. */
export interface StepNotification {
  title: string;
  body: string;
  type: 'info' | 'error' | 'warning' | 'offer';
  code: string | null;
  /** '10%', an amount in cents, or 'freeShipping'. */
  value: string | null;
  missingAmount: number | null;
}

export interface CheckoutDraftView {
  customerRequestsInvoice: boolean;
  shippingAddressSelected: number | null;
  billingAddressSelected: number | null;
  shippingType: 1 | 2 | 3 | null;
  shopSelected: number | null;
  pickingPointSelected: number | null;
  whoPicksUp: { name: string; documentId: string } | null;
  paymentMethodSelected: string | null;
  couponCodes: string[];
  giftCardCode: string | null;
  deliveryAgency: string | null;
  deliveryDate: string | null;
  deliveryTime: string | null;
  isNeutralOrder: boolean;
  marketplaceAgencies: { orderKey: string; id: string }[];
  useBalance: boolean;
  solidaryAmountChecked: boolean;
}

/** What the summary repeats of the customer's choices. */
export interface StepSummary {
  shippingType: 1 | 2 | 3;
  shipTo: string;
  /** Who collects a store pickup instead of the customer. */
  pickedUpBy: string | null;
  billTo: string | null;
  neutral: boolean;
  deliveries: { orderKey: string; kind: 'own' | 'marketplace' | 'dropshipping'; shopName: string | null; agency: string | null; shippingCost: number; from: string; to: string; day: string | null; time: string | null }[];
}

export type CheckoutStepProps = {
  step: 'addresses' | 'delivery' | 'payment' | 'summary';
  cartId: string;
  draft: CheckoutDraftView;
  next: string;
  isB2b: boolean;
  /** The order this basket changes can no longer be changed (spec §8 modal). */
  modificationExpired: boolean;
  /** The alert shown for the current choice (spec §8), already in the page's language. */
  alert: StepAlert | null;
  shipping?: StepAddress[];
  billing?: StepAddress[];
  payments?: StepPayment[];
  totals?: StepTotals | null;
  summaryLines?: { name: string; qty: number; totalPrice: number }[];
  notifications?: StepNotification[];
  giftCard?: { code: string; applied: number; balance: number } | null;
  /** The solidary amount: offered (the invoice goes to Spain) and chosen. */
  solidary?: { available: boolean; checked: boolean; amount: number } | null;
  summary?: StepSummary | null;
  timeZone?: string;
} & Partial<DeliveryStepData>;

/** Words for the promotion engine's notification keys. */
function NotificationText({ n }: { n: StepNotification }) {
  const { language } = useStore();
  const code = n.code ?? '';
  const value = n.value === null ? '' : n.value === 'freeShipping' ? '' : n.value.endsWith('%') ? n.value : formatMoney(Number(n.value), language);
  if (n.title === 'coupon.applied') return n.value === 'freeShipping' ? <Trans>Coupon {code} applied: free shipping.</Trans> : <Trans>Coupon {code} applied: {value} off.</Trans>;
  if (n.title === 'offer.almostQualified') {
    const missing = formatMoney(n.missingAmount ?? 0, language);
    return <Trans>Add {missing} more to your basket to get a discount.</Trans>;
  }
  switch (n.body.replace(/^coupon\./, '')) {
    case 'expired':
      return <Trans>The coupon {code} has expired.</Trans>;
    case 'notStarted':
      return <Trans>The coupon {code} is not valid yet.</Trans>;
    case 'usedUp':
    case 'userLimitReached':
      return <Trans>The coupon {code} has already been used as many times as it allows.</Trans>;
    case 'wrongChannel':
      return <Trans>The coupon {code} is not valid in this country’s store.</Trans>;
    case 'minCartAmountNotReached': {
      const missing = formatMoney(n.missingAmount ?? 0, language);
      return <Trans>Add {missing} more to use the coupon {code}.</Trans>;
    }
    case 'conditionsNotMet':
      return <Trans>Your basket does not meet the conditions of the coupon {code}.</Trans>;
    case 'notCombinable':
      return <Trans>The coupon {code} cannot be combined with another promotion in your basket.</Trans>;
    default:
      return <Trans>The coupon {code} does not exist.</Trans>;
  }
}

/** Coupon codes and the gift card: saved in the draft, then the page shows the new totals. */
function Codes({ draft, cartId, notifications, giftCard }: { draft: CheckoutDraftView; cartId: string; notifications: StepNotification[]; giftCard: { code: string; applied: number; balance: number } | null }) {
  const { t } = useLingui();
  const { language } = useStore();
  const [coupon, setCoupon] = useState('');
  const [card, setCard] = useState(draft.giftCardCode ?? '');
  const [error, setError] = useState<string | null>(null);
  async function saveCodes(patch: Partial<CheckoutDraftView>) {
    setError(null);
    try {
      await callApi('PUT', `/api/checkout/orders/${cartId}/draft`, patch);
      window.location.reload();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }
  async function checkCard() {
    setError(null);
    try {
      await callApi('POST', `/api/giftcards/validate?code=${encodeURIComponent(card)}`);
      await saveCodes({ giftCardCode: card });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }
  const left = giftCard ? formatMoney(giftCard.balance - giftCard.applied, language) : '';
  return (
    <fieldset className="checkout-codes">
      <legend>
        <Trans>Coupons and gift cards</Trans>
      </legend>
      <div className="form-alert" role="alert">
        {error ? <p>{error}</p> : null}
      </div>
      <ul className="notifications" aria-live="polite">
        {notifications.map((n, index) => (
          <li key={index} className={`notification notification--${n.type}`} data-notification={n.title} data-notification-type={n.type}>
            <NotificationText n={n} />
          </li>
        ))}
      </ul>
      <div className="inline-field">
        <label htmlFor="coupon-code">
          <Trans>Coupon code</Trans>
        </label>
        <input id="coupon-code" value={coupon} onChange={(event) => setCoupon(event.target.value)} autoComplete="off" />
        <button type="button" className="button button--secondary" disabled={coupon.trim() === ''} onClick={() => saveCodes({ couponCodes: [...draft.couponCodes, coupon.trim()] })}>
          <Trans>Apply</Trans>
        </button>
      </div>
      {draft.couponCodes.length > 0 ? (
        <p>
          <button type="button" className="button button--secondary" onClick={() => saveCodes({ couponCodes: [] })}>
            <Trans>Remove coupons</Trans>
          </button>
        </p>
      ) : null}
      <div className="inline-field">
        <label htmlFor="gift-card-code">
          <Trans>Gift card</Trans>
        </label>
        <input id="gift-card-code" value={card} onChange={(event) => setCard(event.target.value)} autoComplete="off" />
        <button type="button" className="button button--secondary" disabled={card.trim() === ''} onClick={checkCard}>
          <Trans>Use</Trans>
        </button>
      </div>
      {giftCard ? (
        <p data-gift-card-applied={giftCard.applied}>
          <Trans>Gift card {giftCard.code}: {left} left after this order.</Trans>{' '}
          <button type="button" className="button button--secondary" onClick={() => saveCodes({ giftCardCode: null })}>
            <Trans>Remove</Trans>
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}

/** The solidary amount: saved in the draft, then the page shows the new total. */
function Solidary({ cartId, amount, checked }: { cartId: string; amount: number; checked: boolean }) {
  const { language } = useStore();
  const donation = formatMoney(amount, language);
  async function toggle(on: boolean) {
    await callApi('PUT', `/api/checkout/orders/${cartId}/draft`, { solidaryAmountChecked: on }).catch(() => undefined);
    window.location.reload();
  }
  return (
    <div className="field field--check">
      <input id="solidary-amount" type="checkbox" checked={checked} onChange={(event) => toggle(event.target.checked)} />
      <label htmlFor="solidary-amount">
        <Trans>Add {donation} as a solidary donation</Trans>
      </label>
    </div>
  );
}

/** Spend the store balance: saved in the draft, then the page shows the new total. */
function Balance({ cartId, balance, checked }: { cartId: string; balance: number; checked: boolean }) {
  const { language } = useStore();
  const available = formatMoney(balance, language);
  // Shown at once; the page then reloads with the new totals.
  const [on, setOn] = useState(checked);
  async function toggle(wanted: boolean) {
    setOn(wanted);
    await callApi('PUT', `/api/checkout/orders/${cartId}/draft`, { useBalance: wanted }).catch(() => undefined);
    window.location.reload();
  }
  return (
    <div className="field field--check">
      <input id="use-balance" type="checkbox" checked={on} onChange={(event) => toggle(event.target.checked)} />
      <label htmlFor="use-balance">
        <Trans>Use my balance ({available} available)</Trans>
      </label>
    </div>
  );
}

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
      const body = {
        shippingType: draft.shippingType,
        ...(draft.shippingType === 3 ? { shopId: draft.shopSelected } : { shippingAddressId: draft.shippingAddressSelected }),
        ...(draft.shippingType === 2 ? { pickingPointId: draft.pickingPointSelected } : {}),
        ...(draft.shippingType === 3 && draft.whoPicksUp ? { whoPicksUp: draft.whoPicksUp } : {}),
        ...(draft.billingAddressSelected ? { billingAddressId: draft.billingAddressSelected } : {}),
        customerRequestsInvoice: draft.customerRequestsInvoice,
        couponCodes: draft.couponCodes,
        giftCardCode: draft.giftCardCode,
        deliveryAgency: draft.deliveryAgency,
        deliveryDate: draft.deliveryDate,
        deliveryTime: draft.deliveryTime,
        isNeutralOrder: draft.isNeutralOrder,
        marketplaceAgencies: draft.marketplaceAgencies,
        useBalance: draft.useBalance,
        solidaryAmountChecked: props.solidary?.checked ?? false,
        paymentMethod: draft.paymentMethodSelected,
        conditionsAccepted: true,
      };
      const placed = await callApi<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${props.cartId}/place`, body);
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
  const totals = props.totals ? (
    <dl className="checkout-totals">
      <dt>
        <Trans>Articles</Trans>
      </dt>
      <dd>{money(props.totals.articlesSubtotal)}</dd>
      <dt>
        <Trans>Shipping</Trans>
      </dt>
      <dd>{money(props.totals.shippingCost + props.totals.marketPlaceShippingCost + props.totals.dropShippingShippingCost)}</dd>
      {props.totals.totalDiscountInCart > 0 ? (
        <>
          <dt>
            <Trans>Discounts</Trans>
          </dt>
          <dd data-discount={props.totals.totalDiscountInCart}>−{money(props.totals.totalDiscountInCart)}</dd>
        </>
      ) : null}
      {props.totals.solidaryAmount > 0 ? (
        <>
          <dt>
            <Trans>Solidary donation</Trans>
          </dt>
          <dd>{money(props.totals.solidaryAmount)}</dd>
        </>
      ) : null}
      {props.totals.totalGiftCardDiscountInCart > 0 ? (
        <>
          <dt>
            <Trans>Gift card</Trans>
          </dt>
          <dd>−{money(props.totals.totalGiftCardDiscountInCart)}</dd>
        </>
      ) : null}
      {props.totals.balanceToSpend > 0 ? (
        <>
          <dt>
            <Trans>Your balance</Trans>
          </dt>
          <dd data-balance-spent={props.totals.balanceToSpend}>−{money(props.totals.balanceToSpend)}</dd>
        </>
      ) : null}
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd data-total-to-pay={props.totals.totalToPay}>{money(props.totals.totalToPay)}</dd>
    </dl>
  ) : null;

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
  const day = (iso: string) => formatDate(new Date(iso), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: props.timeZone });
  const calendarDay = (date: string) => formatDate(new Date(`${date}T12:00:00Z`), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <form className="checkout-form" onSubmit={place}>
      {modal}
      <AlertBanner alert={props.alert} />
      <FormAlert message={error} />
      {summary ? (
        <dl className="checkout-summary">
          <dt>{summary.shippingType === 3 ? <Trans>Pickup at</Trans> : summary.shippingType === 2 ? <Trans>Collection point</Trans> : <Trans>Ship to</Trans>}</dt>
          <dd>{summary.shipTo}</dd>
          {summary.pickedUpBy ? (
            <>
              <dt>
                <Trans>Collected by</Trans>
              </dt>
              <dd>{summary.pickedUpBy}</dd>
            </>
          ) : null}
          {summary.billTo ? (
            <>
              <dt>
                <Trans>Invoice to</Trans>
              </dt>
              <dd>{summary.billTo}</dd>
            </>
          ) : null}
          {summary.deliveries.map((d) => {
            const from = day(d.from);
            const to = day(d.to);
            const seller = d.shopName ?? 'Ampora';
            const chosenDay = d.day ? calendarDay(d.day) : '';
            return (
              <div key={d.orderKey} className="checkout-summary__delivery">
                <dt>
                  <Trans>Sent by {seller}</Trans>
                </dt>
                <dd>
                  {d.agency && !d.agency.startsWith('seller-') ? `${d.agency} — ` : ''}
                  {d.day ? (
                    d.time === 'morning' ? (
                      <Trans>on {chosenDay}, in the morning</Trans>
                    ) : d.time === 'afternoon' ? (
                      <Trans>on {chosenDay}, in the afternoon</Trans>
                    ) : (
                      <Trans>on {chosenDay}</Trans>
                    )
                  ) : from === to ? (
                    <Trans>arrives {from}</Trans>
                  ) : (
                    <Trans>arrives between {from} and {to}</Trans>
                  )}{' '}
                  ({d.shippingCost === 0 ? t`free` : money(d.shippingCost)})
                </dd>
              </div>
            );
          })}
          {summary.neutral ? (
            <>
              <dt>
                <Trans>Packaging</Trans>
              </dt>
              <dd>
                <Trans>Neutral delivery, without branding or prices</Trans>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
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
