/** The rules of tax-exemption certificates (worker/domain/documents/exemption.ts): states, and which certificate covers which invoice when. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatBreakdown } from '../../worker/domain/documents/vat';
import {
  applicableCertificate,
  CERTIFICATE_STATES,
  certificateTransition,
  certificateValidAt,
  normalisedTaxId,
  reverseChargeLines,
  type CertificateFacts,
  type InvoiceFacts,
} from '../../worker/domain/documents/exemption';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1, 10);

const certificate = (over: Partial<CertificateFacts> = {}): CertificateFacts => ({ id: 1, userId: 7, billingAddressId: 70, nif: 'B12345674', state: 'validated', validatedAt: T0, revokedAt: null, ...over });
const invoice = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  userId: 7,
  channel: 'ES',
  soldByAmpora: true,
  billing: { id: 70, nif: 'B12345674', countryIso: 'ES', billingType: 'company' },
  at: T0 + DAY,
  ...over,
});

describe('certificate states', () => {
  it.each([
    ['pending', 'validate', 'validated'],
    ['pending', 'reject', 'rejected'],
    ['pending', 'revoke', 'revoked'],
    ['validated', 'revoke', 'revoked'],
    ['validated', 'validate', null],
    ['validated', 'reject', null],
    ['rejected', 'validate', null],
    ['rejected', 'reject', null],
    ['rejected', 'revoke', null],
    ['revoked', 'validate', null],
    ['revoked', 'reject', null],
    ['revoked', 'revoke', null],
  ] as const)('%s + %s → %s', (state, action, next) => {
    expect(certificateTransition(state, action)).toBe(next);
  });

  it('never leaves a final state (rejected, revoked), whatever the actions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CERTIFICATE_STATES), fc.array(fc.constantFrom('validate', 'reject', 'revoke' as const)), (start, actions) => {
        let state = start;
        for (const action of actions) state = certificateTransition(state, action) ?? state;
        if (start === 'rejected' || start === 'revoked') expect(state).toBe(start);
      }),
    );
  });
});

describe('valid at a moment', () => {
  it.each([
    ['validated before', certificate(), T0 + 1, true],
    ['validated that very moment', certificate(), T0, true],
    ['not yet validated then', certificate(), T0 - 1, false],
    ['pending', certificate({ state: 'pending', validatedAt: null }), T0 + DAY, false],
    ['rejected', certificate({ state: 'rejected', validatedAt: null }), T0 + DAY, false],
    ['revoked later: still valid before', certificate({ state: 'revoked', revokedAt: T0 + 2 * DAY }), T0 + DAY, true],
    ['revoked at that moment', certificate({ state: 'revoked', revokedAt: T0 + DAY }), T0 + DAY, false],
    ['revoked before', certificate({ state: 'revoked', revokedAt: T0 + DAY }), T0 + 2 * DAY, false],
    ['revoked while pending (never validated)', certificate({ state: 'revoked', validatedAt: null, revokedAt: T0 }), T0 + DAY, false],
  ])('%s → %s', (_name, cert, at, expected) => {
    expect(certificateValidAt(cert, at)).toBe(expected);
  });
});

describe('which certificate covers an invoice', () => {
  it('covers the same customer, billing address and tax id, valid when the invoice is issued', () => {
    expect(applicableCertificate([certificate()], invoice())?.id).toBe(1);
  });

  it.each([
    ['another customer', [certificate({ userId: 8 })], invoice()],
    ['another billing address', [certificate({ billingAddressId: 71 })], invoice()],
    ['the address now has another tax id', [certificate()], invoice({ billing: { id: 70, nif: 'A58818501', countryIso: 'ES', billingType: 'company' } })],
    ['an individual billing address', [certificate()], invoice({ billing: { id: 70, nif: 'B12345674', countryIso: 'ES', billingType: 'individual' } })],
    ['no billing address', [certificate()], invoice({ billing: null })],
    ['a billing address of another country', [certificate()], invoice({ billing: { id: 70, nif: 'B12345674', countryIso: 'PT', billingType: 'company' } })],
    ['a marketplace seller\'s invoice', [certificate()], invoice({ soldByAmpora: false })],
    ['issued before the validation', [certificate({ validatedAt: T0 + 2 * DAY })], invoice()],
    ['revoked before the invoice', [certificate({ state: 'revoked', revokedAt: T0 + DAY / 2 })], invoice()],
    ['only a pending one', [certificate({ state: 'pending', validatedAt: null })], invoice()],
    ['only a rejected one', [certificate({ state: 'rejected', validatedAt: null })], invoice()],
    ['none at all', [], invoice()],
  ])('not for %s', (_name, certificates, facts) => {
    expect(applicableCertificate(certificates, facts)).toBeNull();
  });

  it('compares tax ids as stored (case, spaces, dots and hyphens aside) and takes the one validated first', () => {
    const later = certificate({ id: 2, validatedAt: T0 + 1000 });
    const first = certificate({ id: 3, nif: 'b-1234.5674', validatedAt: T0 });
    expect(applicableCertificate([later, first], invoice())?.id).toBe(3);
    expect(normalisedTaxId(' es b-12.345 674 ')).toBe('ESB12345674');
  });

  it('the freelance billing type counts as a business', () => {
    expect(applicableCertificate([certificate()], invoice({ billing: { id: 70, nif: 'B12345674', countryIso: 'es', billingType: 'freelance' } }))?.id).toBe(1);
  });
});

describe('the reverse-charge lines', () => {
  it('keep every amount and charge 0 % VAT: the base is what was paid', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ total: fc.integer({ min: -100_000, max: 1_000_000 }), rate: fc.constantFrom(1900, 2000, 2100, 2200, 2300) }), { minLength: 1, maxLength: 8 }), (lines) => {
        const exempt = reverseChargeLines(lines);
        expect(exempt.map((l) => l.total)).toEqual(lines.map((l) => l.total));
        const rows = vatBreakdown(exempt);
        expect(rows).toHaveLength(1);
        const total = lines.reduce((sum, l) => sum + l.total, 0);
        expect(rows[0]).toEqual({ rate: 0, base: total, vat: 0, total });
      }),
    );
  });
});
