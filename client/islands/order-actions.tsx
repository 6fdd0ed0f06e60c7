/**
 * Island: an order's actions that change it (docs/after-sales.md "Orders"): cancel (asked first
 * in a modal dialog: focus on "Keep the order", Escape keeps it, focus back on the button),
 * change (the basket becomes the order; placing it replaces the order) and "Pay now" through the
 * order's pay-later link. The outcome or the refusal is announced; after a cancellation the
 * cancelled orders screen opens and says which order was cancelled.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { api, ApiError, unwrap } from '../api';

export interface OrderActionsProps {
  orderNumber: string;
  cancel: boolean;
  change: boolean;
  /** 'create' when the order awaits payment and has no valid link yet (an existing link is a plain link, outside the island). */
  payNow: boolean;
  /** Where to go after a cancellation (the cancelled orders, `?cancelled=NUMBER`) and after starting a change (the basket). */
  cancelledPath: string;
  basketPath: string;
}

export default function OrderActions(props: OrderActionsProps) {
  const { t } = useLingui();
  const number = props.orderNumber;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  function fail(failure: unknown, fallback: string) {
    setBusy(false);
    setStatus('');
    setError(failure instanceof ApiError && failure.message ? failure.message : fallback);
    queueMicrotask(() => errorRef.current?.focus());
  }

  function askCancel() {
    setError(null);
    dialog.current?.showModal();
  }

  async function confirmCancel() {
    if (busy) return;
    setBusy(true);
    setStatus(t`Cancelling order ${number}…`);
    try {
      await unwrap(api.user.orders[':id'].cancel.$post({ param: { id: encodeURIComponent(number) } }));
      dialog.current?.close();
      window.location.assign(`${props.cancelledPath}?cancelled=${encodeURIComponent(number)}`);
    } catch (failure) {
      dialog.current?.close();
      fail(failure, t`The order could not be cancelled. Please try again.`);
    }
  }

  async function change() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus(t`Opening order ${number} in your basket…`);
    try {
      await unwrap(api.user.orders[':id'].modify.$post({ param: { id: encodeURIComponent(number) } }));
      window.location.assign(props.basketPath);
    } catch (failure) {
      fail(failure, t`The order could not be opened for changes. Please try again.`);
    }
  }

  async function payNow() {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus(t`Opening the payment page…`);
    try {
      const link = await unwrap(api.orders.payment.link.create[':id'].$post({ param: { id: encodeURIComponent(number) } }));
      window.location.assign(link.path);
    } catch (failure) {
      fail(failure, t`The payment page could not be opened. Please try again.`);
    }
  }

  return (
    <div className="order-actions">
      {props.payNow ? (
        <button type="button" className="button button--primary button--small" onClick={payNow} disabled={busy}>
          <Trans>Pay now</Trans>
        </button>
      ) : null}
      {props.change ? (
        <button type="button" className="button button--secondary button--small" onClick={change} disabled={busy} aria-describedby={`change-help-${number}`}>
          <Trans>Change order</Trans>
        </button>
      ) : null}
      {props.cancel ? (
        <button type="button" ref={opener} className="button button--ghost button--small" onClick={askCancel} disabled={busy}>
          <Trans>Cancel order</Trans>
        </button>
      ) : null}
      {props.change ? (
        <p id={`change-help-${number}`} className="order-actions__help">
          <Trans>Your basket is replaced by this order's items for 30 minutes; placing it replaces the order.</Trans>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error ? (
        <p className="alert alert--bad" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      ) : null}
      {props.cancel ? (
        <dialog ref={dialog} className="modal" aria-labelledby={`cancel-title-${number}`} onClose={() => opener.current?.focus()}>
          <h2 id={`cancel-title-${number}`} className="modal__title">
            <Trans>Cancel order {number}?</Trans>
          </h2>
          <p>
            <Trans>The order will not be sent. Anything you paid is refunded the way you paid it.</Trans>
          </p>
          <div className="modal__actions">
            {/* First in the dialog: the safe choice has the focus when it opens. */}
            <button type="button" className="button button--secondary" autoFocus onClick={() => dialog.current?.close()}>
              <Trans>Keep the order</Trans>
            </button>
            <button type="button" className="button button--danger" onClick={confirmCancel} disabled={busy}>
              <Trans>Yes, cancel the order</Trans>
            </button>
          </div>
        </dialog>
      ) : null}
    </div>
  );
}
