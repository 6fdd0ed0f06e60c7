/**
 * Island: the order page's staff actions — one button per event the order allows now, a
 * tracking-number field with the ship button, and cancelling (with refund) behind a disclosure
 * so it is never one slip away.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { StaffOrderEvent } from '../../worker/admin/events';
import { ORDER_EVENT_LABELS } from '../pages/admin-labels';
import { api, unwrap } from '../api';
import { postAndReload } from './admin-post';

export interface AdminOrderActionsProps {
  orderNumber: string;
  allowedEvents: StaffOrderEvent[];
  cancellable: boolean;
}

export default function AdminOrderActions({ orderNumber, allowedEvents, cancellable }: AdminOrderActionsProps) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [tracking, setTracking] = useState('');
  const order = api.admin.orders[':orderNumber'];
  const param = { orderNumber: encodeURIComponent(orderNumber) };
  async function run(send: () => Promise<unknown>) {
    setBusy(true);
    if (!(await postAndReload(send, t`Done. The order is updated.`, t`The order could not be updated. Please try again.`))) setBusy(false);
  }
  function ship(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => unwrap(order.events.$post({ param, json: { event: 'ship', trackingNumber: tracking.trim() } })));
  }
  if (allowedEvents.length === 0 && !cancellable) {
    return (
      <p>
        <Trans>Nothing to do on this order now.</Trans>
      </p>
    );
  }
  return (
    <div className="admin-actions">
      {allowedEvents.map((event) =>
        event === 'ship' ? (
          <form key={event} className="admin-actions__ship" onSubmit={ship}>
            <p className="field">
              <label htmlFor="admin-tracking">
                <Trans>Tracking number</Trans>
              </label>
              <input id="admin-tracking" name="trackingNumber" required minLength={4} maxLength={40} pattern="[A-Za-z0-9-]+" autoComplete="off" value={tracking} onChange={(e) => setTracking(e.target.value)} />
            </p>
            <button type="submit" className="button" disabled={busy} data-event={event}>
              {i18n._(ORDER_EVENT_LABELS.ship)}
            </button>
          </form>
        ) : (
          <button key={event} type="button" className="button" disabled={busy} data-event={event} onClick={() => void run(() => unwrap(order.events.$post({ param, json: { event } })))}>
            {i18n._(ORDER_EVENT_LABELS[event])}
          </button>
        ),
      )}
      {cancellable ? (
        <details className="admin-actions__cancel">
          <summary>
            <Trans>Cancel the order</Trans>
          </summary>
          <p>
            <Trans>The customer gets back everything paid: to the card, the store balance or the gift card it came from.</Trans>
          </p>
          <button type="button" className="button button--secondary" disabled={busy} data-event="cancel" onClick={() => void run(() => unwrap(order.cancel.$post({ param })))}>
            <Trans>Cancel and refund</Trans>
          </button>
        </details>
      ) : null}
    </div>
  );
}
