/**
 * A checkout quote: the caller's cart (stock-checked) priced for a delivery choice — one group
 * per seller with its shipping cost, the totals of spec §3, the payment methods and the ones not
 * allowed with why — or the blocking error of spec §8 that stops it. Placing an order computes
 * the quote again on the server; nothing the browser sends is trusted for money.
 */
import { inList } from '../db/limits';
import { sellers } from '../db/schema';
import { readBalance } from '../balance/balance';
import { isRefurbished } from '../cart/rules';
import { readCart } from '../cart/service';
import type { CartArticle, CartView } from '../cart/view';
import { agenciesFor, agencyWindow, chooseAgency, marketplaceAgenciesFor, type Agency } from '../domain/checkout/agencies';
import { ALERT_CODES, type CriticalError } from '../domain/checkout/alerts';
import { shippingPointsNotAllowedReasons } from '../domain/checkout/collection-points';
import { canShowNeutralDelivery, choosableDays, localDate, scheduleAllowed } from '../domain/checkout/delivery-choices';
import { customsMatch, customsZone, deliveryGroups, pickupShopFor, pickupShops } from '../domain/checkout/delivery-options';
import { PLAIN_CART_FACTS, PAYMENT_UNAVAILABLE, payments, type CartFacts } from '../domain/checkout/payments';
import { evaluate, type Evaluation } from '../domain/checkout/promotions';
import { shippingCost, shippingZone, type ShippingType } from '../domain/checkout/shipping';
import { solidaryAvailable, solidaryChoice } from '../domain/checkout/solidary';
import { CHANNEL_TIME_ZONES, deliveryEstimate } from '../domain/catalogue/delivery';
import type { AppContext } from '../http/context';
import { AppError, appError, type ErrorName } from '../http/errors';
import { loadOwnedAddress } from '../identity/addresses';
import type { UserRow } from '../identity/session';
import { destinationOf, priceInstallationsAt, withProvince } from './destination';
import { pickupShopRows } from './shops';
import { checkGiftCard, promotionInputs, type GiftCardCheck } from './promotions-data';

export interface DeliveryChoice {
  shippingType: ShippingType;
  shippingAddressId?: number;
  shopId?: number;
  /** The collection point (shipping type 2). */
  pickingPointId?: number;
  /** Who collects a store pickup when it is not the customer (spec §3 whoPicksUp). */
  whoPicksUp?: { name: string; documentId: string } | null;
  billingAddressId?: number;
  customerRequestsInvoice?: boolean;
  couponCodes?: readonly string[];
  giftCardCode?: string | null;
  /** The agency for our own home delivery (worker/domain/checkout/agencies.ts); the standard one when absent. */
  deliveryAgency?: string | null;
  /** The day and time slot chosen for our own home delivery (worker/domain/checkout/delivery-choices.ts). */
  deliveryDate?: string | null;
  deliveryTime?: string | null;
  isNeutralOrder?: boolean;
  /** The service chosen per marketplace seller order; the seller's standard one when absent. */
  marketplaceAgencies?: readonly { orderKey: string; id: string }[];
  useBalance?: boolean;
  solidaryAmountChecked?: boolean;
  /** The method the customer has chosen, for the alerts that depend on it (1159). */
  paymentMethod?: string | null;
}

export interface QuoteGroup {
  orderKey: string;
  kind: 'own' | 'marketplace' | 'dropshipping';
  shopId: number;
  shippingCost: number;
  lines: CartArticle[];
  /** Our own home deliveries: the agencies that serve the address, with what each adds and when it delivers. */
  agencies: { id: string; name: string; extraCost: number; express: boolean; deliveryFrom: string; deliveryTo: string }[];
  agencySelected: string | null;
  /** When the group arrives (first and last possible day, local midnight). */
  deliveryDate: { from: string; to: string };
  /** The days the customer may choose (local dates), empty when the agency does not schedule. */
  deliveryDays: string[];
  /** The chosen day and slot, when one was chosen. */
  deliveryDateSelected: { date: string; time: string | null } | null;
}

