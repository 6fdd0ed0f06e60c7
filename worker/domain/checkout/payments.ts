/**
 * Payment methods: the catalogue (spec §3 slugs), the ordered list each channel offers (spec §9),
 * and whether a cart may use each one, with the unavailability codes 32000–32040 (spec §8) and
 * the instalment limits (spec §5). Money is integer cents. No wording here: names and
 * descriptions are mapped from `slug`, messages from `unavailableData.error_code`.
 *
 * Channel lists (our choice where spec §9 says only "cards, transfer, PayPal, cash, wallets,
 * financing; Portugal adds a local bank reference"), in the order of the channel's payment
 * families, each family in this order:
 * - cards: adyen (card provider), tarjeta (card redirect), click-to-pay: every channel;
 * - transfer: transferencia; paypal: paypal: every channel;
 * - cash: contrareembolso every channel (shipping outside ES/PT is refused by a rule, code
 *   32007); payinshop ES only (the physical shops are in Spain);
 * - wallets: adyen-applepay, adyen-googlepay every channel; bizum ES only; mbway PT only;
 * - financing: aplazame, financiacion12, lendismart, payPerUsage ES only; oney ES, PT, FR, IT (Oney
 *   does not lend in Germany);
 * - bank-reference: multibanco (only PT has the family);
 * - open banking (inespay) goes right after the card methods whenever the list is not empty, and
 *   `free` closes every non-empty list.
 *
 * Limits, inclusive at both ends (spec §5 table; "financing provider" is lendismart):
 * aplazame 10–4 000 €, lendismart 90–1 000 000 €, oney 60–2 500 €; financiacion12 (not in the
 * spec, our choice) 90–3 000 €. Cash on delivery up to 1 000 € (our choice, overridable per
 * cart). Orders awaiting offline payment may total at most 3 000 € (our choice).
 *
 * Availability: the first rule of `RULES` that blocks decides the code; see the table.
 *
 * Past the ~300-line guide on purpose: catalogue, codes and rules change together. If it grows,
 * move `RULES`/`paymentAvailability` to `payment-availability.ts`.
 */
import { DEFAULT_CHANNELS, type Channel, type ChannelId, type PaymentFamily } from '../../channel/channels';
import { BLACK_FRIDAY_2025 } from '../catalogue/campaign';

export type PaymentKind =
  | 'card-provider'
  | 'card-redirect'
  | 'wallet'
  | 'transfer'
  | 'cash-on-delivery'
  | 'pay-in-shop'
  | 'financing'
  | 'instalments'
  | 'pay-per-use'
  | 'open-banking'
  | 'local-bank-reference'
  | 'mobile'
  | 'free';

export type LoadingMode = 'redirect' | 'form' | 'iframe';

export interface PaymentMethodDefinition {
  id: number;
  slug: string;
  kind: PaymentKind;
  family: PaymentFamily | 'free';
  /** False for methods settled outside any gateway: transfer, cash on delivery, pay in shop, free. */
  needsGateway: boolean;
  /** Charged through the card provider, which splits marketplace payments between sellers. */
  viaCardProvider: boolean;
  /** How the gateway step is shown (spec §3 loading modes); null without a gateway. */
  loadingMode: LoadingMode | null;
  /** Whether the checkout lists the method as "not available" rather than hiding it. */
  notifyUnavailable: boolean;
  /** Channels that offer it when the channel has its family. */
  channels: readonly ChannelId[] | 'all';
}

const method = <S extends string>(
  id: number,
  slug: S,
  kind: PaymentKind,
  family: PaymentMethodDefinition['family'],
  loadingMode: LoadingMode | null,
  options: Partial<Pick<PaymentMethodDefinition, 'viaCardProvider' | 'notifyUnavailable' | 'channels'>> = {},
): PaymentMethodDefinition & { slug: S } => ({
  id,
  slug,
  kind,
  family,
  needsGateway: loadingMode !== null,
  viaCardProvider: options.viaCardProvider ?? false,
  loadingMode,
  notifyUnavailable: options.notifyUnavailable ?? true,
  channels: options.channels ?? 'all',
});

