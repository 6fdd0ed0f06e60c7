/**
 * Island: opening an after-sales case on a line of one order — which item, what happened, a
 * subject, the message and up to 5 photos or PDFs. A plain multipart form that posts to the API
 * without script (the answer is the case page, or this form with the error); hydrated, it sends
 * the same form by fetch and keeps what was typed when something is refused.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { CASE_KIND_LABELS } from '../account/case-labels';
import { CASE_KINDS, type CaseKind } from '../../worker/domain/after-sales/state-machine';
import { FormAlert, useApiForm } from '../components/forms';
import { CaseFilesField, tooManyOrTooBig } from '../account/case-files';
import { api, unwrap } from '../api';
import { multipartInit } from './case-post';

export interface CaseOpenFormProps {
  /** The API address the form posts to. */
  action: string;
  orderNumber: string;
  lines: { id: number; name: string; qty: number }[];
  /** The page's language, for the answer without script. */
  language: string;
  /** The message of a refusal the form came back with (without script). */
  error: string | null;
}

export default function CaseOpenForm({ action, orderNumber, lines, language, error }: CaseOpenFormProps) {
  const { t, i18n } = useLingui();
  const form = useApiForm();
  const [lineId, setLineId] = useState(String(lines[0]?.id ?? ''));
  const [kind, setKind] = useState<CaseKind>('fault');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (tooManyOrTooBig(element)) {
      form.setError(t`Attach at most 5 files of up to 5 MB each.`);
      return;
    }
    const opened = await form.run(() => unwrap(api.user['after-sales'].cases.$post(undefined, { init: multipartInit(element) })));
    if (opened) window.location.assign(opened.path);
  }
  const fieldError = (name: string) => form.fieldErrors[name];
  return (
    <form className="case-form" method="post" action={action} encType="multipart/form-data" onSubmit={submit} data-case-open-form>
      <FormAlert message={form.error ?? error} />
      <div className={`field${fieldError('orderLineId') ? ' field--invalid' : ''}`}>
        <label htmlFor="case-line">
          <Trans>Item</Trans>
        </label>
        <select id="case-line" name="orderLineId" value={lineId} onChange={(e) => setLineId(e.target.value)} required>
          {lines.map((line) => (
            <option key={line.id} value={line.id}>
              {line.qty > 1 ? `${line.qty} × ${line.name}` : line.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>
          <Trans>What happened?</Trans>
        </legend>
        {CASE_KINDS.map((value) => (
          <div className="field--check" key={value}>
            <input type="radio" id={`case-kind-${value}`} name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} required />
            <label htmlFor={`case-kind-${value}`}>{i18n._(CASE_KIND_LABELS[value])}</label>
          </div>
        ))}
      </fieldset>
      <div className={`field${fieldError('subject') ? ' field--invalid' : ''}`}>
        <label htmlFor="case-subject">
          <Trans>Subject</Trans>
        </label>
        <input id="case-subject" name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} required maxLength={150} autoComplete="off" aria-invalid={fieldError('subject') ? true : undefined} />
        {fieldError('subject') ? <p className="field__error">{fieldError('subject')}</p> : null}
      </div>
      <div className={`field${fieldError('body') ? ' field--invalid' : ''}`}>
        <label htmlFor="case-body">
          <Trans>Tell us what happened</Trans>
        </label>
        <textarea id="case-body" name="body" rows={6} value={body} onChange={(e) => setBody(e.target.value)} required maxLength={5000} aria-invalid={fieldError('body') ? true : undefined} />
        {fieldError('body') ? <p className="field__error">{fieldError('body')}</p> : null}
      </div>
      <CaseFilesField id="case-files" />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      <input type="hidden" name="respond" value="page" />
      <input type="hidden" name="lang" value={language} />
      <button className="button button--primary" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
        <Trans>Open the case</Trans>
      </button>
    </form>
  );
}
