import { describe, expect, it } from 'vitest';
import { model347 } from '../../../worker/domain/documents/model347';
import { proformaOffered, RETAIL_TICKET_LIMIT, TICKET_LIMIT, ticketAllowed, VAT_RATES } from '../../../worker/domain/documents/rules';

const facts = { channel: 'ES' as const, frontOrder: true, total: 10_000, buyerTaxId: false, retail: false };

describe('simplified ticket rule (Spain)', () => {
  it.each([
    ['a front order of 100 €', facts, true],
    ['a front order of exactly 400 €', { ...facts, total: TICKET_LIMIT }, true],
    ['a front order of 400.01 €', { ...facts, total: TICKET_LIMIT + 1 }, false],
    ['a front order of 3,000 € in a retail case', { ...facts, total: RETAIL_TICKET_LIMIT, retail: true }, true],
    ['a front order of 3,000.01 € in a retail case', { ...facts, total: RETAIL_TICKET_LIMIT + 1, retail: true }, false],
    ['an online order (a distance sale) of 10 €', { ...facts, frontOrder: false, total: 1_000 }, false],
    ['a front order whose buyer gives a tax id', { ...facts, buyerTaxId: true }, false],
    ['a front order in Portugal', { ...facts, channel: 'PT' as const }, false],
  ])('%s → ticket %s', (_label, input, allowed) => {
    expect(ticketAllowed(input)).toBe(allowed);
  });

  it('has a standard VAT rate for every channel', () => {
    expect(VAT_RATES).toEqual({ ES: 2100, PT: 2300, FR: 2000, IT: 2200, DE: 1900 });
  });
});

describe('model 347', () => {
  it('sums per quarter, subtracts credit notes, and declares above 3,005.06 €', () => {
    const result = model347(2026, [
      { month: 1, total: 100_000 },
      { month: 3, total: 50_000 },
      { month: 5, total: 200_000 },
      { month: 6, total: -49_494 },
      { month: 12, total: 0 },
    ]);
    expect(result.quarters).toEqual([
      { quarter: 1, total: 150_000 },
      { quarter: 2, total: 150_506 },
      { quarter: 3, total: 0 },
      { quarter: 4, total: 0 },
    ]);
    expect(result.total).toBe(300_506);
    expect(result.declarable).toBe(false);
    expect(model347(2026, [{ month: 7, total: 300_507 }]).declarable).toBe(true);
  });
});

describe('proforma invoice', () => {
  it.each([
    ['awaiting payment, unpaid', { state: 'awaiting_payment', paidAt: null }, true],
    ['awaiting payment with the money just in', { state: 'awaiting_payment', paidAt: 1 }, false],
    ['confirmed and paid', { state: 'confirmed', paidAt: 1 }, false],
    ['cancelled before payment', { state: 'cancelled', paidAt: null }, false],
  ])('%s → %s', (_, order, expected) => {
    expect(proformaOffered(order)).toBe(expected);
  });
});
