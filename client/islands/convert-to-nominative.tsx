/**
 * Island: turn a simplified invoice into a nominative invoice for one of the customer's billing
 * addresses (PATCH /api/user/orders/{order}/convert-to-nominative/{address}). The server cancels
 * the ticket with a credit note and issues the invoice; the page then reloads to list both.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, SelectField, useApiForm } from '../components/forms';

export interface ConvertToNominativeProps {
  orderNumber: string;
  ticketCode: string;
  /** Billing addresses with a tax id. */
  addresses: { id: number; label: string }[];
  addressesPath: string;
}

export default function ConvertToNominative({ orderNumber, ticketCode, addresses, addressesPath }: ConvertToNominativeProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [address, setAddress] = useState(addresses[0] ? String(addresses[0].id) : '');
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const converted = await form.run(() => unwrap(api.user.orders[':orderNumber']['convert-to-nominative'][':billingAddressId'].$patch({ param: { orderNumber: encodeURIComponent(orderNumber), billingAddressId: encodeURIComponent(address) } })));
    if (converted) {
      setDone(converted.document.code);
      window.setTimeout(() => window.location.reload(), 1500);
    }
  }
  const id = `convert-${orderNumber}`;
  return (
    <form className="convert-nominative" onSubmit={submit} noValidate data-convert={orderNumber}>
      <h3>
        <Trans>Need an invoice in your name for {ticketCode}?</Trans>
      </h3>
      {addresses.length === 0 ? (
        <p>
          <Trans>
            Add a billing address with your tax ID in <a href={addressesPath}>your addresses</a> first.
          </Trans>
        </p>
      ) : (
        <>
          <FormAlert message={form.error} />
          <SelectField id={id} label={t`Billing address`} value={address} onChange={setAddress} options={addresses.map((a) => ({ value: String(a.id), label: a.label }))} required />
          <div role="status">
            {done ? (
              <p className="alert alert--ok">
                <Trans>Invoice {done} issued.</Trans>
              </p>
            ) : null}
          </div>
          <button className="button button--secondary" type="submit" disabled={form.busy || done !== null}>
            <Trans>Get a nominative invoice</Trans>
          </button>
        </>
      )}
    </form>
  );
}
