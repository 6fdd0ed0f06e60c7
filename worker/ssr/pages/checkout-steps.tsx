/**
 * The checkout steps after the basket: addresses, delivery, payment, summary. They need a
 * session (an anonymous shopper signs in or up and the basket follows). Each page reads the
 * cart and the draft; a step whose earlier choices are missing shows the first incomplete
 * step instead, and the delivery, payment and summary steps show the server's quote: costs,
 * methods (with why a method is not available) and any blocking error of spec §8.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { CheckoutPageData } from '../../../client/pages/checkout';
import type { CheckoutStepProps, StepAlert, StepStoredCard, StepSummary } from '../../../client/islands/checkout-step';
import { href, type RouteId } from '../../../client/routes';
import { cartStub, callerCart, readCart } from '../../cart/service';
import type { CartView } from '../../cart/view';
import { choiceOf, firstIncompleteStep, parseDraft, type CheckoutDraft, type CheckoutStep } from '../../checkout/draft';
import { loadShippingPoint } from '../../checkout/collection-points';
import { provinceCode } from '../../checkout/destination';
import { shippingPointsNotAllowedReasons } from '../../domain/checkout/collection-points';
import { alertFor, displayedAlert, type CriticalError } from '../../domain/checkout/alerts';
import { modifierExpired } from '../../cart/modifier';
import { quoteCheckout, type Quote } from '../../checkout/quote';
import { pickupShopFor, pickupShops } from '../../domain/checkout/delivery-options';
import { pickupShopRows } from '../../checkout/shops';
import { selectPaymentOnLoad } from '../../domain/checkout/payment-selection';
import { CHANNEL_TIME_ZONES } from '../../domain/catalogue/delivery';
import { AppError, entryForCode } from '../../http/errors';
import { listAddresses, loadOwnedAddress } from '../../identity/addresses';
import { addressLabel, addressLine, addressPartsOf } from '../../domain/identity/address-format';
import { listCountries, listProvinces } from '../../db/geo';
import { destinationLine } from '../../orders/read';
import type { BookAddress } from '../../../client/islands/address-book';
import { sortAddresses } from '../../domain/identity/address-defaults';
import type { AppContext } from '../../http/context';
import type { UserRow } from '../../identity/session';
import { localDate } from '../../domain/checkout/delivery-choices';
import { paymentGateway } from '../../payments/gateway';
import { listBankCards } from '../../payments/stored-cards';
import { definePage, type LoadContext, type PageDefinition } from './types';

type Step = CheckoutStepProps['step'];

const ROUTE_OF: Record<Step, RouteId> = { addresses: 'cartAddress', delivery: 'cartShipping', payment: 'cartPayment', summary: 'cartSummary' };
const NEXT_OF: Record<Step, RouteId> = { addresses: 'cartShipping', delivery: 'cartPayment', payment: 'cartSummary', summary: 'cartOk' };
const STEP_OF: Record<Step, CheckoutStep> = { addresses: 'addresses', delivery: 'delivery', payment: 'payment', summary: 'summary' };

type QuoteTry = { quote: Quote | null; alert: StepAlert | null };

/** The quote for a choice and the alert it shows, or the refusal that stops it (spec §8). */
async function tryQuote(c: AppContext, user: UserRow, cart: CartView, draft: CheckoutDraft): Promise<QuoteTry> {
  if (draft.shippingType === null) return { quote: null, alert: null };
  try {
    const quote = await quoteCheckout(c, user, cart.idCart, choiceOf(draft), cart);
    return { quote, alert: stepAlert(c, quote.criticalErrors) };
  } catch (error) {
    if (error instanceof AppError && error.entry.status < 500) return { quote: null, alert: refusalAlert(c, error) };
    throw error;
  }
}

/** The one alert a step shows among the quote's critical errors (spec §8 priority), in the page's language. */
function stepAlert(c: AppContext, errors: readonly CriticalError[]): StepAlert | null {
  const shown = displayedAlert(errors);
  if (!shown) return null;
  return {
    code: shown.code,
    type: shown.type === 'none' ? 'info' : shown.type,
    blocks: shown.blocksNextStep,
    message: c.var.i18n._(entryForCode(shown.code).message),
    articleNames: shown.articleNames ?? (shown.articleName ? [shown.articleName] : []),
  };
}

