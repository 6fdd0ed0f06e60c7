/**
 * A checkout quote: the caller's cart (stock-checked) priced for a delivery choice — one group
 * per seller with its shipping cost, the totals of spec §3, the payment methods and the ones not
 * allowed with why — or the blocking error of spec §8 that stops it. Placing an order computes
 * the quote again on the server; nothing the browser sends is trusted for money.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { physicalShops, provinces } from '../db/schema';
import { customsMatch, customsZone, deliveryGroups, pickupShopFor } from '../domain/checkout/delivery-options';
import { PLAIN_CART_FACTS, payments, type CartFacts } from '../domain/checkout/payments';
import { agenciesFor, agencyWindow, chooseAgency } from '../domain/checkout/agencies';
import { CHANNEL_TIME_ZONES, deliveryEstimate } from '../domain/catalogue/delivery';
import { evaluate, type Evaluation } from '../domain/checkout/promotions';
import { solidaryAvailable, solidaryChoice } from '../domain/checkout/solidary';
import { shippingCost, shippingZone, type ShippingType } from '../domain/checkout/shipping';
import { checkGiftCard, promotionInputs, type GiftCardCheck } from './promotions-data';
import type { AppContext } from '../http/context';
import { appError, type ErrorName } from '../http/errors';
import { loadOwnedAddress } from '../identity/addresses';
import type { UserRow } from '../identity/session';
import { isRefurbished } from '../cart/rules';
import { readCart } from '../cart/service';
import type { CartArticle, CartView } from '../cart/view';

export interface DeliveryChoice {
  shippingType: ShippingType;
  shippingAddressId?: number;
  shopId?: number;
  billingAddressId?: number;
  couponCodes?: readonly string[];
  giftCardCode?: string | null;
  /** The agency for our own home delivery (worker/domain/checkout/agencies.ts); the standard one when absent. */
  deliveryAgency?: string | null;
  solidaryAmountChecked?: boolean;
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
}

