/** The checkout step pages (spec §2 /cart/address, /cart/shipping, /cart/payment, /cart/summary). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Island } from '../components/island';
import { useHref } from '../components/store-context';
import CheckoutStep, { type CheckoutStepProps } from '../islands/checkout-step';
import type { RouteId } from '../routes';

const STEPS: { step: CheckoutStepProps['step'] | 'cart'; route: RouteId; label: MessageDescriptor }[] = [
  { step: 'cart', route: 'cartBasket', label: msg`Basket` },
  { step: 'addresses', route: 'cartAddress', label: msg`Addresses` },
  { step: 'delivery', route: 'cartShipping', label: msg`Delivery` },
  { step: 'payment', route: 'cartPayment', label: msg`Payment` },
  { step: 'summary', route: 'cartSummary', label: msg`Summary` },
];

export interface CheckoutPageData {
  props: CheckoutStepProps | null;
  step: CheckoutStepProps['step'];
}

export default function CheckoutPage({ data }: { data: CheckoutPageData }) {
  const { i18n, t } = useLingui();
  const link = useHref();
  const current = STEPS.findIndex((s) => s.step === data.step);
  return (
    <section className="checkout-page">
      <nav aria-label={t`Checkout steps`}>
        <ol className="checkout-steps">
          {STEPS.map((s, index) => (
            <li key={s.step} aria-current={index === current ? 'step' : undefined}>
              {index < current ? <a href={link(s.route)}>{i18n._(s.label)}</a> : i18n._(s.label)}
            </li>
          ))}
        </ol>
      </nav>
      <h1>{i18n._(STEPS[current]!.label)}</h1>
      {data.props ? (
        <Island name="checkout-step" component={CheckoutStep} props={data.props} />
      ) : (
        <p>
          <Trans>Your basket is empty.</Trans> <a href={link('home')}>{<Trans>Continue shopping</Trans>}</a>
        </p>
      )}
    </section>
  );
}