/** A refusal that stopped the quote: nothing can go on until it is solved, whatever its §8 type. */
function refusalAlert(c: AppContext, error: AppError): StepAlert {
  const known = typeof error.entry.code === 'number' ? alertFor(error.entry.code) : null;
  const type = known && known.kind !== 'unknown' && known.type !== 'none' ? known.type : 'danger';
  return { code: error.entry.code, type, blocks: true, message: c.var.i18n._(error.entry.message), articleNames: [] };
}

const shippingTotal = (quote: Quote) => quote.totals.shippingCost + quote.totals.marketPlaceShippingCost + quote.totals.dropShippingShippingCost;

async function stepProps(context: LoadContext, requested: Step): Promise<CheckoutPageData | { redirect: string }> {
  const { http, user, db, language, channel } = context;
  // Spec §4, §8: a cart that cannot be loaded sends the customer back to the basket with an alert.
  let cartId: string;
  let cart: CartView;
  try {
    cartId = (await callerCart(http)).cartId;
    cart = await readCart(http, cartId, { recalculateStock: true });
  } catch (error) {
    console.error('checkout step: the cart could not be loaded', error);
    return { redirect: `${href('cartBasket', language, channel)}?error=cart` };
  }
  // Spec §8: the empty-cart error sends the customer to their orders (a placed order empties the cart).
  if (cart.articles.length === 0) return { redirect: href('accountMyOrdersAndInvoices', language, channel) };
  const stub = cartStub(http, cartId);
  const draft = parseDraft(await stub.draft());
  const first = firstIncompleteStep(draft, STEP_OF[requested]);
  const step = (first === 'cart' ? 'addresses' : first) as Step;
  const modificationExpired = modifierExpired(await stub.modifier(), context.now);
  // The order summary beside every step counts the basket's items and, before the quote, its subtotal.
  const basket = { units: cart.units, subtotal: cart.totals.articlesSubtotal };
  const base = { step, cartId, draft, next: href(NEXT_OF[step], language, channel), isB2b: user!.isB2b, modificationExpired, alert: null as StepAlert | null, basket };

  if (step === 'addresses') {
    const [shipping, billing, countries] = await Promise.all([listAddresses(db, 'shipping', user!.id, language), listAddresses(db, 'billing', user!.id, language), listCountries(db, language)]);
    // The step adds and edits addresses itself (the address book's form), in the channel's country first.
    const defaultCountry = countries.find((c) => c.iso === channel.country) ?? countries[0]!;
    // The checked address is the selected one, else the default, else the last added (spec §4; listAddresses marks it `default`).
    const selected = draft.shippingAddressSelected ?? shipping.find((a) => a.default)?.id ?? null;
    const billingSelected = draft.billingAddressSelected ?? billing.find((a) => a.default)?.id ?? null;
    // 1155 (cart without address) is info the spec leaves undisplayed; the step says it in words.
    return {
      step,
      props: {
        ...base,
        draft: { ...draft, shippingAddressSelected: selected, billingAddressSelected: billingSelected },
        // The checked address sorts first (spec §4).
        shipping: sortAddresses(shipping, selected ?? undefined).map((a) => ({ id: a.id, label: addressLabel(a), default: a.default, countryIso: a.countryIso, postalCode: a.postalCode, address: a as BookAddress })),
        billing: sortAddresses(billing, billingSelected ?? undefined).map((a) => ({ id: a.id, label: addressLabel(a), default: a.default, countryIso: a.countryIso, postalCode: a.postalCode, address: a as BookAddress })),
        book: { countries, defaultCountryIso: defaultCountry.iso, provinces: (await listProvinces(db, defaultCountry.id)) ?? [] },
      },
    };
  }

  if (step === 'delivery') {
    // The plain reads do not depend on each other (nor on the quotes below): one round of them.
    const [shops, address, point] = await Promise.all([
      pickupShopRows(db),
      // An address deleted since it was chosen is simply no longer there (the quote then asks for one).
      draft.shippingAddressSelected === null
        ? undefined
        : loadOwnedAddress(db, 'shipping', user!.id, draft.shippingAddressSelected).catch((error: unknown) => {
            if (error instanceof AppError) return undefined;
            throw error;
          }),
      draft.pickingPointSelected === null ? undefined : loadShippingPoint(db, draft.pickingPointSelected),
    ]);
    const byId = new Map(shops.map((s) => [s.id, s.name]));
    const home = draft.shippingAddressSelected === null ? { quote: null, alert: null } : await tryQuote(http, user!, cart, { ...draft, shippingType: 1 });
    const current = draft.shippingType === 2 && draft.pickingPointSelected !== null ? await tryQuote(http, user!, cart, draft) : draft.shippingType === 1 ? home : { quote: null, alert: null };
    // Judged for the address's zone too: Canarias or Madeira have no collection points.
    const destination = address ? { countryIso: address.countryIso, provinceCode: await provinceCode(db, address.provinceId) } : null;
    const reasons = shippingPointsNotAllowedReasons({ lines: cart.articles.map((a) => ({ sellerKind: a.seller.kind, weightGrams: a.weightGrams, qty: a.qty, digital: a.type === 'digital' || a.service !== null, unitPrice: a.unitPrice })), destination });
    // Spec §3 shops / notAvailableShopsReasons: only shops that serve the delivery country.
    const pickup = pickupShops(shops, { deliveryCountry: address?.countryIso ?? channel.country, sellerKinds: cart.articles.map((a) => a.seller.kind) });
    const own = home.quote?.groups.find((g) => g.kind === 'own');
    return {
      step,
      props: {
        ...base,
        alert: current.alert,
        shops: pickup.shops.map((s) => ({ id: s.id, name: s.name, pickupName: byId.get(pickupShopFor(s.id)) ?? s.name })),
        shopReasons: pickup.notAvailableShopsReasons,
        homeDeliveryCost: home.quote ? shippingTotal(home.quote) : null,
        agencies: own?.agencies ?? [],
        // The days offered are the selected agency's (express services offer none).
        deliveryDays: { agency: own?.agencySelected ?? null, days: own?.deliveryDays ?? [] },
        marketplaceOrders: (home.quote?.groups ?? [])
          .filter((g) => g.kind === 'marketplace')
          .map((g) => ({ orderKey: g.orderKey, shopName: g.lines[0]?.mpOffer?.shopName ?? '', agencies: g.agencies, selected: g.agencySelected })),
        neutralAvailable: home.quote?.neutral.available ?? false,
        collectionPoints: {
          reasons,
          countryIso: address?.countryIso ?? channel.country,
          postalCode: address?.postalCode ?? '',
          articleIds: cart.articles.filter((a) => a.service === null).map((a) => a.idArticle),
          selected: point ? { id: point.id, name: point.name, address: point.address, postalCode: point.postalCode, city: point.city } : null,
          cost: draft.shippingType === 2 && current.quote ? shippingTotal(current.quote) : null,
        },
        timeZone: CHANNEL_TIME_ZONES[channel.id],
      },
    };
  }

  const { quote, alert } = await tryQuote(http, user!, cart, draft);
  // Spec §4: keep the choice while it is offered; only "free" offered → free; else the preferred one.
  if (quote) {
    // A gateway method the customer chose stays chosen; the automatic preference picks among the
    // methods that can be paid today (the card gateways join it when they are connected).
    const offered = quote.payments.payments;
    const current = draft.paymentMethodSelected;
    const keepGateway = current !== null && offered.some((p) => p.slug === current && p.needsGateway);
    const selected = (keepGateway ? current : selectPaymentOnLoad(current, offered.filter((p) => !p.needsGateway).map((p) => p.slug))) as CheckoutDraft['paymentMethodSelected'];
    if (selected !== draft.paymentMethodSelected) {
      draft.paymentMethodSelected = selected;
      await stub.saveDraft(JSON.stringify(draft));
    }
  }
  const payments = quote
    ? [
        ...quote.payments.payments.map((p) => ({ slug: p.slug, available: true, gateway: p.needsGateway || undefined })),
        ...quote.payments.paymentsNotAllowed.filter((p) => p.notifyUnavailable).map((p) => ({ slug: p.slug, available: false, code: p.unavailableData.error_code, amount: p.unavailableData.amount })),
      ]
    : [];
  const loadedCards = step === 'payment' && payments.some((p) => p.slug === 'adyen' && p.available) ? await storedCardsOf(context) : null;
  const storedCards = loadedCards ?? [];
  // Spec §4: a chosen stored card that was removed gives way to the first remaining one (a list
  // that could not be loaded changes nothing).
  const chosenCard = draft.adyenInfo.selectedStoredCard;
  if (loadedCards && chosenCard !== null && !loadedCards.some((card) => card.id === chosenCard)) {
    draft.adyenInfo = { selectedStoredCard: storedCards.find((card) => !card.expired)?.id ?? null };
    await stub.saveDraft(JSON.stringify(draft));
  }
  return {
    step,
    props: {
      ...base,
      draft,
      alert,
      payments,
      storedCards,
      totals: quote?.totals ?? null,
      summaryLines: quote ? quote.cart.articles.map((a) => ({ name: a.name, qty: a.qty, totalPrice: a.totalPrice })) : [],
      notifications: quote ? quote.promotions.notifications.map((n) => ({ title: n.notificationTitle, body: n.notificationBody, type: n.notificationType, code: n.couponCode ?? null, value: n.couponDiscountTextValue ?? null, missingAmount: n.missingAmount ?? null })) : [],
      giftCard: quote?.giftCard ?? null,
      solidary: quote?.solidary ?? null,
      summary: quote && step === 'summary' ? await summaryOf(quote) : null,
      timeZone: CHANNEL_TIME_ZONES[channel.id],
    },
  };
}

