import { describe, expect, it } from 'vitest';
import { canonicalRecord, chainHash, decimal, firstBrokenLink, issueDateText, zonedTimestamp, type ChainRecord } from '../../../worker/domain/documents/chain';

// AEAT's published example of the Verifactu "huella" (two chained invoices of issuer 89890001K).
const FIRST: ChainRecord = {
  issuerTaxId: '89890001K',
  code: '12345678/G33',
  issueDate: '01-01-2024',
  typeCode: 'F1',
  vat: 1_235,
  total: 12_345,
  previousHash: '',
  generatedAt: '2024-01-01T19:20:30+01:00',
};
const FIRST_HASH = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const SECOND: ChainRecord = { ...FIRST, code: '12345679/G34', previousHash: FIRST_HASH, generatedAt: '2024-01-01T19:20:35+01:00' };
const SECOND_HASH = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';

describe('hash chain', () => {
  it('writes the canonical record the way Verifactu does', () => {
    expect(canonicalRecord(FIRST)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
  });

  it("matches AEAT's known vectors, the second chained to the first", async () => {
    expect(await chainHash(FIRST)).toBe(FIRST_HASH);
    expect(await chainHash(SECOND)).toBe(SECOND_HASH);
  });

  it('finds the first broken link: an edited amount, a removed document, a fork', async () => {
    const chain = [
      { ...FIRST, hash: FIRST_HASH },
      { ...SECOND, hash: SECOND_HASH },
    ];
    const third = { ...FIRST, code: 'X3', previousHash: SECOND_HASH };
    chain.push({ ...third, hash: await chainHash(third) });
    expect(await firstBrokenLink(chain)).toBe(-1);
    expect(await firstBrokenLink(chain.map((r, i) => (i === 1 ? { ...r, total: 12_346 } : r)))).toBe(1);
    expect(await firstBrokenLink([chain[0]!, chain[2]!])).toBe(1);
    expect(await firstBrokenLink([chain[0]!, chain[1]!, { ...chain[2]!, previousHash: FIRST_HASH }])).toBe(2);
  });

  it.each([
    [12_345, '123.45'],
    [5, '0.05'],
    [-50, '-0.50'],
    [0, '0.00'],
    [-123_400, '-1234.00'],
  ])('prints %i cents as %s', (cents, text) => {
    expect(decimal(cents)).toBe(text);
  });

  it('dates the record in the channel time zone with its offset', () => {
    expect(zonedTimestamp(new Date(Date.UTC(2024, 0, 1, 18, 20, 30)), 'Europe/Madrid')).toBe('2024-01-01T19:20:30+01:00');
    expect(zonedTimestamp(new Date(Date.UTC(2026, 6, 1, 0, 0, 0)), 'Europe/Lisbon')).toBe('2026-07-01T01:00:00+01:00');
    expect(zonedTimestamp(new Date(Date.UTC(2026, 0, 1, 0, 0, 0)), 'Europe/Lisbon')).toBe('2026-01-01T00:00:00+00:00');
    expect(issueDateText({ year: 2026, month: 3, day: 7 })).toBe('07-03-2026');
  });
});
