/**
 * Island: staff decide on a pending tax-exemption certificate (POST
 * /api/admin/tax-certificates/:id/validate or /reject with the reason the customer reads). The
 * result is announced and the page shows the queue again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { postAndReload } from './admin-post';

export interface TaxCertificateReviewProps {
  id: number;
}

export default function TaxCertificateReview({ id }: TaxCertificateReviewProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reasonRef = useRef<HTMLInputElement>(null);

  const certificate = api.admin['tax-certificates'][':id'];
  const param = { id: String(id) };
  async function decide(send: () => Promise<unknown>, done: string) {
    setBusy(true);
    if (!(await postAndReload(send, done, t`The decision could not be saved. Please try again.`))) setBusy(false);
  }

  function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 2) {
      setError(t`Write the reason the customer will read.`);
      reasonRef.current?.focus();
      return;
    }
    setError('');
    void decide(() => unwrap(certificate.reject.$post({ param, json: { reason } })), t`Certificate rejected.`);
  }

  return (
    <div className="admin-certificate-actions">
      <button type="button" className="button" disabled={busy} data-action="validate" onClick={() => void decide(() => unwrap(certificate.validate.$post({ param })), t`Certificate validated.`)}>
        <Trans>Validate</Trans>
      </button>
      <form onSubmit={reject} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={`certificate-reason-${id}`}>
            <Trans>Reason for rejecting</Trans>
          </label>
          <input ref={reasonRef} id={`certificate-reason-${id}`} name="reason" maxLength={500} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={error ? `certificate-reason-${id}-error` : undefined} />
          {error ? (
            <p className="field__error" id={`certificate-reason-${id}-error`}>
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--secondary" disabled={busy} data-action="reject">
          <Trans>Reject</Trans>
        </button>
      </form>
    </div>
  );
}
