/**
 * The returns screens (spec §2): the account's returns (/devoluciones) — each with its state,
 * units, label and refund, and with `?order=NUMBER` the form to return lines of that order — and
 * the gift return (/devolucion-regalo) with its confirmation, open to the gift's recipient
 * without an account. Everything works without script: the forms post and come back here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReturnableLine, ReturnView } from '../../worker/returns/returns';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import ReturnForm, { type ReturnFormProps } from '../islands/return-form';
import { refundStateLabel, RETURN_REASON_LABELS, RETURN_STATE_LABELS } from '../islands/return-labels';
import type { ReturnReason } from '../../worker/domain/returns/rules';
import { AccountFrame, type AccountFrameData } from './account';

type Closed = 'notFound' | 'returnNotAllowed' | 'returnPeriodExpired' | 'nothingLeft';

export interface AccountReturnsData {
  frame: AccountFrameData;
  returns: ReturnView[];
  /** The return just requested (`?created=`), to confirm it. */
  created: number | null;
  /** A refused cancellation's message. */
  error: string | null;
  /** The returns API (labels, cancellations). */
  api: string;
  language: string;
  open:
    | { orderNumber: string; status: Closed }
    | { orderNumber: string; status: 'ok'; periodEndsAt: string | null; giftCode: string | null; form: Omit<ReturnFormProps, 'lines'> & { lines: ReturnableLine[] } }
    | null;
}

export interface AccountGiftReturnData {
  orderNumber: string;
  code: string;
  language: string;
  error: string | null;
  status: 'ask' | 'ok' | Closed;
  form?: ReturnFormProps;
}

export interface AccountGiftReturnConfirmationData {
  orderNumber: string;
  returnId: number;
  labelCode: string;
  state: string;
  labelPath: string;
}

function When({ iso }: { iso: string }) {
  const { language } = useStore();
  return <time dateTime={iso}>{formatDate(new Date(iso), language, { dateStyle: 'medium' })}</time>;
}

/** Why an order's lines cannot be returned now. */
function ClosedReason({ status, orderNumber }: { status: Closed; orderNumber: string }) {
  switch (status) {
    case 'notFound':
      return <Trans>We could not find order {orderNumber} among your orders.</Trans>;
    case 'returnNotAllowed':
      return <Trans>Order {orderNumber} cannot be returned yet: it has not been delivered.</Trans>;
    case 'returnPeriodExpired':
      return <Trans>The 30-day return period for order {orderNumber} has ended.</Trans>;
    default:
      return <Trans>Every item of order {orderNumber} is already being returned.</Trans>;
  }
}

function ReturnCard({ item, api, language }: { item: ReturnView; api: string; language: string }) {
  const { i18n } = useLingui();
  const { language: lang } = useStore();
  const reason = RETURN_REASON_LABELS[item.reason as ReturnReason];
  const orderNumber = item.orderNumber;
  const labelCode = item.labelCode;
  const returnId = item.id;
  const reasonLabel = reason ? i18n._(reason) : '';
  const amount = formatMoney(item.refundAmount, lang);
  return (
    <li className="account-card" data-return-id={item.id} data-return-state={item.state}>
      <h3>
        <Trans>
          Return {returnId} · order {orderNumber}
        </Trans>
      </h3>
      <p>
        <span className="badge">{i18n._(RETURN_STATE_LABELS[item.state])}</span> <When iso={item.createdAt} />
      </p>
      <ul>
        {item.lines.map((line) => (
          <li key={line.orderLineId}>
            {line.qty} × {line.name}
          </li>
        ))}
      </ul>
      {reason ? (
        <p>
          <Trans>Reason: {reasonLabel}</Trans>
        </p>
      ) : null}
      <p data-refund-cents={item.refundAmount}>
        {item.refundMethod === 'balance' ? <Trans>Refund of {amount} to your balance</Trans> : <Trans>Refund of {amount} to your payment method</Trans>}
        {item.refund ? <> · {i18n._(refundStateLabel(item.refund.state))}</> : null}
      </p>
      {item.state === 'requested' || item.state === 'approved' ? (
        <p>
          <Trans>Collection code: {labelCode}</Trans> ·{' '}
          <a href={`${api}/${item.id}/label`} download>
            <Trans>Download the return label (PDF)</Trans>
          </a>
        </p>
      ) : null}
      {item.state === 'requested' ? (
        <form method="post" action={`${api}/${item.id}/cancel`}>
          <input type="hidden" name="respond" value="page" />
          <input type="hidden" name="lang" value={language} />
          <button className="button" type="submit">
            <Trans>Cancel this return</Trans>
          </button>
        </form>
      ) : null}
    </li>
  );
}

