/**
 * The order summary of the basket and of every checkout step: how many items, the totals and the
 * step's primary action. Desktops (≥ 64rem) show it beside the step, sticky, always unfolded;
 * phones and tablets show a closed "Order summary · 123,45 €" at the top, and the primary action
 * with the total in a bar fixed at the bottom of the screen, in reach of the thumb (checkout.css).
 * One element serves both layouts, so the action and the totals exist once on the page.
 */
import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';

/** The width from which the summary stands beside the step (checkout.css's desktop breakpoint). */
const DESKTOP = '(min-width: 64rem)';

export interface OrderSummaryProps {
  /** Item units (services not counted), as the basket counts them; left out where the totals already say it. */
  units?: number;
  /** The amount the bar and the folded summary show, in cents. */
  total: number;
  /** What that amount is: the total to pay, or the subtotal while shipping is still unknown. */
  totalKind: 'total' | 'subtotal';
  /** The totals table and anything else folded on phones. */
  children: ReactNode;
  /** The step's primary action (and what explains it when it is disabled). */
  action: ReactNode;
  className?: string;
}

export function OrderSummary({ units, total, totalKind, children, action, className }: OrderSummaryProps) {
  const { language } = useStore();
  const amount = formatMoney(total, language);
  const details = useRef<HTMLDetailsElement>(null);
  // Desktops unfold it with CSS; once live, say so to assistive technology as well, and take the
  // toggle, which folds nothing there, out of the tab order.
  useEffect(() => {
    const toggle = details.current?.querySelector('summary');
    if (!details.current || !toggle || !window.matchMedia(DESKTOP).matches) return;
    details.current.open = true;
    toggle.tabIndex = -1;
  }, []);
  const keepOpenOnDesktop = (event: MouseEvent) => {
    if (window.matchMedia(DESKTOP).matches) event.preventDefault();
  };
  return (
    <section className={`order-summary${className ? ` ${className}` : ''}`} aria-labelledby="order-summary-title">
      <details ref={details} className="order-summary__details">
        <summary className="order-summary__toggle" onClick={keepOpenOnDesktop}>
          <span id="order-summary-title" className="order-summary__title">
            <Trans>Order summary</Trans>
          </span>
          <span className="order-summary__peek"> · {amount}</span>
        </summary>
        <div className="order-summary__body">
          {units !== undefined ? (
            <p className="order-summary__count">
              <Plural value={units} one="# item" other="# items" />
            </p>
          ) : null}
          {children}
        </div>
      </details>
      <div className="checkout-bar">
        <p className="checkout-bar__total">
          <span className="checkout-bar__label">{totalKind === 'total' ? <Trans>Total</Trans> : <Trans>Subtotal</Trans>}</span> <strong className="checkout-bar__amount">{amount}</strong>
        </p>
        {action}
      </div>
    </section>
  );
}

/** A step's content beside its order summary (a grid of two columns on desktops). */
export function CheckoutLayout({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <div className="checkout-layout">
      <div className="checkout-layout__main">{children}</div>
      {summary}
    </div>
  );
}
