/**
 * The VAT breakdown of VAT-included amounts. Lines are summed per rate first and each rate's
 * total split once into base and VAT (base rounded half away from zero, VAT = total − base), so
 * base + VAT equals the total exactly for every rate and for the document.
 */
export interface VatLine {
  /** Cents, VAT included; negative on credit notes and discounts. */
  total: number;
  /** Basis points (2100 = 21 %). */
  rate: number;
}

export interface VatRow {
  rate: number;
  base: number;
  vat: number;
  total: number;
}

/** The base of a VAT-included amount at a rate (basis points), in whole cents. */
export function baseOf(total: number, rate: number): number {
  const exact = (total * 10_000) / (10_000 + rate);
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** Per rate, highest rate first; rates whose lines add to zero still appear (a discount can cancel a line). */
export function vatBreakdown(lines: readonly VatLine[]): VatRow[] {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.rate, (totals.get(line.rate) ?? 0) + line.total);
  return [...totals]
    .sort(([a], [b]) => b - a)
    .map(([rate, total]) => {
      const base = baseOf(total, rate);
      return { rate, base, vat: total - base, total };
    });
}

export function breakdownTotals(rows: readonly VatRow[]): { base: number; vat: number; total: number } {
  return rows.reduce((sum, row) => ({ base: sum.base + row.base, vat: sum.vat + row.vat, total: sum.total + row.total }), { base: 0, vat: 0, total: 0 });
}
