/**
 * Island: the pages the shopper's browser comes back to from the provider (spec §2): the 3-D
 * Secure return (/cart/order/securePayment, `redirectResult` → authorise3d) and the wallet return
 * (/cart/{orderNumber}/payment/walletPay/gw, `redirectResult` → the wallet call), and every other
 * gateway's return (/cart/order/securePayment?provider=…, its query → the gateway return call). It
 * sends the result once, on load, and goes where the answer says.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, unwrap } from '../api';
import { useHref } from '../components/store-context';

export interface PaymentReturnProps {
  kind: 'secure' | 'wallet' | 'gateway';
  orderNumber: string;
  /** Adyen's result (secure, wallet); empty for another gateway. */
  redirectResult: string;
  /** Another gateway's return: its provider and the query it sent the shopper back with. */
  provider?: string;
  params?: Record<string, string>;
  /** The pay-later link's hash, when the payment was made from /order/paynow/{hash}. */
  hash: string | null;
}

export default function PaymentReturn(props: PaymentReturnProps) {
  const { t } = useLingui();
  const link = useHref();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const withHash = props.hash ? { hash: props.hash } : {};
    const call =
      props.kind === 'gateway'
        ? unwrap(api.orders.payment.gateway.return.$post({ json: { orderId: props.orderNumber, provider: props.provider ?? '', params: props.params ?? {}, ...withHash } }))
        : props.kind === 'secure'
          ? unwrap(api.orders.payment.adyen.authorise3d.$post({ json: { orderId: props.orderNumber, details: { redirectResult: props.redirectResult }, ...withHash } }))
          : unwrap(api.orders.payment.adyen.wallet.$post({ json: { orderNumber: props.orderNumber, redirectResult: props.redirectResult } }));
    call
      // replace: going back must not send the same result again.
      .then((answer) => window.location.replace(answer.next))
      .catch((failure: unknown) => {
        setError(
          failure instanceof ApiError && failure.code === 31008
            ? t`A payment for this order is already in progress. Wait a moment and check your orders before trying again.`
            : failure instanceof ApiError && failure.message
              ? failure.message
              : t`We could not confirm the payment. Check your orders before paying again.`,
        );
      });
  }, [props, t]);

  return (
    <>
      <p role="status" aria-live="polite">
        {error ? null : <Trans>Confirming your payment with your bank… Do not close this page.</Trans>}
      </p>
      <div className="form-alert" role="alert">
        {error ? (
          <>
            <p>{error}</p>
            <p>
              <a href={link('accountMyOrdersAndInvoices')}>
                <Trans>See my orders</Trans>
              </a>
            </p>
          </>
        ) : null}
      </div>
    </>
  );
}
