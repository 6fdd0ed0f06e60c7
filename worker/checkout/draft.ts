/**
 * The checkout order draft (spec §3), kept in the cart's Durable Object between the step pages:
 * addresses, invoice request, delivery choice, payment choice, coupons and gift card. Opening the
 * basket resets the checkout to the cart step but keeps the invoice request and the payment
 * choice (spec §4), and the codes the shopper entered; a
 * step page whose earlier steps are incomplete sends the shopper back to the first of them.
 */
import { z } from 'zod';
import { NO_GATEWAY_METHODS } from '../domain/orders/state-machine';

export const CHECKOUT_STEPS = ['cart', 'addresses', 'delivery', 'payment', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

const id = z.number().int().positive();

const fields = {
  customerRequestsInvoice: z.boolean(),
  shippingAddressSelected: id.nullable(),
  billingAddressSelected: id.nullable(),
  shippingType: z.union([z.literal(1), z.literal(3)]).nullable(),
  shopSelected: id.nullable(),
  paymentMethodSelected: z.enum(NO_GATEWAY_METHODS).nullable(),
  /** Coupon codes entered (spec §3 selectedCoupon), at most 5. */
  couponCodes: z.array(z.string().trim().min(1).max(40)).max(5),
  giftCardCode: z.string().trim().max(40).nullable(),
  deliveryAgency: z.string().trim().max(40).nullable(),
  solidaryAmountChecked: z.boolean(),
};

export const draftSchema = z.object({
  customerRequestsInvoice: fields.customerRequestsInvoice.default(false),
  shippingAddressSelected: fields.shippingAddressSelected.default(null),
  billingAddressSelected: fields.billingAddressSelected.default(null),
  shippingType: fields.shippingType.default(null),
  shopSelected: fields.shopSelected.default(null),
  paymentMethodSelected: fields.paymentMethodSelected.default(null),
  couponCodes: fields.couponCodes.default([]),
  giftCardCode: fields.giftCardCode.default(null),
  deliveryAgency: fields.deliveryAgency.default(null),
  solidaryAmountChecked: fields.solidaryAmountChecked.default(false),
});

export type CheckoutDraft = z.infer<typeof draftSchema>;

/** What a step page may change: only the fields it sends (no defaults filled in). */
export const draftPatch = z.object(fields).partial().strict();

export const EMPTY_DRAFT: CheckoutDraft = draftSchema.parse({});

export function parseDraft(stored: string | null): CheckoutDraft {
  if (!stored) return EMPTY_DRAFT;
  const parsed = draftSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : EMPTY_DRAFT;
}

/** Opening the basket: back to the cart step, keeping the invoice request and the payment choice. */
export function resetToCart(draft: CheckoutDraft): CheckoutDraft {
  return { ...EMPTY_DRAFT, customerRequestsInvoice: draft.customerRequestsInvoice, paymentMethodSelected: draft.paymentMethodSelected, couponCodes: draft.couponCodes, giftCardCode: draft.giftCardCode };
}

/** The first step whose choices are missing, up to `wanted`. */
export function firstIncompleteStep(draft: CheckoutDraft, wanted: CheckoutStep): CheckoutStep {
  const done: Record<CheckoutStep, boolean> = {
    cart: true,
    addresses: draft.shippingAddressSelected !== null || draft.shippingType === 3,
    delivery: draft.shippingType !== null && (draft.shippingType !== 3 || draft.shopSelected !== null) && (draft.shippingType === 3 || draft.shippingAddressSelected !== null),
    payment: draft.paymentMethodSelected !== null,
    summary: true,
  };
  for (const step of CHECKOUT_STEPS) {
    if (step === wanted) return wanted;
    if (!done[step]) return step;
  }
  return wanted;
}
