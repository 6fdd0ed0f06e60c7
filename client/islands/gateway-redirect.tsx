/**
 * Island: paying an order at a provider's own page (PayPal, the card redirect and Bizum through
 * Redsys, open banking, financing, Oney): the amount, the provider, and the button that starts the
 * payment and takes the shopper there. Coming straight from placing the order (`autoStart`), it
 * starts at once; back from the provider without paying, the button starts again (the same attempt
 * while it is still open).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { followAnswer, startGatewayPayment } from '../payments/gateway-actions';

export interface GatewayRedirectProps {
  orderNumber: string;
  amount: number;
  /** The provider's name as the shopper knows it (PayPal, Bizum, your bank…). */
  providerName: string;
  hash: string | null;
  autoStart: boolean;
}

export default function GatewayRedirect(props: GatewayRedirectProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const started = useRef(false);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const answer = await startGatewayPayment(props.orderNumber, props.hash);
      if (followAnswer(answer)) return;
      setError(t`We could not open the payment page. Please try again.`);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`We could not open the payment page. Please try again.`);
    }
    setBusy(false);
    queueMicrotask(() => errorRef.current?.focus());
  }

  useEffect(() => {
    if (!props.autoStart || started.current) return;
    started.current = true;
    void start();
    // Once, on load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const amount = formatMoney(props.amount, language);
  const { providerName } = props;
  return (
    <div className="gateway-payment">
      <p>
        <Trans>You will pay {amount} securely on the {providerName} page, then come back here.</Trans>
      </p>
      <button type="button" className="button button--buy button--primary" onClick={() => void start()} disabled={busy} aria-busy={busy} data-gateway-start>
        {busy ? <Trans>Opening the payment page…</Trans> : <Trans>Continue to {providerName}</Trans>}
      </button>
      <p role="alert" ref={errorRef} tabIndex={-1} className="form-alert">
        {error}
      </p>
    </div>
  );
}
