/**
 * Island: "Give this order to another account" — the owner enters the other account's e-mail;
 * that account receives a link to take the order. Drop it on an order's screen with the order
 * number: <Island name="reassign-order" component={ReassignOrder} props={{ orderNumber }} />.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { Field, FormAlert, useApiForm } from '../components/forms';
import { REASSIGNMENT_TTL_MS } from '../../worker/non-holder/rules';

const VALID_DAYS = REASSIGNMENT_TTL_MS / 86_400_000;

export interface ReassignOrderProps {
  orderNumber: string;
}

export default function ReassignOrder({ orderNumber }: ReassignOrderProps) {
  const { t } = useLingui();
  const days = VALID_DAYS;
  const form = useApiForm();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSentTo(null);
    const sent = await form.run(async () => {
      try {
        return await unwrap(api.user.orders[':id'].reassign.$post({ param: { id: encodeURIComponent(orderNumber) }, json: { email: email.trim() } }));
      } catch (error) {
        // 1301 speaks of the caller's own account elsewhere; here it is the address typed.
        if (error instanceof ApiError && error.code === 1301) throw new ApiError(error.status, error.code, t`No Ampora account uses this e-mail address. Ask the person to sign up first.`);
        throw error;
      }
    });
    if (sent) setSentTo(sent.email);
  }
  return (
    <form className="reassign-order" onSubmit={submit} noValidate data-reassign-order={orderNumber}>
      <h2>
        <Trans>Give this order to another account</Trans>
      </h2>
      <p>
        <Trans>The other account receives an e-mail with a link. Once they confirm, the order, its invoices, returns and after-sales cases move to their account.</Trans>
      </p>
      <FormAlert message={form.error} />
      <Field id={`reassign-email-${orderNumber}`} name="email" label={t`E-mail address of the other account`} type="email" autoComplete="off" value={email} onChange={setEmail} required error={form.fieldErrors.email} />
      <div role="status">
        {sentTo ? (
          <p className="alert alert--ok">
            <Trans>We have sent the link to {sentTo}. It works for {days} days.</Trans>
          </p>
        ) : null}
      </div>
      <button className="button button--secondary" type="submit" disabled={form.busy}>
        <Trans>Send the link</Trans>
      </button>
    </form>
  );
}