/** The shopper's stored cards, non-expired first (spec §4); null when they cannot be loaded (the step shows none). */
async function storedCardsOf(context: LoadContext): Promise<StepStoredCard[] | null> {
  try {
    const cards = await listBankCards(paymentGateway(context.env), context.user!, localDate(context.now, CHANNEL_TIME_ZONES[context.channel.id]));
    return cards.map((card) => ({ id: card.id, brand: card.brand, lastFourDigits: card.lastFourDigits, expirationDate: card.expirationDate, holderName: card.holderName, expired: card.expired }));
  } catch (error) {
    console.error('checkout: the stored cards could not be loaded', error);
    return null;
  }
}

/** What the summary repeats of the customer's choices (spec §4 summary: everything chosen). */
async function summaryOf(quote: Quote): Promise<StepSummary> {
  const to = quote.shippingAddress as Record<string, string | number | undefined>;
  // Written the way the address's country writes addresses (the same line as the order pages).
  const shipTo = destinationLine(quote.shippingAddress);
  const billing = quote.billingAddress as Record<string, string | undefined> | null;
  const billTo = billing ? [billing.companyName, `${billing.name ?? ''} ${billing.surname ?? ''}`.trim(), billing.nif, addressLine(addressPartsOf(billing))].filter(Boolean).join(', ') : null;
  return {
    shippingType: (to.kind === 'shop' ? 3 : to.kind === 'point' ? 2 : 1) as 1 | 2 | 3,
    shipTo,
    pickedUpBy: to.kind === 'shop' && typeof quote.shippingAddress.whoPicksUp === 'object' && quote.shippingAddress.whoPicksUp !== null ? (quote.shippingAddress.whoPicksUp as { name: string }).name : null,
    billTo,
    neutral: quote.neutral.checked,
    deliveries: quote.groups.map((g) => ({
      orderKey: g.orderKey,
      kind: g.kind,
      shopName: g.kind === 'own' ? null : (g.lines[0]?.mpOffer?.shopName ?? null),
      agency: g.agencies.find((a) => a.id === g.agencySelected)?.name ?? g.agencySelected,
      shippingCost: g.shippingCost,
      from: g.deliveryDate.from,
      to: g.deliveryDate.to,
      day: g.deliveryDateSelected?.date ?? null,
      time: g.deliveryDateSelected?.time ?? null,
    })),
  };
}

const TITLES = {
  addresses: msg`Addresses | Ampora`,
  delivery: msg`Delivery | Ampora`,
  payment: msg`Payment | Ampora`,
  summary: msg`Summary | Ampora`,
};

function stepPage(step: Step) {
  return definePage<CheckoutPageData>({
    access: 'user',
    component: lazy(() => import('../../../client/pages/checkout')),
    async load(context) {
      const data = await stepProps(context, step);
      if ('redirect' in data) return data;
      // Placing an order with a card method opens the card form on the summary.
      if (data.step === 'summary') context.http.set('cardForm', true);
      return { data, meta: { title: context.i18n._(TITLES[data.step]), noIndex: true } };
    },
  });
}

export const checkoutStepPages: Partial<Record<RouteId, PageDefinition<unknown>>> = Object.fromEntries(
  (Object.keys(ROUTE_OF) as Step[]).map((step) => [ROUTE_OF[step], stepPage(step)]),
);
