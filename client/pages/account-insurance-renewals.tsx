/**
 * The renewals screen of the account's insurance area: the policies that can be renewed now
 * (from 60 days before their end to 30 days after, once), each with its renewal price and a
 * button that puts the renewal in the basket, then those whose renewal opens soon.
 */
import { Trans } from '@lingui/react/macro';
import type { PolicyView } from '../../worker/insurances/account';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import InsuranceRenew from '../islands/insurance-renew';
import { AccountFrame, type AccountFrameData } from './account';
import { InsuranceScreenIntro, PolicyCard, useShortDate } from './account-insurances';

export interface AccountInsuranceRenewalsData {
  frame: AccountFrameData;
  /** Why the last request sent without script was refused (the catalogue's message), or null. */
  error: string | null;
  /** Renewable now, the soonest end first. */
  renewable: PolicyView[];
  /** Active policies whose renewal opens within the next 60 days. */
  upcoming: PolicyView[];
  renewBeforeDays: number;
  renewAfterDays: number;
  business: boolean;
}

export default function AccountInsuranceRenewalsPage({ data }: { data: AccountInsuranceRenewalsData }) {
  const { language } = useStore();
  const link = useHref();
  const date = useShortDate();
  const before = data.renewBeforeDays;
  const after = data.renewAfterDays;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Insurance renewals</Trans>}>
      <InsuranceScreenIntro error={data.error}>
        <Trans>
          A policy can be renewed once for another term of the same plan, from {before} days before it ends until {after} days after. The renewal starts when the current policy ends, at the plan’s price of the day.
        </Trans>
      </InsuranceScreenIntro>
      {data.business ? (
        <p className="alert alert--info">
          <Trans>Extended insurance is not available for business customers.</Trans>
        </p>
      ) : null}
      <section aria-labelledby="renew-now">
        <h2 id="renew-now">
          <Trans>Ready to renew</Trans>
        </h2>
        {data.renewable.length === 0 ? (
          <p className="insurance-empty">
            <Trans>No policy can be renewed right now.</Trans>
          </p>
        ) : (
          <div className="account-cards">
            {data.renewable.map((policy) => (
              <PolicyCard
                key={policy.id}
                policy={policy}
                action={<Island name="insurance-renew" component={InsuranceRenew} props={{ policyId: policy.id, articleName: policy.articleName, price: formatMoney(policy.renewalPrice ?? 0, language), basketPath: link('cartBasket'), lang: language }} />}
              />
            ))}
          </div>
        )}
      </section>
      {data.upcoming.length > 0 ? (
        <section aria-labelledby="renew-soon">
          <h2 id="renew-soon">
            <Trans>Renewal opens soon</Trans>
          </h2>
          <ul className="insurance-upcoming">
            {data.upcoming.map((policy) => {
              const name = policy.articleName;
              const ends = date(policy.endsAt);
              return (
                <li key={policy.id} data-policy-id={policy.id}>
                  <Trans>
                    {name}: the policy ends on {ends}.
                  </Trans>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </AccountFrame>
  );
}
