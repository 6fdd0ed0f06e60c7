/**
 * The checkout steps after the basket: addresses, delivery, payment, summary. They need a
 * session (an anonymous shopper signs in or up and the basket follows). Each page reads the
 * cart and the draft; a step whose earlier choices are missing shows the first incomplete
 * step instead, and the delivery, payment and summary steps show the server's quote: costs,
 * methods (with why a method is not available) and any blocking error of spec §8.
 */
import { msg } from '@lingui/core/macro';
import { asc } from 'drizzle-orm';
import { lazy } from 'react';
import type { CheckoutPageData } from '../../../client/pages/checkout';
import type { CheckoutStepProps } from '../../../client/islands/checkout-step';
import { href, type RouteId } from '../../../client/routes';
import { cartStub, callerCart, readCart } from '../../cart/service';
import { firstIncompleteStep, parseDraft, type CheckoutDraft, type CheckoutStep } from '../../checkout/draft';
import { quoteCheckout, type Quote } from '../../checkout/quote';
import { physicalShops } from '../../db/schema';
import { pickupShopFor } from '../../domain/checkout/delivery-options';
import { selectPaymentOnLoad } from '../../domain/checkout/payment-selection';
import { CHANNEL_TIME_ZONES } from '../../domain/catalogue/delivery';
import { AppError } from '../../http/errors';
import { listAddresses } from '../../identity/addresses';
import type { AppContext } from '../../http/context';
import type { UserRow } from '../../identity/session';
import { definePage, type LoadContext, type PageDefinition } from './types';

type Step = CheckoutStepProps['step'];

const ROUTE_OF: Record<Step, RouteId> = { addresses: 'cartAddress', delivery: 'cartShipping', payment: 'cartPayment', summary: 'cartSummary' };
const NEXT_OF: Record<Step, RouteId> = { addresses: 'cartShipping', delivery: 'cartPayment', payment: 'cartSummary', summary: 'cartOk' };
const STEP_OF: Record<Step, CheckoutStep> = { addresses: 'addresses', delivery: 'delivery', payment: 'payment', summary: 'summary' };

/** The quote for the draft's choice, or the blocking error's message. */
async function tryQuote(c: AppContext, user: UserRow, cartId: string, draft: CheckoutDraft): Promise<{ quote: Quote | null; blocking: string | null }> {
  if (draft.shippingType === null) return { quote: null, blocking: null };
  try {
    const quote = await quoteCheckout(c, user, cartId, {
      shippingType: draft.shippingType,
      shippingAddressId: draft.shippingAddressSelected ?? undefined,
      shopId: draft.shopSelected ?? undefined,
      billingAddressId: draft.billingAddressSelected ?? undefined,
      couponCodes: draft.couponCodes,
      giftCardCode: draft.giftCardCode,
      deliveryAgency: draft.deliveryAgency,
      solidaryAmountChecked: draft.solidaryAmountChecked,
    });
    return { quote, blocking: null };
  } catch (error) {
    if (error instanceof AppError && error.entry.status < 500) return { quote: null, blocking: c.var.i18n._(error.entry.message) };
    throw error;
  }
}

function addressLabel(a: { name: string; surname: string; address: string; streetNumber: string; postalCode: string; city: string; companyName?: string }): string {
  return `${a.companyName ? `${a.companyName} · ` : ''}${a.name} ${a.surname}, ${a.address} ${a.streetNumber}, ${a.postalCode} ${a.city}`;
}

