/** Order result (spec §2 /cart/ok, /cart/ko) and public order tracking (/tracking/{orderNumber}). */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import type { OrderSummary } from '../../worker/orders/read';
import { ORDER_STATE_LABELS, orderStateLabel, paymentMethodName } from '../orders/labels';
import { Island } from '../components/island';
import PaymentFailed from '../islands/payment-failed';
import PaymentStatus from '../islands/payment-status';
import PayByCard from '../islands/pay-by-card';
import { MultibancoVoucherDetails, type MultibancoVoucher } from '../payments/multibanco-voucher';

export interface BankAccount {
  bank: string;
  holder: string;
  iban: string;
  bic: string;
}

export interface OrderResultData {
  /** The signed-in customer's orders (worker/orders/read.ts). */
  orders: OrderSummary[];
  bankAccounts: BankAccount[];
  /** Orders paid by card (`?orderId=N`): the payment's first order, whose payment the page follows. */
  payment?: { orderNumber: string; state: string } | null;
  /** The Multibanco reference an order of these still waits to be paid with. */
  multibanco?: MultibancoVoucher | null;
}

/** Where the order goes and, when chosen, the day, time slot and neutral packaging. */
function OrderDestination({ order }: { order: OrderSummary }) {
  const { language } = useStore();
  const where = order.destination;
  const chosenDay = order.deliveryDate ? formatDate(new Date(`${order.deliveryDate}T12:00:00Z`), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }) : '';
  return (
    <p className="order-card__destination">
      {order.shippingType === 3 ? <Trans>Collect at: {where}</Trans> : order.shippingType === 2 ? <Trans>Collection point: {where}</Trans> : <Trans>Ship to: {where}</Trans>}
      {order.deliveryDate ? (
        <>
          {' · '}
          {order.deliveryTime === 'morning' ? <Trans>on {chosenDay}, in the morning</Trans> : order.deliveryTime === 'afternoon' ? <Trans>on {chosenDay}, in the afternoon</Trans> : <Trans>on {chosenDay}</Trans>}
        </>
      ) : null}
      {order.neutral ? (
        <>
          {' · '}
          <Trans>Neutral delivery, without branding or prices</Trans>
        </>
      ) : null}
    </p>
  );
}

