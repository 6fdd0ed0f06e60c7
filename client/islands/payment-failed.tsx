/**
 * Island: why a card payment failed (/cart/ko?orderId=N, spec §8 card failure reasons: cancelled
 * by the shopper, authentication required, funds exceeded; the general reason is not detailed)
 * and what the shopper can do: pay the order with another card now, or keep it and pay later
 * from its pay-later link.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, unwrap, type ApiData } from '../api';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import { FAILURE_REASON_MESSAGES, isFailureReason } from '../payments/messages';

export interface PaymentFailedProps {
  orderNumber: string;
}

type PaymentError = ApiData<typeof api.orders.payment.error[':id']['$get']>;
type PayLaterLink = ApiData<typeof api.orders.payment.link.create[':id']['$post']>;

export default function PaymentFailed({ orderNumber }: PaymentFailedProps) {
  const { t, i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const [info, setInfo] = useState<PaymentError | null>(null);
  const [later, setLater] = useState<PayLaterLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const laterRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    unwrap(api.orders.payment.error[':id'].$get({ param: { id: encodeURIComponent(orderNumber) }, query: {} }))
      .then(setInfo)
      .catch(() => setInfo(null));
  }, [orderNumber]);

  async function payLater() {
    setBusy(true);
    setError(null);
    try {
      const created = await unwrap(api.orders.payment.link.create[':id'].$post({ param: { id: encodeURIComponent(orderNumber) } }));
      setLater(created);
      queueMicrotask(() => laterRef.current?.focus());
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
    setBusy(false);
  }

  const reason = info && isFailureReason(info.reason) ? info.reason : 'general';
  return (
    <div className="payment-failed" data-reason={info ? reason : undefined}>
      <p className="payment-failed__reason" aria-live="polite">
        {info ? i18n._(FAILURE_REASON_MESSAGES[reason]) : null}
      </p>
      <p>
        <Trans>Nothing has been charged. Your order {orderNumber} is kept, waiting for payment.</Trans>
      </p>
      <p>
        <a className="button button--buy" href={`${link('gatewayFormType')}?orderId=${encodeURIComponent(orderNumber)}`}>
          <Trans>Try again with another card</Trans>
        </a>
      </p>
      {info === null || info.canPayLater ? (
        later ? (
          <p ref={laterRef} tabIndex={-1} role="status">
            <Trans>
              Your order is kept until {formatDate(new Date(later.expiresAt), language, { dateStyle: 'long' })}. Pay it whenever you like from this link: <a href={later.path}>{later.url}</a>
            </Trans>
          </p>
        ) : (
          <p>
            <button className="button" type="button" onClick={() => void payLater()} disabled={busy}>
              <Trans>Pay later</Trans>
            </button>
          </p>
        )
      ) : null}
      <div className="form-alert" role="alert">
        {error ? <p>{error}</p> : null}
      </div>
    </div>
  );
}
