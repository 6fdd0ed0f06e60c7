// What the PayPal sandbox checks of a request as PayPal does, and its error answers: amounts as
// decimal strings, the order request's arithmetic (breakdown, items), lengths and URLs, with
// PayPal's issue names and descriptions (paypal/paypal-rest-api-specifications).

export interface Money {
  currency_code: string;
  value: string;
}

export interface Experience {
  return_url?: string;
  cancel_url?: string;
  locale?: string;
  user_action?: string;
  shipping_preference?: string;
}

export const ISSUES: Record<string, string> = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required parameter is missing.',
  INVALID_PARAMETER_VALUE: 'A parameter value is not valid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long',
  AMOUNT_MISMATCH: 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  SHIPPING_ADDRESS_INVALID: 'Provided shipping address is invalid.',
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_NOT_APPROVED: "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture',
  REFUND_NOT_ALLOWED: 'Capture cannot be refunded.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
};

export const NAMES: Record<number, [string, string]> = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: ['AUTHENTICATION_FAILURE', 'Authentication failed due to missing authorization header, or invalid authentication credentials.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  422: ['UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.'],
};

export class PaypalFailure extends Error {
  constructor(
    readonly status: number,
    readonly issue?: string,
    readonly field?: string,
  ) {
    super(`${status} ${issue ?? ''}`);
  }
}

export function toCents(value: string, field: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', field);
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace(/^-/, '').split('.');
  if (fraction.length > 2) throw new PaypalFailure(422, 'DECIMAL_PRECISION', field);
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export const toValue = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function money(value: unknown, field: string): { money: Money; cents: number } {
  if (!isObject(value)) throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', field);
  const currency = value['currency_code'];
  const amount = value['value'];
  if (typeof currency !== 'string' || typeof amount !== 'string') throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', `${field}/${typeof currency !== 'string' ? 'currency_code' : 'value'}`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', `${field}/currency_code`);
  return { money: { currency_code: currency, value: amount }, cents: toCents(amount, `${field}/value`) };
}

export function maxLength(value: unknown, max: number, field: string): void {
  if (value !== undefined && (typeof value !== 'string' || value.length < 1 || value.length > max)) throw new PaypalFailure(400, 'INVALID_STRING_LENGTH', field);
}

export function validUrl(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', field);
  try {
    new URL(value);
  } catch {
    throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', field);
  }
  return value;
}

