/**
 * Island: paying an order with a Multibanco reference (/cart/payment/form-type/gw). The button (or
 * the page itself, straight from placing the order) asks SIBS for the reference; the page then
 * shows the entity, reference, amount and expiry to pay at an ATM or in a bank's app, and links to
 * the order, which shows them too until the payment arrives. Asking again gives the same reference.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import type { GatewayPaymentProps } from '../pages/gateway-payment';
import { followAnswer, startGatewayPayment } from '../payments/gateway-actions';
import { MultibancoVoucherDetails, type MultibancoVoucher } from '../payments/multibanco-voucher';
import { voucherOf } from '../../worker/payments/sibs/voucher';

export default function GatewayMultibanco(props: GatewayPaymentProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const [busy, setBusy] = useState(false);
  const [voucher, setVoucher] = useState<MultibancoVoucher | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const shownRef = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  async function generate() {
    setBusy(true);
    setError(null);
    try {
      const answer = await startGatewayPayment(props.orderNumber, props.hash);
      const generated = voucherOf(answer.action);
      if (generated) {
        setVoucher(generated);
        setBusy(false);
        queueMicrotask(() => shownRef.current?.focus());
        return;
      }
      // Paid meanwhile, or refused: the result page says which.
      if (followAnswer(answer)) return;
      setError(t`We could not get a Multibanco reference. Please try again.`);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`We could not get a Multibanco reference. Please try again.`);
    }
    setBusy(false);
    queueMicrotask(() => errorRef.current?.focus());
  }

  useEffect(() => {
    if (!props.autoStart || started.current) return;
    started.current = true;
    void generate();
    // Once, on load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const amount = formatMoney(props.amount, language);
  const orderLink = `${link('accountOrderDetail')}?order=${encodeURIComponent(props.orderNumber)}`;
  return (
    <div className="gateway-payment gateway-multibanco">
      {voucher ? (
        <div ref={shownRef} tabIndex={-1} data-multibanco-ready>
          <MultibancoVoucherDetails voucher={voucher} />
          <p>
            <a href={orderLink}>
              <Trans>See your order</Trans>
            </a>
          </p>
        </div>
      ) : (
        <>
          <p>
            <Trans>You will get a Multibanco reference to pay {amount} at an ATM or in your bank's app.</Trans>
          </p>
          <button type="button" className="button button--buy button--primary" onClick={() => void generate()} disabled={busy} aria-busy={busy} data-gateway-start>
            {busy ? <Trans>Getting your reference…</Trans> : <Trans>Get the Multibanco reference</Trans>}
          </button>
        </>
      )}
      <p role="alert" ref={errorRef} tabIndex={-1} className="form-alert">
        {error}
      </p>
    </div>
  );
}
