/**
 * Island: the address book — shipping and billing addresses, the checked one first with its
 * "default" badge (spec §4), and a form to add or edit one. Countries and provinces come from
 * the database; every check (postal code of the province, phone, tax id) is the server's.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { addressLines, addressPartsOf } from '../../worker/domain/identity/address-format';
import { provinceCodeForPostalCode } from '../../worker/domain/identity/postal-code';
import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../api';
import { Field, FormAlert, SelectField, useApiForm } from '../components/forms';
import { showToast } from '../toast';

export type AddressKind = 'shipping' | 'billing';

export interface BookAddress {
  id: number;
  name: string;
  surname: string;
  address: string;
  streetNumber: string;
  city: string;
  postalCode: string;
  province: { id: number; name: string; code?: string };
  country: { iso: string; name: string };
  default: boolean;
  phone?: string;
  optionalInformation?: string;
  billingType?: 'company' | 'freelance' | 'individual';
  companyName?: string;
  nif?: string;
  cellPhone?: string;
}

export interface BookCountry {
  id: number;
  iso: string;
  name: string;
  phonePrefix: string;
}

export interface AddressBookProps {
  shipping: BookAddress[];
  billing: BookAddress[];
  countries: BookCountry[];
  defaultCountryIso: string;
  provinces: { id: number; name: string; code?: string }[];
}

type Draft = Record<string, string | boolean>;

function draftOf(kind: AddressKind, address: BookAddress | undefined, countryIso: string): Draft {
  return {
    name: address?.name ?? '',
    surname: address?.surname ?? '',
    address: address?.address ?? '',
    streetNumber: address?.streetNumber ?? '',
    city: address?.city ?? '',
    postalCode: address?.postalCode ?? '',
    provinceId: address ? String(address.province.id) : '',
    countryIso: address?.country.iso ?? countryIso,
    isDefault: address?.default ?? false,
    ...(kind === 'shipping'
      ? { phone: address?.phone ?? '', optionalInformation: address?.optionalInformation ?? '' }
      : { billingType: address?.billingType ?? 'individual', companyName: address?.companyName ?? '', nif: address?.nif ?? '', cellPhone: address?.cellPhone ?? '' }),
  };
}

/** What the form needs of a province: the page's own list and the provinces call (a wider row) both fit. */
type BookProvince = { id: number; name: string; code?: string };

function useProvinces(countries: BookCountry[], iso: string, initialIso: string, initial: BookProvince[]) {
  const [byIso, setByIso] = useState<Record<string, BookProvince[]>>({ [initialIso]: initial });
  useEffect(() => {
    const country = countries.find((c) => c.iso === iso);
    if (!country || byIso[iso]) return;
    void unwrap(api.checkout.countries[':id'].provinces.$get({ param: { id: String(country.id) } })).then((list) => setByIso((known) => ({ ...known, [iso]: list })));
  }, [iso, countries, byIso]);
  return byIso[iso] ?? [];
}

export interface AddressFormProps {
  kind: AddressKind;
  editing?: BookAddress;
  countries: BookCountry[];
  defaultCountryIso: string;
  initialProvinces: BookProvince[];
  /** Called with the saved address's id, or `saved: false` when cancelled. */
  onDone: (saved: boolean, id?: number) => void;
  /** Move the focus to the form's title when it opens (a form shown with the page leaves it be). */
  focusOnOpen?: boolean;
  /** The form's title level where it sits: 3 under the address book's h2, 2 directly under a page's h1. */
  headingLevel?: 2 | 3;
}

/** The form to add or edit one address; the address book and the checkout's addresses step share it. */
/**
 * Saves the form's fields (a new address, or `id`'s) for the server to check by kind: the draft
 * is one record of field values for both kinds, so it is read as the kind's input here.
 */
function saveAddress(kind: AddressKind, id: number | undefined, fields: Record<string, unknown>) {
  const param = { id: String(id) };
  if (kind === 'shipping') {
    const json = fields as InferRequestType<typeof api.user.addresses.shipping.$post>['json'];
    return unwrap(id === undefined ? api.user.addresses.shipping.$post({ json }) : api.user.addresses.shipping[':id'].$put({ param, json }));
  }
  const json = fields as InferRequestType<typeof api.user.addresses.billing.$post>['json'];
  return unwrap(id === undefined ? api.user.addresses.billing.$post({ json }) : api.user.addresses.billing[':id'].$put({ param, json }));
}

