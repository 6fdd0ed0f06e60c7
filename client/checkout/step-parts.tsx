/**
 * Pieces shared by the checkout step forms: a radio choice, the displayed alert of spec §8 and
 * the order-modification-expired modal.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { api, unwrap } from '../api';
import { useHref } from '../components/store-context';

/** The one alert a step shows (spec §8: blocking first, then danger, then warning, then the first). */
export interface StepAlert {
  code: number | string;
  type: 'info' | 'warning' | 'danger';
  /** It stops the next step. */
  blocks: boolean;
  message: string;
  articleNames: string[];
}

export function Choice({ name, value, checked, onChange, disabled, children }: { name: string; value: string; checked: boolean; onChange: () => void; disabled?: boolean; children: ReactNode }) {
  const id = `${name}-${value}`;
  return (
    <div className="choice">
      <input type="radio" id={id} name={name} value={value} checked={checked} onChange={onChange} disabled={disabled} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

export function AlertBanner({ alert }: { alert: StepAlert | null }) {
  if (!alert) return null;
  return (
    <div className={`notification notification--${alert.type} alert alert--${alert.type === 'danger' ? 'bad' : alert.type === 'warning' ? 'warn' : 'info'}`} role={alert.type === 'info' ? 'status' : 'alert'} data-alert-code={alert.code} data-alert-blocks={alert.blocks}>
      <p>{alert.message}</p>
      {alert.articleNames.length > 0 ? (
        <ul>
          {alert.articleNames.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Spec §8: the time to change an order ran out. A modal dialog (focus stays inside, Escape
 * closes it) offering to make a new order with this basket (the modifier is cleared) or to go to
 * the orders.
 */
export function ModificationExpiredModal({ cartId }: { cartId: string }) {
  const { t } = useLingui();
  const link = useHref();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  async function newOrder() {
    await unwrap(api.orders.modifier[':id'].$delete({ param: { id: cartId } })).catch(() => undefined);
    window.location.assign(link('cartBasket'));
  }
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="modification-expired-title" aria-describedby="modification-expired-text">
      <h2 id="modification-expired-title">
        <Trans>The time to change your order has run out</Trans>
      </h2>
      <p id="modification-expired-text">
        <Trans>Your order can no longer be changed. You can place the items in your basket as a new order, or go back to your orders.</Trans>
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--buy" onClick={newOrder}>
          {t`Make a new order`}
        </button>
        <a className="button button--secondary" href={link('accountMyOrdersAndInvoices')}>
          <Trans>Go to my orders</Trans>
        </a>
      </div>
    </dialog>
  );
}
