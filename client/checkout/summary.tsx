/** The totals of the payment and summary steps, and what the summary repeats of the choices. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import type { StepSummary, StepTotals } from './types';

export function Totals({ totals }: { totals: StepTotals }) {
  const { language } = useStore();
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <dl className="checkout-totals">
      <dt>
        <Trans>Items</Trans>
      </dt>
      <dd>{money(totals.articlesSubtotal)}</dd>
      <dt>
        <Trans>Shipping</Trans>
      </dt>
      <dd>{money(totals.shippingCost + totals.marketPlaceShippingCost + totals.dropShippingShippingCost)}</dd>
      {totals.totalDiscountInCart > 0 ? (
        <>
          <dt>
            <Trans>Discounts</Trans>
          </dt>
          <dd data-discount={totals.totalDiscountInCart}>−{money(totals.totalDiscountInCart)}</dd>
        </>
      ) : null}
      {totals.solidaryAmount > 0 ? (
        <>
          <dt>
            <Trans>Charity donation</Trans>
          </dt>
          <dd>{money(totals.solidaryAmount)}</dd>
        </>
      ) : null}
      {totals.totalGiftCardDiscountInCart > 0 ? (
        <>
          <dt>
            <Trans>Gift card</Trans>
          </dt>
          <dd>−{money(totals.totalGiftCardDiscountInCart)}</dd>
        </>
      ) : null}
      {totals.balanceToSpend > 0 ? (
        <>
          <dt>
            <Trans>Your balance</Trans>
          </dt>
          <dd data-balance-spent={totals.balanceToSpend}>−{money(totals.balanceToSpend)}</dd>
        </>
      ) : null}
      <dt>
        <Trans>Total</Trans>
      </dt>
      <dd data-total-to-pay={totals.totalToPay}>{money(totals.totalToPay)}</dd>
    </dl>
  );
}

/** Where it goes, who collects it, the invoice, and each seller's delivery with its service, day and cost. */
export function SummaryDetails({ summary, timeZone }: { summary: StepSummary; timeZone?: string }) {
  const { t } = useLingui();
  const { language } = useStore();
  const money = (cents: number) => formatMoney(cents, language);
  const day = (iso: string) => formatDate(new Date(iso), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  const calendarDay = (date: string) => formatDate(new Date(`${date}T12:00:00Z`), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <dl className="checkout-summary">
      <dt>{summary.shippingType === 3 ? <Trans>Pickup at</Trans> : summary.shippingType === 2 ? <Trans>Collection point</Trans> : <Trans>Ship to</Trans>}</dt>
      <dd>{summary.shipTo}</dd>
      {summary.pickedUpBy ? (
        <>
          <dt>
            <Trans>Collected by</Trans>
          </dt>
          <dd>{summary.pickedUpBy}</dd>
        </>
      ) : null}
      {summary.billTo ? (
        <>
          <dt>
            <Trans>Invoice to</Trans>
          </dt>
          <dd>{summary.billTo}</dd>
        </>
      ) : null}
      {summary.deliveries.map((d) => {
        const from = day(d.from);
        const to = day(d.to);
        const seller = d.shopName ?? 'Ampora';
        const chosenDay = d.day ? calendarDay(d.day) : '';
        return (
          <div key={d.orderKey} className="checkout-summary__delivery">
            <dt>
              <Trans>Sent by {seller}</Trans>
            </dt>
            <dd>
              {d.agency && !d.agency.startsWith('seller-') ? `${d.agency} — ` : ''}
              {d.day ? (
                d.time === 'morning' ? (
                  <Trans>on {chosenDay}, in the morning</Trans>
                ) : d.time === 'afternoon' ? (
                  <Trans>on {chosenDay}, in the afternoon</Trans>
                ) : (
                  <Trans>on {chosenDay}</Trans>
                )
              ) : from === to ? (
                <Trans>arrives {from}</Trans>
              ) : (
                <Trans>arrives between {from} and {to}</Trans>
              )}{' '}
              ({d.shippingCost === 0 ? t`free` : money(d.shippingCost)})
            </dd>
          </div>
        );
      })}
      {summary.neutral ? (
        <>
          <dt>
            <Trans>Packaging</Trans>
          </dt>
          <dd>
            <Trans>Neutral delivery, without branding or prices</Trans>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