export function AddressForm({ kind, editing, countries, defaultCountryIso, initialProvinces, onDone, focusOnOpen = true, headingLevel = 3 }: AddressFormProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const title = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Opened by a button: keyboard and screen-reader users land on the form's title.
  useEffect(() => {
    if (focusOnOpen) title.current?.focus();
  }, [focusOnOpen]);
  const [draft, setDraft] = useState<Draft>(() => draftOf(kind, editing, defaultCountryIso));
  const provinces = useProvinces(countries, String(draft.countryIso), defaultCountryIso, initialProvinces);
  // Where the postal code decides the province (Spain, France), it is chosen for the shopper.
  const provinceFor = (countryIso: string, postalCode: string) => {
    const code = provinceCodeForPostalCode(countryIso, postalCode);
    const found = code === null ? undefined : provinces.find((p) => p.code === code);
    return found ? { provinceId: String(found.id) } : {};
  };
  const set = (field: string) => (value: string | boolean) =>
    setDraft((d) => ({ ...d, [field]: value, ...(field === 'countryIso' ? { provinceId: '' } : {}), ...(field === 'postalCode' ? provinceFor(String(d.countryIso), String(value)) : {}) }));
  const text = (field: string) => String(draft[field] ?? '');
  const prefix = countries.find((c) => c.iso === draft.countryIso)?.phonePrefix ?? '';
  const id = (field: string) => `${kind}-${field}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...draft, provinceId: Number(draft.provinceId) || 0 };
    const saved = await form.run(() => saveAddress(kind, editing?.id, body));
    if (saved) onDone(true, saved.id);
  }

  const errors = form.fieldErrors;
  return (
    <form className="address-form" onSubmit={submit} noValidate aria-labelledby={id('form-title')}>
      <Heading id={id('form-title')} ref={title} tabIndex={-1}>
        {editing ? <Trans>Edit address</Trans> : <Trans>New address</Trans>}
      </Heading>
      <FormAlert message={form.error} />
      {kind === 'billing' ? (
        <>
          <SelectField
            id={id('billingType')}
            label={t`Invoice as`}
            value={text('billingType')}
            onChange={set('billingType')}
            options={[
              { value: 'individual', label: t`Individual` },
              { value: 'freelance', label: t`Self-employed` },
              { value: 'company', label: t`Company` },
            ]}
          />
          {draft.billingType === 'company' ? <Field id={id('companyName')} label={t`Company name`} value={text('companyName')} onChange={set('companyName')} required autoComplete="organization" error={errors.companyName} /> : null}
          <Field id={id('nif')} label={t`Tax identification number`} value={text('nif')} onChange={set('nif')} error={errors.nif} />
        </>
      ) : null}
      <Field id={id('name')} label={t`First name`} value={text('name')} onChange={set('name')} required autoComplete="given-name" error={errors.name} />
      <Field id={id('surname')} label={t`Surname`} value={text('surname')} onChange={set('surname')} required autoComplete="family-name" error={errors.surname} />
      <Field id={id('address')} label={t`Street`} value={text('address')} onChange={set('address')} required autoComplete="address-line1" error={errors.address} />
      <Field id={id('streetNumber')} label={t`Number`} value={text('streetNumber')} onChange={set('streetNumber')} required error={errors.streetNumber} />
      {kind === 'shipping' ? (
        <Field id={id('optionalInformation')} label={t`Floor, door, other details (optional)`} value={text('optionalInformation')} onChange={set('optionalInformation')} autoComplete="address-line2" error={errors.optionalInformation} />
      ) : null}
      <Field id={id('postalCode')} label={t`Postal code`} value={text('postalCode')} onChange={set('postalCode')} required autoComplete="postal-code" error={errors.postalCode} />
      <Field id={id('city')} label={t`Town or city`} value={text('city')} onChange={set('city')} required autoComplete="address-level2" error={errors.city} />
      <SelectField id={id('countryIso')} label={t`Country`} value={text('countryIso')} onChange={set('countryIso')} options={countries.map((c) => ({ value: c.iso, label: c.name }))} error={errors.countryIso} />
      <SelectField
        id={id('provinceId')}
        label={t`Province`}
        value={text('provinceId')}
        onChange={set('provinceId')}
        required
        options={[{ value: '', label: t`Choose…` }, ...provinces.map((p) => ({ value: String(p.id), label: p.name }))]}
        error={errors.provinceId}
      />
      {kind === 'shipping' ? (
        <Field id={id('phone')} label={t`Phone (${prefix})`} type="tel" value={text('phone')} onChange={set('phone')} required autoComplete="tel-national" error={errors.phone} />
      ) : (
        <Field id={id('cellPhone')} label={t`Mobile phone (${prefix})`} type="tel" value={text('cellPhone')} onChange={set('cellPhone')} required autoComplete="tel-national" error={errors.cellPhone} />
      )}
      <div className="field field--check">
        <input id={id('isDefault')} type="checkbox" checked={Boolean(draft.isDefault)} onChange={(event) => set('isDefault')(event.target.checked)} />
        <label htmlFor={id('isDefault')}>
          <Trans>Use as my default address</Trans>
        </label>
      </div>
      <div className="form-actions">
        <button className="button" type="submit" disabled={form.busy}>
          <Trans>Save address</Trans>
        </button>
        <button className="button button--secondary" type="button" onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

function AddressCard({ kind, address, onChange }: { kind: AddressKind; address: BookAddress; onChange: (action: 'edit' | 'default' | 'delete') => void }) {
  const { t } = useLingui();
  const who = address.companyName ? `${address.companyName} · ${address.name} ${address.surname}` : `${address.name} ${address.surname}`;
  return (
    <li className={`address-card${address.default ? ' address-card--default' : ''}`} data-address-id={address.id}>
      <p className="address-card__name">
        {who}
        {address.default ? (
          <span className="badge">
            <Trans>Default</Trans>
          </span>
        ) : null}
      </p>
      <p>
        {/* Written the way the address's country writes addresses. */}
        {addressLines(addressPartsOf(address as unknown as Record<string, unknown>)).map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
        {address.country.name}
        <br />
        {kind === 'shipping' ? address.phone : `${address.nif ?? ''} · ${address.cellPhone ?? ''}`}
      </p>
      <div className="form-actions">
        <button type="button" className="button button--secondary" data-action="edit" onClick={() => onChange('edit')} aria-label={t`Edit the address of ${who}`}>
          <Trans>Edit</Trans>
        </button>
        {address.default ? null : (
          <button type="button" className="button button--secondary" data-action="default" onClick={() => onChange('default')} aria-label={t`Make the address of ${who} the default`}>
            <Trans>Make default</Trans>
          </button>
        )}
        <button type="button" className="button button--secondary" data-action="delete" onClick={() => onChange('delete')} aria-label={t`Delete the address of ${who}`}>
          <Trans>Delete</Trans>
        </button>
      </div>
    </li>
  );
}

function AddressList({ kind, initial, props }: { kind: AddressKind; initial: BookAddress[]; props: AddressBookProps }) {
  const { t } = useLingui();
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<BookAddress | 'new' | null>(null);

  async function reload() {
    setAddresses(await unwrap(api.user.addresses[kind].$get()));
  }

  async function act(address: BookAddress, action: 'edit' | 'default' | 'delete') {
    if (action === 'edit') return setEditing(address);
    try {
      const param = { id: String(address.id) };
      if (action === 'default') await unwrap(api.user.addresses[kind][':id'].default.$put({ param }));
      else if (window.confirm(t`Delete this address?`)) await unwrap(api.user.addresses[kind][':id'].$delete({ param }));
      else return;
      await reload();
      showToast({ type: 'success', message: action === 'default' ? t`Default address changed.` : t`Address deleted.` });
    } catch {
      showToast({ type: 'error', message: t`The change could not be saved. Please try again.` });
    }
  }

  async function done(saved: boolean) {
    setEditing(null);
    if (saved) {
      await reload();
      showToast({ type: 'success', message: t`Address saved.` });
    }
  }

  return (
    <>
      {addresses.length === 0 ? (
        <p>
          <Trans>You have no addresses of this kind yet.</Trans>
        </p>
      ) : (
        <ul className="address-list">
          {addresses.map((address) => (
            <AddressCard key={address.id} kind={kind} address={address} onChange={(action) => act(address, action)} />
          ))}
        </ul>
      )}
      {editing ? (
        <AddressForm kind={kind} editing={editing === 'new' ? undefined : editing} countries={props.countries} defaultCountryIso={props.defaultCountryIso} initialProvinces={props.provinces} onDone={done} />
      ) : (
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {kind === 'shipping' ? <Trans>Add a shipping address</Trans> : <Trans>Add a billing address</Trans>}
        </button>
      )}
    </>
  );
}

export default function AddressBook(props: AddressBookProps) {
  return (
    <div className="address-book">
      <section aria-labelledby="shipping-addresses">
        <h2 id="shipping-addresses">
          <Trans>Shipping addresses</Trans>
        </h2>
        <AddressList kind="shipping" initial={props.shipping} props={props} />
      </section>
      <section aria-labelledby="billing-addresses">
        <h2 id="billing-addresses">
          <Trans>Billing addresses</Trans>
        </h2>
        <AddressList kind="billing" initial={props.billing} props={props} />
      </section>
    </div>
  );
}
