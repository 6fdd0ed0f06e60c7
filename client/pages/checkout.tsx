/** The checkout step pages (spec §2 /cart/address, /cart/shipping, /cart/payment, /cart/summary). */
import { Trans, useLingui } from '@lingui/react/macro';
import { CHECKOUT_STEPS, CheckoutSteps } from '../checkout/steps';
import { Island } from '../components/island';
import { useHref } from '../components/store-context';
import CheckoutStep, { type CheckoutStepProps } from '../islands/checkout-step';

export interface CheckoutPageData {
  props: CheckoutStepProps | null;
  step: CheckoutStepProps['step'];
}

export default function CheckoutPage({ data }: { data: CheckoutPageData }) {
  const { i18n } = useLingui();
  const link = useHref();
  return (
    <section className="checkout-page">
      <CheckoutSteps current={data.step} />
      <h1>{i18n._(CHECKOUT_STEPS.find((s) => s.step === data.step)!.label)}</h1>
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
