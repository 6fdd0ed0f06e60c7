import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consumerLanguage, isRedsysOrder, notificationEvents, paymentOutcome, redsysOrder, responseMeaning } from '../../../worker/payments/redsys/protocol';

describe('Redsys order numbers', () => {
  it('are 12 characters, the first 4 digits, the same for the same attempt and new for a new one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Z]{2}-\d{6}-[2-9A-HJ-NP-Z]{6}$/), fc.integer({ min: 1, max: 50 }), async (reference, attempt) => {
        const order = await redsysOrder(reference, attempt);
        expect(order).toMatch(/^\d{4}[0-9A-Z]{8}$/);
        expect(isRedsysOrder(order)).toBe(true);
        expect(await redsysOrder(reference, attempt)).toBe(order);
        expect(await redsysOrder(reference, attempt + 1)).not.toBe(order);
      }),
      { numRuns: 50 },
    );
  });
});

describe('Redsys codes', () => {
  it.each([
    ['0000', 'authorised'],
    ['0099', 'authorised'],
    ['0101', 'refused'],
    ['0190', 'refused'],
    ['0400', 'voided'],
    ['0900', 'refunded'],
    ['9915', 'cancelled'],
    ['9999', 'refused'],
    ['', 'refused'],
    ['abc', 'refused'],
  ])('Ds_Response %s is %s', (code, meaning) => {
    expect(responseMeaning(code)).toBe(meaning);
  });

  it.each([
    ['es-ES', '001'],
    ['en-EN', '002'],
    ['fr-FR', '004'],
    ['de-DE', '005'],
    ['it-IT', '007'],
    ['pt-PT', '009'],
    [undefined, '001'],
  ])('the shopper language %s is Redsys %s', (locale, code) => {
    expect(consumerLanguage(locale)).toBe(code);
  });

  it('maps a result to an outcome that names our reference', () => {
    expect(paymentOutcome({ Ds_Order: '1234ABCDEFGH', Ds_Response: '0000', Ds_MerchantData: 'ES-251125-ABC234' })).toEqual({ status: 'authorised', pspReference: '1234ABCDEFGH', merchantReference: 'ES-251125-ABC234' });
    expect(paymentOutcome({ Ds_Order: '1234ABCDEFGH', Ds_Response: '9915', Ds_MerchantData: 'ES-251125-ABC234' })).toMatchObject({ status: 'cancelled' });
    expect(paymentOutcome({ Ds_Order: '1234ABCDEFGH', Ds_Response: '0190' })).toEqual({ status: 'refused', pspReference: '1234ABCDEFGH', refusalReason: 'Redsys 0190', refusalReasonCode: '0190' });
  });

  it('turns notifications into events: the sale, its refunds told apart by our reference, its void', () => {
    const base = { Ds_Order: '1234ABCDEFGH', Ds_Amount: '4999', Ds_Currency: '978' };
    expect(notificationEvents({ ...base, Ds_Response: '0000', Ds_TransactionType: '0', Ds_MerchantData: 'ES-251125-ABC234' })).toMatchObject([{ eventCode: 'AUTHORISATION', success: true, pspReference: '1234ABCDEFGH', originalReference: '', amount: { value: 4999, currency: 'EUR' } }]);
    expect(notificationEvents({ ...base, Ds_Response: '9915', Ds_TransactionType: '0' })).toMatchObject([{ eventCode: 'AUTHORISATION', success: false, reason: 'Cancelled' }]);
    expect(notificationEvents({ ...base, Ds_Response: '0900', Ds_TransactionType: '3', Ds_MerchantData: 'ES-251125-ABC234-R7' })).toMatchObject([{ eventCode: 'REFUND', success: true, pspReference: '1234ABCDEFGH-ES-251125-ABC234-R7', originalReference: '1234ABCDEFGH' }]);
    expect(notificationEvents({ ...base, Ds_Response: '0190', Ds_TransactionType: '3', Ds_MerchantData: 'R8' })).toMatchObject([{ eventCode: 'REFUND', success: false }]);
    expect(notificationEvents({ ...base, Ds_Response: '0400', Ds_TransactionType: '9', Ds_MerchantData: 'V1' })).toMatchObject([{ eventCode: 'CANCELLATION', success: true, originalReference: '1234ABCDEFGH' }]);
    // A refund we cannot tell apart from the order's others, a type we never send, a broken amount: not ours.
    expect(notificationEvents({ ...base, Ds_Response: '0900', Ds_TransactionType: '3' })).toBeUndefined();
    expect(notificationEvents({ ...base, Ds_Response: '0000', Ds_TransactionType: '1' })).toBeUndefined();
    expect(notificationEvents({ ...base, Ds_Amount: '49.99', Ds_Response: '0000' })).toBeUndefined();
  });
});
