/**
 * Spain's model 347 (annual declaration of operations with third parties): a customer's total of
 * operations with Ampora per quarter of a year, VAT included, credit notes subtracted. Declared
 * when the year's total passes 3,005.06 €.
 */
import { quarterOf } from './numbering';

export const MODEL_347_THRESHOLD = 300_506;

export interface Model347 {
  year: number;
  quarters: { quarter: 1 | 2 | 3 | 4; total: number }[];
  total: number;
  /** Over the threshold: the operations appear in Ampora's declaration. */
  declarable: boolean;
}

/** `documents`: the customer's documents of the year with the local month they were issued in. */
export function model347(year: number, documents: readonly { month: number; total: number }[]): Model347 {
  const quarters = ([1, 2, 3, 4] as const).map((quarter) => ({ quarter, total: 0 }));
  for (const doc of documents) quarters[quarterOf(doc.month) - 1]!.total += doc.total;
  const total = quarters.reduce((sum, q) => sum + q.total, 0);
  return { year, quarters, total, declarable: total > MODEL_347_THRESHOLD };
}
