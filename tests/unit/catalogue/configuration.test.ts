import { describe, expect, it } from 'vitest';
import { summarizeConfiguration, type ConfigurationLine } from '../../../worker/domain/catalogue/configuration';

const line = (price: number | null, qty = 1, availabilityCode: number | null = 0): ConfigurationLine => ({ price, qty, availabilityCode });

describe('summarizeConfiguration', () => {
  it('multiplies each unit price by its units and adds the lines, in cents', () => {
    const summary = summarizeConfiguration([line(32_350), line(11_999, 2), line(8_473)]);
    expect(summary.lineTotals).toEqual([32_350, 23_998, 8_473]);
    expect(summary.total).toBe(64_821);
    expect(Number.isInteger(summary.total)).toBe(true);
  });

  it('leaves a line without a price on the channel out of the total', () => {
    const summary = summarizeConfiguration([line(10_000), line(null, 2)]);
    expect(summary.lineTotals).toEqual([10_000, null]);
    expect(summary.total).toBe(10_000);
    expect(summary.status).toBe('incomplete');
  });

  it.each([
    ['every part in stock (0–3)', [0, 1, 2, 3], 'ready'],
    ['a part on order (4)', [0, 4], 'delayed'],
    ['a part on pre-order (5)', [1, 5], 'delayed'],
    ['a part temporarily out of stock (6)', [0, 6], 'incomplete'],
    ['a part out of stock (7)', [0, 4, 7], 'incomplete'],
    ['a part not available in the zone (9876)', [0, 9876], 'incomplete'],
    ['a discontinued part (9999)', [9999], 'incomplete'],
    ['a part of unknown availability', [0, null], 'incomplete'],
  ] as const)('%s → %s', (_label, codes, status) => {
    expect(summarizeConfiguration(codes.map((code) => line(1_000, 1, code))).status).toBe(status);
  });

  it('is incomplete and free when empty', () => {
    expect(summarizeConfiguration([])).toEqual({ lineTotals: [], total: 0, status: 'incomplete' });
  });
});
