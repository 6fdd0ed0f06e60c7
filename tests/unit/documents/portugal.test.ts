import { describe, expect, it } from 'vitest';
import { atcud, FINAL_CONSUMER_NIF, hashExcerpt, ptQrPayload } from '../../../worker/domain/documents/portugal';
import { ptValidationCode } from '../../../worker/domain/documents/rules';
import { vatBreakdown } from '../../../worker/domain/documents/vat';

describe('Portugal: ATCUD and QR code', () => {
  it.each([
    ['JFJMBRVK', 1, 'JFJMBRVK-1'],
    ['JFJMBRVP', 123, 'JFJMBRVP-123'],
  ])('joins validation code %s and number %i as %s', (code, number, expected) => {
    expect(atcud(code, number)).toBe(expected);
  });

  it('uses the registered code of a series, and a stable 8-character one for a seller series', () => {
    expect(ptValidationCode('F')).toBe('JFJMBRVK');
    expect(ptValidationCode('M5')).toMatch(/^[A-Z0-9]{8}$/);
    expect(ptValidationCode('M5')).toBe(ptValidationCode('M5'));
    expect(ptValidationCode('M5')).not.toBe(ptValidationCode('M6'));
  });

  it('takes characters 1, 11, 21 and 31 of the hash', () => {
    expect(hashExcerpt('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')).toBe('AKU4');
  });

  it('writes the AT fields in order, amounts with two decimals', () => {
    const vat = vatBreakdown([{ total: 12_300, rate: 2300 }]);
    const payload = ptQrPayload({
      sellerNif: '980999997',
      buyerNif: 'PT123456789',
      buyerCountry: 'PT',
      typeCode: 'FT',
      date: '20261102',
      documentId: 'FT F2026/1',
      atcud: 'JFJMBRVK-1',
      vat,
      vatTotal: 2_300,
      total: 12_300,
      hash: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
      certificate: '0',
    });
    expect(payload).toBe('A:980999997*B:123456789*C:PT*D:FT*E:N*F:20261102*G:FT F2026/1*H:JFJMBRVK-1*I1:PT*I7:100.00*I8:23.00*N:23.00*O:123.00*Q:AKU4*R:0');
  });

  it('prints a consumer without NIF as 999999990 and a credit note with positive amounts', () => {
    const payload = ptQrPayload({
      sellerNif: '980999997',
      buyerNif: null,
      buyerCountry: 'PT',
      typeCode: 'NC',
      date: '20261102',
      documentId: 'NC R2026/3',
      atcud: 'JFJMBRVP-3',
      vat: vatBreakdown([{ total: -1_230, rate: 2300 }]),
      vatTotal: -230,
      total: -1_230,
      hash: 'F'.repeat(64),
      certificate: '0',
    });
    expect(payload).toContain(`B:${FINAL_CONSUMER_NIF}*`);
    expect(payload).toContain('*I7:10.00*I8:2.30*N:2.30*O:12.30*');
  });
});
