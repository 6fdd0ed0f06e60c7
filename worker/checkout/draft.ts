/**
 * The checkout order draft (spec §3), kept in the cart's Durable Object between the step pages:
 * addresses, invoice request, delivery choice, payment choice, coupons and gift card. Opening the
 * basket resets the checkout to the cart step but keeps the invoice request and the payment
 * choice (spec §4), and the codes the shopper entered; a
 * step page whose earlier steps are incomplete sends the shopper back to the first of them.
 */
import { z } from 'zod';
import { TIME_SLOTS } from '../domain/checkout/delivery-choices';
import { pickupShopFor } from '../domain/checkout/delivery-options';
import { PAYMENT_METHODS, type PaymentSlug } from '../domain/checkout/payments';
import { ONEY_VARIANTS } from '../payments/oney/simulation';

export const CHECKOUT_STEPS = ['cart', 'addresses', 'delivery', 'payment', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

const id = z.number().int().positive();
/** Who collects a store pickup in the customer's place: a name and the identity document they will show. */
export const whoPicksUp = z.object({ name: z.string().trim().min(2).max(80), documentId: z.string().trim().regex(/^[A-Za-z0-9-]{5,20}$/, 'an identity document number') }).strict();
/** Placing an Oney order needs a variant and the terms accepted (46001 otherwise, worker/api/orders.ts). */
export const oneyInfo = z.object({ variant: z.enum(ONEY_VARIANTS).nullable(), termsAccepted: z.boolean() }).strict();
const paymentSlugs = PAYMENT_METHODS.map((m) => m.slug) as [PaymentSlug, ...PaymentSlug[]];

const fields = {
  customerRequestsInvoice: z.boolean(),
  shippingAddressSelected: id.nullable(),
  billingAddressSelected: id.nullable(),
  shippingType: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  shopSelected: id.nullable(),
  /** The collection point (shipping type 2). */
  pickingPointSelected: id.nullable(),
  /** Who collects a store pickup when it is not the customer (spec §3 whoPicksUp); null is the customer. */
  whoPicksUp: whoPicksUp.nullable(),
  /** Every method of the channel may be chosen; gateway methods are paid through the payments issue's gateways. */
  paymentMethodSelected: z.enum(paymentSlugs).nullable(),
  /** Coupon codes entered (spec §3 selectedCoupon), at most 5. */
  couponCodes: z.array(z.string().trim().min(1).max(40)).max(5),
  giftCardCode: z.string().trim().max(40).nullable(),
  deliveryAgency: z.string().trim().max(40).nullable(),
  /** The chosen delivery day (local date) and time slot, when the agency offers the choice. */
  deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD').nullable(),
  deliveryTime: z.enum(TIME_SLOTS.map((slot) => slot.id) as [string, ...string[]]).nullable(),
  isNeutralOrder: z.boolean(),
  /** The service chosen for each marketplace seller's order (spec §3 marketplaceAgencies). */
  marketplaceAgencies: z.array(z.object({ orderKey: z.string().max(40), id: z.string().max(40) }).strict()).max(10),
  /** Spend the customer's store balance on this order. */
  useBalance: z.boolean(),
  solidaryAmountChecked: z.boolean(),
  /** The card provider's choices (spec §3 adyenInfo): the stored card to pay with, by its provider id. */
  adyenInfo: z.object({ selectedStoredCard: z.string().trim().min(1).max(64).nullable() }).strict(),
  /** Oney's choices (spec §3 oneyInfo): the number of instalments and whether Oney's terms were accepted; null unless Oney is chosen. */
  oneyInfo: oneyInfo.nullable(),
};

export const draftSchema = z.object({
  customerRequestsInvoice: fields.customerRequestsInvoice.default(false),
  shippingAddressSelected: fields.shippingAddressSelected.default(null),
  billingAddressSelected: fields.billingAddressSelected.default(null),
  shippingType: fields.shippingType.default(null),
  shopSelected: fields.shopSelected.default(null),
  pickingPointSelected: fields.pickingPointSelected.default(null),
  whoPicksUp: fields.whoPicksUp.default(null),
  paymentMethodSelected: fields.paymentMethodSelected.default(null),
  couponCodes: fields.couponCodes.default([]),
  giftCardCode: fields.giftCardCode.default(null),
  deliveryAgency: fields.deliveryAgency.default(null),
  deliveryDate: fields.deliveryDate.default(null),
  deliveryTime: fields.deliveryTime.default(null),
  isNeutralOrder: fields.isNeutralOrder.default(false),
  marketplaceAgencies: fields.marketplaceAgencies.default([]),
  useBalance: fields.useBalance.default(false),
  solidaryAmountChecked: fields.solidaryAmountChecked.default(false),
  adyenInfo: fields.adyenInfo.default({ selectedStoredCard: null }),
  oneyInfo: fields.oneyInfo.default(null),
});

export type CheckoutDraft = z.infer<typeof draftSchema>;

/** What a step page may change: only the fields it sends (no defaults filled in). */
export const draftPatch = z.object(fields).partial().strict();
export type DraftPatch = z.infer<typeof draftPatch>;

/**
 * A step's changes applied with the rules of spec §4: a shop is always the one the order is
 * collected at (Barcelona → Murcia); selecting a shop, or leaving home delivery, clears the
 * agency with the day, slot, neutral packaging and marketplace services chosen for it, and the
 * collection point (a point clears the shop the same way); another agency forgets the day and
 * slot unless they come with it.
 */
export function applyDraftPatch(draft: CheckoutDraft, patch: DraftPatch): CheckoutDraft {
  const next = { ...draft, ...patch };
  if (next.shopSelected !== null) next.shopSelected = pickupShopFor(next.shopSelected);
  const homeDeliveryLeft = Boolean(patch.shopSelected || patch.pickingPointSelected) || (patch.shippingType !== undefined && patch.shippingType !== 1);
  if (homeDeliveryLeft) Object.assign(next, { deliveryAgency: null, deliveryDate: null, deliveryTime: null, isNeutralOrder: false, marketplaceAgencies: [] });
  if (patch.shopSelected && patch.pickingPointSelected === undefined) next.pickingPointSelected = null;
  if (patch.pickingPointSelected && patch.shopSelected === undefined) next.shopSelected = null;
  if (patch.deliveryAgency !== undefined && patch.deliveryDate === undefined) Object.assign(next, { deliveryDate: null, deliveryTime: null });
  // Spec §4: a stored card is paid through the card provider; choosing another method clears it.
  if (next.paymentMethodSelected !== 'adyen') next.adyenInfo = { selectedStoredCard: null };
  if (next.paymentMethodSelected !== 'oney') next.oneyInfo = null;
  return next;
}

export const EMPTY_DRAFT: CheckoutDraft = draftSchema.parse({});

export function parseDraft(stored: string | null): CheckoutDraft {
  if (!stored) return EMPTY_DRAFT;
  const parsed = draftSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : EMPTY_DRAFT;
}

/** Opening the basket: back to the cart step, keeping the invoice request and the payment choice. */
export function resetToCart(draft: CheckoutDraft): CheckoutDraft {
  return { ...EMPTY_DRAFT, customerRequestsInvoice: draft.customerRequestsInvoice, paymentMethodSelected: draft.paymentMethodSelected, adyenInfo: draft.adyenInfo, couponCodes: draft.couponCodes, giftCardCode: draft.giftCardCode };
}

/** The delivery choice a draft describes, for quoting and placing (worker/checkout/quote.ts). */
export function choiceOf(draft: CheckoutDraft) {
  return {
    shippingType: draft.shippingType ?? 1,
    shippingAddressId: draft.shippingAddressSelected ?? undefined,
    shopId: draft.shopSelected ?? undefined,
    pickingPointId: draft.pickingPointSelected ?? undefined,
    whoPicksUp: draft.shippingType === 3 ? draft.whoPicksUp : null,
    billingAddressId: draft.billingAddressSelected ?? undefined,
    customerRequestsInvoice: draft.customerRequestsInvoice,
    couponCodes: draft.couponCodes,
    giftCardCode: draft.giftCardCode,
    deliveryAgency: draft.deliveryAgency,
    deliveryDate: draft.deliveryDate,
    deliveryTime: draft.deliveryTime,
    isNeutralOrder: draft.isNeutralOrder,
    marketplaceAgencies: draft.marketplaceAgencies,
    useBalance: draft.useBalance,
    solidaryAmountChecked: draft.solidaryAmountChecked,
    paymentMethod: draft.paymentMethodSelected,
    oneyInfo: draft.oneyInfo,
  } as const;
}

/** The first step whose choices are missing, up to `wanted`. */
export function firstIncompleteStep(draft: CheckoutDraft, wanted: CheckoutStep): CheckoutStep {
  const done: Record<CheckoutStep, boolean> = {
    cart: true,
    addresses: draft.shippingAddressSelected !== null || draft.shippingType === 3,
    delivery:
      (draft.shippingType === 1 && draft.shippingAddressSelected !== null) ||
      (draft.shippingType === 2 && draft.pickingPointSelected !== null) ||
      (draft.shippingType === 3 && draft.shopSelected !== null),
    payment: draft.paymentMethodSelected !== null,
    summary: true,
  };
  for (const step of CHECKOUT_STEPS) {
    if (step === wanted) return wanted;
    if (!done[step]) return step;
  }
  return wanted;
}
