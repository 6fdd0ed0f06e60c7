/**
 * The checkout's addresses step (spec §4): where the order is shipped and invoiced. The shopper
 * adds a new address or edits the chosen one right here, with the address book's own form; a
 * saved address is selected and the shopper goes on, without a trip to the account pages.
 * The form replaces the step's form while it is open (forms cannot nest), takes the focus, and
 * gives it back to the saved address's choice afterwards.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { addressLabel } from '../../worker/domain/identity/address-format';
import { api, unwrap } from '../api';
import { FormAlert } from '../components/forms';
import { AddressForm, type AddressKind, type BookAddress } from '../islands/address-book';
import { CheckoutLayout } from './order-summary';
import { AlertBanner, Choice, type StepAlert } from './step-parts';
import type { CheckoutDraftView, StepAddress, StepAddressBook } from './types';

interface Props {
  shipping: StepAddress[];
  billing: StepAddress[];
  book: StepAddressBook;
  isB2b: boolean;
  draft: CheckoutDraftView;
  set: (patch: Partial<CheckoutDraftView>) => void;
  alert: StepAlert | null;
  error: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The order summary beside the step, holding the step's primary action. */
  summary: (action: ReactNode) => ReactNode;
}

type Editing = { kind: AddressKind; address?: BookAddress; focus: boolean };

const stepAddress = (a: BookAddress): StepAddress => ({
  id: a.id,
  label: addressLabel(a as unknown as Record<string, unknown>),
  default: a.default,
  countryIso: a.country.iso,
  postalCode: a.postalCode,
  address: a,
});

/** One kind's saved addresses as radio choices (ids `${kind}-${id}`, where the focus returns after the form). */
function AddressChoices({ kind, legend, addresses, selected, onSelect, describedBy, children }: { kind: AddressKind; legend: ReactNode; addresses: StepAddress[]; selected: number | null; onSelect: (id: number) => void; describedBy?: string; children: ReactNode }) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {addresses.map((a) => (
        <Choice key={a.id} name={kind} value={String(a.id)} checked={selected === a.id} onChange={() => onSelect(a.id)}>
          {a.label}
        </Choice>
      ))}
      {children}
    </fieldset>
  );
}

export function AddressesStep({ book, isB2b, draft, set, alert, error, busy, onSubmit, summary, ...initial }: Props) {
  const { t } = useLingui();
  const [lists, setLists] = useState<Record<AddressKind, StepAddress[]>>({ shipping: initial.shipping, billing: initial.billing });
  // A shopper with no address yet starts with the form open (they may still close it and collect in a shop).
  const [editing, setEditing] = useState<Editing | null>(initial.shipping.length === 0 ? { kind: 'shipping', focus: false } : null);
  const [status, setStatus] = useState('');
  const focusAfter = useRef<string | null>(null);
  const selectedOf = (kind: AddressKind) => (kind === 'shipping' ? draft.shippingAddressSelected : draft.billingAddressSelected);

  useEffect(() => {
    if (editing || !focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [editing]);

  async function done(kind: AddressKind, saved: boolean, id?: number) {
    if (saved && id !== undefined) {
      const list = await unwrap(api.user.addresses[kind].$get()).catch(() => null);
      // The address is saved; if the list cannot be read now, the page reads it again.
      if (!list) return window.location.reload();
      setLists((known) => ({ ...known, [kind]: list.map(stepAddress) }));
      set(kind === 'shipping' ? { shippingAddressSelected: id } : { billingAddressSelected: id });
      setStatus(kind === 'shipping' ? t`Address saved. The order will be shipped to it.` : t`Address saved. The invoice will go to it.`);
      focusAfter.current = `${kind}-${id}`;
    } else {
      focusAfter.current = editing?.address ? `${kind}-edit` : `${kind}-add`;
    }
    setEditing(null);
  }

  // Always in the page (second in both views, so React keeps the same element), so the
  // announcement is heard when the list comes back.
  const announcement = (
    <p className="visually-hidden" role="status">
      {status}
    </p>
  );

  if (editing) {
    return (
      <>
        <div className="checkout-form checkout-form--address">
          <AddressForm
            kind={editing.kind}
            editing={editing.address}
            countries={book.countries}
            defaultCountryIso={book.defaultCountryIso}
            initialProvinces={book.provinces}
            focusOnOpen={editing.focus}
            headingLevel={2}
            onDone={(saved, id) => void done(editing.kind, saved, id)}
          />
        </div>
        {announcement}
      </>
    );
  }

  const shipping = lists.shipping;
  const billing = lists.billing;
  // Spec §8 1158: business customers always get an invoice, so they choose where it goes.
  const needsBilling = isB2b || draft.customerRequestsInvoice;
  const missingBilling = needsBilling && draft.billingAddressSelected === null;
  const actions = (kind: AddressKind) => {
    const selected = lists[kind].find((a) => a.id === selectedOf(kind));
    return (
      <div className="form-actions">
        <button id={`${kind}-add`} type="button" className="button button--secondary" onClick={() => setEditing({ kind, focus: true })}>
          {kind === 'shipping' ? <Trans>Add a shipping address</Trans> : <Trans>Add a billing address</Trans>}
        </button>
        {selected?.address ? (
          <button id={`${kind}-edit`} type="button" className="button button--secondary" onClick={() => setEditing({ kind, address: selected.address, focus: true })}>
            <Trans>Edit this address</Trans>
          </button>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <form className="checkout-form" onSubmit={onSubmit}>
        <CheckoutLayout
          summary={summary(
            <button className="button button--buy button--primary button--block" type="submit" disabled={busy || missingBilling || (draft.shippingAddressSelected === null && shipping.length > 0)}>
              <Trans>Continue to delivery</Trans>
            </button>,
          )}
        >
          <AlertBanner alert={alert} />
          <FormAlert message={error} />
          <AddressChoices kind="shipping" legend={<Trans>Ship to</Trans>} addresses={shipping} selected={draft.shippingAddressSelected} onSelect={(id) => set({ shippingAddressSelected: id })}>
            {shipping.length === 0 ? (
              <p>
                <Trans>You have no shipping address yet. Add one, or choose pickup in one of our shops at the next step.</Trans>
              </p>
            ) : null}
            {actions('shipping')}
          </AddressChoices>
          {isB2b ? null : (
            <div className="field field--check">
              <input id="wants-invoice" type="checkbox" checked={draft.customerRequestsInvoice} onChange={(event) => set({ customerRequestsInvoice: event.target.checked })} />
              <label htmlFor="wants-invoice">
                <Trans>I want an invoice</Trans>
              </label>
            </div>
          )}
          {needsBilling || billing.length > 0 ? (
            <AddressChoices kind="billing" legend={<Trans>Invoice to</Trans>} addresses={billing} selected={draft.billingAddressSelected} onSelect={(id) => set({ billingAddressSelected: id })} describedBy={missingBilling ? 'billing-needed' : undefined}>
              {missingBilling ? (
                <p id="billing-needed" className="field__hint">
                  {isB2b ? <Trans>As a business customer, choose the address your invoice goes to.</Trans> : <Trans>Choose the address your invoice goes to.</Trans>}
                </p>
              ) : null}
              {actions('billing')}
            </AddressChoices>
          ) : null}
        </CheckoutLayout>
      </form>
      {announcement}
    </>
  );
}
