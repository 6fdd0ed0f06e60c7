// Postal codes: per-country format and normalization, and the province ↔ postal-prefix check
// against the real prefixes seeded in scripts/seed/geo.ts.
import { describe, expect, it } from 'vitest';
import { normalizePostalCode, provinceMatchesPostalCode, type PostalCodeReason } from '../../../worker/domain/identity/postal-code';
import { COUNTRIES, PROVINCES } from '../../../scripts/seed/geo';

describe('normalizePostalCode', () => {
  it.each([
    // [country, raw, normalized]
    ['ES', '28001', '28001'],
    ['ES', ' 08 001 ', '08001'],
    ['ES', '01000', '01000'],
    ['ES', '52999', '52999'],
    ['ES', '35001', '35001'],
    ['PT', '1000-001', '1000-001'],
    ['PT', '1000001', '1000-001'],
    ['PT', '4000 322', '4000-322'],
    ['PT', '9999-999', '9999-999'],
    ['FR', '75001', '75001'],
    ['FR', '20000', '20000'],
    ['FR', '97400', '97400'],
    ['IT', '00100', '00100'],
    ['IT', '20121', '20121'],
    ['DE', '10115', '10115'],
    ['DE', '01067', '01067'],
    ['AD', 'AD500', 'AD500'],
    ['AD', 'ad 500', 'AD500'],
    ['AD', '100', 'AD100'],
    ['pt', '1000001', '1000-001'],
  ])('%s %j → %s', (country, raw, postalCode) => {
    expect(normalizePostalCode(country, raw)).toEqual({ ok: true, postalCode });
  });

  it.each([
    // [why, country, raw, reason]
    ['unknown country', 'GB', 'SW1A 1AA', 'unsupportedCountry'],
    ['empty', 'ES', '', 'required'],
    ['blank', 'PT', '   ', 'required'],
    ['ES below 01000', 'ES', '00999', 'format'],
    ['ES above 52999', 'ES', '53000', 'format'],
    ['ES 4 digits', 'ES', '2800', 'format'],
    ['ES 6 digits', 'ES', '280010', 'format'],
    ['ES with a letter', 'ES', '2800A', 'format'],
    ['PT CP4 only', 'PT', '1000', 'format'],
    ['PT starting 0', 'PT', '0999-999', 'format'],
    ['PT hyphen misplaced', 'PT', '100-0001', 'format'],
    ['PT 8 digits', 'PT', '10000011', 'format'],
    ['FR 4 digits', 'FR', '7501', 'format'],
    ['FR Corsica letters', 'FR', '2A000', 'format'],
    ['IT 6 digits', 'IT', '001000', 'format'],
    ['DE 4 digits', 'DE', '1011', 'format'],
    ['DE with country letter', 'DE', 'D-10115', 'format'],
    ['AD 4 digits', 'AD', 'AD5000', 'format'],
    ['AD 2 digits', 'AD', '50', 'format'],
    ['AD other letters', 'AD', 'AN500', 'format'],
  ] as [string, string, string, PostalCodeReason][])('%s → %s', (_, country, raw, reason) => {
    expect(normalizePostalCode(country, raw)).toEqual({ ok: false, reason });
  });
});

describe('provinceMatchesPostalCode', () => {
  it.each([
    // [why, postalCode, postalPrefixes, matches]
    ['Madrid', '28001', '28', true],
    ['Madrid code, Barcelona province', '28001', '08', false],
    ['Barcelona keeps its leading zero', '08001', '08', true],
    ['Canarias: Las Palmas', '35001', '35', true],
    ['Lisboa, first prefix', '1000-001', '10,11,12,13,14,15,16,17,18,19,26,27', true],
    ['Lisboa, later prefix', '2700-001', '10,11,12,13,14,15,16,17,18,19,26,27', true],
    ['Porto code, Lisboa district', '4000-322', '10,11,12,13,14,15,16,17,18,19,26,27', false],
    ['Setúbal 75xx', '7500-100', '28,29,75', true],
    ['a one-digit prefix covers longer codes', '1000-001', '1', true],
    ['prefix 10 does not cover 11xx', '1100-001', '10', false],
    ['Rome, prefix 00', '00100', '00,01,02,03,04', true],
    ['Bayern', '80331', '80,81,82,83,84,85,90,91,92,93,94', true],
    ['Berlin code, Bayern', '10115', '80,81,82,83,84,85,90,91,92,93,94', false],
    ['Land without prefixes', '70173', '', true],
    ['blank list', '70173', ' , ', true],
    ['Andorra la Vella', 'AD500', 'AD500', true],
    ['Canillo code, Andorra la Vella', 'AD100', 'AD500', false],
    ['spaces around prefixes', '35001', '35, 38', true],
    ['second prefix of a list', '38001', '35,38', true],
    ['case and spaces in the code', 'ad 500', 'AD500', true],
    ['empty code with prefixes', '', '28', false],
  ])('%s → %s', (_, postalCode, postalPrefixes, matches) => {
    expect(provinceMatchesPostalCode(postalCode, postalPrefixes)).toBe(matches);
  });

  const isoOf = new Map(COUNTRIES.map((c) => [c.id, c.iso]));
  /** A code of the country made from a seeded prefix: padded with 1s to the country's length. */
  const sampleCode = (iso: string, prefix: string) => prefix.padEnd(iso === 'PT' ? 7 : 5, '1');
  const seeded = PROVINCES.flatMap((province) =>
    province.postalPrefixes
      .split(',')
      .filter((prefix) => prefix !== '')
      .map((prefix) => [`${isoOf.get(province.countryId)} ${province.name} ${prefix}`, isoOf.get(province.countryId) ?? '', prefix, province.postalPrefixes] as const),
  );

  it.each(seeded)('seeded %s: a code with that prefix is valid and in the province', (_, iso, prefix, postalPrefixes) => {
    const result = normalizePostalCode(iso, sampleCode(iso, prefix));
    expect(result.ok).toBe(true);
    if (result.ok) expect(provinceMatchesPostalCode(result.postalCode, postalPrefixes)).toBe(true);
  });

  it('finds exactly one Spanish province for every valid Spanish code', () => {
    const spain = PROVINCES.filter((p) => isoOf.get(p.countryId) === 'ES');
    for (let n = 1; n <= 52; n++) {
      const code = `${String(n).padStart(2, '0')}001`;
      expect(normalizePostalCode('ES', code).ok).toBe(true);
      expect(spain.filter((p) => provinceMatchesPostalCode(code, p.postalPrefixes))).toHaveLength(1);
    }
  });

  it.each([
    ['20090', '2A'],
    ['20137', '2A'],
    ['20200', '2B'],
    ['20600', '2B'],
    ['75001', '75'],
    ['97400', '974'],
    ['97600', '976'],
  ])('puts the French code %s in département %s only', (postalCode, code) => {
    const france = PROVINCES.filter((p) => isoOf.get(p.countryId) === 'FR' && provinceMatchesPostalCode(postalCode, p.postalPrefixes));
    expect(france.map((p) => p.code)).toEqual([code]);
  });
});
