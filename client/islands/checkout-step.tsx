/**
 * Island: one checkout step (spec §2, §4): addresses, delivery, payment or summary. Each step
 * saves its choices in the checkout draft on the server and goes to the next page; the summary
 * places the order and opens the result page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, callApi } from '../api';
import { FormAlert } from '../components/forms';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import { PAYMENT_BRANDS, PAYMENT_METHOD_LABELS } from '../orders/labels';

export interface StepAddress {
  id: number;
  label: string;
  default: boolean;
}

export interface StepShop {
  id: number;
  name: string;
  /** The shop where the order is actually picked up (spec §9: all but Madrid map to Murcia). */
  pickupName: string;
}

export interface StepPayment {
  slug: string;
  available: boolean;
  /** Offered, but paid through a gateway that this store does not connect yet. */
  soon?: boolean;
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
  shippingType: 1 | 3 | null;
  shopSelected: number | null;
  paymentMethodSelected: string | null;
  couponCodes: string[];
  giftCardCode: string | null;
  deliveryAgency: string | null;
  solidaryAmountChecked: boolean;
}

export interface CheckoutStepProps {
  step: 'addresses' | 'delivery' | 'payment' | 'summary';
  cartId: string;
  draft: CheckoutDraftView;
  next: string;
  shipping?: StepAddress[];
  billing?: StepAddress[];
  shops?: StepShop[];
  homeDeliveryCost?: number | null;
  /** The agencies of our own home delivery, with what each adds and its delivery window. */
  agencies?: { id: string; name: string; extraCost: number; express: boolean; deliveryFrom: string; deliveryTo: string }[];
  timeZone?: string;
  payments?: StepPayment[];
  totals?: StepTotals | null;
  /** A blocking error of the current choice (spec §8), already in the page's language. */
  blocking?: string | null;
  summaryLines?: { name: string; qty: number; totalPrice: number }[];
  notifications?: StepNotification[];
  giftCard?: { code: string; applied: number; balance: number } | null;
  /** The solidary amount: offered (the invoice goes to Spain) and chosen. */
  solidary?: { available: boolean; checked: boolean; amount: number } | null;
}

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

