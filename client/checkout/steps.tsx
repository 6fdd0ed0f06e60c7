/**
 * The checkout's step indicator (spec §2: basket, addresses, delivery, payment, summary): numbered,
 * the current step marked with aria-current="step", the steps already done as links back. On a
 * phone it is a line of numbered dots under "Step 3 of 5 · Delivery" (the names stay for screen
 * readers, and a done step's whole dot is its link); from a tablet up every step shows its name.
 * Server-rendered, no script.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useHref } from '../components/store-context';
import type { RouteId } from '../routes';

export type CheckoutStepId = 'cart' | 'addresses' | 'delivery' | 'payment' | 'summary';

export const CHECKOUT_STEPS: { step: CheckoutStepId; route: RouteId; label: MessageDescriptor }[] = [
  { step: 'cart', route: 'cartBasket', label: msg`Basket` },
  { step: 'addresses', route: 'cartAddress', label: msg`Addresses` },
  { step: 'delivery', route: 'cartShipping', label: msg`Delivery` },
  { step: 'payment', route: 'cartPayment', label: msg`Payment` },
  { step: 'summary', route: 'cartSummary', label: msg`Summary` },
];

export function CheckoutSteps({ current }: { current: CheckoutStepId }) {
  const { i18n, t } = useLingui();
  const link = useHref();
  const index = Math.max(0, CHECKOUT_STEPS.findIndex((s) => s.step === current));
  const number = index + 1;
  const count = CHECKOUT_STEPS.length;
  const name = i18n._(CHECKOUT_STEPS[index]!.label);
  return (
    <nav className="checkout-steps-nav" aria-label={t`Checkout steps`}>
      <p className="checkout-steps__status">
        <Trans>
          Step {number} of {count} · {name}
        </Trans>
      </p>
      <ol className="steps checkout-steps" data-current-step={number}>
        {CHECKOUT_STEPS.map((s, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'next';
          // The number is the list's counter (app.css `.steps`); the name is the link back.
          const content = <span className="steps__label">{i18n._(s.label)}</span>;
          return (
            <li key={s.step} className={`steps__item steps__item--${state}`} aria-current={i === index ? 'step' : undefined}>
              {i < index ? (
                <a className="steps__link" href={link(s.route)}>
                  {content}
                </a>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