export interface Quote {
  cart: CartView;
  groups: QuoteGroup[];
  shippingAddress: Record<string, unknown>;
  billingAddress: Record<string, unknown> | null;
  shopId: number | null;
  pickingPointId: number | null;
  totals: {
    articlesSubtotal: number;
    shippingCost: number;
    marketPlaceShippingCost: number;
    dropShippingShippingCost: number;
    totalDiscountInCart: number;
    totalGiftCardDiscountInCart: number;
    solidaryAmount: number;
    /** The installation part of the articles subtotal (spec §3 totalInstallationPrice). */
    totalInstallationPrice: number;
    /** The customer's store balance and the part of it this order spends (spec §3 balance, balanceToSpend). */
    balance: number;
    balanceToSpend: number;
    totalToPay: number;
  };
  /** Neutral delivery: offered (spec §3 canShowNeutralDelivery) and chosen. */
  neutral: { available: boolean; checked: boolean };
  /**
   * Problems that do not stop the quote (spec §3 criticalErrors): the step pages show them by the
   * §8 priority, and the blocking ones stop the next step; placing the order refuses them.
   */
  criticalErrors: CriticalError[];
  /** Whether the solidary amount may be added (spec §3 isAvailableSolidaryOption), and whether it is. */
  solidary: { available: boolean; checked: boolean; amount: number };
  promotions: Evaluation;
  giftCard: { code: string; applied: number; balance: number } | null;
  payments: ReturnType<typeof payments>;
}

/** The spec §8 code of a group that cannot be delivered, by seller kind and reason. */
const UNDELIVERABLE: Record<string, ErrorName> = {
  'own:zone': 'countryLimitation',
  'own:weight': 'internationalWeight',
  'marketplace:zone': 'noZonesInMarketplace',
  'marketplace:weight': 'internationalWeight',
  'dropshipping:zone': 'dropshippingLimitation',
  'dropshipping:weight': 'dropshippingLimitation',
};

const GIFT_CARD_ERRORS: Record<Extract<GiftCardCheck, { ok: false }>['problem'], ErrorName> = { unknown: 'giftCardUnknown', expired: 'giftCardExpired', empty: 'giftCardEmpty' };

/** From this amount (cents) an order needs a full invoice with the buyer's tax id (spec §5 personal document id). */
export const FULL_INVOICE_FROM = 300_000;

/** Most units of one digital code article in an order (1154). */
export const MAX_DIGITAL_CODES_PER_ARTICLE = 5;

const isService = (a: CartArticle) => a.service !== null;
/** A gift-card line (worker/gift-cards): not discounted by promotions, not paid with another gift card. */
const isGiftCard = (a: CartArticle) => a.giftCard !== undefined;

/**
 * Store pickup only in a shop that serves the delivery country (spec §3 notAvailableShopsReasons):
 * the country of the shipping address the draft holds, else the channel's. Other sellers'
 * articles are refused per group below (1170).
 */
async function checkPickupShop(c: AppContext, user: UserRow, choice: DeliveryChoice): Promise<void> {
  const { db, channel } = c.var;
  // An address deleted since it was chosen leaves the channel's country.
  const [address, shops] = await Promise.all([
    choice.shippingAddressId === undefined
      ? undefined
      : loadOwnedAddress(db, 'shipping', user.id, choice.shippingAddressId).catch((error: unknown) => {
          if (error instanceof AppError) return undefined;
          throw error;
        }),
    pickupShopRows(db),
  ]);
  const offered = pickupShops(shops, { deliveryCountry: address?.countryIso ?? channel.country, sellerKinds: [] });
  if (choice.shopId !== undefined && !offered.shops.some((shop) => shop.id === pickupShopFor(choice.shopId!))) {
    throw appError('shopNotAvailable', { notAvailableShopsReasons: offered.notAvailableShopsReasons.length > 0 ? offered.notAvailableShopsReasons : ['noShopInCountry'] });
  }
}

/**
 * Prices the caller's cart for the delivery choice, or throws the blocking error. A step page
 * that has just read the cart (stock-checked) passes it in `read` rather than read it again;
 * the quote changes only its copy.
 */
