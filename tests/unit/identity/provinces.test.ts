/**
 * The province lists of the address forms against the official ones: counts per country, codes
 * unique, and a few known codes with their names; ids unique across countries.
 */
import { describe, expect, it } from 'vitest';
import { COUNTRIES, PROVINCES } from '../../../scripts/seed/geo';
import { normalizePostalCode, provinceCodeForPostalCode, provinceMatchesPostalCode } from '../../../worker/domain/identity/postal-code';

const iso = new Map(COUNTRIES.map((c) => [c.id, c.iso]));
const of = (country: string) => PROVINCES.filter((p) => iso.get(p.countryId) === country);
const named = (country: string) => new Map(of(country).map((p) => [p.code, p.name]));

describe('official province lists', () => {
  it.each([
    ['ES', 52],
    ['PT', 20],
    ['FR', 101],
    ['IT', 107],
    ['DE', 16],
    ['AD', 7],
  ] as const)('%s has %i, each code once', (country, count) => {
    const codes = of(country).map((p) => p.code);
    expect(codes).toHaveLength(count);
    expect(new Set(codes).size).toBe(count);
  });

  it('gives every province its own id', () => {
    expect(new Set(PROVINCES.map((p) => p.id)).size).toBe(PROVINCES.length);
  });

  it('keeps the ids saved addresses hold, and never reuses the retired Italian regions’ 301–320', () => {
    const id = (country: string, code: string) => of(country).find((p) => p.code === code)?.id;
    expect([id('ES', '28'), id('PT', '11'), id('FR', '01'), id('FR', '75'), id('FR', '95'), id('DE', 'BW'), id('DE', 'BY'), id('AD', '07')]).toEqual([28, 111, 201, 276, 296, 401, 402, 506]);
    expect(PROVINCES.filter((p) => p.id >= 301 && p.id <= 320)).toEqual([]);
    expect(of('IT').every((p) => p.id >= 601 && p.id <= 707)).toBe(true);
  });

  it.each([
    ['ES', '01', 'Araba/Álava'],
    ['ES', '28', 'Madrid'],
    ['ES', '52', 'Melilla'],
    ['PT', '11', 'Lisboa'],
    ['PT', '20', 'Região Autónoma dos Açores'],
    ['PT', '30', 'Região Autónoma da Madeira'],
    ['FR', '2A', 'Corse-du-Sud'],
    ['FR', '2B', 'Haute-Corse'],
    ['FR', '75', 'Paris'],
    ['FR', '974', 'La Réunion'],
    ['FR', '976', 'Mayotte'],
    ['IT', 'MI', 'Milano'],
    ['IT', 'RM', 'Roma'],
    ['IT', 'MB', 'Monza e della Brianza'],
    ['IT', 'BT', 'Barletta-Andria-Trani'],
    ['IT', 'SU', 'Sud Sardegna'],
    ['IT', 'AO', 'Aosta'],
    ['DE', 'BY', 'Bayern'],
    ['DE', 'NW', 'Nordrhein-Westfalen'],
  ])('%s %s is %s', (country, code, name) => {
    expect(named(country).get(code)).toBe(name);
  });

  it('has Italian provinces, not regions, coded by their two-letter sigla', () => {
    const italy = of('IT');
    expect(italy.every((p) => /^[A-Z]{2}$/.test(p.code))).toBe(true);
    expect(italy.map((p) => p.name)).not.toContain('Lombardia');
  });

  it.each([
    ['IT', '20121', ['MB', 'MI']],
    ['IT', '23900', ['LC', 'SO']],
    ['IT', '32047', ['BL', 'UD']],
    ['IT', '00184', ['RM']],
    ['ES', '28013', ['28']],
    ['PT', '4520-123', ['01', '13']],
    ['PT', '4690-031', ['13', '18']],
    ['PT', '2490-480', ['10', '14']],
    ['PT', '1100-053', ['11']],
    ['PT', '9000-018', ['30']],
    ['FR', '97110', ['971']],
    ['DE', '86150', ['BY', 'BW', 'BB', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH']],
    ['DE', '14055', ['BE', 'BW', 'BB', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH']],
  ] as const)('%s %s may be in %j', (country, raw, codes) => {
    const normalized = normalizePostalCode(country, raw);
    expect(normalized.ok).toBe(true);
    const postalCode = normalized.ok ? normalized.postalCode : '';
    const matching = of(country).filter((p) => provinceMatchesPostalCode(postalCode, p.postalPrefixes)).map((p) => p.code);
    expect(matching.sort()).toEqual([...codes].sort());
  });
});

describe('provinceCodeForPostalCode', () => {
  it.each([
    ['ES', '28013', '28'],
    ['ES', '08005', '08'],
    ['ES', '52001', '52'],
    ['FR', '75001', '75'],
    ['FR', '01000', '01'],
    ['FR', '20000', '2A'],
    ['FR', '20137', '2A'],
    ['FR', '20200', '2B'],
    ['FR', '20600', '2B'],
    ['FR', '97400', '974'],
    ['FR', '97600', '976'],
    ['FR', '97500', null],
    ['FR', '98000', null],
    ['FR', '7500', null],
    ['IT', '20121', null],
    ['DE', '10115', null],
    ['PT', '1100-053', null],
  ] as const)('%s %s → %s', (country, postalCode, code) => {
    expect(provinceCodeForPostalCode(country, postalCode)).toBe(code);
  });

  it('names a seeded province the postal code belongs to, for every Spanish and French province', () => {
    for (const country of ['ES', 'FR']) {
      for (const province of of(country)) {
        for (const prefix of province.postalPrefixes.split(',')) {
          const code = prefix.padEnd(5, '1');
          expect(provinceCodeForPostalCode(country, code), `${country} ${code}`).toBe(province.code);
          expect(provinceMatchesPostalCode(code, province.postalPrefixes)).toBe(true);
        }
      }
    }
  });
});
