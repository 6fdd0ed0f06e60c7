/**
 * A Multibanco reference to pay (entity, reference, amount, expiry), as the shopper types it at an
 * ATM or in their bank's app: shown by the Multibanco gateway page, /cart/ok and the account's
 * order detail while the order waits for it (worker/payments/sibs/voucher.ts).
 */
import { Trans } from '@lingui/react/macro';
import { useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import type { MultibancoVoucher } from '../../worker/payments/sibs/voucher';

export type { MultibancoVoucher };

/** "123456789" → "123 456 789", the grouping ATMs and banks show. */
export const groupedReference = (reference: string): string => reference.replace(/\D/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');

export function MultibancoVoucherDetails({ voucher, headingLevel = 2 }: { voucher: MultibancoVoucher; headingLevel?: 2 | 3 }) {
  const { language } = useStore();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Multibanco is Portuguese: its expiry is shown in Lisbon's time.
  const until = formatDate(new Date(voucher.expiresAt), language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Lisbon' });
  const amount = formatMoney(voucher.amount, language, voucher.currency);
  return (
    <section className="multibanco-voucher" aria-labelledby="multibanco-voucher-title" data-multibanco-reference={voucher.reference}>
      <Heading id="multibanco-voucher-title">
        <Trans>Pay with Multibanco</Trans>
      </Heading>
      <p>
        <Trans>Pay at any Multibanco ATM or in your bank's app, under "Payments to services", with these details:</Trans>
      </p>
      <dl className="multibanco-voucher__details">
        <dt>
          <Trans>Entity</Trans>
        </dt>
        <dd data-multibanco-entity>{voucher.entity}</dd>
        <dt>
          <Trans>Reference</Trans>
        </dt>
        <dd data-multibanco-ref>{groupedReference(voucher.reference)}</dd>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd data-multibanco-amount={voucher.amount}>{amount}</dd>
        <dt>
          <Trans>Pay by</Trans>
        </dt>
        <dd>
          <time dateTime={new Date(voucher.expiresAt).toISOString()}>{until}</time>
        </dd>
      </dl>
      <p>
        <Trans>We prepare your order as soon as the payment arrives. If it is not paid by then, the order is cancelled.</Trans>
      </p>
    </section>
  );
}
