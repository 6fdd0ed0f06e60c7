/**
 * Island: the return request of someone who is not the invoice holder. First the invoice in
 * hand — its code and its printed total — which lists its items; then the item, the units and
 * why. The holder is asked by e-mail; their answer comes by e-mail and shows in the list below.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { NON_HOLDER_REASON_LABELS, NON_HOLDER_REASONS, type NonHolderReason } from '../account/non-holder-reasons';
import { api, unwrap, type ApiData } from '../api';
import { Field, FormAlert, SelectField, useApiForm } from '../components/forms';

export interface NonHolderRequestProps {
  invoice: string;
  article: string;
}

type Items = ApiData<(typeof api.users.rma)['non-holder']['items']['$post']>;

export default function NonHolderRequest({ invoice: initialInvoice, article: initialArticle }: NonHolderRequestProps) {
  const { t, i18n } = useLingui();
  const lookup = useApiForm();
  const form = useApiForm();
  const [invoice, setInvoice] = useState(initialInvoice);
  const [total, setTotal] = useState('');
  const [found, setFound] = useState<Items | null>(null);
  const [article, setArticle] = useState(initialArticle);
  const [qty, setQty] = useState('1');
  const [reason, setReason] = useState<NonHolderReason>(NON_HOLDER_REASONS[0]);
  const [sent, setSent] = useState<string | null>(null);

  async function findItems(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const items = await lookup.run(() => unwrap(api.users.rma['non-holder'].items.$post({ json: { invoice: invoice.trim(), total } })));
    if (!items) return;
    setFound(items);
    if (!items.items.some((item) => String(item.article) === article)) setArticle(items.items.length === 1 ? String(items.items[0]!.article) : '');
  }

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (!found) return;
    const done = await form.run(() => unwrap(api.users.rma['non-holder'].$post({ json: { invoice: found.invoice, article: Number(article), qty: Number(qty), reason } })));
    if (done) {
      setSent(done.invoice);
      setFound(null);
    }
  }

  const chosen = found?.items.find((item) => String(item.article) === article);
  return (
    <div className="non-holder-request" data-non-holder-request>
      <div role="status">
        {sent ? (
          <p className="alert alert--ok" data-request-sent>
            <Trans>We have asked the holder of invoice {sent} by e-mail. You will get an e-mail with their answer, and it will show in your requests below.</Trans>
          </p>
        ) : null}
      </div>
      {found ? (
        <form onSubmit={ask} noValidate aria-labelledby="non-holder-items-title">
          <h2 id="non-holder-items-title">
            <Trans>Items of invoice {found.invoice}</Trans>
          </h2>
          <FormAlert message={form.error} />
          <fieldset className={`field${form.fieldErrors.article ? ' field--invalid' : ''}`}>
            <legend>
              <Trans>Which item do you return?</Trans>
            </legend>
            {found.items.map((item) => (
              <label key={item.article} className="choice">
                <input type="radio" name="article" value={item.article} checked={String(item.article) === article} onChange={() => setArticle(String(item.article))} required />{' '}
                <Trans>
                  {item.name} ({item.qty} bought)
                </Trans>
              </label>
            ))}
          </fieldset>
          <Field id="qty" label={t`Units to return`} type="number" min={1} max={chosen?.qty ?? 99} value={qty} onChange={setQty} required error={form.fieldErrors.qty} />
          <SelectField id="reason" label={t`Reason`} value={reason} onChange={(value) => setReason(value as NonHolderReason)} options={NON_HOLDER_REASONS.map((key) => ({ value: key, label: i18n._(NON_HOLDER_REASON_LABELS[key]) }))} error={form.fieldErrors.reason} required />
          <div className="non-holder-request__actions">
            <button className="button button--primary" type="submit" disabled={form.busy || !chosen}>
              <Trans>Ask the invoice holder</Trans>
            </button>
            <button className="button button--ghost" type="button" onClick={() => setFound(null)}>
              <Trans>Another invoice</Trans>
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={findItems} noValidate>
          <FormAlert message={lookup.error} />
          <Field id="invoice" label={t`Invoice code`} value={invoice} onChange={setInvoice} required autoComplete="off" placeholder="ES-F-2026-000012" hint={t`As printed at the top of the invoice.`} error={lookup.fieldErrors.invoice} />
          <Field id="total" label={t`Invoice total`} value={total} onChange={setTotal} required inputMode="decimal" autoComplete="off" hint={t`The total with VAT printed on the invoice, for example 129,90. It shows you have the invoice.`} error={lookup.fieldErrors.total} />
          <button className="button button--primary" type="submit" disabled={lookup.busy}>
            <Trans>Find the items</Trans>
          </button>
        </form>
      )}
    </div>
  );
}