/** Every method, ids 1–19 in spec §3 order. Listed here in the order a channel shows them. */
export const PAYMENT_METHODS = [
  method(7, 'adyen', 'card-provider', 'cards', 'form', { viaCardProvider: true }),
  method(11, 'tarjeta', 'card-redirect', 'cards', 'redirect'),
  method(15, 'click-to-pay', 'wallet', 'cards', 'iframe', { viaCardProvider: true }),
  method(5, 'inespay', 'open-banking', 'open-banking', 'redirect'),
  method(4, 'transferencia', 'transfer', 'transfer', null),
  method(14, 'paypal', 'wallet', 'paypal', 'redirect'),
  method(10, 'contrareembolso', 'cash-on-delivery', 'cash', null),
  method(9, 'payinshop', 'pay-in-shop', 'cash', null, { channels: ['ES'], notifyUnavailable: false }),
  method(19, 'adyen-applepay', 'wallet', 'wallets', 'form', { viaCardProvider: true }),
  method(18, 'adyen-googlepay', 'wallet', 'wallets', 'form', { viaCardProvider: true }),
  method(1, 'bizum', 'mobile', 'wallets', 'redirect', { channels: ['ES'] }),
  method(17, 'mbway', 'mobile', 'wallets', 'form', { channels: ['PT'] }),
  method(3, 'aplazame', 'instalments', 'financing', 'iframe', { channels: ['ES'] }),
  // Oney lends in Spain, Portugal, France and Italy only (Adyen's facilypay methods): not in Germany.
  method(12, 'oney', 'instalments', 'financing', 'redirect', { channels: ['ES', 'PT', 'FR', 'IT'] }),
  method(2, 'financiacion12', 'financing', 'financing', 'redirect', { channels: ['ES'] }),
  method(16, 'lendismart', 'financing', 'financing', 'redirect', { channels: ['ES'] }),
  method(8, 'payPerUsage', 'pay-per-use', 'financing', 'redirect', { channels: ['ES'], notifyUnavailable: false }),
  method(6, 'multibanco', 'local-bank-reference', 'bank-reference', 'form', { channels: ['PT'] }),
  method(13, 'free', 'free', 'free', null, { notifyUnavailable: false }),
] as const satisfies readonly PaymentMethodDefinition[];

export type PaymentMethodEntry = (typeof PAYMENT_METHODS)[number];
export type PaymentSlug = PaymentMethodEntry['slug'];

export const CARD_PROVIDER_SLUG = 'adyen' satisfies PaymentSlug;
export const CARD_REDIRECT_SLUG = 'tarjeta' satisfies PaymentSlug;
export const FREE_SLUG = 'free' satisfies PaymentSlug;

export const paymentMethod = (slug: PaymentSlug): PaymentMethodEntry => PAYMENT_METHODS.find((m) => m.slug === slug)!;

/** A channel id (its default payment families) or a channel whose families ops may have overridden. */
export type PaymentChannel = ChannelId | Pick<Channel, 'id' | 'paymentFamilies'>;

/**
 * The methods a channel offers, in display order: the channel's families in their configured order
 * (each family's methods in catalogue order, those restricted to other channels left out), then
 * inespay inserted right after the card methods (first if there are none) and `free` appended —
 * both only when some other method is offered.
 */
export function channelPayments(channel: PaymentChannel): PaymentMethodEntry[] {
  const { id, paymentFamilies } = typeof channel === 'string' ? DEFAULT_CHANNELS[channel] : channel;
  const onChannel = (m: PaymentMethodEntry) => m.channels === 'all' || m.channels.includes(id);
  const list = paymentFamilies
    .filter((family) => family !== 'open-banking')
    .flatMap((family) => PAYMENT_METHODS.filter((m) => m.family === family && onChannel(m)));
  if (list.length === 0) return [];
  if (paymentFamilies.includes('open-banking')) {
    const afterCards = list.findLastIndex((m) => m.family === 'cards') + 1;
    list.splice(afterCards, 0, paymentMethod('inespay'));
  }
  return [...list, paymentMethod(FREE_SLUG)];
}

/** Spec §8 codes, assigned in the spec's order from 32000; 32029–32040 are not assigned. */
export const PAYMENT_UNAVAILABLE = {
  disabled: 32000,
  exceedsPendingAmount: 32001,
  blackFriday: 32002,
  marketplace: 32003,
  digital: 32004,
  dropshipping: 32005,
  modifying: 32006,
  spainOrPortugalOnly: 32007,
  premium: 32008,
  agency: 32009,
  priceLimit: 32010,
  minimumPrice: 32011,
  business: 32012,
  shippingPoint: 32013,
  deals: 32014,
  defaulters: 32015,
  electronic: 32016,
  refurbished: 32017,
  banned: 32018,
  noShippingAddress: 32019,
  storePickup: 32020,
  pendingSameTypeOrder: 32021,
  presale: 32022,
  customisedCases: 32023,
  userBanned: 32024,
  giftCards: 32025,
  payPerUse: 32026,
  anniversary: 32027,
  subscription: 32028,
} as const;
export type UnavailableCode = (typeof PAYMENT_UNAVAILABLE)[keyof typeof PAYMENT_UNAVAILABLE];

