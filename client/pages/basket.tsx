/** The basket page (spec §2, /cart/shopping_basket): the first checkout step. */
import { Trans } from '@lingui/react/macro';
import { CheckoutSteps } from '../checkout/steps';
import { Island } from '../components/island';
import Basket, { type BasketProps } from '../islands/basket';

export interface BasketPageData extends BasketProps {
  /** A checkout step could not load the cart and sent the customer back here (spec §8). */
  loadError: boolean;
}

export default function BasketPage({ data: { loadError, ...data } }: { data: BasketPageData }) {
  return (
    <section className="basket-page checkout-page">
      <CheckoutSteps current="cart" />
      <h1>
        <Trans>Your basket</Trans>
      </h1>
      {loadError ? (
        <p className="notification notification--danger alert alert--bad" role="alert" data-cart-load-error>
          <Trans>Error loading cart information</Trans>
        </p>
      ) : null}
      <Island name="basket" component={Basket} props={data} />
    </section>
  );
}
