/**
 * Island: "pay now by card" for an order awaiting a bank transfer. It gets the order's pay-later
 * link (the same one while valid; it also pays the other unpaid orders of the checkout) and opens
 * it, where the card form is.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { api, ApiError, unwrap } from '../api';

export interface PayByCardProps {
  orderNumber: string;
}

export default function PayByCard({ orderNumber }: PayByCardProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  async function open() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const link = await unwrap(api.orders.payment.link.create[':id'].$post({ param: { id: encodeURIComponent(orderNumber) } }));
      window.location.assign(link.path);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      queueMicrotask(() => errorRef.current?.focus());
    }
  }

  return (
    <div className="pay-by-card">
      <p>
        <Trans>Would you rather pay by card? You can do it now instead of making the transfer.</Trans>
      </p>
      <button type="button" className="button" onClick={() => void open()} disabled={busy} aria-busy={busy} data-pay-by-card={orderNumber}>
        <Trans>Pay now by card</Trans>
      </button>
      <p role="alert" ref={errorRef} tabIndex={-1} className="form-alert">
        {error}
      </p>
    </div>
  );
}
