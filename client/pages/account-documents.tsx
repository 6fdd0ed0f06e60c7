/**
 * The account's tax documents (spec §2 /mis-documentos, /abonos, return invoices): every
 * invoice, simplified invoice and credit note of the customer, by year, each with a link that
 * downloads its PDF. Spanish customers also see their yearly total per quarter (model 347). A
 * simplified invoice can become a nominative invoice for one of the customer's billing addresses.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentType } from '../../worker/domain/documents/rules';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney, formatShortDate } from '../i18n/format';
import ConvertToNominative, { type ConvertToNominativeProps } from '../islands/convert-to-nominative';
import TaxCertificateRevoke from '../islands/tax-certificate-revoke';
import TaxCertificateUpload, { type TaxCertificateUploadProps } from '../islands/tax-certificate-upload';
import type { CertificateView } from '../../worker/tax-certificates/certificates';
import { AccountFrame, type AccountFrameData } from './account';

export type DocumentsView = 'all' | 'creditNotes' | 'returnInvoices';

export interface AccountDocumentRow {
  id: number;
  docType: DocumentType;
  code: string;
  orderNumber: string;
  issuedAt: string;
  total: number;
  currency: string;
  rectifies: string | null;
  /** A ticket that may still become a nominative invoice. */
  convertible: boolean;
}

export interface AccountDocumentsData {
  frame: AccountFrameData;
  view: DocumentsView;
  years: { year: number; documents: AccountDocumentRow[]; model347: { quarters: { quarter: number; total: number }[]; total: number; declarable: boolean } | null }[];
  /** The billing addresses a ticket can be converted to (those with a tax id). */
  billing: ConvertToNominativeProps['addresses'];
  /** Tax-exemption certificates (the main documents screen only). */
  certificates: TaxCertificatesData | null;
}

export interface TaxCertificatesData {
  items: (CertificateView & { address: string })[];
  /** The business billing addresses a certificate can be uploaded for. */
  addresses: TaxCertificateUploadProps['addresses'];
  /** What a form sent without script just did. */
  done: 'uploaded' | 'revoked' | null;
  /** The message of what a form sent without script was refused for. */
  error: string | null;
}

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, MessageDescriptor> = {
  invoice: msg`Invoice`,
  ticket: msg`Simplified invoice`,
  corrective: msg`Credit note`,
  marketplace: msg`Seller's invoice`,
  proforma: msg`Proforma invoice`,
  order: msg`Order document`,
  passiveSubject: msg`Invoice (reverse charge)`,
};

