/**
 * Back-office: tax-exemption certificates (docs/account.md "Tax-exemption certificates"). The
 * pending ones, the longest waiting first, each with its file, the customer, the billing address
 * and its tax id as they are now, and the Validate / Reject actions; or the certificates of
 * another state.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CertificateState } from '../../worker/domain/documents/exemption';
import type { QueuedCertificate } from '../../worker/tax-certificates/certificates';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import TaxCertificateReview from '../islands/tax-certificate-review';
import { AdminFrame, AdminStateFilter } from './admin';
import type { AdminFrameData } from './admin-types';

export interface AdminTaxCertificatesData {
  frame: AdminFrameData;
  queue: { items: QueuedCertificate[]; total: number; page: number; pageSize: number; state: CertificateState };
}

/** The states staff may look at besides the default, pending. */
const OTHER_STATES: Record<string, MessageDescriptor> = {
  validated: msg`Validated`,
  rejected: msg`Rejected`,
  revoked: msg`Revoked by the customer`,
};

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export default function AdminTaxCertificatesPage({ data }: { data: AdminTaxCertificatesData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { queue } = data;
  const when = (iso: string) => <time dateTime={iso}>{formatDate(new Date(iso), language, { dateStyle: 'short', timeStyle: 'short' })}</time>;
  return (
    <AdminFrame frame={data.frame} title={<Trans>Tax-exemption certificates</Trans>}>
      <AdminStateFilter route="adminTaxCertificates" id="admin-certificate-state" state={queue.state === 'pending' ? '' : queue.state} labels={OTHER_STATES} anyLabel={t`Waiting for validation`} />
      <p role="status">
        <Plural value={queue.total} one="# certificate" other="# certificates" />
      </p>
      <ul className="admin-certificates">
        {queue.items.map((item) => {
          const id = item.id;
          const headingId = `certificate-${id}-title`;
          const nifDiffers = item.billingNif !== '' && item.billingNif !== item.nif;
          return (
            <li key={id} className="admin-card" data-certificate-id={id} data-certificate-state={item.state} aria-labelledby={headingId}>
              <h2 id={headingId}>
                <Trans>Certificate {id}</Trans>
              </h2>
              <dl className="admin-facts">
                <Fact label={<Trans>File</Trans>}>
                  <a href={item.certificate} data-certificate-file="">
                    {item.fileName}
                  </a>
                </Fact>
                <Fact label={<Trans>Customer</Trans>}>{item.email}</Fact>
                <Fact label={<Trans>Tax ID on the request</Trans>}>{item.nif}</Fact>
                <Fact label={<Trans>Billing address</Trans>}>{item.billing || <Trans>Deleted by the customer</Trans>}</Fact>
                {nifDiffers ? (
                  <Fact label={<Trans>Tax ID of the address now</Trans>}>
                    <strong>{item.billingNif}</strong>
                  </Fact>
                ) : null}
                <Fact label={<Trans>Uploaded</Trans>}>{when(item.uploadedDate)}</Fact>
                {item.validatedDate ? <Fact label={<Trans>Validated</Trans>}>{when(item.validatedDate)}</Fact> : null}
                {item.rejectedDate ? <Fact label={<Trans>Rejected</Trans>}>{when(item.rejectedDate)}</Fact> : null}
                {item.reason ? <Fact label={<Trans>Reason</Trans>}>{item.reason}</Fact> : null}
                {item.revokedDate ? <Fact label={<Trans>Revoked</Trans>}>{when(item.revokedDate)}</Fact> : null}
              </dl>
              {item.state === 'pending' ? <Island name="tax-certificate-review" component={TaxCertificateReview} props={{ id }} /> : null}
            </li>
          );
        })}
      </ul>
      <Pagination page={queue.page} pageSize={queue.pageSize} total={queue.total} basePath={link('adminTaxCertificates')} query={queue.state === 'pending' ? {} : { state: queue.state }} />
    </AdminFrame>
  );
}
