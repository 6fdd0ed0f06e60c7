/**
 * Oney through Adyen (docs/payments-oney.md): our `oney` method with its variant becomes Adyen's
 * `facilypay_3x` / `facilypay_4x`, a redirect method that needs the shopper's name, e-mail, phone,
 * billing and delivery addresses and the order's line items (Adyen's "Oney for API only").
 * Pure: the request fields only; the call is the card provider's /payments (./client.ts).
 */
import { ADYEN_METHOD_TYPE, isOneyVariant } from '../oney/simulation';
import { GatewayError, type OrderLine, type PostalAddress, type StartPaymentInput } from '../port';

/** Our method slug the adapter maps to Adyen's facilypay types. */
export const ONEY_METHOD = 'oney';

export interface AdyenAddress {
  street: string;
  houseNumberOrName: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface AdyenLineItem {
  id: string;
  description: string;
  quantity: number;
  amountIncludingTax: number;
}

/** Adyen keeps the street and the house number apart; ours is one line ("Via Roma 10"). */
export function adyenAddress(address: PostalAddress): AdyenAddress {
  const match = /^(.*\S)\s+(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)$/.exec(address.street.trim());
  return { street: match ? match[1]! : address.street.trim(), houseNumberOrName: match ? match[2]! : '', postalCode: address.postalCode, city: address.city, country: address.country };
}

/**
 * The order's lines as Adyen's lineItems, adding up to `amount` exactly: what the lines do not
 * cover (shipping, the solidary donation) is one more line, what they exceed (discounts, gift card,
 * balance) one negative line, as Adyen takes discounts for open-invoice methods.
 */
export function lineItems(lines: readonly OrderLine[], amount: number): AdyenLineItem[] {
  const items: AdyenLineItem[] = lines.map((line, index) => ({ id: `${line.articleId}-${index + 1}`, description: line.name.slice(0, 100), quantity: line.qty, amountIncludingTax: line.unitPrice }));
  const rest = amount - lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
  if (rest > 0) items.push({ id: 'shipping', description: 'Shipping and other charges', quantity: 1, amountIncludingTax: rest });
  if (rest < 0) items.push({ id: 'discount', description: 'Discounts and payments already made', quantity: 1, amountIncludingTax: rest });
  return items;
}

/** The /payments fields of an Oney payment; a GatewayError 'validation' when the order lacks what Oney needs. */
export function oneyPaymentFields(input: StartPaymentInput): Record<string, unknown> {
  const variant = input.paymentMethod['variant'];
  if (!isOneyVariant(variant)) throw new GatewayError(0, 'validation', undefined, undefined, 'Oney needs the number of instalments (3x or 4x)');
  const shopper = input.shopper;
  const delivery = shopper?.shippingAddress ?? shopper?.billingAddress;
  const billing = shopper?.billingAddress ?? shopper?.shippingAddress;
  if (!shopper || !shopper.phone || !billing || !delivery || !input.lines?.length) throw new GatewayError(0, 'validation', undefined, undefined, 'Oney needs the shopper, a phone, the addresses and the order lines');
  return {
    paymentMethod: { type: ADYEN_METHOD_TYPE[variant] },
    shopperName: { firstName: shopper.firstName, lastName: shopper.lastName },
    shopperEmail: shopper.email,
    telephoneNumber: shopper.phone,
    billingAddress: adyenAddress(billing),
    deliveryAddress: adyenAddress(delivery),
    lineItems: lineItems(input.lines, input.amount.value),
  };
}
