/** Island: the recipient of a reassigned order confirms and the order moves to their account. */
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, useApiForm } from '../components/forms';

export interface ReassignAcceptProps {
  reassignKey: string;
}

export default function ReassignAccept({ reassignKey }: ReassignAcceptProps) {
  const form = useApiForm();
  const [done, setDone] = useState<{ orderNumber: string; detail: string } | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const accepted = await form.run(() => unwrap(api.user['order-reassignments'].accept.$post({ json: { key: reassignKey } })));
    if (accepted) setDone(accepted);
  }
  if (done) {
    const number = done.orderNumber;
    return (
      <p className="alert alert--ok" role="status" data-reassigned={number}>
        <Trans>
          The order {number} is now in your account. <a href={done.detail}>See the order</a>
        </Trans>
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={form.error} />
      <button className="button button--primary" type="submit" disabled={form.busy}>
        <Trans>Receive the order in my account</Trans>
      </button>
    </form>
  );
}
