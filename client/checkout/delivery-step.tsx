/**
 * The delivery step (spec §4): home delivery with the agency, day and time slot for our own
 * parcel and a service per marketplace seller order, neutral delivery for business customers,
 * a collection point near the customer, or pickup in one of our shops (Barcelona's orders are
 * collected in Murcia, spec §9) by the customer or by someone they name.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { useStore } from '../components/store-context';
import { FormAlert, useNativeValidity } from '../components/forms';
import { formatDate, formatMoney } from '../i18n/format';
import { CollectionPointPicker } from './collection-point-picker';
import { CheckoutLayout } from './order-summary';
import { AlertBanner, Choice, type StepAlert } from './step-parts';
import type { CheckoutDraftView } from './types';

export interface StepAgency {
  id: string;
  name: string;
  extraCost: number;
  express: boolean;
  deliveryFrom: string;
  deliveryTo: string;
}

export interface StepShop {
  id: number;
  name: string;
  /** The shop where the order is actually picked up (spec §9: all but Madrid map to Murcia). */
  pickupName: string;
}

export interface DeliveryStepData {
  /** The shops that can serve this delivery (empty when `shopReasons` says why not). */
  shops: StepShop[];
  /** Spec §3 notAvailableShopsReasons: why no shop is offered (empty: they are). */
  shopReasons: string[];
  homeDeliveryCost: number | null;
  agencies: StepAgency[];
  /** The days the customer may choose for the agency `agency` (none for express services). */
  deliveryDays: { agency: string | null; days: string[] };
  marketplaceOrders: { orderKey: string; shopName: string; agencies: StepAgency[]; selected: string | null }[];
  neutralAvailable: boolean;
  collectionPoints: {
    /** Why the basket cannot go to a collection point (empty: it can). */
    reasons: string[];
    countryIso: string;
    postalCode: string;
    articleIds: number[];
    selected: { id: number; name: string; address: string; postalCode: string; city: string } | null;
    cost: number | null;
  };
  timeZone: string;
}

interface Props {
  data: DeliveryStepData;
  draft: CheckoutDraftView;
  set(patch: Partial<CheckoutDraftView>): void;
  alert: StepAlert | null;
  error: string | null;
  busy: boolean;
  onSubmit(event: FormEvent): void;
  /** The order summary beside the step, holding the step's primary action. */
  summary(action: ReactNode): ReactNode;
}

/** Words for a reason the basket cannot go to a collection point. */
function PointReason({ reason }: { reason: string }) {
  switch (reason) {
    case 'marketplace':
    case 'dropshipping':
      return <Trans>Some items are sent by other sellers, who deliver only to your address.</Trans>;
    case 'tooHeavy':
      return <Trans>The parcel is too heavy or too large for a collection point.</Trans>;
    case 'zoneNotServed':
      return <Trans>There are no collection points for this destination.</Trans>;
    case 'nothingToShip':
      return <Trans>There is nothing to send: your basket holds only digital products or services.</Trans>;
    default:
      return <Trans>This basket cannot be sent to a collection point.</Trans>;
  }
}

/** Words for a reason no shop is offered for pickup. */
function ShopReason({ reason }: { reason: string }) {
  switch (reason) {
    case 'noShopInCountry':
      return <Trans>None of our shops serves this country, so the order cannot be picked up in a shop.</Trans>;
    case 'otherSellers':
      return <Trans>Some items are sent by other sellers, who deliver only to your address.</Trans>;
    default:
      return <Trans>This order cannot be picked up in one of our shops.</Trans>;
  }
}

const SLOT_HOURS: Record<string, string> = { morning: '9:00–14:00', afternoon: '15:00–20:00' };

