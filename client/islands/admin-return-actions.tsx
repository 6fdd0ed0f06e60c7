/** Island: a return's staff events, one button each; refunding sends the money (transitionReturn → refundOrder). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StaffReturnEvent } from '../../worker/admin/events';
import { RETURN_EVENT_LABELS } from '../pages/admin-labels';
import { api, unwrap } from '../api';
import { postAndReload } from './admin-post';

export interface AdminReturnActionsProps {
  returnId: number;
  allowedEvents: StaffReturnEvent[];
}

export default function AdminReturnActions({ returnId, allowedEvents }: AdminReturnActionsProps) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState(false);
  async function run(event: StaffReturnEvent) {
    setBusy(true);
    if (!(await postAndReload(() => unwrap(api.admin.returns[':id'].events.$post({ param: { id: String(returnId) }, json: { event } })), t`Done. The return is updated.`, t`The return could not be updated. Please try again.`))) setBusy(false);
  }
  if (allowedEvents.length === 0) {
    return (
      <p>
        <Trans>Nothing to do on this return now.</Trans>
      </p>
    );
  }
  return (
    <div className="admin-actions">
      {allowedEvents.map((event) => (
        <button key={event} type="button" className={event === 'reject' ? 'button button--secondary' : 'button'} disabled={busy} data-event={event} onClick={() => void run(event)}>
          {i18n._(RETURN_EVENT_LABELS[event])}
        </button>
      ))}
    </div>
  );
}
