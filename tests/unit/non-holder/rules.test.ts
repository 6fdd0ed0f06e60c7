/** The link rules of non-holder returns and order reassignment: expiry, answered states, secrets, codes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomToken } from '../../../worker/identity/crypto';
import {
  AUTHORIZATION_TTL_MS,
  authorizationStatus,
  INVOICE_CODE_PATTERN,
  isAnswerable,
  isReturnableDocument,
  LINK_SECRET_PATTERN,
  maskEmail,
  parseAmountCents,
  REASSIGNMENT_TTL_MS,
  reassignmentStatus,
  sameEmail,
} from '../../../worker/non-holder/rules';

const NOW = new Date(Date.UTC(2026, 10, 25, 12));
const at = (deltaMs: number) => NOW.getTime() + deltaMs;

describe('authorisation requests', () => {
  it.each([
    ['pending', at(1), 'pending', true],
    ['pending', at(0), 'expired', false],
    ['pending', at(-1), 'expired', false],
    ['authorised', at(1), 'authorised', false],
    ['authorised', at(-1), 'authorised', false],
    ['refused', at(1), 'refused', false],
    ['refused', at(-1), 'refused', false],
  ] as const)('%s, expiring at %d → %s (answerable: %s)', (state, expiresAt, status, answerable) => {
    expect(authorizationStatus({ state, expiresAt }, NOW)).toBe(status);
    expect(isAnswerable({ state, expiresAt }, NOW)).toBe(answerable);
  });

  it('an answered request never reads as expired, whatever the clock', () => {
    fc.assert(
      fc.property(fc.constantFrom('authorised', 'refused'), fc.integer({ min: -1e12, max: 1e12 }), (state, delta) => {
        expect(authorizationStatus({ state, expiresAt: at(delta) }, NOW)).toBe(state);
      }),
    );
  });

  it('lasts a week, like a reassignment key', () => {
    expect(AUTHORIZATION_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(REASSIGNMENT_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it.each([
    ['invoice', true],
    ['ticket', true],
    ['marketplace', true],
    ['corrective', false],
    ['proforma', false],
    ['anything', false],
  ])('a %s names a sale a non-holder may return from: %s', (docType, expected) => {
    expect(isReturnableDocument(docType)).toBe(expected);
  });
});

describe('reassignment keys', () => {
  it.each([
    [null, at(1), 'open'],
    [null, at(0), 'expired'],
    [null, at(-1), 'expired'],
    [at(-5), at(1), 'used'],
    [at(-5), at(-1), 'used'],
  ] as const)('used at %s, expiring at %s → %s', (usedAt, expiresAt, status) => {
    expect(reassignmentStatus({ usedAt, expiresAt }, NOW)).toBe(status);
  });
});

describe('link secrets and codes', () => {
  it('128 random bits make a secret the pattern accepts; other lengths and characters are refused', () => {
    for (let i = 0; i < 50; i++) expect(randomToken(16)).toMatch(LINK_SECRET_PATTERN);
    for (const bad of ['', 'A'.repeat(21), 'A'.repeat(23), 'A'.repeat(43), `${'A'.repeat(21)}=`, `${'A'.repeat(21)}/`]) expect(LINK_SECRET_PATTERN.test(bad)).toBe(false);
  });

  it.each([
    ['ES-F-2026-000012', true],
    ['PT-FR-2026-1', true],
    ['es-F-2026-000012', false],
    ['ES-F-26-000012', false],
    ['ES-F-2026-', false],
    ['ES-F-2026-000012 OR 1=1', false],
  ])('invoice code %s → %s', (code, ok) => {
    expect(INVOICE_CODE_PATTERN.test(code)).toBe(ok);
  });

  it('masks an address to its first letter and domain', () => {
    expect(maskEmail('juana@example.com')).toBe('j•••@example.com');
    expect(maskEmail('nobody')).toBe('•••');
  });

  it('compares addresses without case or surrounding spaces', () => {
    expect(sameEmail(' Ana@Example.com ', 'ana@example.com')).toBe(true);
    expect(sameEmail('ana@example.com', 'ana2@example.com')).toBe(false);
  });
});

describe('an invoice total as typed', () => {
  it.each([
    ['1.234,56 €', 123456],
    ['1,234.56', 123456],
    ['1234,5', 123450],
    ['1234.56', 123456],
    ['€ 99', 9900],
    ['99 EUR', 9900],
    ['1 234,56', 123456],
    ['0,99', 99],
    ['1.234', 123400],
    ['', undefined],
    ['abc', undefined],
    ['12,34,5x', undefined],
    ['-5', undefined],
    ['1e5', undefined],
  ] as const)('%j → %s cents', (text, cents) => {
    expect(parseAmountCents(text)).toBe(cents);
  });

  it('reads back every amount the store prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.constantFrom('es-ES', 'en-GB', 'fr-FR', 'pt-PT', 'it-IT', 'de-DE'), (cents, locale) => {
        const printed = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
        expect(parseAmountCents(printed)).toBe(cents);
      }),
    );
  });
});
