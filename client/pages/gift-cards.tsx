/**
 * Gift cards: what they are, the amounts on sale, the form to buy them for someone, how long they
 * last, how to spend them, the conditions.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import GiftCardPurchase, { type GiftCardPurchaseProps } from '../islands/gift-card-purchase';
import { formatMoney } from '../i18n/format';
import { slugHref } from '../routes';

export interface GiftCardsData {
  /** Amounts on sale, in cents. */
  amounts: readonly number[];
  validityMonths: number;
  /** CMS pages with the conditions, in the page's language. */
  conditions: { title: string; slug: string }[];
  /** The purchase form (its island's props). */
  purchase: GiftCardPurchaseProps;
}

export default function GiftCardsPage({ data }: { data: GiftCardsData }) {
  const { t } = useLingui();
  const link = useHref();
  const { language, channel } = useStore();
  const months = data.validityMonths;
  return (
    <>
      <section className="hero" aria-labelledby="gift-cards-title">
        <h1 id="gift-cards-title">
          <Trans>Ampora gift cards</Trans>
        </h1>
        <p>
          <Trans>Give technology without guessing: a gift card lets them choose from everything sold on Ampora, from Ampora and from our marketplace sellers.</Trans>
        </p>
      </section>
      <section aria-labelledby="gift-amounts-title">
        <h2 id="gift-amounts-title">
          <Trans>Amounts</Trans>
        </h2>
        <ul className="gift-amounts" aria-label={t`Gift card amounts`}>
          {data.amounts.map((amount) => (
            <li key={amount}>{formatMoney(amount, language)}</li>
          ))}
        </ul>
      </section>
      <section className="gift-card-purchase__section">
        <Island name="gift-card-purchase" component={GiftCardPurchase} props={data.purchase} />
      </section>
      <section aria-labelledby="gift-validity-title">
        <h2 id="gift-validity-title">
          <Trans>Validity</Trans>
        </h2>
        <p>
          <Trans>
            A gift card can be spent for {months} months from the day it is bought. Whatever is not spent in one order stays on the card for the next one.
          </Trans>
        </p>
      </section>
      <section aria-labelledby="gift-use-title">
        <h2 id="gift-use-title">
          <Trans>How to use it at checkout</Trans>
        </h2>
        <ol>
          <li>
            <Trans>Add what you want to your basket and go to checkout.</Trans>
          </li>
          <li>
            <Trans>In the payment step, enter the gift card code in the “Gift card” field and apply it.</Trans>
          </li>
          <li>
            <Trans>The card’s balance is taken off your order. If the order costs more, pay the rest with any other payment method.</Trans>
          </li>
        </ol>
        <p>
          <a href={link('cartBasket')}>
            <Trans>Go to my basket</Trans>
          </a>
        </p>
      </section>
      {data.conditions.length > 0 ? (
        <section aria-labelledby="gift-conditions-title">
          <h2 id="gift-conditions-title">
            <Trans>Conditions</Trans>
          </h2>
          <p>
            <Trans>Gift cards cannot be exchanged for cash. Purchases paid with a gift card follow our usual conditions:</Trans>
          </p>
          <ul>
            {data.conditions.map((page) => (
              <li key={page.slug}>
                <a href={slugHref(page.slug, language, channel)}>{page.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
