/**
 * Island: revoking one of the customer's tax-exemption certificates
 * (POST /api/user/taxpayerreversal/revokeCertificate). The confirmation is a disclosure that says
 * what revoking means before the button that does it, so it works without script too (the form
 * then posts to the API and comes back to the screen); hydrated, the call is made by fetch.
 */
import { Trans } from '@lingui/react/macro';
import { type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, PageFormFields, useApiForm } from '../components/forms';

export interface TaxCertificateRevokeProps {
  certificateId: number;
  fileName: string;
  /** The page's language, for the answer without script. */
  language: string;
  /** The documents screen, where the form comes back to. */
  pagePath: string;
}

export default function TaxCertificateRevoke({ certificateId, fileName, language, pagePath }: TaxCertificateRevokeProps) {
  const form = useApiForm();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const revoked = await form.run(() => unwrap(api.user.taxpayerreversal.revokeCertificate.$post({ json: { certificateId } })));
    if (revoked) window.location.assign(`${pagePath}?certificate=revoked#tax-certificates`);
  }
  return (
    <form className="tax-certificates__revoke" method="post" action="/api/user/taxpayerreversal/revokeCertificate" onSubmit={submit} data-certificate-revoke={certificateId}>
      <FormAlert message={form.error} />
      <details>
        <summary className="button button--secondary">
          <Trans>
            Revoke <span className="visually-hidden">{fileName}</span>
          </Trans>
        </summary>
        <div className="tax-certificates__confirm">
          <p>
            <Trans>Invoices issued after you revoke the certificate include VAT. To be invoiced without VAT again you will need to upload a new certificate.</Trans>
          </p>
          <input type="hidden" name="certificateId" value={certificateId} />
          <PageFormFields language={language} />
          <button className="button button--danger" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
            <Trans>
              Yes, revoke <span className="visually-hidden">{fileName}</span>
            </Trans>
          </button>
        </div>
      </details>
    </form>
  );
}
