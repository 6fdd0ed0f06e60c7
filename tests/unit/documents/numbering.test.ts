import { describe, expect, it } from 'vitest';
import { documentCode, localDate, nextNumber, quarterOf } from '../../../worker/domain/documents/numbering';
import { italianTypeCode, portugueseTypeCode, seriesFor, spanishTypeCode } from '../../../worker/domain/documents/rules';

describe('document numbering', () => {
  it.each([
    ['ES', 'F', 2026, 1, 'ES-F-2026-000001'],
    ['PT', 'R', 2026, 42, 'PT-R-2026-000042'],
    ['IT', 'M7', 2027, 999_999, 'IT-M7-2027-999999'],
    ['DE', 'T', 2026, 1_234_567, 'DE-T-2026-1234567'],
  ])('prints %s %s %i number %i as %s', (channel, series, year, number, code) => {
    expect(documentCode(channel, series, year, number)).toBe(code);
  });

  it.each([
    [null, 1],
    [undefined, 1],
    [0, 1],
    [41, 42],
  ])('follows %s with %i', (last, next) => {
    expect(nextNumber(last)).toBe(next);
  });

  it.each([
    ['invoice', 0, 'F'],
    ['ticket', 0, 'T'],
    ['corrective', 0, 'R'],
    ['proforma', 0, 'P'],
    ['marketplace', 7, 'M7'],
    ['corrective', 7, 'RM7'],
  ] as const)('numbers a %s of seller %i in series %s', (type, seller, series) => {
    expect(seriesFor(type, seller)).toBe(series);
  });

  it('takes the year and date of the channel, not of UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid: the new year's series.
    expect(localDate('ES', new Date(Date.UTC(2026, 11, 31, 23, 30)))).toEqual({ year: 2027, month: 1, day: 1 });
    // Lisbon is on UTC in winter.
    expect(localDate('PT', new Date(Date.UTC(2026, 11, 31, 23, 30)))).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it.each([
    [1, 1],
    [3, 1],
    [4, 2],
    [9, 3],
    [12, 4],
  ])('puts month %i in quarter %i', (month, quarter) => {
    expect(quarterOf(month)).toBe(quarter);
  });

  it.each([
    ['invoice', 'TD01', 'FT', 'F1'],
    ['marketplace', 'TD01', 'FT', 'F1'],
    ['corrective', 'TD04', 'NC', 'R1'],
    ['ticket', null, 'FS', 'F2'],
  ] as const)('codes a %s as %s in Italy, %s in Portugal, %s in Verifactu', (type, it_, pt, es) => {
    expect(italianTypeCode(type)).toBe(it_);
    expect(portugueseTypeCode(type)).toBe(pt);
    expect(spanishTypeCode(type)).toBe(es);
  });

  it('codes the corrective of a simplified ticket R5', () => {
    expect(spanishTypeCode('corrective', true)).toBe('R5');
  });
});
