/**
 * PayPal's order shapes and the pure mapping between them and the port (docs/payments-paypal.md):
 * cents ↔ decimal strings, the create-order body, and the outcome of an order, which its capture
 * decides.
 */
import type { Money, PaymentOutcome, StartPaymentInput } from '../port';

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  links?: PaypalLink[];
  supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
}

export interface PaypalRefund {
  id: string;
  status: string;
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  links?: PaypalLink[];
}

export interface PaypalOrder {
  id: string;
  status: string;
  intent?: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: PaypalMoney;
    payments?: { captures?: PaypalCapture[]; refunds?: PaypalRefund[] };
  }[];
  links?: PaypalLink[];
}

export interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue: string; description?: string; field?: string }[];
  /** The OAuth endpoint's own shape. */
  error?: string;
  error_description?: string;
}

/** PayPal's ids (orders, captures, refunds): upper-case letters and digits. Checked before one goes into a path. */
export const PAYPAL_ID = /^[A-Z0-9]{1,36}$/;
/** Currencies PayPal takes without decimals (its currency codes reference). */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

/** Cents to PayPal's decimal string: 1234 EUR → "12.34". */
export function toPaypalValue(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in minor units: ${minor}`);
  if (ZERO_DECIMAL.has(currency)) return String(minor);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string to cents: "12.34" → 1234, "12.3" → 1230, "12" → 1200. */
export function fromPaypalValue(value: string, currency: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a PayPal amount: ${value}`);
  if (ZERO_DECIMAL.has(currency)) {
    if (match[2] && Number(match[2]) > 0) throw new RangeError(`${currency} takes no decimals: ${value}`);
    return Number(match[1]);
  }
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const paypalMoney = (money: Money): PaypalMoney => ({ currency_code: money.currency, value: toPaypalValue(money.value, money.currency) });

/** The shopper's language as PayPal's `locale` (xx-XX); our source English (en-EN) is British English there. */
export function paypalLocale(shopperLocale: string | undefined): string | undefined {
  if (!shopperLocale) return undefined;
  const locale = shopperLocale.replace('_', '-');
  if (locale === 'en-EN') return 'en-GB';
  return /^[a-z]{2}-[A-Z]{2}$/.test(locale) ? locale : undefined;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The body of `POST /v2/checkout/orders`: one purchase unit carrying our reference, the amount with
 * its breakdown and items when the lines are known (what the lines do not add up to is shipping, or
 * a discount when they exceed the amount), the shipping address the shopper already chose, and the
 * experience of a "Pay now" approval that comes back to our pages.
 */
export function buildOrderRequest(input: StartPaymentInput): Record<string, unknown> {
  const { currency } = input.amount;
  const money = (minor: number): PaypalMoney => ({ currency_code: currency, value: toPaypalValue(minor, currency) });
  const lines = (input.lines ?? []).filter((line) => line.qty > 0 && line.unitPrice >= 0 && line.name.trim() !== '');
  const itemTotal = lines.reduce((sum, line) => sum + line.qty * line.unitPrice, 0);
  const amount: Record<string, unknown> = { ...money(input.amount.value) };
  let items: Record<string, unknown>[] | undefined;
  if (lines.length > 0 && lines.length <= 100 && itemTotal > 0) {
    const rest = input.amount.value - itemTotal;
    amount['breakdown'] = { item_total: money(itemTotal), ...(rest > 0 ? { shipping: money(rest) } : {}), ...(rest < 0 ? { discount: money(-rest) } : {}) };
    items = lines.map((line) => ({ name: clip(line.name.trim(), 127), quantity: String(line.qty), unit_amount: money(line.unitPrice), sku: String(line.articleId), category: 'PHYSICAL_GOODS' }));
  }
  const shopper = input.shopper;
  const address = shopper?.shippingAddress;
  const shipsTo = address && /^[A-Z]{2}$/.test(address.country) && address.street.trim() !== '';
  const fullName = shopper ? `${shopper.firstName} ${shopper.lastName}`.trim() : '';
  const unit: Record<string, unknown> = {
    reference_id: input.reference,
    custom_id: input.reference,
    // PayPal refuses an invoice id it has seen on an earlier payment: a second attempt gets its own.
    invoice_id: input.attempt > 1 ? `${input.reference}-${input.attempt}` : input.reference,
    amount,
    ...(items ? { items } : {}),
    ...(shipsTo
      ? {
          shipping: {
            type: 'SHIPPING',
            ...(fullName ? { name: { full_name: clip(fullName, 300) } } : {}),
            address: { address_line_1: clip(address.street, 300), admin_area_2: clip(address.city, 120), postal_code: clip(address.postalCode, 60), country_code: address.country },
          },
        }
      : {}),
  };
  const locale = paypalLocale(input.shopperLocale);
  const experience: Record<string, unknown> = {
    ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
    ...(input.cancelUrl || input.returnUrl ? { cancel_url: input.cancelUrl ?? `${input.returnUrl}&cancelled=1` } : {}),
    ...(locale ? { locale } : {}),
    user_action: 'PAY_NOW',
    shipping_preference: shipsTo ? 'SET_PROVIDED_ADDRESS' : 'NO_SHIPPING',
  };
  const paypal: Record<string, unknown> = { experience_context: experience };
  if (shopper && EMAIL.test(shopper.email) && shopper.email.length <= 254) paypal['email_address'] = shopper.email;
  if (shopper?.firstName || shopper?.lastName) paypal['name'] = { ...(shopper.firstName ? { given_name: clip(shopper.firstName, 140) } : {}), ...(shopper.lastName ? { surname: clip(shopper.lastName, 140) } : {}) };
  return { intent: 'CAPTURE', purchase_units: [unit], payment_source: { paypal } };
}

/** The purchase unit's capture that decides the payment: the latest one. */
export function captureOf(order: PaypalOrder): PaypalCapture | undefined {
  const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
  return captures[captures.length - 1];
}

/** The port's outcome for an order as PayPal shows it: the capture's status decides, never the order's alone. */
export function outcomeOfOrder(order: PaypalOrder): PaymentOutcome {
  const unit = order.purchase_units?.[0];
  const merchantReference = unit?.reference_id ?? unit?.custom_id;
  const base = { pspReference: order.id, ...(merchantReference ? { merchantReference } : {}) };
  const capture = captureOf(order);
  switch (capture?.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return { status: 'authorised', ...base };
    case 'DECLINED':
    case 'FAILED':
      return { status: 'refused', ...base, refusalReason: capture.status_details?.reason ?? capture.status };
    case 'PENDING':
      return { status: 'pending', ...base };
  }
  if (order.status === 'VOIDED') return { status: 'cancelled', ...base };
  // CREATED, PAYER_ACTION_REQUIRED, APPROVED, SAVED, or COMPLETED without a capture to show: not money yet.
  return { status: 'pending', ...base };
}
