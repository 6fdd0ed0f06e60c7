/**
 * Oney's pay-in-3/4 simulation (spec §7 variants-info-data): for an order total, each variant's
 * instalments (dates and amounts), fee, total cost and TAEG. Pure and in integer cents.
 *
 * Rounding rule: the fee is `total × percent`, rounded half up to the cent and capped; every
 * instalment is ⌊total / n⌋, and the first one also carries the cents left over (total − n ×
 * ⌊total / n⌋, fewer than n) and the whole fee. So the instalments always add up to total + fee
 * exactly, and the later ones are equal (what Oney's own simulators show).
 *
 * Dates: the first instalment is charged on the day of the order, the next ones on the same day
 * of the following months (the last day of a shorter month). The TAEG (APR, EU Directive 2008/48
 * Annex I) is the yearly rate X with Σ aₖ (1 + X)^(−tₖ) = total, tₖ in years of 365 days.
 */
import type { ChannelId } from '../../channel/channels';

export const ONEY_VARIANTS = ['3x', '4x'] as const;
export type OneyVariant = (typeof ONEY_VARIANTS)[number];

export const isOneyVariant = (value: unknown): value is OneyVariant => (ONEY_VARIANTS as readonly unknown[]).includes(value);

/** Number of instalments of each variant. */
export const INSTALMENTS: Record<OneyVariant, number> = { '3x': 3, '4x': 4 };

/** Adyen's payment method type of each variant. */
export const ADYEN_METHOD_TYPE: Record<OneyVariant, string> = { '3x': 'facilypay_3x', '4x': 'facilypay_4x' };

/** A fee rule: `basisPoints` of the total (145 = 1.45 %), rounded half up to the cent, at most `max` cents. */
export interface FeeRule {
  basisPoints: number;
  max: number;
}

/**
 * Our fees per channel and variant. Oney's real fees are agreed per merchant; these are ours
 * (configuration, docs/payments-oney.md): 1.45 % (at most 15 €) in 3, 2.20 % (at most 30 €) in 4.
 */
const STANDARD_FEES: Record<OneyVariant, FeeRule> = { '3x': { basisPoints: 145, max: 1_500 }, '4x': { basisPoints: 220, max: 3_000 } };
export const ONEY_FEES: Record<ChannelId, Record<OneyVariant, FeeRule>> = {
  ES: STANDARD_FEES,
  PT: STANDARD_FEES,
  FR: STANDARD_FEES,
  IT: STANDARD_FEES,
  DE: STANDARD_FEES,
};

export interface Instalment {
  /** 1-based. */
  number: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Cents; the first one carries the fee. */
  amount: number;
}

export interface VariantSimulation {
  code: OneyVariant;
  instalmentsCount: number;
  /** What the order costs without financing, in cents. */
  purchaseAmount: number;
  /** Oney's fee: the total cost of the credit, in cents. */
  fee: number;
  /** purchaseAmount + fee: what the shopper pays in all, in cents. */
  totalAmount: number;
  /** TAEG / APR in percent, two decimals (0 without a fee). */
  taeg: number;
  instalments: Instalment[];
}

/** `value × basisPoints / 10 000` rounded half up, in integers only. */
export function feeFor(total: number, rule: FeeRule): number {
  const fee = Math.floor((total * rule.basisPoints + 5_000) / 10_000);
  return Math.min(fee, rule.max);
}

/** `date` (YYYY-MM-DD) plus `months`, on the same day or the last day of a shorter month. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = month - 1 + months;
  const y = year + Math.floor(index / 12);
  const m = ((index % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The TAEG in percent with two decimals: the rate at which the instalments are worth the purchase today. */
export function taegOf(purchase: number, instalments: readonly Instalment[]): number {
  const total = instalments.reduce((sum, i) => sum + i.amount, 0);
  if (total <= purchase || instalments.length < 2) return 0;
  const start = dayNumber(instalments[0]!.date);
  const worth = (rate: number) => instalments.reduce((sum, i) => sum + i.amount * Math.pow(1 + rate, -(dayNumber(i.date) - start) / 365), 0);
  // worth() falls as the rate grows; bisect between 0 and a rate no short credit reaches.
  let low = 0;
  let high = 1_000;
  for (let step = 0; step < 200; step++) {
    const mid = (low + high) / 2;
    if (worth(mid) > purchase) low = mid;
    else high = mid;
  }
  return Math.round(((low + high) / 2) * 10_000) / 100;
}

/** The simulation of `variant` for an order of `total` cents placed on `today` (YYYY-MM-DD). */
export function simulate(total: number, variant: OneyVariant, rule: FeeRule, today: string): VariantSimulation {
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError('total must be a positive number of cents');
  const n = INSTALMENTS[variant];
  const fee = feeFor(total, rule);
  const base = Math.floor(total / n);
  const leftOver = total - base * n;
  const instalments = Array.from({ length: n }, (_, i) => ({ number: i + 1, date: addMonths(today, i), amount: i === 0 ? base + leftOver + fee : base }));
  return { code: variant, instalmentsCount: n, purchaseAmount: total, fee, totalAmount: total + fee, taeg: taegOf(total, instalments), instalments };
}
