/**
 * The account's orders (spec §2 /pedidos-y-facturas, /mis-pedidos-y-facturas, /pedidos-cancelados,
 * /pedidos-tienda, /order-detail?order=NUMBER): each order as a card with its number, date,
 * state, seller, delivery and tracking, payment, totals, documents and the actions its state
 * allows; the detail adds its lines, addresses, timeline, returns and cases. Server-rendered,
 * paginated with plain links; only the actions that change the order are an island.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { proformaOffered } from '../../worker/domain/documents/rules';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import OrderActions from '../islands/order-actions';
import ReassignOrder from '../islands/reassign-order';
import { orderStateLabel, paymentMethodName } from '../orders/labels';
import { CASE_STATE_LABELS, DOCUMENT_LABELS, REFUND_STATE_LABELS, RETURN_STATE_LABELS, type AccountOrdersData, type OrderCard } from '../orders/view';
import { AccountFrame } from './account';
import { MultibancoVoucherDetails } from '../payments/multibanco-voucher';

function useFormat() {
  const { language } = useStore();
  return {
    money: (cents: number) => formatMoney(cents, language),
    date: (iso: string) => formatDate(new Date(iso), language, { dateStyle: 'medium' }),
    dateTime: (iso: string) => formatDate(new Date(iso), language, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

const orderQuery = (number: string) => `?order=${encodeURIComponent(number)}`;

function StateBadge({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const label = orderStateLabel(order.state, order.paymentMethod);
  return (
    <span className="badge account-order__state" data-state={order.state}>
      {label ? i18n._(label) : order.state}
    </span>
  );
}

function Seller({ order }: { order: OrderCard }) {
  const name = order.sellerName ?? '';
  if (order.sellerKind === 'marketplace') return <Trans>Sold and shipped by {name}</Trans>;
  if (order.sellerKind === 'dropshipping') return <Trans>Sold by Ampora, shipped by the supplier {name}</Trans>;
  return <Trans>Sold and shipped by Ampora</Trans>;
}

function Delivery({ order }: { order: OrderCard }) {
  const link = useHref();
  const format = useFormat();
  const destination = order.destination;
  const agency = order.agencyName;
  const day = order.deliveryDate ? format.date(`${order.deliveryDate}T12:00:00Z`) : null;
  const tracking = order.trackingNumber;
  const number = order.orderNumber;
  return (
    <>
      <p>
        {order.shippingType === 3 ? (
          <Trans>Collect in the shop: {destination}</Trans>
        ) : order.shippingType === 2 ? (
          <Trans>Collection point: {destination}</Trans>
        ) : (
          <Trans>Delivery to: {destination}</Trans>
        )}
      </p>
      {agency || day ? (
        <p>
          {agency ? <Trans>Carrier: {agency}</Trans> : null}
          {agency && day ? ' · ' : null}
          {day ? <Trans>Delivery day: {day}</Trans> : null}
        </p>
      ) : null}
      {tracking ? (
        <p>
          <Trans>
            Tracking number: <strong>{tracking}</strong>
          </Trans>{' '}
          <a href={link('tracking', { orderNumber: number })}>
            <Trans>Track order {number}</Trans>
          </a>
        </p>
      ) : null}
    </>
  );
}

function Payment({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const method = paymentMethodName(order.paymentMethod, (d) => i18n._(d));
  const paidOn = order.paidAt ? format.date(order.paidAt) : null;
  return (
    <p className="account-order__payment" data-paid={order.paidAt ? 'true' : 'false'}>
      {method}
      {' · '}
      {order.state === 'cancelled' ? null : paidOn ? <Trans>Paid on {paidOn}</Trans> : order.state === 'awaiting_payment' ? <Trans>Awaiting payment</Trans> : <Trans>To pay on delivery or collection</Trans>}
    </p>
  );
}

function Totals({ order }: { order: OrderCard }) {
  const format = useFormat();
  const rows: [ReactNode, number, string][] = [[<Trans key="a">Articles</Trans>, order.articlesSubtotal, 'articles']];
  if (order.shippingCost > 0) rows.push([<Trans key="s">Shipping</Trans>, order.shippingCost, 'shipping']);
  if (order.solidaryAmount > 0) rows.push([<Trans key="d">Solidary donation</Trans>, order.solidaryAmount, 'solidary']);
  if (order.discount > 0) rows.push([<Trans key="p">Discounts</Trans>, -order.discount, 'discount']);
  if (order.giftCardAmount > 0) rows.push([<Trans key="g">Paid with a gift card</Trans>, -order.giftCardAmount, 'gift-card']);
  if (order.balanceAmount > 0) rows.push([<Trans key="b">Paid with your balance</Trans>, -order.balanceAmount, 'balance']);
  // A change carries what the order it replaced was paid: the rest of the gross, beyond the amount to pay.
  const carried = order.articlesSubtotal + order.shippingCost + order.solidaryAmount - order.discount - order.giftCardAmount - order.balanceAmount - order.total;
  if (order.replacesOrderNumber && carried > 0) rows.push([<Trans key="c">Paid with the order it replaces</Trans>, -carried, 'carried']);
  return (
    <dl className="account-order__totals">
      {rows.map(([label, amount, key]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>{amount < 0 ? `−${format.money(-amount)}` : format.money(amount)}</dd>
        </div>
      ))}
      <div className="account-order__total">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-total-cents={order.total}>{format.money(order.total)}</dd>
      </div>
    </dl>
  );
}

function Refunds({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const format = useFormat();
  if (order.refunds.length === 0) return order.state === 'cancelled' ? <p className="account-order__refunds"><Trans>Nothing had been paid: there is nothing to refund.</Trans></p> : null;
  return (
    <ul className="account-order__refunds">
      {order.refunds.map((refund, index) => {
        const amount = format.money(refund.amount);
        const on = format.date(refund.createdAt);
        return (
          <li key={index} data-refund-state={refund.state} data-refund-cents={refund.amount}>
            <Trans>
              Refund of {amount} on {on}
            </Trans>
            {' · '}
            {REFUND_STATE_LABELS[refund.state] ? i18n._(REFUND_STATE_LABELS[refund.state]!) : refund.state}
          </li>
        );
      })}
    </ul>
  );
}

function Documents({ order }: { order: OrderCard }) {
  const { i18n } = useLingui();
  const link = useHref();
  const download = (type: 'proforma' | 'order') => link('accountInvoiceDownload', { orderId: order.orderNumber, invoiceType: type });
  return (
    <ul className="account-order__documents">
      {/* Rendered from the order on request (worker/documents/order-sheet.ts): no tax documents. */}
      {proformaOffered(order) ? (
        <li>
          <a href={download('proforma')} download>
            <Trans>Proforma invoice (PDF)</Trans>
          </a>
        </li>
      ) : null}
      <li>
        <a href={download('order')} download>
          <Trans>Order summary (PDF)</Trans>
        </a>
      </li>
      {order.documents.map((doc) => {
        const label = DOCUMENT_LABELS[doc.docType] ? i18n._(DOCUMENT_LABELS[doc.docType]!) : doc.docType;
        const code = doc.code;
        return (
          <li key={doc.id}>
            {/* `?id=` names the document when an order has several of a type (credit notes). */}
            <a href={`${link('accountInvoiceDownload', { orderId: order.orderNumber, invoiceType: doc.docType })}?id=${doc.id}`} download>
              <Trans>
                Download {label} {code} (PDF)
              </Trans>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The links and buttons the order's state allows (the API checks the same rules). */
function Actions({ order, detail }: { order: OrderCard; detail: boolean }) {
  const link = useHref();
  const { actions } = order;
  const number = order.orderNumber;
  const payLink = actions.payNow && actions.payNow !== 'create' ? actions.payNow : null;
  const island = actions.cancel || actions.change || actions.payNow === 'create';
  return (
    <div className="account-order__actions">
      <ul className="account-order__links">
        {detail ? null : (
          <li>
            <a href={`${link('accountOrderDetail')}${orderQuery(number)}`}>
              <Trans>See order {number}</Trans>
            </a>
          </li>
        )}
        {payLink ? (
          <li>
            <a className="button button--primary button--small" href={payLink}>
              <Trans>Pay now</Trans>
            </a>
          </li>
        ) : null}
        {actions.returnable ? (
          <li>
            <a href={`${link('accountReturns')}${orderQuery(number)}`}>
              <Trans>Return items of order {number}</Trans>
            </a>
          </li>
        ) : null}
        {actions.afterSales ? (
          <li>
            <a href={`${link('accountAfterSalesHistory')}${orderQuery(number)}`}>
              <Trans>Report a problem with order {number}</Trans>
            </a>
          </li>
        ) : null}
      </ul>
      {island ? (
        <Island
          name="order-actions"
          component={OrderActions}
          props={{ orderNumber: number, cancel: actions.cancel, change: actions.change, payNow: actions.payNow === 'create', cancelledPath: link('accountCancelledOrders'), basketPath: link('cartBasket') }}
        />
      ) : null}
    </div>
  );
}

function OrderSummary({ order, headingLevel, detail = false }: { order: OrderCard; headingLevel: 2 | 3; detail?: boolean }) {
  const format = useFormat();
  const number = order.orderNumber;
  const placed = format.date(order.createdAt);
  const replaced = order.replacesOrderNumber;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <div className="account-order__head">
        <Heading className="account-order__title" id={`order-${number}`}>
          <Trans>Order {number}</Trans>
        </Heading>
        <StateBadge order={order} />
      </div>
      <p className="account-order__meta">
        <Trans>
          Placed on <time dateTime={order.createdAt}>{placed}</time>
        </Trans>
        {' · '}
        <Seller order={order} />
        {order.frontOrder ? (
          <>
            {' · '}
            <Trans>Bought in a shop</Trans>
          </>
        ) : null}
      </p>
      {replaced ? (
        <p>
          <Trans>This order replaces order {replaced}, which you changed.</Trans>
        </p>
      ) : null}
      <Delivery order={order} />
      <Payment order={order} />
      <Totals order={order} />
      <Refunds order={order} />
      <Documents order={order} />
      <Actions order={order} detail={detail} />
    </>
  );
}

function ListPage({ data }: { data: Extract<AccountOrdersData, { kind: 'list' }> }) {
  const link = useHref();
  const title = data.scope === 'cancelled' ? <Trans>Cancelled orders</Trans> : data.scope === 'front' ? <Trans>Shop orders</Trans> : <Trans>Orders and invoices</Trans>;
  const justCancelled = data.justCancelled;
  return (
    <AccountFrame frame={data.frame} title={title}>
      {justCancelled ? (
        <p className="alert alert--ok" role="status">
          <Trans>Order {justCancelled} has been cancelled. Any refund is shown below.</Trans>
        </p>
      ) : null}
      {data.scope === 'front' ? (
        <p>
          <Trans>Orders you made at the till of one of our shops. To change or return them, visit any of our shops.</Trans>
        </p>
      ) : null}
      {data.total === 0 ? (
        <p>
          {data.scope === 'cancelled' ? (
            <Trans>You have no cancelled orders.</Trans>
          ) : data.scope === 'front' ? (
            <Trans>You have no orders made in our shops.</Trans>
          ) : (
            <Trans>You have not placed any orders yet.</Trans>
          )}
        </p>
      ) : (
        <>
          <ol className="order-list">
            {data.orders.map((order) => (
              <li key={order.orderNumber}>
                <article className="card account-order" aria-labelledby={`order-${order.orderNumber}`} data-order-number={order.orderNumber} data-state={order.state}>
                  <OrderSummary order={order} headingLevel={2} />
                </article>
              </li>
            ))}
          </ol>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={link(data.route)} />
        </>
      )}
    </AccountFrame>
  );
}

function DetailPage({ data }: { data: Extract<AccountOrdersData, { kind: 'detail' }> }) {
  const { i18n } = useLingui();
  const link = useHref();
  const format = useFormat();
  const { order } = data;
  const number = order.orderNumber;
  const replacedBy = order.replacedBy;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Order {number}</Trans>}>
      <p>
        <a href={link('accountOrdersAndInvoices')}>
          <Trans>Back to your orders</Trans>
        </a>
      </p>
      {replacedBy ? (
        <p className="alert alert--info">
          <Trans>
            You changed this order: it was replaced by order <a href={`${link('accountOrderDetail')}${orderQuery(replacedBy)}`}>{replacedBy}</a>.
          </Trans>
        </p>
      ) : null}
      <article className="card account-order order-detail" aria-labelledby={`order-${number}`} data-order-number={number} data-state={order.state}>
        <OrderSummary order={order} headingLevel={2} detail />
      </article>
      {data.multibanco ? <MultibancoVoucherDetails voucher={data.multibanco} /> : null}

      <section className="order-detail__section" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">
          <Trans>Items</Trans>
        </h2>
        <table className="offers order-lines">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Item</Trans>
              </th>
              <th scope="col">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col">
                <Trans>Unit price</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.name}
                  {line.giftPaper ? (
                    <>
                      {' · '}
                      <Trans>Gift-wrapped</Trans>
                    </>
                  ) : null}
                </td>
                <td>{line.qty}</td>
                <td>{format.money(line.unitPrice)}</td>
                <td>{format.money(line.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="order-detail__section" aria-labelledby="order-addresses-title">
        <h2 id="order-addresses-title">
          <Trans>Addresses</Trans>
        </h2>
        <dl className="order-detail__facts">
          <div>
            <dt>
              <Trans>Delivery</Trans>
            </dt>
            <dd>{order.shippingAddress}</dd>
          </div>
          <div>
            <dt>
              <Trans>Billing</Trans>
            </dt>
            <dd>{order.billingAddress ?? <Trans>The same as the delivery address</Trans>}</dd>
          </div>
          {order.giftCode ? (
            <div>
              <dt>
                <Trans>Gift code</Trans>
              </dt>
              <dd>
                <code>{order.giftCode}</code>
                {' · '}
                <Trans>Give it with the gift: the recipient can return it without seeing prices.</Trans>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="order-detail__section" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">
          <Trans>Order history</Trans>
        </h2>
        <ol className="order-timeline">
          {order.events.map((event, index) => (
            <li key={index} data-state={event.state}>
              <time dateTime={event.at}>{format.dateTime(event.at)}</time>
              {' · '}
              {orderStateLabel(event.state, order.paymentMethod) ? i18n._(orderStateLabel(event.state, order.paymentMethod)!) : event.state}
            </li>
          ))}
        </ol>
      </section>

      {order.returns.length > 0 ? (
        <section className="order-detail__section" aria-labelledby="order-returns-title">
          <h2 id="order-returns-title">
            <Trans>Returns</Trans>
          </h2>
          <ul>
            {order.returns.map((item) => {
              const id = item.id;
              const on = format.date(item.createdAt);
              const amount = format.money(item.refundAmount);
              return (
                <li key={id}>
                  <a href={`${link('accountReturns')}${orderQuery(number)}`}>
                    <Trans>
                      Return {id} of {on}
                    </Trans>
                  </a>
                  {' · '}
                  {RETURN_STATE_LABELS[item.state] ? i18n._(RETURN_STATE_LABELS[item.state]!) : item.state}
                  {' · '}
                  {amount}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {order.cases.length > 0 ? (
        <section className="order-detail__section" aria-labelledby="order-cases-title">
          <h2 id="order-cases-title">
            <Trans>After-sales cases</Trans>
          </h2>
          <ul>
            {order.cases.map((item) => (
              <li key={item.id}>
                <a href={link('accountAfterSalesCase', { id: String(item.id) })}>{item.subject}</a>
                {' · '}
                {CASE_STATE_LABELS[item.state] ? i18n._(CASE_STATE_LABELS[item.state]!) : item.state}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {order.state !== 'cancelled' ? (
        <section className="order-detail__section">
          <Island name="reassign-order" component={ReassignOrder} props={{ orderNumber: number }} />
        </section>
      ) : null}
    </AccountFrame>
  );
}

export default function AccountOrdersPage({ data }: { data: AccountOrdersData }) {
  return data.kind === 'detail' ? <DetailPage data={data} /> : <ListPage data={data} />;
}