export function AccountReturnsPage({ data }: { data: AccountReturnsData }) {
  const link = useHref();
  const { language } = useStore();
  const open = data.open;
  const orderNumber = open?.orderNumber ?? '';
  const created = data.created;
  const giftCode = open?.status === 'ok' ? open.giftCode : null;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Returns</Trans>}>
      {created ? (
        <div className="form-alert" role="status">
          <p>
            <Trans>Return {created} requested. Print the label, pack the items and hand the parcel to the carrier.</Trans>
          </p>
        </div>
      ) : null}
      {data.error ? (
        <div className="form-alert" role="alert">
          <p>{data.error}</p>
        </div>
      ) : null}
      {open ? (
        <section className="account-card" aria-labelledby="return-open-title">
          <h2 id="return-open-title">
            <Trans>Return items of order {orderNumber}</Trans>
          </h2>
          {open.status === 'ok' ? (
            <>
              {open.periodEndsAt ? (
                <p>
                  <Trans>
                    You can ask for a return until <When iso={open.periodEndsAt} />.
                  </Trans>
                </p>
              ) : null}
              {giftCode ? (
                <p data-gift-code={giftCode}>
                  <Trans>
                    This order is a gift. Its recipient can return it without seeing prices with the gift code <strong>{giftCode}</strong>.
                  </Trans>
                </p>
              ) : null}
              <Island
                name="return-form"
                component={ReturnForm}
                props={{ ...open.form, lines: open.form.lines.map((line) => ({ orderLineId: line.orderLineId, name: line.name, qty: line.qty, returnable: line.returnable, price: formatMoney(line.unitPrice, language) })) }}
              />
            </>
          ) : (
            <p>
              <ClosedReason status={open.status} orderNumber={orderNumber} />
            </p>
          )}
        </section>
      ) : null}
      {data.returns.length === 0 ? (
        <p>
          <Trans>
            You have no returns. To return something, open the order in <a href={link('accountOrdersAndInvoices')}>your orders</a>.
          </Trans>
        </p>
      ) : (
        <section aria-labelledby="returns-list-title">
          <h2 id="returns-list-title">
            <Trans>Your returns</Trans>
          </h2>
          <ul className="returns-list">
            {data.returns.map((item) => (
              <ReturnCard key={item.id} item={item} api={data.api} language={data.language} />
            ))}
          </ul>
        </section>
      )}
    </AccountFrame>
  );
}

export function AccountGiftReturnPage({ data }: { data: AccountGiftReturnData }) {
  const link = useHref();
  const orderNumber = data.orderNumber;
  return (
    <section className="account-main gift-return" aria-labelledby="gift-return-title">
      <h1 id="gift-return-title">
        <Trans>Return a gift</Trans>
      </h1>
      {data.status === 'ok' && data.form ? (
        <>
          <p>
            <Trans>Choose the items of gift {orderNumber} you are returning. You will not see any price: the refund goes to whoever bought it.</Trans>
          </p>
          <Island name="return-form" component={ReturnForm} props={data.form} />
        </>
      ) : (
        <>
          <p>
            <Trans>Enter the order number and the gift code you received with the gift.</Trans>
          </p>
          {data.status !== 'ask' ? (
            <div className="form-alert" role="alert">
              <p>{data.status === 'notFound' ? <Trans>We could not find a gift with this order number and gift code.</Trans> : <ClosedReason status={data.status as Closed} orderNumber={orderNumber} />}</p>
            </div>
          ) : null}
          <form method="get" action={link('accountGiftReturn')} className="gift-return__find">
            <div className="field">
              <label htmlFor="gift-order">
                <Trans>Order number</Trans>
              </label>
              <input id="gift-order" name="order" defaultValue={data.orderNumber} required maxLength={40} autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="gift-code">
                <Trans>Gift code</Trans>
              </label>
              <input id="gift-code" name="code" defaultValue={data.code} required maxLength={20} autoComplete="off" autoCapitalize="characters" />
            </div>
            <button className="button button--primary" type="submit">
              <Trans>Find the gift</Trans>
            </button>
          </form>
        </>
      )}
    </section>
  );
}

export function AccountGiftReturnConfirmationPage({ data }: { data: AccountGiftReturnConfirmationData }) {
  const labelCode = data.labelCode;
  const orderNumber = data.orderNumber;
  return (
    <section className="account-main gift-return" aria-labelledby="gift-return-done-title" data-return-id={data.returnId}>
      <h1 id="gift-return-done-title">
        <Trans>Gift return requested</Trans>
      </h1>
      <p>
        <Trans>We have registered the return of items of gift {orderNumber}.</Trans>
      </p>
      <h2>
        <Trans>What happens next</Trans>
      </h2>
      <ol>
        <li>
          <Trans>
            Print the return label and stick it on the parcel. Collection code: <strong data-label-code>{labelCode}</strong>
          </Trans>
        </li>
        <li>
          <Trans>Hand the parcel to the carrier, or drop it at a collection point, with the label on it.</Trans>
        </li>
        <li>
          <Trans>Once we receive and check the items, we refund the person who bought the gift.</Trans>
        </li>
      </ol>
      <p>
        <a className="button button--primary" href={data.labelPath} download>
          <Trans>Download the return label (PDF)</Trans>
        </a>
      </p>
    </section>
  );
}
