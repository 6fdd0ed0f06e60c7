/**
 * A new insurance policy for a product bought earlier (/insurances/new-policy): the products the
 * customer bought from Ampora in the last 30 days that have no policy yet, each with the plans it
 * may have and their prices. Choosing one puts the insurance in the basket; the policy starts
 * once that order is paid.
 */
import { Trans } from '@lingui/react/macro';
import type { EligiblePurchase } from '../../worker/insurances/account';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import InsuranceNewPolicy from '../islands/insurance-new-policy';
import { AccountFrame, type AccountFrameData } from './account';
import { InsuranceScreenIntro, useShortDate } from './account-insurances';

export interface AccountNewPolicyData {
  frame: AccountFrameData;
  /** Why the last request sent without script was refused (the catalogue's message), or null. */
  error: string | null;
  purchases: EligiblePurchase[];
  business: boolean;
}

export default function AccountNewPolicyPage({ data }: { data: AccountNewPolicyData }) {
  const { language } = useStore();
  const link = useHref();
  const date = useShortDate();
  return (
    <AccountFrame frame={data.frame} title={<Trans>New insurance policy</Trans>}>
      <InsuranceScreenIntro error={data.error}>
        <Trans>You can add an extended warranty to a product sold by Ampora within 30 days of paying for it. The policy starts when you pay for the insurance.</Trans>
      </InsuranceScreenIntro>
      {data.business ? (
        <p className="alert alert--info">
          <Trans>Extended insurance is not available for business customers.</Trans>
        </p>
      ) : data.purchases.length === 0 ? (
        <p className="insurance-empty">
          <Trans>None of your recent purchases can get a new policy. Products sold by Ampora can be insured within 30 days of payment, if they have no policy yet.</Trans>
        </p>
      ) : (
        <div className="account-cards">
          {data.purchases.map((purchase) => {
            const order = purchase.orderNumber;
            const paid = date(purchase.paidAt);
            // The deadline is exclusive: the last day shown is the day before.
            const until = date(purchase.deadline - 1);
            return (
              <article key={`${order}:${purchase.articleId}`} className="account-card insurance-purchase" aria-labelledby={`purchase-${order}-${purchase.articleId}`}>
                <h2 id={`purchase-${order}-${purchase.articleId}`}>{purchase.articleName}</h2>
                <p>
                  <Trans>
                    Bought in order <a href={`${link('accountOrderDetail')}?order=${encodeURIComponent(order)}`}>{order}</a>, paid on {paid}. You can insure it until {until}.
                  </Trans>
                </p>
                <Island
                  name="insurance-new-policy"
                  component={InsuranceNewPolicy}
                  props={{ orderNumber: order, articleId: purchase.articleId, articleName: purchase.articleName, plans: purchase.plans.map((p) => ({ id: p.id, name: p.name, text: p.text, price: formatMoney(p.price, language) })), basketPath: link('cartBasket'), lang: language }}
                />
              </article>
            );
          })}
        </div>
      )}
    </AccountFrame>
  );
}
