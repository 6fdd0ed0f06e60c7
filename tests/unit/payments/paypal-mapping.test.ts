/**
 * The PayPal adapter's pure parts (worker/payments/paypal/): cents ↔ PayPal's decimal strings, the
 * order request (breakdown that adds up, items, shipping, experience), outcomes from the capture's
 * status (never the order's alone), webhook events to neutral events, and the configuration
 * refusing development values in production.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOrderRequest, fromPaypalValue, outcomeOfOrder, paypalLocale, toPaypalValue, type PaypalOrder } from '../../../worker/payments/paypal/client';
import { DEV_PAYPAL_WEBHOOK_ID, paypalConfig } from '../../../worker/payments/paypal/config';
import { eventsOf, signatureOf, type PaypalEvent } from '../../../worker/payments/paypal/notifications';
import type { StartPaymentInput } from '../../../worker/payments/port';

const base: StartPaymentInput = {
  amount: { value: 6290, currency: 'EUR' },
  reference: 'FR2611250001',
  attempt: 1,
  paymentMethod: { type: 'paypal' },
  returnUrl: 'https://www.ampora.fr/panier/retour?orderId=FR2611250001&provider=paypal',
  cancelUrl: 'https://www.ampora.fr/panier/retour?orderId=FR2611250001&provider=paypal&cancelled=1',
  shopper: { firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.com', shippingAddress: { street: 'rue de Rivoli 42', postalCode: '75001', city: 'Paris', country: 'FR' } },
  lines: [{ articleId: 7, name: 'Casque audio', qty: 2, unitPrice: 2500 }],
  shopperLocale: 'fr-FR',
};

describe('amounts', () => {
  it('cents become PayPal decimal strings and back', () => {
    expect(toPaypalValue(1234, 'EUR')).toBe('12.34');
    expect(toPaypalValue(5, 'EUR')).toBe('0.05');
    expect(toPaypalValue(100_000_000, 'EUR')).toBe('1000000.00');
    expect(toPaypalValue(1234, 'JPY')).toBe('1234');
    expect(fromPaypalValue('12.3', 'EUR')).toBe(1230);
    expect(fromPaypalValue('12', 'EUR')).toBe(1200);
    expect(() => toPaypalValue(12.5, 'EUR')).toThrow(RangeError);
    expect(() => fromPaypalValue('1.234', 'EUR')).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 100) }), (cents) => fromPaypalValue(toPaypalValue(cents, 'EUR'), 'EUR') === cents));
  });
});

describe('the order request', () => {
  it('carries our reference, the amount with a breakdown that adds up, the items, the shipping address and a Pay now experience', () => {
    const body = buildOrderRequest(base) as { intent: string; purchase_units: Record<string, unknown>[]; payment_source: { paypal: Record<string, unknown> } };
    expect(body.intent).toBe('CAPTURE');
    const unit = body.purchase_units[0]!;
    expect(unit).toMatchObject({ reference_id: 'FR2611250001', custom_id: 'FR2611250001', invoice_id: 'FR2611250001' });
    // 62.90 = 2 × 25.00 + 12.90 (the shipping the lines do not account for).
    expect(unit['amount']).toEqual({ currency_code: 'EUR', value: '62.90', breakdown: { item_total: { currency_code: 'EUR', value: '50.00' }, shipping: { currency_code: 'EUR', value: '12.90' } } });
    expect(unit['items']).toEqual([{ name: 'Casque audio', quantity: '2', unit_amount: { currency_code: 'EUR', value: '25.00' }, sku: '7', category: 'PHYSICAL_GOODS' }]);
    expect(unit['shipping']).toEqual({ type: 'SHIPPING', name: { full_name: 'Marie Dupont' }, address: { address_line_1: 'rue de Rivoli 42', admin_area_2: 'Paris', postal_code: '75001', country_code: 'FR' } });
    expect(body.payment_source.paypal).toEqual({
      experience_context: { return_url: base.returnUrl, cancel_url: base.cancelUrl, locale: 'fr-FR', user_action: 'PAY_NOW', shipping_preference: 'SET_PROVIDED_ADDRESS' },
      email_address: 'marie@example.com',
      name: { given_name: 'Marie', surname: 'Dupont' },
    });
  });

  it('lines above the amount (balance, gift card, promotion) become a discount; a second attempt gets its own invoice id; no address, no shipping', () => {
    const body = buildOrderRequest({ ...base, attempt: 2, amount: { value: 4000, currency: 'EUR' }, shopper: { ...base.shopper!, shippingAddress: undefined } }) as { purchase_units: Record<string, unknown>[]; payment_source: { paypal: { experience_context: Record<string, unknown> } } };
    const unit = body.purchase_units[0]!;
    expect(unit['invoice_id']).toBe('FR2611250001-2');
    expect((unit['amount'] as { breakdown: unknown }).breakdown).toEqual({ item_total: { currency_code: 'EUR', value: '50.00' }, discount: { currency_code: 'EUR', value: '10.00' } });
    expect(unit['shipping']).toBeUndefined();
    expect(body.payment_source.paypal.experience_context['shipping_preference']).toBe('NO_SHIPPING');
  });

  it('the breakdown always adds up to the amount, whatever the lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.array(fc.record({ qty: fc.integer({ min: 1, max: 50 }), unitPrice: fc.integer({ min: 0, max: 500_000 }) }), { maxLength: 8 }), (amount, lines) => {
        const body = buildOrderRequest({ ...base, amount: { value: amount, currency: 'EUR' }, lines: lines.map((l, i) => ({ articleId: i, name: `Item ${i}`, ...l })) }) as { purchase_units: { amount: { value: string; breakdown?: Record<string, { value: string }> }; items?: { quantity: string; unit_amount: { value: string } }[] }[] };
        const { amount: got, items } = body.purchase_units[0]!;
        const cents = (v?: { value: string }) => (v ? fromPaypalValue(v.value, 'EUR') : 0);
        if (!got.breakdown) return items === undefined && cents(got) === amount;
        const total = cents(got.breakdown['item_total']) + cents(got.breakdown['shipping']) - cents(got.breakdown['discount']);
        const itemSum = (items ?? []).reduce((sum, item) => sum + Number(item.quantity) * cents(item.unit_amount), 0);
        return total === amount && itemSum === cents(got.breakdown['item_total']);
      }),
    );
  });

  it('speaks PayPal locales', () => {
    expect(paypalLocale('fr-FR')).toBe('fr-FR');
    expect(paypalLocale('en-EN')).toBe('en-GB');
    expect(paypalLocale('es_ES')).toBe('es-ES');
    expect(paypalLocale('xx')).toBeUndefined();
  });
});

describe('outcomes', () => {
  const order = (status: string, capture?: string, reason?: string): PaypalOrder => ({
    id: 'ORDER000000000001',
    status,
    purchase_units: [{ reference_id: 'FR2611250001', ...(capture ? { payments: { captures: [{ id: 'CAPTURE0000000001', status: capture, ...(reason ? { status_details: { reason } } : {}) }] } } : {}) }],
  });

  it('the capture decides: COMPLETED pays, DECLINED refuses, PENDING waits; a COMPLETED order alone is no payment', () => {
    expect(outcomeOfOrder(order('COMPLETED', 'COMPLETED'))).toEqual({ status: 'authorised', pspReference: 'ORDER000000000001', merchantReference: 'FR2611250001' });
    expect(outcomeOfOrder(order('COMPLETED', 'DECLINED'))).toMatchObject({ status: 'refused', refusalReason: 'DECLINED' });
    expect(outcomeOfOrder(order('COMPLETED', 'PENDING', 'PENDING_REVIEW'))).toMatchObject({ status: 'pending' });
    expect(outcomeOfOrder(order('COMPLETED', 'REFUNDED'))).toMatchObject({ status: 'authorised' });
    expect(outcomeOfOrder(order('COMPLETED'))).toMatchObject({ status: 'pending' });
    expect(outcomeOfOrder(order('APPROVED'))).toMatchObject({ status: 'pending' });
    expect(outcomeOfOrder(order('VOIDED'))).toMatchObject({ status: 'cancelled' });
  });
});

describe('webhook events', () => {
  const noLookup = async () => {
    throw new Error('no lookup expected');
  };
  const event = (event_type: string, resource: Record<string, unknown>): PaypalEvent => ({ id: 'WH-1', event_type, resource });
  const capture = { id: 'CAPTURE0000000001', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '62.90' }, custom_id: 'FR2611250001', supplementary_data: { related_ids: { order_id: 'ORDER000000000001' } } };

  it('a completed capture is the AUTHORISATION of the order; denied or declined, its refusal; pending, nothing yet', async () => {
    expect(await eventsOf(event('PAYMENT.CAPTURE.COMPLETED', capture), noLookup)).toEqual([
      expect.objectContaining({ pspReference: 'ORDER000000000001', originalReference: '', merchantReference: 'FR2611250001', eventCode: 'AUTHORISATION', success: true, amount: { value: 6290, currency: 'EUR' } }),
    ]);
    expect(await eventsOf(event('PAYMENT.CAPTURE.DENIED', capture), noLookup)).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: false })]);
    expect(await eventsOf(event('PAYMENT.CAPTURE.DECLINED', capture), noLookup)).toEqual([expect.objectContaining({ eventCode: 'AUTHORISATION', success: false })]);
    expect(await eventsOf(event('PAYMENT.CAPTURE.PENDING', capture), noLookup)).toEqual([]);
    expect(await eventsOf(event('CHECKOUT.ORDER.APPROVED', { id: 'ORDER000000000001' }), noLookup)).toEqual([]);
  });

  it('a refund is a REFUND of the order, found through its capture when the refund does not name it', async () => {
    const refund = { id: 'REFUND00000000001', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '5.00' }, links: [{ rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/CAPTURE0000000001', method: 'GET' }] };
    const looked: string[] = [];
    const events = await eventsOf(event('PAYMENT.CAPTURE.REFUNDED', refund), async (id) => {
      looked.push(id);
      return 'ORDER000000000001';
    });
    expect(looked).toEqual(['CAPTURE0000000001']);
    expect(events).toEqual([expect.objectContaining({ pspReference: 'REFUND00000000001', originalReference: 'ORDER000000000001', eventCode: 'REFUND', success: true, amount: { value: 500, currency: 'EUR' } })]);
    expect(await eventsOf(event('PAYMENT.CAPTURE.REFUNDED', { ...refund, links: [] }), noLookup)).toEqual([]);
  });

  it('needs every PayPal signature header', () => {
    const headers = new Headers({ 'PAYPAL-TRANSMISSION-ID': 'a', 'PAYPAL-TRANSMISSION-TIME': 'b', 'PAYPAL-TRANSMISSION-SIG': 'c', 'PAYPAL-CERT-URL': 'd', 'PAYPAL-AUTH-ALGO': 'SHA256withRSA' });
    expect(signatureOf(headers)).toEqual({ transmissionId: 'a', transmissionTime: 'b', transmissionSig: 'c', certUrl: 'd', authAlgo: 'SHA256withRSA' });
    headers.delete('PAYPAL-CERT-URL');
    expect(signatureOf(headers)).toBeUndefined();
  });
});

describe('configuration', () => {
  const dev = { ENVIRONMENT: 'development', PAYPAL_API_BASE_URL: 'http://127.0.0.1:8799/paypal/', PAYPAL_CLIENT_ID: 'dev-only-paypal-client', PAYPAL_CLIENT_SECRET: 'dev-only-secret', PAYPAL_WEBHOOK_ID: DEV_PAYPAL_WEBHOOK_ID };
  it('takes the development values in development, refuses them in production, and needs every value', () => {
    expect(paypalConfig(dev)).toMatchObject({ baseUrl: 'http://127.0.0.1:8799/paypal' });
    expect(paypalConfig({ ...dev, ENVIRONMENT: 'production' })).toBeUndefined();
    expect(paypalConfig({ ...dev, ENVIRONMENT: 'production', PAYPAL_CLIENT_ID: 'live', PAYPAL_CLIENT_SECRET: 'live', PAYPAL_WEBHOOK_ID: '8PT597110X687430L' })).toBeUndefined();
    expect(paypalConfig({ ENVIRONMENT: 'production', PAYPAL_API_BASE_URL: 'https://api-m.paypal.com', PAYPAL_CLIENT_ID: 'live', PAYPAL_CLIENT_SECRET: 'live', PAYPAL_WEBHOOK_ID: '8PT597110X687430L' })).toMatchObject({ baseUrl: 'https://api-m.paypal.com' });
    expect(paypalConfig({ ...dev, PAYPAL_WEBHOOK_ID: undefined })).toBeUndefined();
  });
});
