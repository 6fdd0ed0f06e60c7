// The card form's pure rules (spec §3, §4): stored cards non-expired first, the draft's stored-card
// choice, expiry, adyen-web's keys for our translations, the result page's payment wording, and
// the CSP that lets the provider's frames in only where the card form is.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error adyen-web ships its built-in en-US strings without a declaration file.
import enUSStrings from '../../../node_modules/@adyen/adyen-web/dist/es/packages/server/translations/en-US.json.js';
import { paymentShown } from '../../../client/islands/payment-status';
import { adyenTranslations } from '../../../client/payments/adyen-strings';
import { ADYEN_LOCALES, initialStoredChoice, isExpired, orderStoredMethods, type StoredMethod } from '../../../client/payments/card-rules';
import { cardBrandName } from '../../../client/payments/stored-card-label';
import { LANGUAGES } from '../../../client/i18n/languages';
import { contentSecurityPolicy } from '../../../worker/http/security-headers';

const now = new Date('2026-11-24T12:00:00Z');
const card = (id: string, month: string, year: string, extra: Partial<StoredMethod> = {}): StoredMethod => ({ id, type: 'scheme', brand: 'visa', lastFour: '1111', expiryMonth: month, expiryYear: year, holderName: 'Ana', supportedShopperInteractions: ['Ecommerce', 'ContAuth'], ...extra });

const enUS = enUSStrings as Record<string, string>;

describe('isExpired', () => {
  it.each([
    [11, 2026, false], // good until the end of its month
    [10, 2026, true],
    [12, 2025, true],
    [1, 2027, false],
    [11, 26, false], // two-digit years
    [10, 26, true],
  ])('%i/%i on 24 Nov 2026 → %s', (month, year, expired) => {
    expect(isExpired(month, year, now)).toBe(expired);
  });
});

describe('orderStoredMethods', () => {
  it('puts non-expired cards first and keeps the provider order otherwise', () => {
    const ordered = orderStoredMethods([card('A', '01', '2026'), card('B', '03', '2030'), card('C', '10', '2025'), card('D', '12', '2026')], now);
    expect(ordered.map((o) => [o.method.id, o.expired])).toEqual([
      ['B', false],
      ['D', false],
      ['A', true],
      ['C', true],
    ]);
  });

  it('leaves out what cannot pay a checkout: other method types, cards not for e-commerce, no id', () => {
    const ordered = orderStoredMethods([card('A', '03', '2030', { type: 'paypal' }), card('B', '03', '2030', { supportedShopperInteractions: ['ContAuth'] }), card('', '03', '2030'), card('D', '03', '2030')], now);
    expect(ordered.map((o) => o.method.id)).toEqual(['D']);
    expect(orderStoredMethods(undefined, now)).toEqual([]);
  });
});

describe('initialStoredChoice', () => {
  const ordered = orderStoredMethods([card('B', '03', '2030'), card('C', '10', '2025')], now);
  it('keeps the draft choice while that card is there and usable; a removed one gives way to the first remaining', () => {
    expect(initialStoredChoice(ordered, 'B')).toBe('B');
    expect(initialStoredChoice(ordered, 'C')).toBeNull(); // expired
    expect(initialStoredChoice(ordered, 'gone')).toBe('B');
    expect(initialStoredChoice(orderStoredMethods([card('C', '10', '2025')], now), 'gone')).toBeNull();
    expect(initialStoredChoice(ordered, null)).toBeNull();
  });
});

describe('adyen-web strings', () => {
  it('has a locale for every store language', () => {
    for (const language of LANGUAGES) expect(ADYEN_LOCALES[language]).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  });

  it('only translates keys adyen-web has, for the locale asked', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    const translations = adyenTranslations(i18n, 'de-DE');
    expect(Object.keys(translations)).toEqual(['de-DE']);
    const keys = Object.keys(translations['de-DE']!);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(enUS, key).toHaveProperty([key]);
  });
});

describe('card brand names', () => {
  it('prints the scheme, or the code when unknown', () => {
    expect(cardBrandName('mc')).toBe('Mastercard');
    expect(cardBrandName('VISA')).toBe('Visa');
    expect(cardBrandName('newbrand')).toBe('newbrand');
  });
});

describe('paymentShown (/cart/ok)', () => {
  it.each([
    [{ state: 'confirmed', paymentState: 'authorised' }, 'paid'],
    [{ state: 'awaiting_payment', paymentState: 'pending' }, 'confirming'],
    [{ state: 'awaiting_payment', paymentState: 'refused' }, 'failed'],
    [{ state: 'cancelled', paymentState: 'expired' }, 'failed'],
    [{ state: 'preparing' }, 'paid'],
  ])('%j → %s', (order, shown) => {
    expect(paymentShown(order)).toBe(shown);
  });
});

describe('contentSecurityPolicy', () => {
  it('keeps every page strict unless it hosts the card form', () => {
    const strict = contentSecurityPolicy('n0nce');
    expect(strict).not.toContain('frame-src');
    expect(strict).not.toContain('adyen');
    expect(strict).toContain("form-action 'self';");
  });

  it('lets the provider and the bank frames in on card-form pages', () => {
    const live = contentSecurityPolicy('n0nce', null);
    expect(live).toContain("frame-src 'self' https:;");
    expect(live).toContain("connect-src 'self' https://*.adyen.com;");
    expect(live).toContain("form-action 'self' https:;");
    expect(live).toContain("script-src 'self' 'nonce-n0nce' 'strict-dynamic'");
    const dev = contentSecurityPolicy('n0nce', 'http://127.0.0.1:8797');
    expect(dev).toContain("frame-src 'self' https: http://127.0.0.1:8797;");
    expect(dev).toContain("img-src 'self' data: https://*.adyen.com http://127.0.0.1:8797;");
  });
});