export interface AmountLimits {
  min: number;
  max: number;
}

/** Order amount limits in cents, inclusive (spec §5; financiacion12 is our choice). */
export const INSTALMENT_LIMITS = {
  aplazame: { min: 1_000, max: 400_000 },
  lendismart: { min: 9_000, max: 100_000_000 },
  oney: { min: 6_000, max: 250_000 },
  financiacion12: { min: 9_000, max: 300_000 },
} as const satisfies Partial<Record<PaymentSlug, AmountLimits>>;

/** Largest cash-on-delivery order: 1 000 € (our choice; a cart may carry the channel's own). */
export const CASH_ON_DELIVERY_MAX = 100_000;
/** Most a customer may owe across orders awaiting offline payment, this one included: 3 000 €. */
export const MAX_PENDING_AMOUNT = 300_000;
/** Countries cash on delivery ships to. */
export const CASH_ON_DELIVERY_COUNTRIES: readonly string[] = ['ES', 'PT'];
export const ANNIVERSARY_CAMPAIGN_SLUG = 'anniversary';

/** Home delivery (1), collection point (2), store pickup (3) — spec §3. */
export type ShippingType = 1 | 2 | 3;

export interface CartFacts {
  channel: PaymentChannel;
  /** What is left to pay after balance and gift cards, in cents; 0 or less means nothing. */
  totalToPay: number;
  isB2b: boolean;
  isPremium: boolean;
  hasMarketplace: boolean;
  hasDropshipping: boolean;
  /** Digital articles (codes delivered electronically). */
  hasDigital: boolean;
  hasRefurbished: boolean;
  hasPresale: boolean;
  /** The cart buys gift cards. */
  hasGiftCards: boolean;
  /** A line renews on a stored card (subscription insurance, services). */
  hasSubscription: boolean;
  hasDeals: boolean;
  /** Made-to-order customised cases. */
  hasCustomisedCases: boolean;
  /** An article sold on pay-per-use. */
  hasPayPerUse: boolean;
  shippingType: ShippingType;
  hasShippingAddress: boolean;
  /** Shipping country, ISO 3166-1 alpha-2. */
  countryIso: string;
  /** The cart edits an order already placed. */
  modifyingOrder: boolean;
  /** Methods of the customer's orders still awaiting payment (a pending same-type order). */
  pendingOrderMethods: readonly string[];
  /** Sum in cents of the customer's orders awaiting offline payment. */
  pendingAmount: number;
  userBanned: boolean;
  /** The customer has unpaid or refused orders. */
  isDefaulter: boolean;
  /** Slugs of the campaigns running now on the channel ('black-friday', 'anniversary'…). */
  activeCampaigns: readonly string[];
  /** False when the chosen delivery agency does not collect cash; absent when none is chosen. */
  agencyAcceptsCash?: boolean;
  /** Switched off by ops or because its gateway is down. */
  disabledMethods?: readonly string[];
  /** Banned by the risk team for this customer or address. */
  bannedMethods?: readonly string[];
  /** The channel's own cash-on-delivery ceiling in cents; CASH_ON_DELIVERY_MAX otherwise. */
  cashOnDeliveryMax?: number;
}

/** The facts of a cart with nothing special in it: no marketplace, digital, gift cards, pending orders… */
export const PLAIN_CART_FACTS = {
  isB2b: false,
  isPremium: false,
  hasMarketplace: false,
  hasDropshipping: false,
  hasDigital: false,
  hasRefurbished: false,
  hasPresale: false,
  hasGiftCards: false,
  hasSubscription: false,
  hasDeals: false,
  hasCustomisedCases: false,
  hasPayPerUse: false,
  hasShippingAddress: true,
  modifyingOrder: false,
  pendingOrderMethods: [] as readonly string[],
  pendingAmount: 0,
  userBanned: false,
  isDefaulter: false,
  activeCampaigns: [] as readonly string[],
} satisfies Omit<CartFacts, 'channel' | 'totalToPay' | 'shippingType' | 'countryIso'>;

