/**
 * Island: the payment of orders just paid by card on /cart/ok (spec §2). The provider may confirm
 * a payment after the shopper arrives (Pending, Received, a webhook still on its way): while the
 * order awaits its payment the page says it is being confirmed and asks again every 2 seconds,
 * for a minute at most, then says what happened.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../api';
import { useHref } from '../components/store-context';

export interface PaymentStatusProps {
  orderNumber: string;
  /** The order's state when the page was rendered. */
  state: string;
}


type Shown = 'confirming' | 'paid' | 'failed' | 'unknown';

const POLL_MS = 2_000;
const POLLS = 30;
const FAILED_PAYMENT = new Set(['refused', 'cancelled', 'expired']);

export function paymentShown(order: { state: string; paymentState?: string | null }): Shown {
  if (order.state === 'cancelled' || FAILED_PAYMENT.has(order.paymentState ?? '')) return 'failed';
  if (order.state === 'awaiting_payment') return 'confirming';
  return 'paid';
}

export default function PaymentStatus(props: PaymentStatusProps) {
  const link = useHref();
  const [shown, setShown] = useState<Shown>(paymentShown(props));

  useEffect(() => {
    if (shown !== 'confirming') return;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      polls += 1;
      unwrap(api.user.orders[':id'].minimal.$get({ param: { id: encodeURIComponent(props.orderNumber) } }))
        .then((order) => {
          const next = paymentShown(order);
          if (next !== 'confirming') setShown(next);
          else if (polls < POLLS) timer = setTimeout(ask, POLL_MS);
          else setShown('unknown');
        })
        .catch(() => (polls < POLLS ? (timer = setTimeout(ask, POLL_MS)) : setShown('unknown')));
    };
    timer = setTimeout(ask, POLL_MS);
    return () => clearTimeout(timer);
  }, [shown, props.orderNumber]);

  return (
    <p className="payment-status" role="status" aria-live="polite" data-payment={shown}>
      {shown === 'paid' ? <Trans>Your payment has been received.</Trans> : null}
      {shown === 'confirming' ? <Trans>We are confirming your payment with your bank. This page updates by itself.</Trans> : null}
      {shown === 'failed' ? (
        <>
          <Trans>The payment was not completed.</Trans>{' '}
          <a href={`${link('cartKo')}?orderId=${encodeURIComponent(props.orderNumber)}`}>
            <Trans>See why and pay again</Trans>
          </a>
        </>
      ) : null}
      {shown === 'unknown' ? (
        <>
          <Trans>The payment is still being confirmed. You can follow it in your orders.</Trans>{' '}
          <a href={link('accountMyOrdersAndInvoices')}>
            <Trans>See my orders</Trans>
          </a>
        </>
      ) : null}
    </p>
  );
}
