/**
 * Island: the return form — how many units of each line go back, why, and (for the customer's
 * own order) where the money goes. Without script it is a plain form posting to the returns API
 * (`qty_<lineId>` fields, `respond=page`), whose answer is the page again; hydrated, it sends the
 * same choice as JSON and moves on, keeping what was chosen when something is refused. A gift's
 * recipient (`mode: 'gift'`) sees no price and no refund choice: the buyer is refunded.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, useApiForm } from '../components/forms';
import { RETURN_REASONS, type ReturnReason } from '../../worker/domain/returns/rules';
import { RETURN_REASON_LABELS } from './return-labels';

export interface ReturnFormLine {
  orderLineId: number;
  name: string;
  qty: number;
  returnable: number;
  /** The unit price as printed; absent for a gift: the recipient sees no prices. */
  price?: string;
}

export interface ReturnFormProps {
  mode: 'customer' | 'gift';
  /** The API address the form posts to. */
  action: string;
  orderNumber: string;
  /** The gift code (gift mode). */
  code?: string;
  lines: ReturnFormLine[];
  /** The page's language, for the answer without script. */
  language: string;
  /** The message of a refusal the form came back with (without script). */
  error: string | null;
  /** The returns page, where a customer lands after sending (`?created=ID`). */
  done: string;
}

export default function ReturnForm({ mode, action, orderNumber, code, lines, language, error, done }: ReturnFormProps) {
  const { t, i18n } = useLingui();
  const form = useApiForm();
  const [units, setUnits] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [refundMethod, setRefundMethod] = useState<'original' | 'balance'>('original');
  const [comment, setComment] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = lines.map((line) => ({ orderLineId: line.orderLineId, qty: Number(units[line.orderLineId] ?? '0') })).filter((line) => Number.isInteger(line.qty) && line.qty > 0);
    if (chosen.length === 0) {
      form.setError(t`Choose how many units of at least one item you are returning.`);
      return;
    }
    const body = { orderNumber, lines: chosen, reason, ...(comment.trim() ? { comment: comment.trim() } : {}), ...(mode === 'gift' ? { code } : { refundMethod }) };
    const answer = await form.run(() => unwrap(mode === 'gift' ? api.returns.gift.$post({ json: body }) : api.user.returns.$post({ json: body })));
    // A gift return answers the confirmation page to go to; a customer's own, the return.
    if (answer) window.location.assign('path' in answer ? answer.path : `${done}?created=${answer.id}`);
  }

  const fieldError = (name: string) => form.fieldErrors[name];
  return (
    <form className="return-form" method="post" action={action} onSubmit={submit} data-return-form={mode}>
      <FormAlert message={form.error ?? error} />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      {mode === 'gift' ? <input type="hidden" name="code" value={code} /> : null}
      <input type="hidden" name="respond" value="page" />
      <input type="hidden" name="lang" value={language} />
      <fieldset className="field">
        <legend>
          <Trans>Units to return</Trans>
        </legend>
        {lines.map((line) => {
          const id = `return-qty-${line.orderLineId}`;
          const received = line.qty;
          const left = line.returnable;
          return (
            <div className="field" key={line.orderLineId} data-return-line={line.orderLineId}>
              <label htmlFor={id}>
                {line.name}
                {line.price ? ` · ${line.price}` : ''}
              </label>
              <input
                id={id}
                name={`qty_${line.orderLineId}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                step={1}
                value={units[line.orderLineId] ?? '0'}
                onChange={(e) => setUnits({ ...units, [line.orderLineId]: e.target.value })}
                disabled={left === 0}
                aria-describedby={`${id}-hint`}
              />
              <p className="field__hint" id={`${id}-hint`}>
                {left === 0 ? <Trans>Already returned</Trans> : <Trans>You received {received}; up to {left} can be returned.</Trans>}
              </p>
            </div>
          );
        })}
      </fieldset>
      <div className={`field${fieldError('reason') ? ' field--invalid' : ''}`}>
        <label htmlFor="return-reason">
          <Trans>Reason</Trans>
        </label>
        <select id="return-reason" name="reason" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)} required aria-invalid={fieldError('reason') ? true : undefined}>
          <option value="" disabled>
            {t`Choose a reason`}
          </option>
          {RETURN_REASONS.map((value) => (
            <option key={value} value={value}>
              {i18n._(RETURN_REASON_LABELS[value])}
            </option>
          ))}
        </select>
        {fieldError('reason') ? <p className="field__error">{fieldError('reason')}</p> : null}
      </div>
      {mode === 'customer' ? (
        <fieldset className="field">
          <legend>
            <Trans>Where should we refund the money?</Trans>
          </legend>
          <div className="field--check">
            <input type="radio" id="return-refund-original" name="refundMethod" value="original" checked={refundMethod === 'original'} onChange={() => setRefundMethod('original')} />
            <label htmlFor="return-refund-original">
              <Trans>To the payment method I used</Trans>
            </label>
          </div>
          <div className="field--check">
            <input type="radio" id="return-refund-balance" name="refundMethod" value="balance" checked={refundMethod === 'balance'} onChange={() => setRefundMethod('balance')} />
            <label htmlFor="return-refund-balance">
              <Trans>To my Ampora balance</Trans>
            </label>
          </div>
        </fieldset>
      ) : (
        <p>
          <Trans>The refund goes to the person who bought the gift, to the payment method they used.</Trans>
        </p>
      )}
      <div className="field">
        <label htmlFor="return-comment">
          <Trans>Comment (optional)</Trans>
        </label>
        <textarea id="return-comment" name="comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      <button className="button button--primary" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
        <Trans>Request the return</Trans>
      </button>
    </form>
  );
}