async function stepProps(context: LoadContext, requested: Step): Promise<CheckoutPageData> {
  const { http, user, db, language, channel } = context;
  const { cartId } = await callerCart(http);
  const cart = await readCart(http, cartId, { recalculateStock: true });
  if (cart.articles.length === 0) return { step: requested, props: null };
  const draft = parseDraft(await cartStub(http, cartId).draft());
  const first = firstIncompleteStep(draft, STEP_OF[requested]);
  const step = (first === 'cart' ? 'addresses' : first) as Step;
  const base = { step, cartId, draft, next: href(NEXT_OF[step], language, channel) };

  if (step === 'addresses') {
    const [shipping, billing] = await Promise.all([listAddresses(db, 'shipping', user!.id, language), listAddresses(db, 'billing', user!.id, language)]);
    // The checked address is the selected one, else the default (spec §4).
    const selected = draft.shippingAddressSelected ?? shipping.find((a) => a.default)?.id ?? null;
    const billingSelected = draft.billingAddressSelected ?? billing.find((a) => a.default)?.id ?? null;
    return {
      step,
      props: {
        ...base,
        draft: { ...draft, shippingAddressSelected: selected, billingAddressSelected: billingSelected },
        shipping: shipping.map((a) => ({ id: a.id, label: addressLabel(a), default: a.default })),
        billing: billing.map((a) => ({ id: a.id, label: addressLabel(a), default: a.default })),
      },
    };
  }

  if (step === 'delivery') {
    const shops = await db.select({ id: physicalShops.id, name: physicalShops.name }).from(physicalShops).orderBy(asc(physicalShops.name));
    const byId = new Map(shops.map((s) => [s.id, s.name]));
    const home = draft.shippingAddressSelected === null ? { quote: null, blocking: null } : await tryQuote(http, user!, cartId, { ...draft, shippingType: 1 });
    return {
      step,
      props: {
        ...base,
        shops: shops.map((s) => ({ id: s.id, name: s.name, pickupName: byId.get(pickupShopFor(s.id)) ?? s.name })),
        homeDeliveryCost: home.quote ? home.quote.totals.shippingCost + home.quote.totals.marketPlaceShippingCost + home.quote.totals.dropShippingShippingCost : null,
        agencies: home.quote?.groups.find((g) => g.kind === 'own')?.agencies ?? [],
        timeZone: CHANNEL_TIME_ZONES[channel.id],
        blocking: null,
      },
    };
  }

  const { quote, blocking } = await tryQuote(http, user!, cartId, draft);
  // Spec §4: keep the choice while it is offered; only "free" offered → free; else the preferred one.
  // Only the methods that complete here can be chosen (gateway methods are listed as coming soon).
  if (quote) {
    const selectable = quote.payments.payments.filter((p) => !p.needsGateway).map((p) => p.slug);
    const selected = selectPaymentOnLoad(draft.paymentMethodSelected, selectable) as CheckoutDraft['paymentMethodSelected'];
    if (selected !== draft.paymentMethodSelected) {
      draft.paymentMethodSelected = selected;
      await cartStub(http, cartId).saveDraft(JSON.stringify(draft));
    }
  }
  const payments = quote
    ? [
        ...quote.payments.payments.map((p) => ({ slug: p.slug, available: !p.needsGateway, soon: p.needsGateway || undefined })),
        ...quote.payments.paymentsNotAllowed.filter((p) => p.notifyUnavailable).map((p) => ({ slug: p.slug, available: false, code: p.unavailableData.error_code, amount: p.unavailableData.amount })),
      ]
    : [];
  return {
    step,
    props: {
      ...base,
      draft,
      payments,
      totals: quote?.totals ?? null,
      blocking,
      summaryLines: quote ? quote.cart.articles.map((a) => ({ name: a.name, qty: a.qty, totalPrice: a.totalPrice })) : [],
      notifications: quote ? quote.promotions.notifications.map((n) => ({ title: n.notificationTitle, body: n.notificationBody, type: n.notificationType, code: n.couponCode ?? null, value: n.couponDiscountTextValue ?? null, missingAmount: n.missingAmount ?? null })) : [],
      giftCard: quote?.giftCard ?? null,
      solidary: quote?.solidary ?? null,
    },
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
      return { data, meta: { title: context.i18n._(TITLES[data.step]), noIndex: true } };
    },
  });
}

export const checkoutStepPages: Partial<Record<RouteId, PageDefinition<unknown>>> = Object.fromEntries(
  (Object.keys(ROUTE_OF) as Step[]).map((step) => [ROUTE_OF[step], stepPage(step)]),
);
