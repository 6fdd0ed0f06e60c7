/**
 * Island: the card form on its own page (/cart/payment/form-type/gw?orderId=N, the spec §3 form
 * loading mode, and "try again with another card" from /cart/ko): pays an order already placed.
 */
import { useLingui } from '@lingui/react/macro';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { AdyenCardForm } from '../payments/adyen-card';
import { cancelOrderPayment, orderConfigUrl, orderDetails, payOrder } from '../payments/order-payment';

export interface CardPaymentProps {
  orderNumber: string;
  /** What the payment charges (every order of the checkout), in cents. */
  amount: number;
  hash: string | null;
}

export default function CardPayment(props: CardPaymentProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const hash = props.hash ?? undefined;
  return (
    <AdyenCardForm
      configUrl={orderConfigUrl(props.orderNumber, hash)}
      showStoreDetails={!hash}
      submitLabel={t`Pay ${formatMoney(props.amount, language)}`}
      pay={payOrder(props.orderNumber, hash)}
      details={orderDetails(props.orderNumber, hash)}
      onDone={(answer) => window.location.assign(answer.next)}
      cancel={cancelOrderPayment(props.orderNumber, hash)}
    />
  );
}
