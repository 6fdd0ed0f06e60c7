/**
 * A PC configuration's price and availability from its components' current listing rows:
 * line totals and the total in integer cents, and whether the build can be bought now.
 *
 * - `ready`: every component has a price on the channel and is in stock (codes 0–3);
 * - `delayed`: everything can be bought, but some component is on order or pre-order (4–5);
 * - `incomplete`: some component cannot be bought now (no price on the channel, out of stock,
 *   zone not available, discontinued).
 * The total is today's cost of the build: the sum of the lines that have a price.
 */
import { LAST_PURCHASABLE_CODE } from './buybox';

export interface ConfigurationLine {
  /** Unit price in cents on the channel, or null when no seller offers it there. */
  price: number | null;
  qty: number;
  availabilityCode: number | null;
}

export type ConfigurationStatus = 'ready' | 'delayed' | 'incomplete';

export interface ConfigurationSummary {
  /** price × qty per line, null where the line has no price. */
  lineTotals: (number | null)[];
  /** Sum of the line totals that exist, in cents. */
  total: number;
  status: ConfigurationStatus;
}

const IN_STOCK_MAX = 3;

export function summarizeConfiguration(lines: readonly ConfigurationLine[]): ConfigurationSummary {
  const lineTotals = lines.map((line) => (line.price === null ? null : line.price * line.qty));
  const total = lineTotals.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  if (!Number.isSafeInteger(total)) throw new RangeError('configuration total out of range');
  const code = (line: ConfigurationLine) => (line.price === null || line.availabilityCode === null || line.availabilityCode < 0 ? Infinity : line.availabilityCode);
  const buyable = (line: ConfigurationLine) => code(line) <= LAST_PURCHASABLE_CODE;
  const inStock = (line: ConfigurationLine) => code(line) <= IN_STOCK_MAX;
  const status: ConfigurationStatus = lines.length === 0 || !lines.every(buyable) ? 'incomplete' : lines.every(inStock) ? 'ready' : 'delayed';
  return { lineTotals, total, status };
}
