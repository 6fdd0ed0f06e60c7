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
import { ApiError, callApi } from '../api';
import type { CartLineView, CartViewData, CriticalErrorView, DeliveryDateView } from '../cart/api';
import { checkCartConsistency } from '../cart/consistency';
import { InstallationControl } from '../cart/installation-control';
import { forceCartFromServer, isCartFailure, rememberCartAnswer } from '../cart/local-copy';
import { refreshBasketCount } from '../header-state';
import { ProductImage } from '../components/product-bits';
import { DeliveryText } from '../components/product-bits';
import { useStore } from '../components/store-context';
import type { DeliveryInfo } from '../types';
import { formatMoney } from '../i18n/format';
import { slugHref } from '../routes';
import { showToast } from '../toast';

export interface BasketProps {
  cart: CartViewData;
  checkoutHref: string;
}

function StockNotices({ cart }: { cart: CartViewData }) {
  const limited = cart.notices.find((notice) => notice.code === 1139);
  const out = cart.outOfStock;
  if (!limited && !out) return null;
  return (
    <div className="form-alert basket-notice" role="status">
      {out?.emptyCart ? (
        <p>
          <Trans>The articles in your basket are no longer available, so your basket is now empty.</Trans>
        </p>
      ) : null}
      {out && out.modifiedArticles.length > 0 ? (
        <p>
          <Trans>We have lowered the quantity to the units in stock for:</Trans> {out.modifiedArticles.map((a) => `${a.name} (${a.qty})`).join(', ')}
        </p>
      ) : null}
      {out && out.removedArticles.length > 0 && !out.emptyCart ? (
        <p>
          <Trans>These articles are no longer available and have been removed:</Trans> {out.removedArticles.map((a) => a.name).join(', ')}
        </p>
      ) : null}
      {limited ? (
        <p>
          <Trans>We only have the units shown in stock of {limited.articleNames[0]}; your basket has been updated.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** What a blocking error of the cart asks the shopper to do. */
function CriticalErrorMessage({ error }: { error: CriticalErrorView }) {
  const name = error.articleName ?? '';
  if (error.code === 1145) return <Trans>“{name}” is sold only with the assembly of a PC. Add the PC assembly service to one of your components, or remove the article.</Trans>;
  if (error.code === 1146) return <Trans>“{name}” cannot be bought on its own. Add the product it goes with, or remove it.</Trans>;
  return <Trans>Your basket needs a change before you can continue.</Trans>;
}

/** The product page's delivery wording for a line's dates (a single day is named by its date). */
function deliveryInfo(date: DeliveryDateView, timeZone: string): DeliveryInfo {
  const kind = date.minDate !== date.maxDate ? 'range' : date.isSameDay ? 'today' : 'date';
  return { kind, from: date.minDate, to: date.maxDate, timeZone };
}

/** How many of our shops hold the article, and, unfolded, which and how many units. */
function StoreAvailability({ shops }: { shops: CartLineView['storeAvailability'] }) {
  if (shops.length === 0) return null;
  return (
    <details className="basket-line__shops" data-store-availability={shops.length}>
      <summary>
        <Plural value={shops.length} one="In stock in # shop" other="In stock in # shops" />
      </summary>
      <ul>
        {shops.map((shop) => (
          <li key={shop.shopId}>
            {shop.shopName}: <Plural value={shop.qty} one="# unit" other="# units" />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Spec §8 1147: another seller sells the article for less in the same condition; the product page lists the offers. */
function BetterOffer({ line, productHref }: { line: CartLineView; productHref: string }) {
  const { language } = useStore();
  if (!line.betterOffer) return null;
  const price = formatMoney(line.betterOffer.price, language);
  const shop = line.betterOffer.shopName;
  return (
    <p className="basket-line__better-offer" data-better-offer={line.idLine}>
      <a href={productHref}>
        <Trans>A better offer for this article is available</Trans>
      </a>{' '}
      <Trans>
        ({price} from {shop})
      </Trans>
    </p>
  );
}

/** The cart's blocking errors (spec §8: they block the step after the basket). */
function CriticalErrors({ errors }: { errors: CriticalErrorView[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="form-alert basket-notice" role="alert">
      {errors.map((error, index) => (
        <p key={`${error.code}-${index}`} data-critical-error={error.code}>
          <CriticalErrorMessage error={error} />
        </p>
      ))}
    </div>
  );
}

/** The insurance plans and extra services a line may carry, and the ones it carries. */
function LineServices({ line, attached, busy, onAttach, onRemove }: { line: CartLineView; attached: CartLineView[]; busy: boolean; onAttach: (kind: 'insurance' | 'service', id: number) => void; onRemove: (idLine: number) => void }) {
  const { t } = useLingui();
  const { language } = useStore();
  const money = (cents: number) => formatMoney(cents, language);
  const insurance = attached.find((a) => a.service?.kind === 'insurance');
  if (line.extendedInsurances.length === 0 && line.extraServices.length === 0 && attached.length === 0) return null;
  return (
    <div className="basket-line__services">
      {line.extendedInsurances.length > 0 ? (
        <div className="field">
          <label htmlFor={`insurance-${line.idLine}`}>
            <Trans>Extended warranty</Trans>
          </label>
          <select
            id={`insurance-${line.idLine}`}
            value={insurance?.service?.id ?? ''}
            disabled={busy}
            onChange={(event) => (event.target.value === '' ? insurance && onRemove(insurance.idLine) : onAttach('insurance', Number(event.target.value)))}
          >
            <option value="">{t`No extended warranty`}</option>
            {line.extendedInsurances.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name} (+{money(plan.price)})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {line.extraServices.map((service) => {
        const chosen = attached.find((a) => a.service?.kind === 'service' && a.service.id === service.id);
        return (
          <div className="field field--check" key={service.id}>
            <input
              id={`service-${line.idLine}-${service.id}`}
              type="checkbox"
              checked={Boolean(chosen)}
              disabled={busy}
              onChange={() => (chosen ? onRemove(chosen.idLine) : onAttach('service', service.id))}
            />
            <label htmlFor={`service-${line.idLine}-${service.id}`}>
              {service.name} (+{money(service.price)})
            </label>
          </div>
        );
      })}
      {attached.length > 0 ? (
        <ul className="basket-line__attached">
          {attached.map((a) => (
            <li key={a.idLine} data-service-line={a.idLine}>
              {a.name}: {money(a.totalPrice)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
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
  const setQty = (idLine: number, qty: number) => change(idLine, () => callApi<CartViewData>('PUT', `/api/orders/${cart.idCart}/cart/${idLine}`, { qty }));
  const remove = (idLine: number) => change(idLine, () => callApi<CartViewData>('DELETE', `/api/orders/${cart.idCart}/cart/${idLine}`));
  const addInstallation = (idLine: number, serviceId: number, postalCode: string) =>
    change(idLine, () => callApi<CartViewData>('POST', `/api/orders/${cart.idCart}/cart/${idLine}/services`, { kind: 'installation', serviceId, postalCode }));

  if (cart.articles.length === 0) {
    return (
      <div className="basket basket--empty">
        <StockNotices cart={cart} />
        <p>
          <Trans>Your basket is empty.</Trans>
        </p>
      </div>
    );
  }
  const units = cart.units;
  // Blocking errors stop the checkout and are listed on top; the 1147 warning shows on its line.
  const blocking = cart.criticalErrors.filter((error) => alertFor(error.code).blocksNextStep);
  const blocked = blocking.length > 0;
  const timeZone = CHANNEL_TIME_ZONES[channel.id as keyof typeof CHANNEL_TIME_ZONES];
  return (
    <div className="basket">
      <StockNotices cart={cart} />
      <CriticalErrors errors={blocking} />
      <ul className="basket__lines">
        {cart.articles.filter((line) => line.service === null).map((line) => (
          <li key={line.idLine} className="basket-line" data-line-id={line.idLine} aria-busy={busyLine === line.idLine || undefined}>
            <ProductImage imageKey={line.articleImage} preset="small" label={line.trademark} alt="" />
            <div className="basket-line__text">
              <a href={slugHref(line.slug, language, channel)}>{line.name}</a>
              {line.mpOffer ? (
                <p className="basket-line__seller">
                  <Trans>Sold by {line.mpOffer.shopName}</Trans>
                </p>
              ) : null}
              <p>
                {money(line.unitPrice)}
                {line.crossedOutPrice ? (
                  <>
                    {' '}
                    <s>{money(line.crossedOutPrice)}</s>
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
              <label htmlFor={`qty-${line.idLine}`}>
                <Trans>Quantity</Trans>
              </label>
              <select id={`qty-${line.idLine}`} value={line.qty} disabled={busyLine !== null} onChange={(event) => setQty(line.idLine, Number(event.target.value))}>
                {Array.from({ length: line.maxQty }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--secondary" disabled={busyLine !== null} onClick={() => remove(line.idLine)} data-remove-line={line.idLine} aria-label={t`Remove ${line.name} from the basket`}>
                <Trans>Remove</Trans>
              </button>
              <p className="basket-line__total">{money(line.totalPrice)}</p>
              {line.canAddGiftPaper ? (
                <div className="field field--check">
                  <input
                    id={`gift-${line.idLine}`}
                    type="checkbox"
                    checked={line.giftPaper}
                    disabled={busyLine !== null}
                    onChange={(event) => change(line.idLine, () => callApi<CartViewData>('PUT', `/api/orders/${cart.idCart}/cart/${line.idLine}`, { giftPaper: event.target.checked }))}
                  />
                  <label htmlFor={`gift-${line.idLine}`}>
                    <Trans>Gift wrap (free)</Trans>
                  </label>
                </div>
              ) : null}
            </div>
            <LineServices line={line} attached={cart.articles.filter((a) => a.service !== null && a.service.kind !== 'installation' && a.articleReference === line.idArticle)} busy={busyLine !== null} onAttach={(kind, id) => change(line.idLine, () => callApi<CartViewData>('POST', `/api/orders/${cart.idCart}/cart/${line.idLine}/services`, { kind, serviceId: id }))} onRemove={(idLine) => remove(idLine)} />
            <InstallationControl line={line} busy={busyLine !== null} onAdd={(serviceId, postalCode) => addInstallation(line.idLine, serviceId, postalCode)} onRemove={(idLine) => remove(idLine)} />
          </li>
        ))}
      </ul>
      <section className="basket__totals" aria-labelledby="basket-totals">
        <h2 id="basket-totals">
          <Trans>Summary</Trans>
        </h2>
        <dl>
          <dt>
            <Plural value={units} one="Subtotal (# article)" other="Subtotal (# articles)" />
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
                <Trans>Of which installation</Trans>
              </dt>
              <dd data-installation-total={cart.totals.totalInstallationPrice}>{money(cart.totals.totalInstallationPrice)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd>
            <Trans>calculated in the delivery step</Trans>
          </dd>
        </dl>
        {blocked ? (
          <>
            <button type="button" className="button button--buy" disabled aria-describedby="basket-blocked">
              <Trans>Continue to checkout</Trans>
            </button>
            <p id="basket-blocked" className="field__hint">
              <Trans>Solve the problems shown above to continue.</Trans>
            </p>
          </>
        ) : (
          <a className="button button--buy" href={checkoutHref}>
            <Trans>Continue to checkout</Trans>
          </a>
        )}
      </section>
    </div>
  );
}