function Choice({ name, value, checked, onChange, disabled, children }: { name: string; value: string; checked: boolean; onChange: () => void; disabled?: boolean; children: ReactNode }) {
  const id = `${name}-${value}`;
  return (
    <div className="choice">
      <input type="radio" id={id} name={name} value={value} checked={checked} onChange={onChange} disabled={disabled} />
      <label htmlFor={id}>{children}</label>
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
  const [error, setError] = useState<string | null>(props.blocking ?? null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<CheckoutDraftView>) => setDraft((d) => ({ ...d, ...patch }));

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
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
        ...(draft.billingAddressSelected ? { billingAddressId: draft.billingAddressSelected } : {}),
        customerRequestsInvoice: draft.customerRequestsInvoice,
        couponCodes: draft.couponCodes,
        giftCardCode: draft.giftCardCode,
        deliveryAgency: draft.deliveryAgency,
        solidaryAmountChecked: props.solidary?.checked ?? false,
        paymentMethod: draft.paymentMethodSelected,
        conditionsAccepted: true,
      };
      const placed = await callApi<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${props.cartId}/place`, body);
      window.location.assign(`${link('cartOk')}?orders=${placed.orders.map((o) => o.orderNumber).join(',')}`);
    });
  }

  const blocked = Boolean(props.blocking);
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
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd data-total-to-pay={props.totals.totalToPay}>{money(props.totals.totalToPay)}</dd>
    </dl>
  ) : null;

  if (props.step === 'addresses') {
    return (
      <form className="checkout-form" onSubmit={save}>
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
              <Trans>You have no shipping address yet.</Trans>
            </p>
          ) : null}
          <p>
            <a href={link('accountAddresses')}>
              <Trans>Add or edit addresses</Trans>
            </a>
          </p>
        </fieldset>
        <div className="field field--check">
          <input id="wants-invoice" type="checkbox" checked={draft.customerRequestsInvoice} onChange={(event) => set({ customerRequestsInvoice: event.target.checked })} />
          <label htmlFor="wants-invoice">
            <Trans>I want an invoice</Trans>
          </label>
        </div>
        {draft.customerRequestsInvoice || (props.billing ?? []).length > 0 ? (
          <fieldset>
            <legend>
              <Trans>Invoice to</Trans>
            </legend>
            {(props.billing ?? []).map((a) => (
              <Choice key={a.id} name="billing" value={String(a.id)} checked={draft.billingAddressSelected === a.id} onChange={() => set({ billingAddressSelected: a.id })}>
                {a.label}
              </Choice>
            ))}
          </fieldset>
        ) : null}
        <button className="button button--buy" type="submit" disabled={busy || (draft.shippingAddressSelected === null && (props.shipping ?? []).length > 0)}>
          <Trans>Continue to delivery</Trans>
        </button>
      </form>
    );
  }

  if (props.step === 'delivery') {
    const shops = props.shops ?? [];
    const chosenShop = shops.find((s) => s.id === draft.shopSelected);
    return (
      <form className="checkout-form" onSubmit={save}>
        <FormAlert message={error} />
        <fieldset>
          <legend>
            <Trans>How do you want to receive it?</Trans>
          </legend>
          <Choice name="shipping-type" value="1" checked={draft.shippingType === 1} onChange={() => set({ shippingType: 1, shopSelected: null })} disabled={draft.shippingAddressSelected === null}>
            <Trans>Home delivery</Trans>
            {props.homeDeliveryCost != null ? ` — ${props.homeDeliveryCost === 0 ? t`free` : money(props.homeDeliveryCost)}` : ''}
          </Choice>
          <Choice name="shipping-type" value="3" checked={draft.shippingType === 3} onChange={() => set({ shippingType: 3, shopSelected: draft.shopSelected ?? shops[0]?.id ?? null, deliveryAgency: null })}>
            <Trans>Pick up in one of our shops — free</Trans>
          </Choice>
        </fieldset>
        {draft.shippingType === 1 && (props.agencies ?? []).length > 0 ? (
          <fieldset>
            <legend>
              <Trans>Delivery service</Trans>
            </legend>
            {(props.agencies ?? []).map((agency) => {
              const day = (iso: string) => formatDate(new Date(iso), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: props.timeZone });
              const from = day(agency.deliveryFrom);
              const to = day(agency.deliveryTo);
              const extra = money(agency.extraCost);
              return (
                <Choice key={agency.id} name="agency" value={agency.id} checked={(draft.deliveryAgency ?? props.agencies![0]!.id) === agency.id} onChange={() => set({ deliveryAgency: agency.id })}>
                  {agency.name} — {from === to ? <Trans>arrives {from}</Trans> : <Trans>arrives between {from} and {to}</Trans>}
                  {agency.extraCost > 0 ? <> (+{extra})</> : null}
                </Choice>
              );
            })}
          </fieldset>
        ) : null}
        {draft.shippingType === 3 ? (
          <fieldset>
            <legend>
              <Trans>Shop</Trans>
            </legend>
            {shops.map((shop) => (
              <Choice key={shop.id} name="shop" value={String(shop.id)} checked={draft.shopSelected === shop.id} onChange={() => set({ shopSelected: shop.id })}>
                {shop.name}
              </Choice>
            ))}
            {chosenShop && chosenShop.pickupName !== chosenShop.name ? (
              <p className="pickup-note" role="status">
                <Trans>Orders for {chosenShop.name} are collected at our {chosenShop.pickupName} shop.</Trans>
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <button className="button button--buy" type="submit" disabled={busy || draft.shippingType === null}>
          <Trans>Continue to payment</Trans>
        </button>
      </form>
    );
  }

  if (props.step === 'payment') {
    const methods = props.payments ?? [];
    return (
      <form className="checkout-form" onSubmit={save}>
        <FormAlert message={error} />
        {totals}
        <Codes draft={draft} cartId={props.cartId} notifications={props.notifications ?? []} giftCard={props.giftCard ?? null} />
        {props.solidary?.available ? <Solidary cartId={props.cartId} amount={props.solidary.amount} checked={props.solidary.checked} /> : null}
        <fieldset>
          <legend>
            <Trans>Payment method</Trans>
          </legend>
          {methods.map((method) => {
            const label = PAYMENT_METHOD_LABELS[method.slug] ? i18n._(PAYMENT_METHOD_LABELS[method.slug]!) : (PAYMENT_BRANDS[method.slug] ?? method.slug);
            return (
              <Choice key={method.slug} name="payment" value={method.slug} checked={draft.paymentMethodSelected === method.slug} onChange={() => set({ paymentMethodSelected: method.slug })} disabled={!method.available || method.soon}>
                {label}
                {method.soon ? (
                  <span className="choice__why">
                    {' '}
                    — <Trans>coming soon</Trans>
                  </span>
                ) : !method.available ? (
                  <span className="choice__why">
                    {' '}
                    — {method.amount !== undefined ? <Trans>not available for this order (limit {money(method.amount)})</Trans> : <Trans>not available for this order</Trans>}
                  </span>
                ) : null}
              </Choice>
            );
          })}
        </fieldset>
        <button className="button button--buy" type="submit" disabled={busy || blocked || draft.paymentMethodSelected === null}>
          <Trans>Review the order</Trans>
        </button>
      </form>
    );
  }

  return (
    <form className="checkout-form" onSubmit={place}>
      <FormAlert message={error} />
      <ul className="checkout-lines">
        {(props.summaryLines ?? []).map((line, index) => (
          <li key={index}>
            {line.qty} × {line.name} — {money(line.totalPrice)}
          </li>
        ))}
      </ul>
      {totals}
      <p>
        <Trans>Payment:</Trans> {draft.paymentMethodSelected && PAYMENT_METHOD_LABELS[draft.paymentMethodSelected] ? i18n._(PAYMENT_METHOD_LABELS[draft.paymentMethodSelected]!) : ''}
      </p>
      <div className="field field--check">
        <input id="accept-conditions" type="checkbox" checked={conditions} onChange={(event) => setConditions(event.target.checked)} />
        <label htmlFor="accept-conditions">
          <Trans>I have read and accept the conditions of sale</Trans>
        </label>
      </div>
      <button className="button button--buy" type="submit" disabled={busy || blocked}>
        <Trans>Place order</Trans>
      </button>
    </form>
  );
}
