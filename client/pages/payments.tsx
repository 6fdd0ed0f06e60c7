/**
 * The card provider's pages of the checkout (spec §2): the card form on its own page
 * (/cart/payment/form-type/gw) and the pages the browser returns to from 3-D Secure
 * (/cart/order/securePayment) and from a wallet (/cart/{orderNumber}/payment/walletPay/gw).
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref } from '../components/store-context';
import CardPayment, { type CardPaymentProps } from '../islands/card-payment';
import PaymentReturn, { type PaymentReturnProps } from '../islands/payment-return';

export type CardFormPageData = CardPaymentProps;

export function CardFormPage({ data }: { data: CardFormPageData }) {
  return (
    <section className="checkout-page card-payment-page">
      <h1>
        <Trans>Pay order {data.orderNumber}</Trans>
      </h1>
      <noscript>
        <p className="notification notification--warning alert alert--warn">
          <Trans>Paying by card needs JavaScript. Turn it on in your browser and reload the page.</Trans>
        </p>
      </noscript>
      <Island name="card-payment" component={CardPayment} props={data} hydrate="load" />
    </section>
  );
}

/** No `redirectResult`: the provider sent nothing to confirm (a hand-typed or repeated address). */
export type PaymentReturnPageData = { props: PaymentReturnProps | null };

export function PaymentReturnPage({ data }: { data: PaymentReturnPageData }) {
  const link = useHref();
  return (
    <section className="checkout-page payment-return">
      <h1>
        <Trans>Confirming your payment</Trans>
      </h1>
      {data.props ? (
        <Island name="payment-return" component={PaymentReturn} props={data.props} hydrate="load" />
      ) : (
        <p role="alert">
          <Trans>There is no payment to confirm on this page.</Trans>{' '}
          <a href={link('accountMyOrdersAndInvoices')}>
            <Trans>See my orders</Trans>
          </a>
        </p>
      )}
    </section>
  );
}
