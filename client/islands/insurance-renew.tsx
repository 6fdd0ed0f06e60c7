/**
 * Island: "Renew" on a policy that can be renewed. Puts the renewal in the basket (a line of the
 * insurance alone, at the plan's price of the day) and takes the customer to the basket to pay it.
 */
import { Trans } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, PageFormFields, useApiForm } from '../components/forms';

export interface InsuranceRenewProps {
  policyId: number;
  articleName: string;
  /** The renewal's price, formatted in the page's language. */
  price: string;
  basketPath: string;
  /** The page's language, for the answer of the form sent without script. */
  lang: string;
}

export default function InsuranceRenew({ policyId, articleName, price, basketPath, lang }: InsuranceRenewProps) {
  const form = useApiForm();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const added = await form.run(() => unwrap(api.user.insurances[':id'].renew.$post({ param: { id: String(policyId) } })));
    if (added) window.location.assign(basketPath);
  }
  return (
    // Without script the form posts itself and the answer is a 303 to the basket (or back with the error).
    <form className="insurance-action" method="post" action={`/api/user/insurances/${policyId}/renew`} onSubmit={submit} noValidate data-renew-policy={policyId}>
      <FormAlert message={form.error} />
      <PageFormFields language={lang} />
      <button className="button button--primary" type="submit" disabled={form.busy}>
        <Trans>
          Renew for {price}
          <span className="visually-hidden"> the insurance of {articleName}</span>
        </Trans>
      </button>
    </form>
  );
}
