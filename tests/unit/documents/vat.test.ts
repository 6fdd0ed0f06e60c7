import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseOf, breakdownTotals, vatBreakdown } from '../../../worker/domain/documents/vat';

describe('VAT breakdown of VAT-included amounts', () => {
  it.each([
    [12_100, 2100, 10_000],
    [100, 2100, 83],
    [1, 2100, 1],
    [12_300, 2300, 10_000],
    [-12_100, 2100, -10_000],
    [-100, 2100, -83],
    [11_900, 1900, 10_000],
    [0, 2000, 0],
  ])('takes the base of %i at %i bp as %i', (total, rate, base) => {
    expect(baseOf(total, rate)).toBe(base);
  });

  it('sums per rate before rounding, highest rate first', () => {
    // Three lines of 0.10 € at 21 %: rounding each line would give 3 × 0.08; per rate it is 0.25.
    expect(vatBreakdown([{ total: 10, rate: 2100 }, { total: 10, rate: 2100 }, { total: 10, rate: 2100 }, { total: 1_060, rate: 1000 }])).toEqual([
      { rate: 2100, base: 25, vat: 5, total: 30 },
      { rate: 1000, base: 964, vat: 96, total: 1_060 },
    ]);
  });

  it('keeps a discount inside its rate', () => {
    expect(vatBreakdown([{ total: 12_100, rate: 2100 }, { total: -1_000, rate: 2100 }])).toEqual([{ rate: 2100, base: 9_174, vat: 1_926, total: 11_100 }]);
  });

  it('makes base + VAT = total exactly, per rate and for the document, for any lines', () => {
    const line = fc.record({ total: fc.integer({ min: -1_000_000, max: 1_000_000 }), rate: fc.constantFrom(0, 400, 600, 1000, 1300, 1900, 2000, 2100, 2200, 2300) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const rows = vatBreakdown(lines);
        for (const row of rows) expect(row.base + row.vat).toBe(row.total);
        const totals = breakdownTotals(rows);
        expect(totals.total).toBe(lines.reduce((sum, l) => sum + l.total, 0));
        expect(totals.base + totals.vat).toBe(totals.total);
        // A credit note mirrors its invoice exactly.
        const negated = vatBreakdown(lines.map((l) => ({ ...l, total: -l.total })));
        expect(negated.map((r) => [r.base, r.vat])).toEqual(rows.map((r) => [-r.base || 0, -r.vat || 0]));
      }),
    );
  });
});
