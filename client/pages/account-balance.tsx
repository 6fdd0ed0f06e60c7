/**
 * The balance screen of the account area (spec §2 /saldos): what the customer can spend at
 * checkout, what our team holds back, and every movement — newest first, a page at a time with
 * plain links, so it needs no script.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MovementType } from '../../worker/balance/balance';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountBalanceData {
  frame: AccountFrameData;
  /** Cents the customer can spend now. */
  balance: number;
  /** Cents held back by our team over time (already taken off `balance`). */
  blocked: number;
  movements: { type: MovementType; date: string; change: number; order: string | null }[];
  page: number;
  pageSize: number;
  total: number;
}

const MOVEMENT_LABELS: Record<MovementType, MessageDescriptor> = {
  ADD: msg`Credit from Ampora`,
  RETURNS: msg`Refund of a return`,
  SPEND: msg`Paid in an order`,
  BLOCK: msg`Held by our team`,
};

export default function AccountBalancePage({ data }: { data: AccountBalanceData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const money = (cents: number) => formatMoney(cents, language);
  const balance = money(data.balance);
  const blocked = money(data.blocked);
  return (
    <AccountFrame frame={data.frame} title={<Trans>Balance</Trans>}>
      <div className="account-card">
        <p>
          <Trans>
            Available balance: <strong data-balance-cents={data.balance}>{balance}</strong>
          </Trans>
        </p>
        {data.blocked > 0 ? (
          <p data-blocked-cents={data.blocked}>
            <Trans>Held by our team while we review a refund: {blocked}. This amount is not part of your available balance.</Trans>
          </p>
        ) : null}
        <p>
          <Trans>You can use your balance to pay for your orders at checkout.</Trans>
        </p>
      </div>
      {data.total === 0 ? (
        <p>
          <Trans>You have no balance movements yet. Refunds to your balance and credits from Ampora will appear here.</Trans>
        </p>
      ) : (
        <>
          <table className="offers balance-movements">
            <caption className="visually-hidden">
              <Trans>Balance movements, newest first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Date</Trans>
                </th>
                <th scope="col">
                  <Trans>Movement</Trans>
                </th>
                <th scope="col">
                  <Trans>Order</Trans>
                </th>
                <th scope="col">
                  <Trans>Amount</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.movements.map((movement, index) => (
                <tr key={`${movement.date}-${index}`} data-movement-type={movement.type}>
                  <td>
                    <time dateTime={movement.date}>{formatDate(new Date(movement.date), language, { dateStyle: 'medium' })}</time>
                  </td>
                  <td>{i18n._(MOVEMENT_LABELS[movement.type])}</td>
                  <td>{movement.order ? <a href={link('tracking', { orderNumber: movement.order })}>{movement.order}</a> : '—'}</td>
                  <td data-change-cents={movement.change}>{movement.change > 0 ? `+${money(movement.change)}` : `−${money(-movement.change)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={link('accountBalance')} />
        </>
      )}
    </AccountFrame>
  );
}
