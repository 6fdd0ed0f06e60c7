/**
 * Island: uploading a tax-exemption certificate (POST /api/user/census-certificates/save) for one
 * of the customer's business billing addresses, its tax id filled in from the address, and the
 * file (PDF, JPEG or PNG, up to 5 MB). A plain multipart form that posts to the API without
 * script (the answer is this screen again, with the outcome or the refusal); hydrated, it sends
 * the same form by fetch, keeps what was chosen when something is refused, and moves the focus
 * to the first field in error.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert, PageFormFields, useApiForm } from '../components/forms';
import { api, unwrap } from '../api';
import { multipartInit } from './case-post';

/** The largest file the store takes (worker/tax-certificates/files.ts). */
const MAX_BYTES = 5 * 1024 * 1024;
const ACTION = '/api/user/census-certificates/save';

export interface TaxCertificateUploadProps {
  /** Business billing addresses (company or self-employed) with their tax id. */
  addresses: { id: number; label: string; nif: string }[];
  addressesPath: string;
  /** The page's language, for the answer without script. */
  language: string;
  /** The documents screen, where the form comes back to. */
  pagePath: string;
  /** The message of a refusal the form came back with (without script). */
  error: string | null;
}

export default function TaxCertificateUpload({ addresses, addressesPath, language, pagePath, error }: TaxCertificateUploadProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [address, setAddress] = useState(addresses[0] ? String(addresses[0].id) : '');
  const [nif, setNif] = useState(addresses[0]?.nif ?? '');
  const formRef = useRef<HTMLFormElement>(null);
  const fieldError = (name: string) => form.fieldErrors[name];

  // A refusal moves the focus to the first field it names (the form's alert announces the message itself).
  useEffect(() => {
    const first = ['billingAddress', 'nif', 'file'].find((name) => form.fieldErrors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [form.fieldErrors]);

  function chooseAddress(value: string) {
    setAddress(value);
    const chosen = addresses.find((a) => String(a.id) === value);
    if (chosen) setNif(chosen.nif);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const file = (element.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    if (file && file.size > MAX_BYTES) {
      form.setError(t`The certificate file may be up to 5 MB.`);
      return;
    }
    const saved = await form.run(() => unwrap(api.user['census-certificates'].save.$post(undefined, { init: multipartInit(element) })));
    if (saved) window.location.assign(`${pagePath}?certificate=uploaded#tax-certificates`);
  }

  if (addresses.length === 0) {
    return (
      <div className="tax-certificates__upload" data-certificate-upload="">
        <h3>
          <Trans>Upload a certificate</Trans>
        </h3>
        <p>
          <Trans>
            Certificates are for business customers. Add the billing address of your company or business with its tax ID in <a href={addressesPath}>your addresses</a> first.
          </Trans>
        </p>
      </div>
    );
  }

  const describe = (name: string, hint?: string) => [hint, fieldError(name) ? `certificate-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form ref={formRef} className="tax-certificates__upload" method="post" action={ACTION} encType="multipart/form-data" onSubmit={submit} noValidate data-certificate-upload="">
      <h3>
        <Trans>Upload a certificate</Trans>
      </h3>
      <FormAlert message={form.error ?? error} />
      <div className={`field${fieldError('billingAddress') ? ' field--invalid' : ''}`}>
        <label htmlFor="certificate-billingAddress">
          <Trans>Billing address</Trans>
        </label>
        <select id="certificate-billingAddress" name="billingAddress" value={address} onChange={(e) => chooseAddress(e.target.value)} required aria-invalid={fieldError('billingAddress') ? true : undefined} aria-describedby={describe('billingAddress')}>
          {addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
        {fieldError('billingAddress') ? (
          <p className="field__error" id="certificate-billingAddress-error">
            {fieldError('billingAddress')}
          </p>
        ) : null}
      </div>
      <div className={`field${fieldError('nif') ? ' field--invalid' : ''}`}>
        <label htmlFor="certificate-nif">
          <Trans>Tax ID</Trans>
        </label>
        <p className="field__hint" id="certificate-nif-hint">
          <Trans>The tax ID of the chosen billing address, as the certificate shows it.</Trans>
        </p>
        <input id="certificate-nif" name="nif" value={nif} onChange={(e) => setNif(e.target.value)} required maxLength={40} autoComplete="off" aria-invalid={fieldError('nif') ? true : undefined} aria-describedby={describe('nif', 'certificate-nif-hint')} />
        {fieldError('nif') ? (
          <p className="field__error" id="certificate-nif-error">
            {fieldError('nif')}
          </p>
        ) : null}
      </div>
      <div className={`field${fieldError('file') ? ' field--invalid' : ''}`}>
        <label htmlFor="certificate-file">
          <Trans>Certificate file</Trans>
        </label>
        <p className="field__hint" id="certificate-file-hint">
          <Trans>PDF, JPEG or PNG, up to 5 MB.</Trans>
        </p>
        <input id="certificate-file" name="file" type="file" accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png" required aria-invalid={fieldError('file') ? true : undefined} aria-describedby={describe('file', 'certificate-file-hint')} />
        {fieldError('file') ? (
          <p className="field__error" id="certificate-file-error">
            {fieldError('file')}
          </p>
        ) : null}
      </div>
      <PageFormFields language={language} />
      <button className="button button--primary" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
        <Trans>Upload the certificate</Trans>
      </button>
    </form>
  );
}
