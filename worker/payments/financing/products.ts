/**
 * Our financing methods as the provider's products: each method's product code, the terms the
 * shopper may choose and the default. Pure; the gateway page's island reads the terms too.
 */
import { z } from 'zod';

export type FinancingMethod = 'financiacion12' | 'lendismart' | 'payPerUsage';
export type FinancingProduct = 'FIN12' | 'LENDISMART' | 'PAYPERUSE';

export interface FinancingProductInfo {
  product: FinancingProduct;
  /** Months the shopper may choose, shortest first; one value = nothing to choose. */
  terms: readonly number[];
  defaultTerm: number;
}

export const FINANCING_PRODUCTS: Record<FinancingMethod, FinancingProductInfo> = {
  // Twelve interest-free months, the Premium perk: nothing to choose.
  financiacion12: { product: 'FIN12', terms: [12], defaultTerm: 12 },
  lendismart: { product: 'LENDISMART', terms: [6, 12, 18, 24, 36, 48, 60], defaultTerm: 12 },
  payPerUsage: { product: 'PAYPERUSE', terms: [12, 24, 36], defaultTerm: 24 },
};

export const isFinancingMethod = (method: string): method is FinancingMethod => Object.hasOwn(FINANCING_PRODUCTS, method);

/** Whether the shopper chooses the term of `method` on the gateway page. */
export const choosesTerm = (method: string): boolean => isFinancingMethod(method) && FINANCING_PRODUCTS[method].terms.length > 1;

/** The gateway start's fields of a method whose term the shopper chooses: `termMonths`, one of its terms (the default when absent). */
export function termFields(method: FinancingMethod): z.ZodType<Record<string, unknown>> {
  const { terms } = FINANCING_PRODUCTS[method];
  return z
    .object({ termMonths: z.number().int().refine((months) => terms.includes(months), `one of ${terms.join(', ')} months`).optional() })
    .strict();
}
