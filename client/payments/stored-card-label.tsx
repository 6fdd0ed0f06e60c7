/** How a stored card is named wherever the shopper chooses one: brand, last four digits, expiry, holder. */
import { Trans } from '@lingui/react/macro';

/** Card scheme names as printed on cards (Adyen's brand codes). */
const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mc: 'Mastercard', mastercard: 'Mastercard', amex: 'American Express', maestro: 'Maestro', diners: 'Diners Club', discover: 'Discover', jcb: 'JCB', cartebancaire: 'Carte Bancaire', cup: 'UnionPay' };

export function cardBrandName(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand;
}

export function StoredCardLabel(props: { brand: string; lastFour: string; month: number | string; year: number | string; holderName?: string | null; expired: boolean }) {
  const brand = cardBrandName(props.brand);
  const last = props.lastFour;
  const expiry = `${String(props.month).padStart(2, '0')}/${props.year}`;
  return (
    <>
      <Trans>
        {brand} ending in {last}, expires {expiry}
      </Trans>
      {props.holderName ? ` · ${props.holderName}` : null}
      {props.expired ? (
        <>
          {' '}
          — <Trans>expired</Trans>
        </>
      ) : null}
    </>
  );
}