/** Checks an order request as PayPal does (the parts this store sends, and their arithmetic). */
export function checkOrderRequest(body: Record<string, unknown>): { unit: Record<string, unknown>; cents: number; currency: string; experience: Experience; paymentSource: boolean; intent: 'CAPTURE' | 'AUTHORIZE' } {
  const intent = body['intent'];
  if (intent === undefined) throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', '/intent');
  if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') throw new PaypalFailure(400, 'INVALID_PARAMETER_VALUE', '/intent');
  const units = body['purchase_units'];
  if (!Array.isArray(units) || units.length === 0) throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', '/purchase_units');
  if (units.length > 1) throw new PaypalFailure(400, 'INVALID_PARAMETER_VALUE', '/purchase_units');
  const unit = units[0];
  if (!isObject(unit)) throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', '/purchase_units/0');
  maxLength(unit['reference_id'], 256, '/purchase_units/@reference_id==default/reference_id');
  maxLength(unit['custom_id'], 127, '/purchase_units/@reference_id==default/custom_id');
  maxLength(unit['invoice_id'], 127, '/purchase_units/@reference_id==default/invoice_id');
  const { money: amount, cents } = money(unit['amount'], '/purchase_units/@reference_id==default/amount');
  if (cents <= 0) throw new PaypalFailure(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', '/purchase_units/@reference_id==default/amount/value');
  const breakdown = (unit['amount'] as Record<string, unknown>)['breakdown'];
  const part = (name: string): number => {
    if (!isObject(breakdown) || breakdown[name] === undefined) return 0;
    const got = money(breakdown[name], `/purchase_units/@reference_id==default/amount/breakdown/${name}`);
    if (got.money.currency_code !== amount.currency_code) throw new PaypalFailure(422, 'AMOUNT_MISMATCH', '/purchase_units/@reference_id==default/amount/value');
    return got.cents;
  };
  if (isObject(breakdown)) {
    const total = part('item_total') + part('tax_total') + part('shipping') + part('handling') + part('insurance') - part('shipping_discount') - part('discount');
    if (total !== cents) throw new PaypalFailure(422, 'AMOUNT_MISMATCH', '/purchase_units/@reference_id==default/amount/value');
  }
  const items = unit['items'];
  if (items !== undefined) {
    if (!Array.isArray(items)) throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', '/purchase_units/@reference_id==default/items');
    let sum = 0;
    items.forEach((item, i) => {
      if (!isObject(item) || typeof item['name'] !== 'string' || typeof item['quantity'] !== 'string') throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', `/purchase_units/@reference_id==default/items/${i}`);
      maxLength(item['name'], 127, `/purchase_units/@reference_id==default/items/${i}/name`);
      if (!/^[1-9][0-9]{0,9}$/.test(item['quantity'])) throw new PaypalFailure(400, 'INVALID_PARAMETER_SYNTAX', `/purchase_units/@reference_id==default/items/${i}/quantity`);
      sum += money(item['unit_amount'], `/purchase_units/@reference_id==default/items/${i}/unit_amount`).cents * Number(item['quantity']);
    });
    if (!isObject(breakdown) || breakdown['item_total'] === undefined) throw new PaypalFailure(422, 'ITEM_TOTAL_MISMATCH', '/purchase_units/@reference_id==default/amount/breakdown/item_total');
    if (sum !== part('item_total')) throw new PaypalFailure(422, 'ITEM_TOTAL_MISMATCH', '/purchase_units/@reference_id==default/amount/breakdown/item_total');
  }
  const source = body['payment_source'];
  const paypal = isObject(source) && isObject(source['paypal']) ? source['paypal'] : undefined;
  const context = paypal && isObject(paypal['experience_context']) ? paypal['experience_context'] : isObject(body['application_context']) ? body['application_context'] : {};
  const experience: Experience = {
    return_url: validUrl(context['return_url'], '/payment_source/paypal/experience_context/return_url'),
    cancel_url: validUrl(context['cancel_url'], '/payment_source/paypal/experience_context/cancel_url'),
    ...(typeof context['locale'] === 'string' ? { locale: context['locale'] } : {}),
    ...(typeof context['user_action'] === 'string' ? { user_action: context['user_action'] } : {}),
    ...(typeof context['shipping_preference'] === 'string' ? { shipping_preference: context['shipping_preference'] } : {}),
  };
  if (experience.user_action !== undefined && !['CONTINUE', 'PAY_NOW'].includes(experience.user_action)) throw new PaypalFailure(400, 'INVALID_PARAMETER_VALUE', '/payment_source/paypal/experience_context/user_action');
  if (experience.shipping_preference !== undefined && !['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'].includes(experience.shipping_preference)) throw new PaypalFailure(400, 'INVALID_PARAMETER_VALUE', '/payment_source/paypal/experience_context/shipping_preference');
  if (experience.shipping_preference === 'SET_PROVIDED_ADDRESS') {
    const shipping = unit['shipping'];
    const address = isObject(shipping) ? shipping['address'] : undefined;
    if (!isObject(address) || typeof address['country_code'] !== 'string' || !/^[A-Z]{2}$/.test(address['country_code'])) throw new PaypalFailure(422, 'SHIPPING_ADDRESS_INVALID', '/purchase_units/@reference_id==default/shipping/address');
  }
  if (paypal && !experience.return_url) throw new PaypalFailure(400, 'MISSING_REQUIRED_PARAMETER', '/payment_source/paypal/experience_context/return_url');
  return { unit, cents, currency: amount.currency_code, experience, paymentSource: paypal !== undefined, intent };
}