export function DeliveryStep({ data, draft, set, alert, error, busy, onSubmit, summary }: Props) {
  const { t } = useLingui();
  const validity = useNativeValidity();
  const { language } = useStore();
  const money = (cents: number) => formatMoney(cents, language);
  const day = (iso: string) => formatDate(new Date(iso), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: data.timeZone });
  // A local date 'YYYY-MM-DD' read at noon UTC names the same calendar day in every European zone.
  const calendarDay = (date: string) => formatDate(new Date(`${date}T12:00:00Z`), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const chosenShop = data.shops.find((s) => s.id === draft.shopSelected);
  const agency = draft.deliveryAgency ?? data.agencies[0]?.id ?? null;
  const days = data.deliveryDays.agency === agency ? data.deliveryDays.days : [];
  const pointsAllowed = data.collectionPoints.reasons.length === 0 && draft.shippingAddressSelected !== null;
  const shopsAllowed = data.shopReasons.length === 0 && data.shops.length > 0;
  const noAddress = draft.shippingAddressSelected === null;
  const canContinue = (draft.shippingType === 1 && !noAddress) || (draft.shippingType === 2 && draft.pickingPointSelected !== null) || (draft.shippingType === 3 && shopsAllowed && data.shops.some((s) => s.id === draft.shopSelected));
  const marketplaceChoice = (orderKey: string) => draft.marketplaceAgencies.find((m) => m.orderKey === orderKey)?.id;
  const agencyLabel = (a: StepAgency) => (a.id === 'seller-standard' ? t`Seller's standard delivery` : a.id === 'seller-express' ? t`Seller's express delivery` : a.name);

  const agencyChoices = (name: string, agencies: StepAgency[], selected: string | undefined | null, onChange: (id: string) => void) =>
    agencies.map((a) => {
      const from = day(a.deliveryFrom);
      const to = day(a.deliveryTo);
      const extra = money(a.extraCost);
      return (
        <Choice key={a.id} name={name} value={a.id} checked={(selected ?? agencies[0]!.id) === a.id} onChange={() => onChange(a.id)}>
          {agencyLabel(a)} — {from === to ? <Trans>arrives {from}</Trans> : <Trans>arrives between {from} and {to}</Trans>}
          {a.extraCost > 0 ? <> (+{extra})</> : null}
        </Choice>
      );
    });

  return (
    <form className="checkout-form" onSubmit={onSubmit}>
      <CheckoutLayout
        summary={summary(
          <button className="button button--buy button--primary button--block" type="submit" disabled={busy || !canContinue}>
            <Trans>Continue to payment</Trans>
          </button>,
        )}
      >
        <AlertBanner alert={alert} />
        <FormAlert message={error} />
        <fieldset>
          <legend>
            <Trans>How do you want to receive it?</Trans>
          </legend>
          <Choice name="shipping-type" value="1" checked={draft.shippingType === 1} onChange={() => set({ shippingType: 1, shopSelected: null, pickingPointSelected: null })} disabled={noAddress}>
            <Trans>Home delivery</Trans>
            {data.homeDeliveryCost != null ? ` — ${data.homeDeliveryCost === 0 ? t`free` : money(data.homeDeliveryCost)}` : ''}
          </Choice>
          <Choice name="shipping-type" value="2" checked={draft.shippingType === 2} onChange={() => set({ shippingType: 2, shopSelected: null, deliveryAgency: null, deliveryDate: null, deliveryTime: null, isNeutralOrder: false })} disabled={!pointsAllowed}>
            <Trans>Collection point near you</Trans>
            {draft.shippingType === 2 && data.collectionPoints.cost != null ? ` — ${data.collectionPoints.cost === 0 ? t`free` : money(data.collectionPoints.cost)}` : ''}
          </Choice>
          {data.collectionPoints.reasons.length > 0 ? (
            <ul className="choice__why" id="collection-point-why">
              {data.collectionPoints.reasons.map((reason) => (
                <li key={reason}>
                  <PointReason reason={reason} />
                </li>
              ))}
            </ul>
          ) : null}
          <Choice name="shipping-type" value="3" checked={draft.shippingType === 3} onChange={() => set({ shippingType: 3, shopSelected: draft.shopSelected ?? data.shops[0]?.id ?? null, pickingPointSelected: null, deliveryAgency: null, deliveryDate: null, deliveryTime: null, isNeutralOrder: false })} disabled={!shopsAllowed}>
            <Trans>Pick up in one of our shops — free</Trans>
          </Choice>
          {data.shopReasons.length > 0 ? (
            <ul className="choice__why" id="shop-pickup-why">
              {data.shopReasons.map((reason) => (
                <li key={reason}>
                  <ShopReason reason={reason} />
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>

        {draft.shippingType === 1 && data.agencies.length > 0 ? (
          <fieldset>
            <legend>
              <Trans>Delivery service</Trans>
            </legend>
            {agencyChoices('agency', data.agencies, draft.deliveryAgency, (id) => set({ deliveryAgency: id, deliveryDate: null, deliveryTime: null }))}
            {days.length > 0 ? (
              <div className="delivery-schedule">
                <div className="field">
                  <label htmlFor="delivery-day">
                    <Trans>Delivery day</Trans>
                  </label>
                  <select id="delivery-day" value={draft.deliveryDate ?? ''} onChange={(event) => set({ deliveryDate: event.target.value || null, deliveryTime: event.target.value ? draft.deliveryTime : null })}>
                    <option value="">{t`As soon as possible`}</option>
                    {days.map((date) => (
                      <option key={date} value={date}>
                        {calendarDay(date)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="delivery-time">
                    <Trans>Time of day</Trans>
                  </label>
                  <select id="delivery-time" value={draft.deliveryTime ?? ''} disabled={draft.deliveryDate === null} onChange={(event) => set({ deliveryTime: event.target.value || null })}>
                    <option value="">{t`Any time`}</option>
                    <option value="morning">{t`Morning (${SLOT_HOURS.morning})`}</option>
                    <option value="afternoon">{t`Afternoon (${SLOT_HOURS.afternoon})`}</option>
                  </select>
                </div>
              </div>
            ) : null}
          </fieldset>
        ) : null}

        {draft.shippingType === 1
          ? data.marketplaceOrders.map((order) => (
              <fieldset key={order.orderKey}>
                <legend>
                  <Trans>Delivery of the items sold by {order.shopName}</Trans>
                </legend>
                {agencyChoices(`agency-${order.orderKey}`, order.agencies, marketplaceChoice(order.orderKey), (id) =>
                  set({ marketplaceAgencies: [...draft.marketplaceAgencies.filter((m) => m.orderKey !== order.orderKey), { orderKey: order.orderKey, id }] }),
                )}
              </fieldset>
            ))
          : null}

        {draft.shippingType === 1 && data.neutralAvailable ? (
          <div className="field field--check">
            <input id="neutral-delivery" type="checkbox" checked={draft.isNeutralOrder} onChange={(event) => set({ isNeutralOrder: event.target.checked })} aria-describedby="neutral-delivery-hint" />
            <label htmlFor="neutral-delivery">
              <Trans>Neutral delivery</Trans>
            </label>
            <p id="neutral-delivery-hint" className="field__hint">
              <Trans>The parcel carries no Ampora branding and no prices, so you can hand it on to your own customer.</Trans>
            </p>
          </div>
        ) : null}

        {draft.shippingType === 2 ? (
          <CollectionPointPicker
            countryIso={data.collectionPoints.countryIso}
            postalCode={data.collectionPoints.postalCode}
            articleIds={data.collectionPoints.articleIds}
            selectedId={draft.pickingPointSelected}
            onSelect={(point) => set({ pickingPointSelected: point.id })}
            timeZone={data.timeZone}
          />
        ) : null}

        {draft.shippingType === 3 && shopsAllowed ? (
          <fieldset>
            <legend>
              <Trans>Shop</Trans>
            </legend>
            {data.shops.map((shop) => (
              <Choice key={shop.id} name="shop" value={String(shop.id)} checked={draft.shopSelected === shop.id} onChange={() => set({ shopSelected: shop.id })}>
                {shop.name}
              </Choice>
            ))}
            {chosenShop && chosenShop.pickupName !== chosenShop.name ? (
              <p className="pickup-note" role="status">
                <Trans>Orders for {chosenShop.name} are collected at our {chosenShop.pickupName} shop.</Trans>
              </p>
            ) : null}
            <div className="field field--check">
              <input id="someone-else" type="checkbox" checked={draft.whoPicksUp !== null} onChange={(event) => set({ whoPicksUp: event.target.checked ? { name: '', documentId: '' } : null })} />
              <label htmlFor="someone-else">
                <Trans>Someone else will collect it</Trans>
              </label>
            </div>
            {draft.whoPicksUp !== null ? (
              <>
                <div className="field">
                  <label htmlFor="picker-name">
                    <Trans>Their full name</Trans>
                  </label>
                  <input id="picker-name" {...validity} required minLength={2} maxLength={80} autoComplete="off" value={draft.whoPicksUp.name} onChange={(event) => set({ whoPicksUp: { ...draft.whoPicksUp!, name: event.target.value } })} />
                </div>
                <div className="field">
                  <label htmlFor="picker-document">
                    <Trans>Their identity document number</Trans>
                  </label>
                  <input id="picker-document" {...validity} required pattern="[A-Za-z0-9\-]{5,20}" autoComplete="off" value={draft.whoPicksUp.documentId} onChange={(event) => set({ whoPicksUp: { ...draft.whoPicksUp!, documentId: event.target.value } })} aria-describedby="picker-document-hint" />
                  <p id="picker-document-hint" className="field__hint">
                    <Trans>They will show this document when they collect the order.</Trans>
                  </p>
                </div>
              </>
            ) : null}
          </fieldset>
        ) : null}

      </CheckoutLayout>
    </form>
  );
}