export type AmountReason = 'pendingAmountExceeded' | 'maximumPriceReached' | 'minimumNotReached';

export type PaymentAvailability =
  | { available: true }
  | { available: false; code: UnavailableCode; amount?: number; reason?: AmountReason };

type Rule = [code: keyof typeof PAYMENT_UNAVAILABLE, blocks: (cart: CartFacts, m: PaymentMethodDefinition) => boolean];

const is = (...slugs: PaymentSlug[]) => (m: PaymentMethodDefinition) => (slugs as string[]).includes(m.slug);
const isCashOnDelivery = is('contrareembolso');
/** Paid when the goods are handed over. */
const paidOnCollection = is('contrareembolso', 'payinshop');
/** Paid later by the customer on their own (the order waits for the money). */
const paidLater = is('transferencia', 'multibanco');
const isCredit = (m: PaymentMethodDefinition) => m.kind === 'instalments' || m.kind === 'financing' || m.kind === 'pay-per-use';
const isLoan = (m: PaymentMethodDefinition) => m.kind === 'instalments' || m.kind === 'financing';

/**
 * The availability rules after the ones every method shares (banned user, off the channel,
 * disabled, banned method, nothing to pay); the first that blocks gives the code.
 */
const RULES: Rule[] = [
  ['defaulters', (c, m) => c.isDefaulter && (paidOnCollection(m) || isCredit(m))],
  // Renewals charge a stored card, and only the card provider stores one.
  ['subscription', (c, m) => c.hasSubscription && m.slug !== CARD_PROVIDER_SLUG],
  // Marketplace money is split between sellers: through the card provider, or by us from a transfer we receive.
  ['marketplace', (c, m) => c.hasMarketplace && !m.viaCardProvider && m.slug !== 'transferencia'],
  ['giftCards', (c, m) => c.hasGiftCards && (isCredit(m) || isCashOnDelivery(m))],
  ['modifying', (c, m) => c.modifyingOrder && isCredit(m)],
  ['business', (c, m) => c.isB2b && isLoan(m)],
  // Interest-free 12 months is a Premium perk.
  ['premium', (c, m) => m.slug === 'financiacion12' && !c.isPremium],
  ['payPerUse', (c, m) => m.slug === 'payPerUsage' && !c.hasPayPerUse],
  ['shippingPoint', (c, m) => (m.slug === 'payPerUsage' || isCashOnDelivery(m)) && c.shippingType === 2],
  ['storePickup', (c, m) => (m.slug === 'payPerUsage' || isCashOnDelivery(m)) && c.shippingType === 3],
  ['presale', (c, m) => c.hasPresale && m.kind === 'instalments'],
  ['refurbished', (c, m) => c.hasRefurbished && m.kind === 'financing'],
  ['deals', (c, m) => c.hasDeals && paidLater(m)],
  // Electronic delivery happens at once, so payment must be immediate.
  ['electronic', (c, m) => c.hasDigital && paidLater(m)],
  ['digital', (c, m) => c.hasDigital && paidOnCollection(m)],
  ['dropshipping', (c, m) => c.hasDropshipping && paidOnCollection(m)],
  ['customisedCases', (c, m) => c.hasCustomisedCases && isCashOnDelivery(m)],
  ['blackFriday', (c, m) => isCashOnDelivery(m) && c.activeCampaigns.includes(BLACK_FRIDAY_2025.slug)],
  ['anniversary', (c, m) => isCashOnDelivery(m) && c.activeCampaigns.includes(ANNIVERSARY_CAMPAIGN_SLUG)],
  // Pay in shop needs a shop to pay in.
  ['storePickup', (c, m) => m.slug === 'payinshop' && c.shippingType !== 3],
  ['noShippingAddress', (c, m) => isCashOnDelivery(m) && !c.hasShippingAddress],
  ['spainOrPortugalOnly', (c, m) => isCashOnDelivery(m) && !CASH_ON_DELIVERY_COUNTRIES.includes(c.countryIso.toUpperCase())],
  ['agency', (c, m) => isCashOnDelivery(m) && c.agencyAcceptsCash === false],
  ['pendingSameTypeOrder', (c, m) => c.pendingOrderMethods.includes(m.slug)],
];

const unavailable = (key: keyof typeof PAYMENT_UNAVAILABLE, amount?: number, reason?: AmountReason): PaymentAvailability =>
  amount === undefined ? { available: false, code: PAYMENT_UNAVAILABLE[key] } : { available: false, code: PAYMENT_UNAVAILABLE[key], amount, reason };

