/**
 * Island: the basket (spec §2 /cart/shopping_basket): lines with quantity and removal, when each
 * article arrives, its units in our shops, the services an article may carry (insurance, extra
 * services, home installation), the stock notices, the cart's blocking errors of spec §8 (1145,
 * 1146: no checkout until solved) and, on its line, the better-offer warning (1147, which does
 * not stop the checkout), and the totals in the channel's currency.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { CHANNEL_TIME_ZONES } from '../../worker/domain/catalogue/delivery';
import { alertFor } from '../../worker/domain/checkout/alerts';
import { api, ApiError, unwrap } from '../api';
import type { CartViewData } from '../cart/api';
import { checkCartConsistency } from '../cart/consistency';
import { InstallationControl } from '../cart/installation-control';
import { CheckoutLayout, OrderSummary } from '../checkout/order-summary';
import { BetterOffer, CriticalErrors, LineServices, StockNotices, StoreAvailability, deliveryInfo } from '../cart/line-parts';
import { forceCartFromServer, isCartFailure, rememberCartAnswer } from '../cart/local-copy';
import { refreshBasketCount } from '../header-state';
import { DeliveryText, ProductImage } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { LANGUAGE_INFO } from '../i18n/languages';
import { slugHref } from '../routes';
import { showToast } from '../toast';

export interface BasketProps {
  cart: CartViewData;
  checkoutHref: string;
}

/**
 * Lines added on another of our stores (the account's basket is shared): not sold here, so
 * apart from the lines above and out of the totals, kept for that store, and removable here.
 */
