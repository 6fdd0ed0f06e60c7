// Every payment unavailability code (spec §8 32000–32040, PAYMENT_UNAVAILABLE) has its own sentence
// in the payment step (client/checkout/unavailable-reasons.ts), and those with an amount say it.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { PAYMENT_UNAVAILABLE, paymentAvailability, PLAIN_CART_FACTS } from '../../../worker/domain/checkout/payments';
import { UNAVAILABLE_REASONS, unavailableReason } from '../../../client/checkout/unavailable-reasons';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const money = (cents: number) => `${(cents / 100).toFixed(2)} €`;

describe('unavailability reasons', () => {
  it('every code has a message of its own', () => {
    expect(Object.keys(UNAVAILABLE_REASONS).sort()).toEqual(Object.keys(PAYMENT_UNAVAILABLE).sort());
    const codes = Object.values(PAYMENT_UNAVAILABLE);
    const texts = codes.map((code) => unavailableReason(i18n, code, 6_000, money));
    expect(texts.every((text) => text !== unavailableReason(i18n, 99_999, undefined, money))).toBe(true);
    // One sentence per reason (the two "for your account" bans say the same on purpose).
    expect(new Set(texts).size).toBeGreaterThanOrEqual(codes.length - 1);
  });

  it('the limits say their amount', () => {
    expect(unavailableReason(i18n, PAYMENT_UNAVAILABLE.minimumPrice, 6_000, money)).toBe('Available for orders from 60.00 €');
    expect(unavailableReason(i18n, PAYMENT_UNAVAILABLE.priceLimit, 250_000, money)).toBe('Available for orders up to 2500.00 €');
    expect(unavailableReason(i18n, PAYMENT_UNAVAILABLE.exceedsPendingAmount, 300_000, money)).toContain('3000.00 €');
    expect(unavailableReason(i18n, PAYMENT_UNAVAILABLE.spainOrPortugalOnly, undefined, money)).toBe('Only for deliveries to Spain or Portugal');
  });

  it('Oney below 60 € and above 2 500 € gives the code and the amount the sentence shows', () => {
    const cart = (totalToPay: number) => ({ ...PLAIN_CART_FACTS, channel: 'IT' as const, totalToPay, shippingType: 1 as const, countryIso: 'IT' });
    expect(paymentAvailability(cart(5_999), 'oney')).toMatchObject({ available: false, code: PAYMENT_UNAVAILABLE.minimumPrice, amount: 6_000 });
    expect(paymentAvailability(cart(250_001), 'oney')).toMatchObject({ available: false, code: PAYMENT_UNAVAILABLE.priceLimit, amount: 250_000 });
    expect(paymentAvailability(cart(6_000), 'oney')).toEqual({ available: true });
    expect(paymentAvailability(cart(250_000), 'oney')).toEqual({ available: true });
  });
});
