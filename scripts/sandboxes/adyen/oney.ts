// Oney in the Adyen sandbox: the facilypay_3x / facilypay_4x payment methods as Adyen's Checkout
// API takes them ("Oney for API only": shopper name, e-mail, phone, billing and delivery addresses
// and lineItems are required), and the page standing for Oney's own, where the shopper approves,
// is refused or cancels. See docs/payments-oney.md.

type Json = Record<string, unknown>;

export const ONEY_TYPES: Record<string, number> = { facilypay_3x: 3, facilypay_4x: 4 };
/** Where the sandbox merchant has Oney (Adyen lists it for FR and ES; our merchant also IT and PT). */
export const ONEY_COUNTRIES = ['FR', 'ES', 'IT', 'PT'];
/** The sandbox merchant's Oney bounds, in cents (the store's spec §5 limits). */
export const ONEY_MIN = 6_000;
export const ONEY_MAX = 250_000;

export const isOneyType = (type: string): boolean => Object.hasOwn(ONEY_TYPES, type);

export class OneyValidation extends Error {
  constructor(readonly errorCode: string, message: string) {
    super(message);
  }
}

const missing = (field: string) => new OneyValidation('702', `Required field '${field}' is not provided.`);

function requireText(parent: Json | undefined, path: string, field: string, allowEmpty = false): void {
  const value = parent?.[field];
  if (typeof value !== 'string' || (!allowEmpty && value.trim() === '')) throw missing(`${path}${field}`);
}

function requireAddress(body: Json, field: string): void {
  const address = body[field];
  if (!address || typeof address !== 'object') throw missing(field);
  const a = address as Json;
  for (const part of ['street', 'postalCode', 'city', 'country']) requireText(a, `${field}.`, part);
  // Required by the schema, but may be empty (a street without numbers).
  requireText(a, `${field}.`, 'houseNumberOrName', true);
  if (!/^[A-Z]{2}$/.test(String(a.country))) throw new OneyValidation('702', `Field '${field}.country' is not a valid country code.`);
}

/** What Adyen checks before an Oney payment goes to Oney; throws OneyValidation (HTTP 422) when something is missing. */
export function validateOney(body: Json, type: string, amount: { currency: string; value: number }): void {
  const name = body.shopperName as Json | undefined;
  if (!name || typeof name !== 'object') throw missing('shopperName');
  requireText(name, 'shopperName.', 'firstName');
  requireText(name, 'shopperName.', 'lastName');
  requireText(body, '', 'shopperEmail');
  requireText(body, '', 'telephoneNumber');
  requireAddress(body, 'billingAddress');
  requireAddress(body, 'deliveryAddress');
  const items = body.lineItems;
  if (!Array.isArray(items) || items.length === 0) throw missing('lineItems');
  items.forEach((item: unknown, i) => {
    const line = item as Json;
    if (!line || typeof line !== 'object') throw missing(`lineItems[${i}]`);
    requireText(line, `lineItems[${i}].`, 'description');
    if (typeof line.quantity !== 'number' || !Number.isInteger(line.quantity) || line.quantity < 1) throw missing(`lineItems[${i}].quantity`);
    if (typeof line.amountIncludingTax !== 'number' || !Number.isInteger(line.amountIncludingTax)) throw missing(`lineItems[${i}].amountIncludingTax`);
  });
  const country = typeof body.countryCode === 'string' ? body.countryCode : String((body.billingAddress as Json).country);
  if (!ONEY_COUNTRIES.includes(country) || amount.currency !== 'EUR') {
    throw new OneyValidation('905_1', `Could not find an acquirer account for the provided txvariant (${type}), currency (${amount.currency}), and action (AUTH).`);
  }
  if (amount.value < ONEY_MIN || amount.value > ONEY_MAX) throw new OneyValidation('137', 'Invalid amount specified');
}

/** The facilypay entries /paymentMethods lists for a country and amount (none outside Oney's countries or bounds). */
export function oneyPaymentMethods(countryCode: string | undefined, amount: { currency: string; value: number } | undefined): Json[] {
  if (!countryCode || !ONEY_COUNTRIES.includes(countryCode)) return [];
  if (amount && (amount.currency !== 'EUR' || amount.value < ONEY_MIN || amount.value > ONEY_MAX)) return [];
  return Object.keys(ONEY_TYPES).map((type) => ({ name: `${ONEY_TYPES[type]}x Oney`, type }));
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Oney's page (sandbox): the plan and three buttons, each posting the shopper's decision. */
export function oneyPage(input: { token: string; merchantReference: string; amount: { currency: string; value: number }; type: string; done: boolean }): string {
  const n = ONEY_TYPES[input.type] ?? 3;
  const euros = (cents: number) => `${(cents / 100).toFixed(2)} ${input.amount.currency}`;
  const safe = escape(input.token);
  const body = input.done
    ? '<p role="alert">This request has already been answered.</p>'
    : `<p>Order ${escape(input.merchantReference)}: ${euros(input.amount.value)} in ${n} instalments.</p>
<form method="post" action="/oney/${safe}">
<fieldset><legend>Your decision (sandbox)</legend>
<button type="submit" name="decision" value="approve" data-testid="oney-approve">Approve the instalments</button>
<button type="submit" name="decision" value="refuse" data-testid="oney-refuse">Refuse (credit check fails)</button>
<button type="submit" name="decision" value="cancel" data-testid="oney-cancel">Cancel and go back to the shop</button>
</fieldset>
</form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Oney (sandbox)</title></head>
<body><main><h1>Pay in ${n} instalments with Oney</h1>${body}</main></body></html>`;
}
