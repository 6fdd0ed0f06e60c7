/**
 * Island: the invoice holder's answer to a return asked by someone else — authorise (choosing
 * where the refund goes) or refuse. Either answer is final.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, useApiForm } from '../components/forms';

export interface NonHolderAnswerProps {
  token: string;
  /** The holder's returns screen, where the new return shows. */
  returnsPath: string;
}

export default function NonHolderAnswer({ token, returnsPath }: NonHolderAnswerProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [refundMethod, setRefundMethod] = useState<'original' | 'balance'>('original');
  const [answered, setAnswered] = useState<'authorised' | 'refused' | null>(null);
  async function answer(decision: 'authorise' | 'refuse') {
    const done = await form.run(() => unwrap(api.users.rma['non-holder'].answer.$post({ json: { token, decision, refundMethod } })));
    if (done) setAnswered(done.state);
  }
  if (answered) {
    return (
      <div role="status" data-answered={answered}>
        {answered === 'authorised' ? (
          <p className="alert alert--ok">
            <Trans>
              You authorised the return. It is now one of <a href={returnsPath}>your returns</a>, and the refund will be yours.
            </Trans>
          </p>
        ) : (
          <p className="alert alert--info">
            <Trans>You refused the return. We have told the person who asked.</Trans>
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="non-holder-answer" onSubmit={(event: FormEvent) => (event.preventDefault(), answer('authorise'))} noValidate>
      <FormAlert message={form.error} />
      <fieldset>
        <legend>
          <Trans>If you authorise it, refund to</Trans>
        </legend>
        <label>
          <input type="radio" name="refundMethod" value="original" checked={refundMethod === 'original'} onChange={() => setRefundMethod('original')} /> <Trans>The payment method of the order</Trans>
        </label>
        <label>
          <input type="radio" name="refundMethod" value="balance" checked={refundMethod === 'balance'} onChange={() => setRefundMethod('balance')} /> <Trans>My Ampora balance</Trans>
        </label>
      </fieldset>
      <div className="non-holder-answer__actions">
        <button className="button button--primary" type="submit" disabled={form.busy}>
          <Trans>Authorise the return</Trans>
        </button>
        <button className="button button--secondary" type="button" disabled={form.busy} onClick={() => void answer('refuse')} aria-label={t`Refuse the return`}>
          <Trans>Refuse</Trans>
        </button>
      </div>
    </form>
  );
}