export async function quoteCheckout(c: AppContext, user: UserRow, cartId: string, choice: DeliveryChoice, read?: CartView): Promise<Quote> {
  const { db, channel } = c.var;
  const cart = read ? structuredClone(read) : await readCart(c, cartId, { recalculateStock: true });
  if (cart.outOfStock) throw appError('cartOutOfStock', { outOfStock: cart.outOfStock });
  if (cart.articles.length === 0) throw appError('cartEmpty');
  const criticalErrors: CriticalError[] = [...cart.criticalErrors];

  const shipped = cart.articles.filter((a) => !isService(a) && a.type !== 'digital');
  const parcelGrams = shipped.reduce((sum, a) => sum + a.weightGrams * a.qty, 0);
  if (choice.shippingType === 2) {
    const reasons = shippingPointsNotAllowedReasons({
      lines: cart.articles.map((a) => ({ sellerKind: a.seller.kind, weightGrams: a.weightGrams, qty: a.qty, digital: a.type === 'digital' || isService(a), unitPrice: a.unitPrice })),
    });
    if (reasons.length > 0) throw appError('shippingPointNotAllowed', { reasons });
  }
  if (choice.shippingType === 3) await checkPickupShop(c, user, choice);
  const place = await destinationOf(db, user, choice, parcelGrams);
  const destination = { countryIso: place.countryIso, provinceCode: place.provinceCode };
  // Spec §8 1135: an address saved before it could be checked, or without a phone for the carrier.
  if (place.shippingAddress.validated === false || place.shippingAddress.phone === '') criticalErrors.push({ code: ALERT_CODES.incompleteShippingAddress });
  await priceInstallationsAt(db, cart, choice.shippingType === 1 ? place.shippingAddress : null);

  // Customs territories (Canarias, Ceuta, Melilla) need the invoice address in the same one (spec §5).
  let billingAddress: Record<string, unknown> | null = null;
  if (choice.billingAddressId !== undefined) {
    const billing = await loadOwnedAddress(db, 'billing', user.id, choice.billingAddressId);
    const withCode = await withProvince(db, billing);
    billingAddress = withCode;
    if (!customsMatch(destination, { countryIso: billing.countryIso, provinceCode: withCode.provinceCode || null })) throw appError('customsAddressMatch');
    // A company or freelance invoice needs the tax id (spec §8 1136, incomplete billing address).
    if ('billingType' in billing && billing.billingType !== 'individual' && !billing.nif) criticalErrors.push({ code: ALERT_CODES.incompleteBillingAddress });
  } else {
    if (customsZone(destination.countryIso, destination.provinceCode)) throw appError('customsAddressMatch');
    // An invoice was asked for without saying where to (1136), and business customers always invoice (1158).
    if (user.isB2b) criticalErrors.push({ code: ALERT_CODES.forceBilling });
    else if (choice.customerRequestsInvoice) criticalErrors.push({ code: ALERT_CODES.incompleteBillingAddress });
  }
  // Spec §8 1154: a few codes of one digital article per order.
  // Gift cards are not codes from a stock: their own limit is per line (worker/gift-cards/rules.ts).
  for (const a of cart.articles) if (a.type === 'digital' && !isGiftCard(a) && a.qty > MAX_DIGITAL_CODES_PER_ARTICLE) criticalErrors.push({ code: ALERT_CODES.digitalCodesLimit, articleName: a.name });

  // One group per seller (spec §3 ordersAndDeliveries), each priced for the destination.
  const grouped = deliveryGroups(cart.articles.map((a) => ({ ...a, sellerKind: a.seller.kind, shopId: a.seller.id, minShippingPrice: a.seller.kind === 'marketplace' ? a.seller.minShippingPrice : undefined })));
  const marketplaceIds = grouped.filter((g) => g.kind === 'marketplace').map((g) => g.shopId);
  const tiers = new Map(marketplaceIds.length ? (await db.select({ id: sellers.id, tier: sellers.tier }).from(sellers).where(inList(sellers.id, marketplaceIds))).map((s) => [s.id, s.tier as 'standard' | 'premium']) : []);
  const groups: QuoteGroup[] = [];
  const totals = { articlesSubtotal: cart.totals.articlesSubtotal, shippingCost: 0, marketPlaceShippingCost: 0, dropShippingShippingCost: 0, totalDiscountInCart: 0, totalGiftCardDiscountInCart: 0, solidaryAmount: 0, totalInstallationPrice: cart.totals.totalInstallationPrice, balance: 0, balanceToSpend: 0, totalToPay: 0 };
  const customs = customsZone(destination.countryIso, destination.provinceCode) !== null;
  const timeZone = CHANNEL_TIME_ZONES[channel.id];
  for (const group of grouped) {
    // Other sellers ship themselves: no shop pickup or collection point for their articles.
    if (choice.shippingType !== 1 && group.kind !== 'own') throw appError('noZonesInMarketplace');
    // Services ship nothing: they count like digital lines.
    const lines = group.lines.map((a) => ({ weightGrams: a.weightGrams, qty: a.qty, digital: a.type === 'digital' || isService(a), unitPrice: a.unitPrice }));
    const result = shippingCost({ kind: group.kind, shopId: group.shopId, minShippingPrice: group.minShippingPrice, lines }, destination, choice.shippingType);
    if ('unavailable' in result) throw appError(customs && group.kind === 'own' ? 'canaryLimitation' : UNDELIVERABLE[`${group.kind}:${result.unavailable}`]!);
    const minDays = Math.max(0, ...group.lines.map((a) => a.delivery.minDays));
    const maxDays = Math.max(minDays, ...group.lines.map((a) => a.delivery.maxDays));
    const window = (days: { minDays: number; maxDays: number }) => {
      const estimate = deliveryEstimate({ now: c.var.now, ...days, timeZone });
      return { from: estimate.from.toISOString(), to: estimate.to.toISOString() };
    };
    // Home deliveries go with an agency: ours per zone (1156 when none goes there, 1117 when the
    // chosen one does not), a marketplace seller's own services per seller order.
    let agencies: Agency[] = [];
    let chosen: Agency | null = null;
    if (choice.shippingType === 1 && group.kind === 'own') {
      agencies = agenciesFor(shippingZone(destination.countryIso, destination.provinceCode));
      if (agencies.length === 0) throw appError('noAgencies');
      const picked = chooseAgency(agencies, choice.deliveryAgency);
      if (picked === 'unavailable') throw appError('agencyNotAvailable');
      chosen = picked;
    } else if (choice.shippingType === 1 && group.kind === 'marketplace') {
      agencies = marketplaceAgenciesFor(tiers.get(group.shopId) ?? 'standard');
      const picked = chooseAgency(agencies, choice.marketplaceAgencies?.find((m) => m.orderKey === group.orderKey)?.id);
      if (picked === 'unavailable') throw appError('agencyNotAvailable');
      chosen = picked;
    }
    const cost = result.cost + (chosen?.extraCost ?? 0);
    if (group.kind === 'own') totals.shippingCost += cost;
    else if (group.kind === 'marketplace') totals.marketPlaceShippingCost += cost;
    else totals.dropShippingShippingCost += cost;
    const arrival = window(chosen ? agencyWindow(chosen, minDays, maxDays) : { minDays, maxDays });
    // The day and slot: only our own scheduled home delivery offers them.
    const deliveryDays = chosen?.scheduling && group.kind === 'own' ? choosableDays(localDate(new Date(arrival.from), timeZone)) : [];
    const schedule = group.kind === 'own' ? { deliveryDate: choice.deliveryDate ?? null, deliveryTime: choice.deliveryTime ?? null } : { deliveryDate: null, deliveryTime: null };
    if (!scheduleAllowed(deliveryDays, schedule)) throw appError('deliveryDateNotAvailable');
    groups.push({
      orderKey: group.orderKey,
      kind: group.kind,
      shopId: group.shopId,
      shippingCost: cost,
      lines: group.lines,
      agencies: agencies.map((a) => {
        const when = window(agencyWindow(a, minDays, maxDays));
        return { id: a.id, name: a.name, extraCost: a.extraCost, express: a.express, deliveryFrom: when.from, deliveryTo: when.to };
      }),
      agencySelected: chosen?.id ?? (group.kind === 'own' ? place.pointCarrier : null),
      deliveryDate: arrival,
      deliveryDays,
      deliveryDateSelected: schedule.deliveryDate ? { date: schedule.deliveryDate, time: schedule.deliveryTime } : null,
    });
  }
  const neutralOffered = canShowNeutralDelivery({ isB2b: user.isB2b, shippingType: choice.shippingType, hasOwnGroup: groups.some((g) => g.kind === 'own') });
  if (choice.isNeutralOrder && !neutralOffered) throw appError('neutralNotAvailable');

  // Promotions (spec §3 talonOne*): free shipping covers our own shipping; other sellers charge theirs.
  const inputs = await promotionInputs(db, user.id, choice.couponCodes ?? [], c.var.now);
  // Gift cards are money: no promotion discounts them or counts them towards its threshold.
  const discountable = cart.articles.filter((a) => !isGiftCard(a));
  const promotions = evaluate({
    cart: {
      channel: channel.id,
      subtotal: discountable.reduce((sum, a) => sum + a.totalPrice, 0),
      lines: discountable.map((a) => ({ idLine: a.idLine, articleId: a.idArticle, categoryId: a.familyId, brandId: a.trademarkRef, unitPrice: a.unitPrice, qty: a.qty })),
      shippingCost: totals.shippingCost,
    },
    user: { isFirstPurchase: user.totalPurchases === 0, userUsage: inputs.userUsage },
    now: c.var.now.getTime(),
    couponCodes: choice.couponCodes ?? [],
    campaigns: inputs.campaigns,
    coupons: inputs.coupons,
  });
  totals.totalDiscountInCart = promotions.totalDiscount;
  // The solidary amount: offered when the invoice goes to Spain (the shipping country without an invoice address).
  const billingCountry = typeof billingAddress?.countryIso === 'string' ? billingAddress.countryIso : destination.countryIso;
  const solidaryOffered = solidaryAvailable(channel.solidary, billingCountry);
  const solidary = { available: solidaryOffered, checked: solidaryChoice(choice.solidaryAmountChecked ?? false, solidaryOffered), amount: channel.solidary?.amount ?? 0 };
  totals.solidaryAmount = solidary.checked ? solidary.amount : 0;
  const beforeGiftCard = totals.articlesSubtotal + totals.shippingCost + totals.marketPlaceShippingCost + totals.dropShippingShippingCost - promotions.totalDiscount + totals.solidaryAmount;

  // A gift card pays what it can of the rest (spec: applied to the total), then the store balance if asked.
  let giftCard: Quote['giftCard'] = null;
  if (choice.giftCardCode) {
    // A gift card does not buy other gift cards (it would turn a card into new, later-expiring ones).
    if (cart.articles.some(isGiftCard)) throw appError('giftCardForGiftCards');
    const check = await checkGiftCard(db, choice.giftCardCode, c.var.now);
    if (!check.ok) throw appError(GIFT_CARD_ERRORS[check.problem]);
    giftCard = { code: check.code, balance: check.balance, applied: Math.min(check.balance, beforeGiftCard) };
    totals.totalGiftCardDiscountInCart = giftCard.applied;
  }
  totals.balance = (await readBalance(db, user.id)).balance;
  totals.balanceToSpend = choice.useBalance ? Math.min(totals.balance, beforeGiftCard - totals.totalGiftCardDiscountInCart) : 0;
  totals.totalToPay = beforeGiftCard - totals.totalGiftCardDiscountInCart - totals.balanceToSpend;

  // A personal document id in the billing address (spec §5, 1177): from 3,000 € a Spanish simplified
  // invoice is not allowed, so the order needs an invoice address with its tax id.
  if (beforeGiftCard >= FULL_INVOICE_FROM && !(billingAddress && typeof billingAddress.nif === 'string' && billingAddress.nif !== '')) throw appError('personalIdRequired');

  // Subscriptions, pay-per-use and customised cases are not sold yet: PLAIN_CART_FACTS says so.
  const facts: CartFacts = {
    ...PLAIN_CART_FACTS,
    channel,
    totalToPay: totals.totalToPay,
    isB2b: user.isB2b,
    isPremium: user.isPremium,
    hasMarketplace: groups.some((g) => g.kind === 'marketplace'),
    hasDropshipping: groups.some((g) => g.kind === 'dropshipping'),
    hasDigital: cart.articles.some((a) => a.type === 'digital'),
    hasGiftCards: cart.articles.some(isGiftCard),
    hasRefurbished: cart.articles.some((a) => !isService(a) && isRefurbished(a)),
    hasPresale: cart.articles.some((a) => a.availabilityCode === 5),
    hasDeals: cart.articles.some((a) => a.type === 'deal'),
    // A subscription renews on a stored card: only the card provider can pay it (32028).
    hasSubscription: cart.articles.some((a) => a.isSubscription),
    shippingType: choice.shippingType,
    countryIso: destination.countryIso,
  };
  const methods = payments(facts);
  if (methods.payments.length === 0) criticalErrors.push({ code: ALERT_CODES.noPaymentMethods });
  // Spec §8 1159: cash on delivery chosen for an order above its maximum.
  const cashRefused = methods.paymentsNotAllowed.find((m) => m.slug === 'contrareembolso');
  if (choice.paymentMethod === 'contrareembolso' && cashRefused?.unavailableData.error_code === PAYMENT_UNAVAILABLE.priceLimit) criticalErrors.push({ code: ALERT_CODES.maxCashOnDelivery });
  return {
    cart,
    groups,
    shippingAddress: place.shippingAddress,
    billingAddress,
    shopId: place.shopId,
    pickingPointId: place.pickingPointId,
    totals,
    neutral: { available: neutralOffered, checked: neutralOffered && (choice.isNeutralOrder ?? false) },
    criticalErrors,
    solidary,
    promotions,
    giftCard,
    payments: methods,
  };
}
