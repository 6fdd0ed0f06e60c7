/**
 * The payment step's extras, each saved in the checkout draft before the page reloads with the
 * new totals: coupon codes and the gift card (with the promotion engine's notifications in
 * words), the solidary amount and the store balance.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { api, ApiError, unwrap } from '../api';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import type { CheckoutDraftView, StepNotification } from './types';

/** The shared alert look of each kind of promotion notification. */
const NOTIFICATION_ALERT: Record<StepNotification['type'], 'info' | 'ok' | 'warn' | 'bad'> = { info: 'info', offer: 'ok', warning: 'warn', error: 'bad' };

/** Words for the promotion engine's notification keys. */
function NotificationText({ n }: { n: StepNotification }) {
  const { language } = useStore();
  const code = n.code ?? '';
  const value = n.value === null ? '' : n.value === 'freeShipping' ? '' : n.value.endsWith('%') ? n.value : formatMoney(Number(n.value), language);
  if (n.title === 'coupon.applied') return n.value === 'freeShipping' ? <Trans>Coupon {code} applied: free shipping.</Trans> : <Trans>Coupon {code} applied: {value} off.</Trans>;
  if (n.title === 'offer.almostQualified') {
    const missing = formatMoney(n.missingAmount ?? 0, language);
    return <Trans>Add {missing} more to your basket to get a discount.</Trans>;
  }
  switch (n.body.replace(/^coupon\./, '')) {
    case 'expired':
      return <Trans>The coupon {code} has expired.</Trans>;
    case 'notStarted':
      return <Trans>The coupon {code} is not valid yet.</Trans>;
    case 'usedUp':
    case 'userLimitReached':
      return <Trans>The coupon {code} has already been used as many times as it allows.</Trans>;
    case 'wrongChannel':
      return <Trans>The coupon {code} is not valid in this country’s store.</Trans>;
    case 'minCartAmountNotReached': {
      const missing = formatMoney(n.missingAmount ?? 0, language);
      return <Trans>Add {missing} more to use the coupon {code}.</Trans>;
    }
    case 'conditionsNotMet':
      return <Trans>Your basket does not meet the conditions of the coupon {code}.</Trans>;
    case 'notCombinable':
      return <Trans>The coupon {code} cannot be combined with another promotion in your basket.</Trans>;
    default:
      return <Trans>The coupon {code} does not exist.</Trans>;
  }
}

/** Coupon codes and the gift card: saved in the draft, then the page shows the new totals. */
export function Codes({ draft, cartId, notifications, giftCard }: { draft: CheckoutDraftView; cartId: string; notifications: StepNotification[]; giftCard: { code: string; applied: number; balance: number } | null }) {
  const { t } = useLingui();
  const { language } = useStore();
  const [coupon, setCoupon] = useState('');
  const [card, setCard] = useState(draft.giftCardCode ?? '');
  const [error, setError] = useState<string | null>(null);
  async function saveCodes(patch: Partial<CheckoutDraftView>) {
    setError(null);
    try {
      await unwrap(api.checkout.orders[':id'].draft.$put({ param: { id: cartId }, json: patch }));
      window.location.reload();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }
  async function checkCard() {
    setError(null);
    try {
      await unwrap(api.giftcards.validate.$post({ query: { code: card } }));
      await saveCodes({ giftCardCode: card });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }
  const left = giftCard ? formatMoney(giftCard.balance - giftCard.applied, language) : '';
  return (
    <fieldset className="checkout-codes">
      <legend>
        <Trans>Coupons and gift cards</Trans>
      </legend>
      <div className="form-alert" role="alert">
        {error ? <p>{error}</p> : null}
      </div>
      <ul className="notifications" aria-live="polite">
        {notifications.map((n, index) => (
          <li key={index} className={`notification notification--${n.type} alert alert--${NOTIFICATION_ALERT[n.type]}`} data-notification={n.title} data-notification-type={n.type}>
            <NotificationText n={n} />
          </li>
        ))}
      </ul>
      <div className="field inline-field">
        <label htmlFor="coupon-code">
          <Trans>Coupon code</Trans>
        </label>
        <input id="coupon-code" value={coupon} onChange={(event) => setCoupon(event.target.value)} autoComplete="off" />
        <button type="button" className="button button--secondary" disabled={coupon.trim() === ''} onClick={() => saveCodes({ couponCodes: [...draft.couponCodes, coupon.trim()] })}>
          <Trans>Apply</Trans>
        </button>
      </div>
      {draft.couponCodes.length > 0 ? (
        <p className="checkout-codes__applied">
          <button type="button" className="button button--secondary" onClick={() => saveCodes({ couponCodes: [] })}>
            <Trans>Remove coupons</Trans>
          </button>
        </p>
      ) : null}
      <div className="field inline-field">
        <label htmlFor="gift-card-code">
          <Trans>Gift card</Trans>
        </label>
        <input id="gift-card-code" value={card} onChange={(event) => setCard(event.target.value)} autoComplete="off" />
        <button type="button" className="button button--secondary" disabled={card.trim() === ''} onClick={checkCard}>
          <Trans>Use</Trans>
        </button>
      </div>
      {giftCard ? (
        <p className="checkout-codes__applied" data-gift-card-applied={giftCard.applied}>
          <Trans>Gift card {giftCard.code}: {left} left after this order.</Trans>{' '}
          <button type="button" className="button button--secondary" onClick={() => saveCodes({ giftCardCode: null })}>
            <Trans>Remove</Trans>
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A checkbox saved in the draft: it shows the choice at once, then the page reloads with the new
 * totals.
 */
function DraftCheckbox({ id, cartId, field, checked, children }: { id: string; cartId: string; field: 'solidaryAmountChecked' | 'useBalance'; checked: boolean; children: ReactNode }) {
  const [on, setOn] = useState(checked);
  async function toggle(wanted: boolean) {
    setOn(wanted);
    await unwrap(api.checkout.orders[':id'].draft.$put({ param: { id: cartId }, json: { [field]: wanted } })).catch(() => undefined);
    window.location.reload();
  }
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" checked={on} onChange={(event) => toggle(event.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

/** The solidary amount (spec §4: offered when the invoice goes to Spain). */
export function Solidary({ cartId, amount, checked }: { cartId: string; amount: number; checked: boolean }) {
  const { language } = useStore();
  const donation = formatMoney(amount, language);
  return (
    <DraftCheckbox id="solidary-amount" cartId={cartId} field="solidaryAmountChecked" checked={checked}>
      <Trans>Add {donation} as a charity donation</Trans>
    </DraftCheckbox>
  );
}

/** Spend the store balance on this order. */
export function Balance({ cartId, balance, checked }: { cartId: string; balance: number; checked: boolean }) {
  const { language } = useStore();
  const available = formatMoney(balance, language);
  return (
    <DraftCheckbox id="use-balance" cartId={cartId} field="useBalance" checked={checked}>
      <Trans>Use my balance ({available} available)</Trans>
    </DraftCheckbox>
  );
}