export function OrderOkPage({ data }: { data: OrderResultData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const money = (cents: number) => formatMoney(cents, language);
  const transfer = data.orders.filter((o) => o.paymentMethod === 'transferencia');
  // Still unpaid: the shopper may pay by card instead, through the order's pay-later link.
  const unpaidTransfer = transfer.find((o) => o.state === 'awaiting_payment');
  return (
    <section className="order-result">
      <h1>
        <Trans>Thank you for your order</Trans>
      </h1>
      {data.multibanco ? <MultibancoVoucherDetails voucher={data.multibanco} /> : data.payment ? <Island name="payment-status" component={PaymentStatus} props={data.payment} hydrate="load" /> : null}
      {data.orders.map((order) => (
        <article key={order.orderNumber} className="order-card" data-order-number={order.orderNumber}>
          <h2>
            <Trans>Order {order.orderNumber}</Trans>
          </h2>
          <p>
            {i18n._(orderStateLabel(order.state, order.paymentMethod) ?? ORDER_STATE_LABELS.confirmed!)} · {paymentMethodName(order.paymentMethod, (d) => i18n._(d))}
          </p>
          <OrderDestination order={order} />
          <ul>
            {order.lines.map((line, index) => (
              <li key={index}>
                {line.qty} × {line.name} — {money(line.totalPrice)}
              </li>
            ))}
          </ul>
          <dl className="order-card__totals">
            <dt>
              <Trans>Items</Trans>
            </dt>
            <dd>{money(order.articlesSubtotal)}</dd>
            <dt>
              <Trans>Shipping</Trans>
            </dt>
            <dd>{money(order.shippingCost)}</dd>
            {order.solidaryAmount > 0 ? (
              <>
                <dt>
                  <Trans>Charity donation</Trans>
                </dt>
                <dd data-order-solidary={order.solidaryAmount}>{money(order.solidaryAmount)}</dd>
              </>
            ) : null}
            {order.discount > 0 ? (
              <>
                <dt>
                  <Trans>Discount</Trans>
                </dt>
                <dd>−{money(order.discount)}</dd>
              </>
            ) : null}
            {order.giftCardAmount > 0 ? (
              <>
                <dt>
                  <Trans>Gift card</Trans>
                </dt>
                <dd>−{money(order.giftCardAmount)}</dd>
              </>
            ) : null}
            {order.balanceAmount > 0 ? (
              <>
                <dt>
                  <Trans>Your balance</Trans>
                </dt>
                <dd data-order-balance={order.balanceAmount}>−{money(order.balanceAmount)}</dd>
              </>
            ) : null}
            <dt>
              <Trans>Total</Trans>
            </dt>
            <dd data-order-total={order.total}>{money(order.total)}</dd>
          </dl>
          <p>
            <a href={link('tracking', { orderNumber: order.orderNumber })}>
              <Trans>Follow this order</Trans>
            </a>
          </p>
        </article>
      ))}
      {transfer.length > 0 ? (
        <section className="bank-details" aria-labelledby="bank-details-title">
          <h2 id="bank-details-title">
            <Trans>How to pay by bank transfer</Trans>
          </h2>
          <p>
            <Trans>Transfer the total of each order to one of these accounts and write the order number as the reference. We prepare the order as soon as the transfer arrives.</Trans>
          </p>
          <ul>
            {data.bankAccounts.map((account) => (
              <li key={account.iban}>
                <strong>{account.bank}</strong> · {account.holder} · IBAN <span className="iban">{account.iban}</span> · BIC {account.bic}
              </li>
            ))}
          </ul>
          {unpaidTransfer ? <Island name="pay-by-card" component={PayByCard} props={{ orderNumber: unpaidTransfer.orderNumber }} /> : null}
        </section>
      ) : null}
    </section>
  );
}

export interface OrderKoData {
  /** The order whose card payment failed (`?orderId=N`, the signed-in shopper's own), or null. */
  orderNumber: string | null;
}

export function OrderKoPage({ data }: { data: OrderKoData }) {
  const link = useHref();
  if (data.orderNumber) {
    return (
      <section className="order-result">
        <h1>
          <Trans>The payment did not go through</Trans>
        </h1>
        <Island name="payment-failed" component={PaymentFailed} props={{ orderNumber: data.orderNumber }} hydrate="load" />
      </section>
    );
  }
  return (
    <section className="order-result" role="alert">
      <h1>
        <Trans>The payment did not go through</Trans>
      </h1>
      <p>
        <Trans>Nothing has been charged. Your basket is still there: you can try again or choose another payment method.</Trans>
      </p>
      <p>
        <a className="button" href={link('cartBasket')}>
          <Trans>Back to my basket</Trans>
        </a>
      </p>
    </section>
  );
}

export interface TrackingData {
  orderNumber: string;
  state: string;
  units: number;
  placedAt: string;
  events: { state: string; at: string }[];
  /** The channel's time zone, for the dates. */
  timeZone: string;
}

export function TrackingPage({ data }: { data: TrackingData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const when = (iso: string) => formatDate(new Date(iso), language, { dateStyle: 'long', timeStyle: 'short', timeZone: data.timeZone });
  const units = data.units;
  return (
    <section className="order-result">
      <h1>
        <Trans>Order {data.orderNumber}</Trans>
      </h1>
      <p className="tracking-state" data-state={data.state}>
        {i18n._(ORDER_STATE_LABELS[data.state] ?? ORDER_STATE_LABELS.confirmed!)}
      </p>
      <p>
        <Trans>Placed on {when(data.placedAt)}</Trans> · <Plural value={units} one="# unit" other="# units" />
      </p>
      <ol className="tracking-events">
        {data.events.map((event, index) => (
          <li key={index}>
            <time dateTime={event.at}>{when(event.at)}</time> — {i18n._(ORDER_STATE_LABELS[event.state] ?? ORDER_STATE_LABELS.confirmed!)}
          </li>
        ))}
      </ol>
    </section>
  );
}
