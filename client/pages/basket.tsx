/** The basket page (spec §2, /cart/shopping_basket): the first checkout step. */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import Basket, { type BasketProps } from '../islands/basket';

export default function BasketPage({ data }: { data: BasketProps }) {
  return (
    <section className="basket-page">
      <h1>
        <Trans>Your basket</Trans>
      </h1>
      <Island name="basket" component={Basket} props={data} />
    </section>
  );
}
