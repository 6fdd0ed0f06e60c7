/**
 * Island: paying an order with financing (/cart/payment/financing/gw for financiacion12 and pay per
 * use, /cart/payment/lendismart/gw). Where the product offers several terms the shopper chooses one
 * here first, so nothing starts on load; financiacion12 (twelve interest-free months) has nothing
 * to choose and starts at once when coming from the order. "Continue" opens the application on the
 * lender's page (docs/payments-financing.md); the lender shows the instalment and the cost of the
 * credit before the shopper signs.
 */
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { useGatewayStart } from '../payments/use-gateway-start';
import { FINANCING_PRODUCTS, isFinancingMethod } from '../../worker/payments/financing/products';

export interface GatewayFinancingProps {
  orderNumber: string;
  amount: number;
  method: string;
  /** The lender as the shopper knows it. */
  providerName: string;
  hash: string | null;
  autoStart: boolean;
}

export default function GatewayFinancing(props: GatewayFinancingProps) {
  const { language } = useStore();
  const info = isFinancingMethod(props.method) ? FINANCING_PRODUCTS[props.method] : undefined;
  const terms = info?.terms ?? [];
  const chooses = terms.length > 1;
  const [term, setTerm] = useState<number>(info?.defaultTerm ?? 12);
  // A term to choose first: never on load.
  const { busy, error, errorRef, start } = useGatewayStart(props.orderNumber, props.hash, props.autoStart && !chooses);
  const noteId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void start(chooses ? { termMonths: term } : {});
  }

  const amount = formatMoney(props.amount, language);
  const { providerName } = props;
  const months = info?.defaultTerm ?? 12;
  const instalment = formatMoney(Math.ceil(props.amount / months), language);
  return (
    <form className="gateway-payment gateway-financing" onSubmit={submit}>
      {chooses ? (
        <>
          <p>
            <Trans>Finance {amount} with {providerName}: choose the number of months, then fill in the application on their page.</Trans>
          </p>
          <fieldset aria-describedby={`${noteId}-note`}>
            <legend>
              <Trans>Number of monthly instalments</Trans>
            </legend>
            {terms.map((option) => (
              <label key={option} className="choice">
                <input type="radio" name="termMonths" value={option} checked={term === option} onChange={() => setTerm(option)} disabled={busy} />{' '}
                <Trans>{option} months</Trans>
              </label>
            ))}
          </fieldset>
          <p id={`${noteId}-note`} className="gateway-financing__note">
            <Trans>The lender shows the monthly instalment and the total cost of the credit before you sign. The order is confirmed when the application is approved.</Trans>
          </p>
        </>
      ) : (
        <p>
          <Trans>
            Pay {amount} in {months} interest-free monthly instalments of about {instalment}. Fill in the application on the {providerName} page; the order is confirmed when it is approved.
          </Trans>
        </p>
      )}
      <button type="submit" className="button button--buy button--primary" disabled={busy} aria-busy={busy} data-gateway-start>
        {busy ? <Trans>Opening the payment page…</Trans> : <Trans>Continue to {providerName}</Trans>}
      </button>
      <p role="alert" ref={errorRef} tabIndex={-1} className="form-alert">
        {error}
      </p>
    </form>
  );
}