export default function AccountDocumentsPage({ data }: { data: AccountDocumentsData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const money = (cents: number, currency: string) => formatMoney(cents, language, currency);
  const title = data.view === 'creditNotes' ? <Trans>Credit notes</Trans> : data.view === 'returnInvoices' ? <Trans>Return invoices</Trans> : <Trans>Tax documents</Trans>;
  const downloadPath = (doc: AccountDocumentRow) => `${link('accountInvoiceDownload', { orderId: doc.orderNumber, invoiceType: doc.docType })}?id=${doc.id}`;
  return (
    <AccountFrame frame={data.frame} title={title}>
      {data.years.length === 0 ? (
        <p data-documents-empty="">
          {data.view === 'all' ? (
            <Trans>You have no documents yet. The invoice of an order appears here once it is paid.</Trans>
          ) : data.view === 'creditNotes' ? (
            <Trans>You have no credit notes. When we refund an order, its credit note appears here.</Trans>
          ) : (
            <Trans>You have no return invoices. When a return is refunded, its credit note appears here.</Trans>
          )}
        </p>
      ) : (
        data.years.map(({ year, documents, model347 }) => (
          <section key={year} className="account-card documents-year" aria-labelledby={`documents-${year}`}>
            <h2 id={`documents-${year}`}>{year}</h2>
            <table className="offers documents-table">
              <caption className="visually-hidden">
                <Trans>Documents of {year}, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Document</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Document number</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Order</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Total</Trans>
                  </th>
                  <th scope="col">
                    <Trans>PDF</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {documents.map((doc) => {
                  const code = doc.code;
                  const rectifies = doc.rectifies;
                  return (
                    <tr key={doc.id} data-document-id={doc.id} data-document-type={doc.docType}>
                      <td>
                        {i18n._(DOCUMENT_TYPE_LABELS[doc.docType])}
                        {rectifies ? (
                          <>
                            <br />
                            <small>
                              <Trans>Rectifies {rectifies}</Trans>
                            </small>
                          </>
                        ) : null}
                      </td>
                      <td>{code}</td>
                      <td>
                        <a href={`${link('accountOrderDetail')}?order=${encodeURIComponent(doc.orderNumber)}`}>{doc.orderNumber}</a>
                      </td>
                      <td>
                        <time dateTime={doc.issuedAt}>{formatDate(new Date(doc.issuedAt), language, { dateStyle: 'medium' })}</time>
                      </td>
                      <td data-total-cents={doc.total}>{money(doc.total, doc.currency)}</td>
                      <td>
                        <a href={downloadPath(doc)} download={`${code}.pdf`} data-download={code}>
                          <Trans>
                            Download <span className="visually-hidden">{code}</span> (PDF)
                          </Trans>
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {documents
              .filter((doc) => doc.convertible)
              .map((doc) => (
                <Island key={doc.id} name="convert-to-nominative" component={ConvertToNominative} props={{ orderNumber: doc.orderNumber, ticketCode: doc.code, addresses: data.billing, addressesPath: link('accountAddresses') }} />
              ))}
            {model347 ? (
              <div className="documents-347" data-model347={year}>
                <h3>
                  <Trans>Your operations with Ampora in {year} (model 347)</Trans>
                </h3>
                <dl>
                  {model347.quarters.map((q) => {
                    const quarter = q.quarter;
                    return (
                      <div key={quarter}>
                        <dt>
                          <Trans>Quarter {quarter}</Trans>
                        </dt>
                        <dd data-quarter-cents={q.total}>{money(q.total, 'EUR')}</dd>
                      </div>
                    );
                  })}
                  <div>
                    <dt>
                      <Trans>Year</Trans>
                    </dt>
                    <dd data-year-cents={model347.total}>{money(model347.total, 'EUR')}</dd>
                  </div>
                </dl>
                <p>
                  {model347.declarable ? (
                    <Trans>Above 3,005.06 €: these operations appear in our annual declaration of operations with third parties.</Trans>
                  ) : (
                    <Trans>Up to 3,005.06 €: these operations are not declared.</Trans>
                  )}
                </p>
              </div>
            ) : null}
          </section>
        ))
      )}
      {data.certificates ? <TaxCertificates data={data.certificates} /> : null}
    </AccountFrame>
  );
}

const CERTIFICATE_STATE_LABELS: Record<CertificateView['state'], MessageDescriptor> = {
  pending: msg`Waiting for validation`,
  validated: msg`Validated`,
  rejected: msg`Rejected`,
  revoked: msg`Revoked`,
};

/** Tax-exemption certificates (docs/account.md): the list with states and dates, revoking, and the upload form. */
function TaxCertificates({ data }: { data: TaxCertificatesData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const day = (iso: string) => <time dateTime={iso}>{formatShortDate(iso, language)}</time>;
  const pagePath = link('accountDocuments');
  return (
    <section id="tax-certificates" className="account-card tax-certificates" aria-labelledby="tax-certificates-title" tabIndex={-1}>
      <h2 id="tax-certificates-title">
        <Trans>Tax-exemption certificates</Trans>
      </h2>
      <p>
        <Trans>
          If your business receives its invoices without VAT (reverse charge), upload the certificate from your tax agency for the billing address it covers. Once we have validated
          it, the invoices of orders billed to that address are issued without VAT, stating the exemption; the amount you pay does not change.
        </Trans>
      </p>
      <div role="status" className="tax-certificates__status">
        {data.done === 'uploaded' ? (
          <p className="alert alert--ok">
            <Trans>Certificate uploaded. We will check it and let you know in your messages.</Trans>
          </p>
        ) : data.done === 'revoked' ? (
          <p className="alert alert--ok">
            <Trans>Certificate revoked. Invoices issued from now on include VAT.</Trans>
          </p>
        ) : null}
      </div>
      {data.items.length === 0 ? (
        <p data-certificates-empty="">
          <Trans>You have not uploaded any certificate.</Trans>
        </p>
      ) : (
        <ul className="tax-certificates__list">
          {data.items.map((item) => {
            const nif = item.nif;
            return (
              <li key={item.id} className="tax-certificates__item" data-certificate-id={item.id} data-certificate-state={item.state}>
                <p className="tax-certificates__head">
                  <a href={item.certificate} data-certificate-file="">
                    {item.fileName}
                  </a>{' '}
                  <span className={`tax-certificates__state tax-certificates__state--${item.state}`}>{i18n._(CERTIFICATE_STATE_LABELS[item.state])}</span>
                </p>
                <dl className="tax-certificates__facts">
                  <div>
                    <dt>
                      <Trans>Tax ID</Trans>
                    </dt>
                    <dd>{nif}</dd>
                  </div>
                  {item.address ? (
                    <div>
                      <dt>
                        <Trans>Billing address</Trans>
                      </dt>
                      <dd>{item.address}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>
                      <Trans>Uploaded</Trans>
                    </dt>
                    <dd>{day(item.uploadedDate)}</dd>
                  </div>
                  {item.validatedDate ? (
                    <div>
                      <dt>
                        <Trans>Validated</Trans>
                      </dt>
                      <dd>{day(item.validatedDate)}</dd>
                    </div>
                  ) : null}
                  {item.rejectedDate ? (
                    <div>
                      <dt>
                        <Trans>Rejected</Trans>
                      </dt>
                      <dd>{day(item.rejectedDate)}</dd>
                    </div>
                  ) : null}
                  {item.reason ? (
                    <div>
                      <dt>
                        <Trans>Reason</Trans>
                      </dt>
                      <dd>{item.reason}</dd>
                    </div>
                  ) : null}
                  {item.revokedDate ? (
                    <div>
                      <dt>
                        <Trans>Revoked</Trans>
                      </dt>
                      <dd>{day(item.revokedDate)}</dd>
                    </div>
                  ) : null}
                </dl>
                {item.state === 'pending' || item.state === 'validated' ? (
                  <Island name="tax-certificate-revoke" component={TaxCertificateRevoke} props={{ certificateId: item.id, fileName: item.fileName, language, pagePath }} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Island name="tax-certificate-upload" component={TaxCertificateUpload} props={{ addresses: data.addresses, addressesPath: link('accountAddresses'), language, pagePath, error: data.error }} />
    </section>
  );
}
