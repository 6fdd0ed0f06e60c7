/** The data the checkout step island receives from the server (worker/ssr/pages/checkout-steps.tsx). */
import type { CheckoutDraft } from '../../worker/checkout/draft';
import type { Quote } from '../../worker/checkout/quote';
import type { PaymentSlug } from '../../worker/domain/checkout/payments';
import type { BookAddress, BookCountry } from '../islands/address-book';
import type { DeliveryStepData } from './delivery-step';
import type { StepAlert } from './step-parts';

export interface StepAddress {
  id: number;
  label: string;
  default: boolean;
  countryIso: string;
  postalCode: string;
  /** The whole address, for editing it in the step. */
  address?: BookAddress;
}

/** What the addresses step's form needs: the countries and the default country's provinces. */
export interface StepAddressBook {
  countries: BookCountry[];
  defaultCountryIso: string;
  provinces: { id: number; name: string; code?: string }[];
}

export interface StepPayment {
  slug: PaymentSlug;
  available: boolean;
  /** Paid through a payment gateway (cards, wallets, financing…). */
  gateway?: boolean;
  /** The 32000–32040 code of a method that is not available, and the amount it refers to. */
  code?: number;
  amount?: number;
}

/** The quote's totals (worker/checkout/quote.ts), in cents. */
export type StepTotals = Quote['totals'];

/** A promotion notification (spec §3 talonOneNotifications), with keys the island words. */
export interface StepNotification {
  title: string;
  body: string;
  type: 'info' | 'error' | 'warning' | 'offer';
  code: string | null;
  /** '10%', an amount in cents, or 'freeShipping'. */
  value: string | null;
  missingAmount: number | null;
}

/** The checkout draft as the server keeps and answers it (worker/checkout/draft.ts). */
export type CheckoutDraftView = CheckoutDraft;

export interface OneyInfoView {
  variant: '3x' | '4x' | null;
  termsAccepted: boolean;
}

/** A stored card offered on the payment step (spec §3 stored bank card, the fields shown). */
export interface StepStoredCard {
  id: string;
  brand: string;
  lastFourDigits: string;
  expirationDate: { month: number; year: number };
  holderName: string;
  expired: boolean;
}

/** What the summary repeats of the customer's choices. */
export interface StepSummary {
  shippingType: 1 | 2 | 3;
  shipTo: string;
  /** Who collects a store pickup instead of the customer. */
  pickedUpBy: string | null;
  billTo: string | null;
  neutral: boolean;
  deliveries: { orderKey: string; kind: 'own' | 'marketplace' | 'dropshipping'; shopName: string | null; agency: string | null; shippingCost: number; from: string; to: string; day: string | null; time: string | null }[];
}

export type CheckoutStepProps = {
  step: 'addresses' | 'delivery' | 'payment' | 'summary';
  cartId: string;
  draft: CheckoutDraftView;
  next: string;
  isB2b: boolean;
  /** The basket's item units and subtotal (cents), for the order summary beside the step. */
  basket: { units: number; subtotal: number };
  /** The order this basket changes can no longer be changed (spec §8 modal). */
  modificationExpired: boolean;
  /** The alert shown for the current choice (spec §8), already in the page's language. */
  alert: StepAlert | null;
  shipping?: StepAddress[];
  billing?: StepAddress[];
  book?: StepAddressBook;
  payments?: StepPayment[];
  /** The shopper's stored cards, non-expired first (payment step). */
  storedCards?: StepStoredCard[];
  totals?: StepTotals | null;
  summaryLines?: { name: string; qty: number; totalPrice: number }[];
  notifications?: StepNotification[];
  giftCard?: { code: string; applied: number; balance: number } | null;
  /** The solidary amount: offered (the invoice goes to Spain) and chosen. */
  solidary?: { available: boolean; checked: boolean; amount: number } | null;
  summary?: StepSummary | null;
  timeZone?: string;
} & Partial<DeliveryStepData>;
