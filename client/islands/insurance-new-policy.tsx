/**
 * Island: choosing a plan for an article bought earlier. Puts the new policy in the basket (a
 * line of the insurance alone) and takes the customer to the basket to pay it; the policy starts
 * once the order is paid.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, PageFormFields, useApiForm } from '../components/forms';

export interface InsuranceNewPolicyProps {
  orderNumber: string;
  articleId: number;
  articleName: string;
  /** The plans the article may have, shortest first, with their prices formatted in the page's language. */
  plans: { id: number; name: string; text: string; price: string }[];
  basketPath: string;
  /** The page's language, for the answer of the form sent without script. */
  lang: string;
}

export default function InsuranceNewPolicy({ orderNumber, articleId, articleName, plans, basketPath, lang }: InsuranceNewPolicyProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [insuranceId, setInsuranceId] = useState(plans[0]?.id ?? 0);
  const group = `plan-${orderNumber}-${articleId}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const added = await form.run(() => unwrap(api.user.insurances['new-policy'].$post({ json: { orderNumber, articleId, insuranceId } })));
    if (added) window.location.assign(basketPath);
  }
  return (
    // Without script the form posts itself and the answer is a 303 to the basket (or back with the error).
    <form className="insurance-action" method="post" action="/api/user/insurances/new-policy" onSubmit={submit} noValidate data-new-policy={`${orderNumber}:${articleId}`}>
      <FormAlert message={form.error} />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      <input type="hidden" name="articleId" value={articleId} />
      <PageFormFields language={lang} />
      <fieldset className="insurance-plans">
        <legend>{t`Choose a plan for ${articleName}`}</legend>
        {plans.map((plan) => (
          <div className="insurance-plan" key={plan.id}>
            <input id={`${group}-${plan.id}`} type="radio" name="insuranceId" value={plan.id} checked={insuranceId === plan.id} onChange={() => setInsuranceId(plan.id)} aria-describedby={`${group}-${plan.id}-text`} />
            <label htmlFor={`${group}-${plan.id}`}>
              <strong>{plan.name}</strong> · {plan.price}
            </label>
            <p id={`${group}-${plan.id}-text`} className="insurance-plan__text">
              {plan.text}
            </p>
          </div>
        ))}
      </fieldset>
      <button className="button button--primary" type="submit" disabled={form.busy}>
        <Trans>
          Add to basket<span className="visually-hidden"> the insurance of {articleName}</span>
        </Trans>
      </button>
    </form>
  );
}