export interface Quote {
  cart: CartView;
  groups: QuoteGroup[];
  shippingAddress: Record<string, unknown>;
  billingAddress: Record<string, unknown> | null;
  shopId: number | null;
  totals: {
    articlesSubtotal: number;
    shippingCost: number;
    marketPlaceShippingCost: number;
    dropShippingShippingCost: number;
    totalDiscountInCart: number;
    totalGiftCardDiscountInCart: number;
    solidaryAmount: number;
    totalToPay: number;
  };
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


async function provinceCode(db: Db, provinceId: number): Promise<string | null> {
  const [row] = await db.select({ code: provinces.code }).from(provinces).where(eq(provinces.id, provinceId));
  return row?.code ?? null;
}

function missing(path: string, message: string) {
  return appError('invalidRequest', { target: 'json', issues: [{ path, message }] });
}

/** Prices the caller's cart for the delivery choice, or throws the blocking error. */
export async function quoteCheckout(c: AppContext, user: UserRow, cartId: string, choice: DeliveryChoice): Promise<Quote> {
  const { db, channel } = c.var;
  const cart = await readCart(c, cartId, { recalculateStock: true });
  if (cart.outOfStock) throw appError('cartOutOfStock', { outOfStock: cart.outOfStock });
  if (cart.articles.length === 0) throw appError('cartEmpty');

  // Where it goes: one of the user's saved addresses, or one of our shops (spec §4, §9).
  let destination: { countryIso: string; provinceCode: string | null };
  let shippingAddress: Record<string, unknown>;
  let shopId: number | null = null;
  if (choice.shippingType === 3) {
    if (choice.shopId === undefined) throw missing('shopId', 'a shop is required for store pickup');
    shopId = pickupShopFor(choice.shopId);
    const [shop] = await db.select().from(physicalShops).where(eq(physicalShops.id, shopId));
    if (!shop) throw appError('notFound');
    destination = { countryIso: 'ES', provinceCode: await provinceCode(db, shop.provinceId) };
    shippingAddress = { kind: 'shop', shopId, addressId: -shopId, name: shop.name, address: shop.address, city: shop.city, postalCode: shop.postalCode };
  } else {
    if (choice.shippingAddressId === undefined) throw missing('shippingAddressId', 'a shipping address is required');
    const address = await loadOwnedAddress(db, 'shipping', user.id, choice.shippingAddressId);
    destination = { countryIso: address.countryIso, provinceCode: await provinceCode(db, address.provinceId) };
    shippingAddress = { ...address };
  }

  // Customs territories (Canarias, Ceuta, Melilla) need the invoice address in the same one (spec §5).
  let billingAddress: Record<string, unknown> | null = null;
  if (choice.billingAddressId !== undefined) {
    const billing = await loadOwnedAddress(db, 'billing', user.id, choice.billingAddressId);
    billingAddress = { ...billing };
    if (!customsMatch(destination, { countryIso: billing.countryIso, provinceCode: await provinceCode(db, billing.provinceId) })) throw appError('customsAddressMatch');
  } else if (customsZone(destination.countryIso, destination.provinceCode)) {
    throw appError('customsAddressMatch');
  }

  // One group per seller (spec §3 ordersAndDeliveries), each priced for the destination.
  const grouped = deliveryGroups(cart.articles.map((a) => ({ ...a, sellerKind: a.seller.kind, shopId: a.seller.id, minShippingPrice: a.seller.kind === 'marketplace' ? a.seller.minShippingPrice : undefined })));
  const groups: QuoteGroup[] = [];
  const totals = { articlesSubtotal: cart.totals.articlesSubtotal, shippingCost: 0, marketPlaceShippingCost: 0, dropShippingShippingCost: 0, totalDiscountInCart: 0, totalGiftCardDiscountInCart: 0, solidaryAmount: 0, totalToPay: 0 };
  const customs = customsZone(destination.countryIso, destination.provinceCode) !== null;
  for (const group of grouped) {
    // Other sellers ship themselves: no shop pickup or collection point for their articles.
    if (choice.shippingType !== 1 && group.kind !== 'own') throw appError('noZonesInMarketplace');
    // Services ship nothing: they count like digital lines.
    const lines = group.lines.map((a) => ({ weightGrams: a.weightGrams, qty: a.qty, digital: a.type === 'digital' || a.service !== null, unitPrice: a.unitPrice }));
    const result = shippingCost({ kind: group.kind, shopId: group.shopId, minShippingPrice: group.minShippingPrice, lines }, destination, choice.shippingType);
    if ('unavailable' in result) throw appError(customs && group.kind === 'own' ? 'canaryLimitation' : UNDELIVERABLE[`${group.kind}:${result.unavailable}`]!);
    const minDays = Math.max(0, ...group.lines.map((a) => a.delivery.minDays));
    const maxDays = Math.max(minDays, ...group.lines.map((a) => a.delivery.maxDays));
    const window = (days: { minDays: number; maxDays: number }) => {
      const estimate = deliveryEstimate({ now: c.var.now, ...days, timeZone: CHANNEL_TIME_ZONES[channel.id] });
      return { from: estimate.from.toISOString(), to: estimate.to.toISOString() };
    };
    // Our own home deliveries go with an agency of the address's zone (1117 when the chosen one does not go there).
    const homeByUs = group.kind === 'own' && choice.shippingType === 1;
    const agencies = homeByUs ? agenciesFor(shippingZone(destination.countryIso, destination.provinceCode)) : [];
    const chosen = homeByUs ? chooseAgency(agencies, choice.deliveryAgency) : null;
    if (chosen === 'unavailable') throw appError('agencyNotAvailable');
    const cost = result.cost + (chosen?.extraCost ?? 0);
    if (group.kind === 'own') totals.shippingCost += cost;
    else if (group.kind === 'marketplace') totals.marketPlaceShippingCost += cost;
    else totals.dropShippingShippingCost += cost;
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
      agencySelected: chosen?.id ?? null,
      deliveryDate: window(chosen ? agencyWindow(chosen, minDays, maxDays) : { minDays, maxDays }),
    });
  }
  // Promotions (spec §3 talonOne*): free shipping covers our own shipping; other sellers charge theirs.
  const inputs = await promotionInputs(db, user.id, choice.couponCodes ?? [], c.var.now);
  const promotions = evaluate({
    cart: {
      channel: channel.id,
      subtotal: totals.articlesSubtotal,
      lines: cart.articles.map((a) => ({ idLine: a.idLine, articleId: a.idArticle, categoryId: a.familyId, brandId: a.trademarkRef, unitPrice: a.unitPrice, qty: a.qty })),
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

  // A gift card pays what it can of the rest (spec: applied to the total).
  let giftCard: Quote['giftCard'] = null;
  if (choice.giftCardCode) {
    const check = await checkGiftCard(db, choice.giftCardCode, c.var.now);
    if (!check.ok) throw appError(GIFT_CARD_ERRORS[check.problem]);
    giftCard = { code: check.code, balance: check.balance, applied: Math.min(check.balance, beforeGiftCard) };
    totals.totalGiftCardDiscountInCart = giftCard.applied;
  }
  totals.totalToPay = beforeGiftCard - totals.totalGiftCardDiscountInCart;

  // A personal document id in the billing address (spec §5, 1177): from 3,000 € a Spanish simplified
  // invoice is not allowed, so the order needs an invoice address with its tax id.
  if (beforeGiftCard >= FULL_INVOICE_FROM && !(billingAddress && typeof billingAddress.nif === 'string' && billingAddress.nif !== '')) throw appError('personalIdRequired');

  // Gift cards, subscriptions, pay-per-use and customised cases are not sold yet: PLAIN_CART_FACTS says so.
  const facts: CartFacts = {
    ...PLAIN_CART_FACTS,
    channel,
    totalToPay: totals.totalToPay,
    isB2b: user.isB2b,
    isPremium: user.isPremium,
    hasMarketplace: groups.some((g) => g.kind === 'marketplace'),
    hasDropshipping: groups.some((g) => g.kind === 'dropshipping'),
    hasDigital: cart.articles.some((a) => a.type === 'digital'),
    hasRefurbished: cart.articles.some((a) => a.service === null && isRefurbished(a)),
    hasPresale: cart.articles.some((a) => a.availabilityCode === 5),
    hasDeals: cart.articles.some((a) => a.type === 'deal'),
    shippingType: choice.shippingType,
    countryIso: destination.countryIso,
  };
  return { cart, groups, shippingAddress, billingAddress, shopId, totals, solidary, promotions, giftCard, payments: payments(facts) };
}
