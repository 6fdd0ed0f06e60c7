/**
 * The pay-later page (spec §2 /order/paynow/{hash}): what the link pays — the orders, their lines
 * and amounts — and the card form; or, when the link cannot be used, a page that says why
 * (spec §8: 1402 no such link, 1421 already paid, 1422 cancelled or past its payment period,
 * 1429 link expired). Whoever holds the link may pay; nothing about the customer is shown.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PayLinkError, PayLinkOrders } from '../../worker/payments/pay-later';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import CardPayment from '../islands/card-payment';

export type PayNowData = { status: 'payable'; hash: string; orders: PayLinkOrders } | { status: 'error'; code: PayLinkError };

export default function PayNowPage({ data }: { data: PayNowData }) {
  return data.status === 'payable' ? <Payable hash={data.hash} view={data.orders} /> : <LinkProblem code={data.code} />;
}

function Payable({ hash, view }: { hash: string; view: PayLinkOrders }) {
  const { t } = useLingui();
  const { language } = useStore();
  const money = (cents: number) => formatMoney(cents, language);
  const numbers = view.orderNumbers.join(', ');
  const total = money(view.total);
  return (
    <section className="checkout-page pay-now" data-pay-now>
      <h1>{view.orderNumbers.length > 1 ? <Trans>Pay your orders {numbers}</Trans> : <Trans>Pay your order {numbers}</Trans>}</h1>
      {view.orders.map((order) => (
        <table key={order.orderNumber} className="table pay-now__lines" data-order={order.orderNumber}>
          <caption>
            <Trans>Order {order.orderNumber}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Product</Trans>
              </th>
              <th scope="col">
                <Trans>Units</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={index}>
                <td data-label={t`Product`}>{line.name}</td>
                <td data-label={t`Units`}>{line.qty}</td>
                <td data-label={t`Amount`}>{money(line.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <AmountRow label={t`Shipping`} cents={order.shippingCost} show={order.shippingCost > 0} />
            <AmountRow label={t`Charity donation`} cents={order.solidaryAmount} show={order.solidaryAmount > 0} />
            <AmountRow label={t`Discount`} cents={-order.discount} show={order.discount > 0} />
            <AmountRow label={t`Gift card`} cents={-order.giftCardAmount} show={order.giftCardAmount > 0} />
            <AmountRow label={t`Your balance`} cents={-order.balanceAmount} show={order.balanceAmount > 0} />
            <AmountRow label={t`Order total`} cents={order.total} show />
          </tfoot>
        </table>
      ))}
      <p className="pay-now__total">
        <Trans>
          Total to pay: <strong data-total-cents={view.total}>{total}</strong>
        </Trans>
      </p>
      <noscript>
        <p className="notification notification--warning alert alert--warn">
          <Trans>Paying by card needs JavaScript. Turn it on in your browser and reload the page.</Trans>
        </p>
      </noscript>
      <Island name="card-payment" component={CardPayment} props={{ orderNumber: view.orderNumbers[0]!, amount: view.total, hash }} hydrate="load" />
    </section>
  );
}

function AmountRow({ label, cents, show }: { label: string; cents: number; show: boolean }) {
  const { language } = useStore();
  if (!show) return null;
  return (
    <tr>
      <th scope="row" colSpan={2}>
        {label}
      </th>
      <td>{cents < 0 ? `−${formatMoney(-cents, language)}` : formatMoney(cents, language)}</td>
    </tr>
  );
}

function LinkProblem({ code }: { code: PayLinkError }) {
  const link = useHref();
  const pages: Record<PayLinkError, { title: ReactNode; text: ReactNode }> = {
    1402: {
      title: <Trans>This payment link does not work</Trans>,
      text: <Trans>Check that you copied the whole link. If it still does not work, ask the person who sent it for a new one.</Trans>,
    },
    1421: {
      title: <Trans>This order is already paid</Trans>,
      text: <Trans>There is nothing left to pay. You can follow the order from your account.</Trans>,
    },
    1422: {
      title: <Trans>This order can no longer be paid</Trans>,
      text: <Trans>It was cancelled, or its payment period has ended. If you still want the products, place a new order.</Trans>,
    },
    1429: {
      title: <Trans>This payment link has expired</Trans>,
      text: <Trans>The order's owner can get a new link from the order in their account.</Trans>,
    },
  };
  const page = pages[code];
  return (
    <section className="checkout-page pay-now pay-now--problem" data-pay-link-error={code}>
      <h1>{page.title}</h1>
      <p>{page.text}</p>
      <p>
        <a href={link('accountMyOrdersAndInvoices')}>
          <Trans>Go to my orders</Trans>
        </a>{' '}
        ·{' '}
        <a href={link('home')}>
          <Trans>Back to the shop</Trans>
        </a>
      </p>
    </section>
  );
}