/**
 * Whether `cart` may pay with `slug`, checked in this order:
 *
 * 1. userBanned: nothing is available.
 * 2. disabled: not offered on the cart's channel, listed in `disabledMethods`, `free` with
 *    something to pay, or anything but `free` with nothing to pay. banned: in `bannedMethods`.
 * 3. `free` with nothing to pay is available.
 * 4. `RULES`, in table order (customer, cart contents, delivery, campaigns, pending orders).
 * 5. Amounts: transfer, multibanco, cash on delivery and pay in shop need pendingAmount +
 *    totalToPay ≤ MAX_PENDING_AMOUNT (else exceedsPendingAmount, reason pendingAmountExceeded);
 *    cash on delivery needs totalToPay ≤ its maximum; limited methods need min ≤ totalToPay ≤ max
 *    (priceLimit / maximumPriceReached, minimumPrice / minimumNotReached). `amount` is the limit.
 */
export function paymentAvailability(cart: CartFacts, slug: PaymentSlug): PaymentAvailability {
  const m = paymentMethod(slug);
  const nothingToPay = !(cart.totalToPay > 0);
  if (cart.userBanned) return unavailable('userBanned');
  if (!channelPayments(cart.channel).some((offered) => offered.slug === slug)) return unavailable('disabled');
  if (cart.disabledMethods?.includes(slug)) return unavailable('disabled');
  if (cart.bannedMethods?.includes(slug)) return unavailable('banned');
  if (nothingToPay !== (slug === FREE_SLUG)) return unavailable('disabled');
  if (nothingToPay) return { available: true };

  const rule = RULES.find(([, blocks]) => blocks(cart, m));
  if (rule) return unavailable(rule[0]);

  if ((paidLater(m) || paidOnCollection(m)) && cart.pendingAmount + cart.totalToPay > MAX_PENDING_AMOUNT) {
    return unavailable('exceedsPendingAmount', MAX_PENDING_AMOUNT, 'pendingAmountExceeded');
  }
  const limits: AmountLimits | undefined = isCashOnDelivery(m)
    ? { min: 0, max: cart.cashOnDeliveryMax ?? CASH_ON_DELIVERY_MAX }
    : (INSTALMENT_LIMITS as Partial<Record<string, AmountLimits>>)[slug];
  if (limits && cart.totalToPay < limits.min) return unavailable('minimumPrice', limits.min, 'minimumNotReached');
  if (limits && cart.totalToPay > limits.max) return unavailable('priceLimit', limits.max, 'maximumPriceReached');
  return { available: true };
}

/** A method as the summary response lists it (spec §3); wording is mapped from `slug`. */
export interface PaymentMethod {
  idPayment: number;
  slug: PaymentSlug;
  kind: PaymentKind;
  needsGateway: boolean;
  /** Where the gateway reports back (spec §7); null without a gateway. */
  url: string | null;
  configuration: { loadingMode: LoadingMode } | null;
  notifyUnavailable: boolean;
}

export type PaymentMethodNotAllowed = PaymentMethod & { unavailableData: { error_code: UnavailableCode; amount?: number } };

/** The channel's methods split into those the cart may use and those it may not, both in channel order. */
export function payments(cart: CartFacts): { payments: PaymentMethod[]; paymentsNotAllowed: PaymentMethodNotAllowed[] } {
  const result: { payments: PaymentMethod[]; paymentsNotAllowed: PaymentMethodNotAllowed[] } = { payments: [], paymentsNotAllowed: [] };
  for (const definition of channelPayments(cart.channel)) {
    const slug = definition.slug;
    const shown: PaymentMethod = {
      idPayment: definition.id,
      slug,
      kind: definition.kind,
      needsGateway: definition.needsGateway,
      url: definition.needsGateway ? `/api/paymentGateway/${slug}/notification` : null,
      configuration: definition.loadingMode ? { loadingMode: definition.loadingMode } : null,
      notifyUnavailable: definition.notifyUnavailable,
    };
    const availability = paymentAvailability(cart, slug);
    if (availability.available) result.payments.push(shown);
    else {
      const unavailableData = availability.amount === undefined ? { error_code: availability.code } : { error_code: availability.code, amount: availability.amount };
      result.paymentsNotAllowed.push({ ...shown, unavailableData });
    }
  }
  return result;
}
