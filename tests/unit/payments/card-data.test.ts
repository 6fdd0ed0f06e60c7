import { describe, expect, it } from 'vitest';
import { carriesCardNumber, luhnValid } from '../../../worker/payments/card-data';

/** A 13-digit EAN whose digits also pass the Luhn check. */
const LUHN_EAN = '4006381333924';

describe('card numbers in clear', () => {
  it('knows the Luhn check', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid(LUHN_EAN)).toBe(true);
  });

  it.each([
    [{ cardNumber: '4111111111111111' }],
    [{ number: '4111 1111 1111 1111' }],
    [{ paymentMethod: { type: 'scheme', number: '4111-1111-1111-1111', cvc: '737' } }],
    [{ pan: 5555555555554444 }],
    [{ card: { holder: 'Ana', digits: 'my card is 4111 1111 1111 1111' } }],
    [{ paymentMethod: { encryptedCardNumber: '4111111111111111' } }],
    [{ card_number: '370000000000002' }],
  ])('refuses %o anywhere', (body) => {
    expect(carriesCardNumber(body, false)).toBe(true);
  });

  it.each([
    [{ ean: LUHN_EAN, query: `monitor ${LUHN_EAN}` }],
    [{ phone: '4111111111111111' }],
    [{ number: '4111111111111112' }],
    [{ paymentMethod: { encryptedCardNumber: 'test_4111111111111111', encryptedSecurityCode: 'adyenjs_0_1_25$AbC123' } }],
    [{ storedPaymentMethodId: '8415995487234100', orderId: 'ES-261124-ABCDEF' }],
    [{ giftCardCode: 'ABCD1234EFGH5678' }],
  ])('lets %o through outside the payment calls', (body) => {
    expect(carriesCardNumber(body, false)).toBe(false);
  });

  it('looks at every field of the payment calls, but ids, encrypted fields and wallet tokens only as a whole', () => {
    expect(carriesCardNumber({ paymentMethod: { holderName: '4111 1111 1111 1111' } }, true)).toBe(true);
    expect(carriesCardNumber({ note: `EAN ${LUHN_EAN}` }, true)).toBe(true);
    expect(carriesCardNumber({ paymentMethod: { type: 'scheme', storedPaymentMethodId: '8415995487234100' } }, true)).toBe(false);
    expect(carriesCardNumber({ googlePayToken: JSON.stringify({ signedMessage: '{"pan":"4111111111111111"}' }) }, true)).toBe(false);
    expect(carriesCardNumber({ googlePayToken: '4111111111111111' }, true)).toBe(true);
    expect(carriesCardNumber({ browserInfo: { screenWidth: 1920, timeZoneOffset: -60 } }, true)).toBe(false);
  });
});
