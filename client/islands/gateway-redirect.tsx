/**
 * Island: paying an order at a provider's own page (PayPal, the card redirect and Bizum through
 * Redsys, open banking, financing, Oney): the amount, the provider, and the button that starts the
 * payment and takes the shopper there. Coming straight from placing the order (`autoStart`), it
 * starts at once; back from the provider without paying, the button starts again (the same attempt
 * while it is still open).
 */
import { Trans } from '@lingui/react/macro';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { useGatewayStart } from '../payments/use-gateway-start';

export interface GatewayRedirectProps {
  orderNumber: string;
  amount: number;
  /** The provider's name as the shopper knows it (PayPal, Bizum, your bank…). */
  providerName: string;
  hash: string | null;
  autoStart: boolean;
}

export default function GatewayRedirect(props: GatewayRedirectProps) {
  const { language } = useStore();
  const { busy, error, errorRef, start } = useGatewayStart(props.orderNumber, props.hash, props.autoStart);

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