function OtherChannelLines({ cart, busy, onRemove }: { cart: CartViewData; busy: boolean; onRemove: (idLine: number) => void }) {
  const { t } = useLingui();
  const { language } = useStore();
  const lines = cart.otherChannelArticles ?? [];
  if (lines.length === 0) return null;
  const regions = new Intl.DisplayNames([LANGUAGE_INFO[language].tag], { type: 'region' });
  return (
    <section className="basket__elsewhere" aria-labelledby="basket-elsewhere">
      <h2 id="basket-elsewhere">
        <Trans>Added on another Ampora store</Trans>
      </h2>
      <p>
        <Trans>These items cannot be bought in this store. They are not in the total and stay in your basket for the store where you added them.</Trans>
      </p>
      <ul className="basket__lines">
        {lines.map((line) => {
          const country = regions.of(line.country) ?? line.country;
          return (
            <li key={line.idLine} className="basket-line basket-line--elsewhere" data-line-id={line.idLine} data-other-channel={line.channel}>
              <div className="basket-line__text">
                <p>
                  {line.qty} × {line.name}
                </p>
                <p className="field__hint">
                  <Trans>Added on Ampora {country}. Not sold in this store.</Trans>
                </p>
              </div>
              <div className="basket-line__actions">
                <button type="button" className="button button--secondary" disabled={busy} onClick={() => onRemove(line.idLine)} data-remove-line={line.idLine} aria-label={t`Remove ${line.name} from the basket`}>
                  <Trans>Remove</Trans>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function Basket({ cart: initial, checkoutHref }: BasketProps) {
  const { t } = useLingui();
  const { language, channel } = useStore();
  const [cart, setCart] = useState(initial);
  const [busyLine, setBusyLine] = useState<number | null>(null);
  const money = (cents: number) => formatMoney(cents, language);
  // Every cart answer (the page's, then each change's): keep the local copy and check the product costs (spec §4, §5).
  useEffect(() => {
    rememberCartAnswer(cart);
    void checkCartConsistency(cart);
  }, [cart]);

  async function change(idLine: number, action: () => Promise<CartViewData>) {
    setBusyLine(idLine);
    try {
      setCart(await action());
      refreshBasketCount();
    } catch (failure) {
      if (isCartFailure(failure)) forceCartFromServer();
      showToast({ type: 'error', message: failure instanceof ApiError && failure.message ? failure.message : t`Your basket could not be updated. Please try again.` });
    } finally {
      setBusyLine(null);
    }
  }
  const lineParam = (idLine: number) => ({ param: { id: cart.idCart, lineId: String(idLine) } });
  const cartLine = api.orders[':id'].cart[':lineId'];
  const setQty = (idLine: number, qty: number) => change(idLine, () => unwrap(cartLine.$put({ ...lineParam(idLine), json: { qty } })));
  const remove = (idLine: number) => change(idLine, () => unwrap(cartLine.$delete(lineParam(idLine))));
  const attach = (idLine: number, service: { kind: 'insurance' | 'service'; serviceId: number } | { kind: 'installation'; serviceId: number; postalCode: string }) =>
    change(idLine, () => unwrap(cartLine.services.$post({ ...lineParam(idLine), json: service })));
  const addInstallation = (idLine: number, serviceId: number, postalCode: string) => attach(idLine, { kind: 'installation', serviceId, postalCode });

  const elsewhere = <OtherChannelLines cart={cart} busy={busyLine !== null} onRemove={remove} />;
  if (cart.articles.length === 0) {
    return (
      <div className="basket basket--empty">
        <StockNotices cart={cart} />
        <p>
          <Trans>Your basket is empty.</Trans>
        </p>
        {elsewhere}
      </div>
    );
  }
  const units = cart.units;
  // Blocking errors stop the checkout and are listed on top; the 1147 warning shows on its line.
  const blocking = cart.criticalErrors.filter((error) => alertFor(error.code).blocksNextStep);
  const blocked = blocking.length > 0;
  const timeZone = CHANNEL_TIME_ZONES[channel.id as keyof typeof CHANNEL_TIME_ZONES];
  const action = blocked ? (
    <>
      <button type="button" className="button button--buy button--primary button--block" disabled aria-describedby="basket-blocked">
        <Trans>Continue to checkout</Trans>
      </button>
      <p id="basket-blocked" className="field__hint checkout-bar__hint">
        <Trans>Solve the problems shown above to continue.</Trans>
      </p>
    </>
  ) : (
    <a className="button button--buy button--primary button--block" href={checkoutHref}>
      <Trans>Continue to checkout</Trans>
    </a>
  );
  const summary = (
    <OrderSummary className="basket__totals" total={cart.totals.articlesSubtotal} totalKind="subtotal" action={action}>
      <dl className="order-totals">
        <dt>
          <Plural value={units} one="Subtotal (# item)" other="Subtotal (# items)" />
        </dt>
        <dd data-subtotal={cart.totals.articlesSubtotal}>{money(cart.totals.articlesSubtotal)}</dd>
        {cart.totals.totalDiscountInCart > 0 ? (
          <>
            <dt>
              <Trans>You save</Trans>
            </dt>
            <dd>{money(cart.totals.totalDiscountInCart)}</dd>
          </>
        ) : null}
        {cart.totals.totalInstallationPrice > 0 ? (
          <>
            <dt>
              <Trans>Including installation</Trans>
            </dt>
            <dd data-installation-total={cart.totals.totalInstallationPrice}>{money(cart.totals.totalInstallationPrice)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Shipping</Trans>
        </dt>
        <dd className="order-totals__note">
          <Trans>calculated in the delivery step</Trans>
        </dd>
      </dl>
    </OrderSummary>
  );
  return (
    <div className="basket">
      <CheckoutLayout summary={summary}>
        <StockNotices cart={cart} />
        <CriticalErrors errors={blocking} />
        <ul className="basket__lines">
          {/* Article lines, and standalone insurance lines (a renewal or a new policy: no article line of this basket carries them). */}
          {cart.articles.filter((line) => line.service === null || line.coverage).map((line) => (
            <li key={line.idLine} className="basket-line card" data-line-id={line.idLine} aria-busy={busyLine === line.idLine || undefined}>
              <ProductImage imageKey={line.articleImage} preset="small" label={line.trademark} alt="" />
              <div className="basket-line__text">
                <a className="basket-line__name" href={slugHref(line.slug, language, channel)}>
                  {line.name}
                </a>
                {line.giftCard ? <GiftCardRecipient {...line.giftCard} /> : null}
                {line.subscriptionMonths ? <SubscriptionPeriod months={line.subscriptionMonths} /> : null}
                {line.coverage ? <InsuranceCoverage {...line.coverage} /> : null}
                {line.mpOffer ? (
                  <p className="basket-line__seller">
                    <Trans>Sold by {line.mpOffer.shopName}</Trans>
                  </p>
                ) : null}
                <p className="price basket-line__price">
                  <span className="price__now">{money(line.unitPrice)}</span>
                  {line.crossedOutPrice ? (
                    <>
                      {' '}
                      <s className="price__was">{money(line.crossedOutPrice)}</s>
                    </>
                  ) : null}
                </p>
                {line.deliveryDate ? (
                  <p className="delivery" data-delivery-date={line.deliveryDate.strDeliveryDate}>
                    <DeliveryText delivery={deliveryInfo(line.deliveryDate, timeZone)} />
                  </p>
                ) : null}
                <StoreAvailability shops={line.storeAvailability} />
                <BetterOffer line={line} productHref={slugHref(line.slug, language, channel)} />
              </div>
              <div className="basket-line__actions">
                <div className="field basket-line__qty">
                  <label htmlFor={`qty-${line.idLine}`}>
                    <Trans>Quantity</Trans>
                  </label>
                  <select id={`qty-${line.idLine}`} value={line.qty} disabled={busyLine !== null || line.coverage !== undefined} onChange={(event) => setQty(line.idLine, Number(event.target.value))}>
                    {Array.from({ length: line.maxQty }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="button" className="button button--ghost basket-line__remove" disabled={busyLine !== null} onClick={() => remove(line.idLine)} data-remove-line={line.idLine} aria-label={t`Remove ${line.name} from the basket`}>
                  <Trans>Remove</Trans>
                </button>
                <p className="basket-line__total">{money(line.totalPrice)}</p>
                {line.canAddGiftPaper ? (
                  <div className="field field--check basket-line__gift">
                    <input
                      id={`gift-${line.idLine}`}
                      type="checkbox"
                      checked={line.giftPaper}
                      disabled={busyLine !== null}
                      onChange={(event) => change(line.idLine, () => unwrap(cartLine.$put({ ...lineParam(line.idLine), json: { giftPaper: event.target.checked } })))}
                    />
                    <label htmlFor={`gift-${line.idLine}`}>
                      <Trans>Gift wrap (free)</Trans>
                    </label>
                  </div>
                ) : null}
              </div>
              <LineServices line={line} attached={cart.articles.filter((a) => a.service !== null && a.service.kind !== 'installation' && a.articleReference === line.idArticle)} busy={busyLine !== null} onAttach={(kind, id) => attach(line.idLine, { kind, serviceId: id })} onRemove={(idLine) => remove(idLine)} />
              <InstallationControl line={line} busy={busyLine !== null} onAdd={(serviceId, postalCode) => addInstallation(line.idLine, serviceId, postalCode)} onRemove={(idLine) => remove(idLine)} />
            </li>
          ))}
        </ul>
        {elsewhere}
      </CheckoutLayout>
    </div>
  );
}

/** Under a subscription line: it renews on the card that pays it, every period (docs/account.md "Subscriptions"). */
function SubscriptionPeriod({ months }: { months: number }) {
  return (
    <p className="basket-line__subscription" data-subscription-months={months}>
      {months === 1 ? <Trans>Subscription: renews every month on your card until you cancel it</Trans> : months === 12 ? <Trans>Subscription: renews every year on your card until you cancel it</Trans> : <Trans>Subscription: renews every {months} months on your card until you cancel it</Trans>}
    </p>
  );
}

/** Under a gift-card line: who the cards are e-mailed to once paid. */
function GiftCardRecipient({ recipientName, recipientEmail }: { recipientName: string; recipientEmail: string }) {
  return (
    <p className="basket-line__gift-card">
      <Trans>
        For {recipientName} ({recipientEmail})
      </Trans>
    </p>
  );
}

/** Under a standalone insurance line: what it covers (the policy starts once the order is paid). */
function InsuranceCoverage({ coversOrderNumber, renewsPolicyId }: { coversOrderNumber: string; renewsPolicyId?: number }) {
  return (
    <p className="basket-line__coverage" data-covers-order={coversOrderNumber}>
      {renewsPolicyId !== undefined ? <Trans>Renewal of your insurance policy for the product of order {coversOrderNumber}</Trans> : <Trans>New insurance policy for the product of order {coversOrderNumber}</Trans>}
    </p>
  );
}
