/**
 * The insurance screen of the account (spec §2 insurance area): every extended-insurance policy
 * with its state, the article it covers, its dates and the invoice of the order that paid it,
 * latest end first, a page at a time. Links to the renewals and to a new policy.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PolicyView } from '../../worker/insurances/account';
import type { PolicyState } from '../../worker/insurances/rules';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatMoney, formatShortDate } from '../i18n/format';
import InsuranceRenew from '../islands/insurance-renew';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountInsurancesData {
  frame: AccountFrameData;
  policies: PolicyView[];
  page: number;
  pageSize: number;
  total: number;
  /** How many policies can be renewed now (all pages). */
  renewable: number;
  /** Business customers cannot buy insurance (spec §5). */
  business: boolean;
}

const STATE_LABELS: Record<PolicyState, MessageDescriptor> = {
  active: msg`Policy in force`,
  expired: msg`Policy expired`,
  cancelled: msg`Policy cancelled`,
};

export function PolicyStateBadge({ state }: { state: PolicyState }) {
  const { i18n } = useLingui();
  return (
    <span className={`badge policy-state policy-state--${state}`} data-policy-state={state}>
      {i18n._(STATE_LABELS[state])}
    </span>
  );
}

/** dd/mm/yyyy in the page's language. */
export function useShortDate(): (ms: number) => string {
  const { language } = useStore();
  return (ms) => formatShortDate(ms, language);
}

/** One policy: what it covers, its plan, dates and documents; `action` is the renewal button where it applies. */
/** The top of the renewals and new-policy screens: a refusal the form came back with, what the screen is for, the way back to the policies. */
export function InsuranceScreenIntro({ error, children }: { error: string | null | undefined; children: React.ReactNode }) {
  const link = useHref();
  return (
    <>
      {error ? (
        <p className="alert alert--bad" role="alert" data-insurance-error>
          {error}
        </p>
      ) : null}
      <p>{children}</p>
      <p>
        <a href={link('accountInsurances')}>
          <Trans>All your policies</Trans>
        </a>
      </p>
    </>
  );
}

export function PolicyCard({ policy, action }: { policy: PolicyView; action?: React.ReactNode }) {
  const { language } = useStore();
  const link = useHref();
  const date = useShortDate();
  const starts = date(policy.startsAt);
  const ends = date(policy.endsAt);
  const price = formatMoney(policy.price, language);
  const articleOrder = policy.articleOrderNumber;
  const order = policy.orderNumber;
  const invoice = policy.invoice;
  const code = invoice?.code ?? '';
  const orderLink = (number: string) => `${link('accountOrderDetail')}?order=${encodeURIComponent(number)}`;
  return (
    <article className="account-card policy" data-policy-id={policy.id} aria-labelledby={`policy-${policy.id}`}>
      <header className="policy__head">
        <h2 id={`policy-${policy.id}`}>{policy.articleName}</h2>
        <PolicyStateBadge state={policy.state} />
      </header>
      <dl className="policy__facts">
        <div>
          <dt>
            <Trans>Plan</Trans>
          </dt>
          <dd>{policy.planName || <Trans>Extended warranty</Trans>}</dd>
        </div>
        <div>
          <dt>
            <Trans>Cover</Trans>
          </dt>
          <dd>
            <Trans>
              From <time dateTime={new Date(policy.startsAt).toISOString()}>{starts}</time> to <time dateTime={new Date(policy.endsAt).toISOString()}>{ends}</time>
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Price paid</Trans>
          </dt>
          <dd>{price}</dd>
        </div>
        <div>
          <dt>
            <Trans>Product bought in order</Trans>
          </dt>
          <dd>
            <a href={orderLink(articleOrder)}>{articleOrder}</a>
          </dd>
        </div>
      </dl>
      {policy.renewsPolicyId !== null ? (
        <p className="policy__note">
          <Trans>This policy renews an earlier one.</Trans>
        </p>
      ) : null}
      {policy.renewedById !== null ? (
        <p className="policy__note">
          <Trans>Renewed: the next policy starts when this one ends.</Trans>
        </p>
      ) : null}
      <ul className="policy__documents">
        {invoice ? (
          <li>
            <a href={`${link('accountInvoiceDownload', { orderId: order, invoiceType: invoice.docType })}?id=${invoice.id}`} download>
              <Trans>Invoice {code} (PDF)</Trans>
            </a>
          </li>
        ) : null}
        <li>
          <a href={orderLink(order)}>
            <Trans>Order {order} and its documents</Trans>
          </a>
        </li>
      </ul>
      {action}
    </article>
  );
}

export default function AccountInsurancesPage({ data }: { data: AccountInsurancesData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const renewable = data.renewable;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Insurance</Trans>}>
      <nav className="insurance-links" aria-label={t`Insurance`}>
        <a className="button button--secondary" href={link('accountInsuranceRenewals')}>
          {renewable > 0 ? <Trans>Renewals ({renewable})</Trans> : <Trans>Renewals</Trans>}
        </a>
        {data.business ? null : (
          <a className="button button--secondary" href={link('accountNewPolicy')}>
            <Trans>Insure a product you bought</Trans>
          </a>
        )}
      </nav>
      {data.business ? (
        <p className="alert alert--info">
          <Trans>Extended insurance is not available for business customers.</Trans>
        </p>
      ) : null}
      {data.total === 0 ? (
        <p className="insurance-empty">
          <Trans>You have no insurance policies yet. When you buy a product with an extended warranty, its policy appears here once the order is paid.</Trans>
        </p>
      ) : (
        <>
          <div className="account-cards">
            {data.policies.map((policy) => (
              <PolicyCard
                key={policy.id}
                policy={policy}
                action={
                  policy.renewable && policy.renewalPrice !== null ? (
                    <Island name="insurance-renew" component={InsuranceRenew} props={{ policyId: policy.id, articleName: policy.articleName, price: formatMoney(policy.renewalPrice, language), basketPath: link('cartBasket'), lang: language }} />
                  ) : null
                }
              />
            ))}
          </div>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={link('accountInsurances')} />
        </>
      )}
    </AccountFrame>
  );
}
