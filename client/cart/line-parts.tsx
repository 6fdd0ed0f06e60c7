/**
 * The pieces of a basket line and of the basket's notices: stock notices, the cart's blocking
 * errors (spec §8), delivery wording, units in our shops, the better-offer warning (1147) and the
 * services a line may carry.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../i18n/format';
import { useStore } from '../components/store-context';
import type { DeliveryInfo } from '../types';
import type { CartLineView, CartViewData, CriticalErrorView, DeliveryDateView } from './api';

export function StockNotices({ cart }: { cart: CartViewData }) {
  const limited = cart.notices.find((notice) => notice.code === 1139);
  const out = cart.outOfStock;
  if (!limited && !out) return null;
  return (
    <div className="form-alert basket-notice" role="status">
      {out?.emptyCart ? (
        <p>
          <Trans>The items in your basket are no longer available, so your basket is now empty.</Trans>
        </p>
      ) : null}
      {out && out.modifiedArticles.length > 0 ? (
        <p>
          <Trans>We have lowered the quantity to the units in stock for:</Trans> {out.modifiedArticles.map((a) => `${a.name} (${a.qty})`).join(', ')}
        </p>
      ) : null}
      {out && out.removedArticles.length > 0 && !out.emptyCart ? (
        <p>
          <Trans>These items are no longer available and have been removed:</Trans> {out.removedArticles.map((a) => a.name).join(', ')}
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
export function CriticalErrorMessage({ error }: { error: CriticalErrorView }) {
  const name = error.articleName ?? '';
  if (error.code === 1145) return <Trans>“{name}” is sold only with the assembly of a PC. Add the PC assembly service to one of your components, or remove the item.</Trans>;
  if (error.code === 1146) return <Trans>“{name}” cannot be bought on its own. Add the product it goes with, or remove it.</Trans>;
  return <Trans>Your basket needs a change before you can continue.</Trans>;
}

/** The product page's delivery wording for a line's dates (a single day is named by its date). */
export function deliveryInfo(date: DeliveryDateView, timeZone: string): DeliveryInfo {
  const kind = date.minDate !== date.maxDate ? 'range' : date.isSameDay ? 'today' : 'date';
  return { kind, from: date.minDate, to: date.maxDate, timeZone };
}

/** How many of our shops hold the article, and, unfolded, which and how many units. */
export function StoreAvailability({ shops }: { shops: CartLineView['storeAvailability'] }) {
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
export function BetterOffer({ line, productHref }: { line: CartLineView; productHref: string }) {
  const { language } = useStore();
  if (!line.betterOffer) return null;
  const price = formatMoney(line.betterOffer.price, language);
  const shop = line.betterOffer.shopName;
  return (
    <p className="basket-line__better-offer" data-better-offer={line.idLine}>
      <a href={productHref}>
        <Trans>A better offer for this item is available</Trans>
      </a>{' '}
      <Trans>
        ({price} from {shop})
      </Trans>
    </p>
  );
}

/** The cart's blocking errors (spec §8: they block the step after the basket). */
export function CriticalErrors({ errors }: { errors: CriticalErrorView[] }) {
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
export function LineServices({ line, attached, busy, onAttach, onRemove }: { line: CartLineView; attached: CartLineView[]; busy: boolean; onAttach: (kind: 'insurance' | 'service', id: number) => void; onRemove: (idLine: number) => void }) {
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
