/**
 * The rewards programme as previewed on the rewards page (spec §2): points per euro, levels by
 * points earned in the last twelve months, and what each level gives. Preview figures: the
 * programme is not live, so nothing else reads these yet.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface RewardsLevel {
  id: 'bronze' | 'silver' | 'gold' | 'platinum';
  name: MessageDescriptor;
  /** Points earned in the last `levelWindowMonths` needed to reach the level. */
  minPoints: number;
  /** Points earned per euro, in percent of the base rate (150 = one and a half times). */
  multiplierPercent: number;
  perks: MessageDescriptor[];
}

export const REWARDS = {
  /** Base points per euro spent (VAT included, shipping excluded). */
  pointsPerEuro: 1,
  /** Points that make one euro of discount at checkout. */
  pointsPerEuroOfDiscount: 100,
  levelWindowMonths: 12,
  /** Points not spent expire after this many months. */
  pointsExpireMonths: 24,
  levels: [
    { id: 'bronze', name: msg`Bronze`, minPoints: 0, multiplierPercent: 100, perks: [msg`Points on every purchase`, msg`Member-only offers by e-mail`] },
    { id: 'silver', name: msg`Silver`, minPoints: 1_000, multiplierPercent: 125, perks: [msg`Early access to sales`, msg`A birthday gift of 200 points`] },
    { id: 'gold', name: msg`Gold`, minPoints: 3_000, multiplierPercent: 150, perks: [msg`Free standard shipping on every order`, msg`Early access to sales`] },
    { id: 'platinum', name: msg`Platinum`, minPoints: 7_500, multiplierPercent: 200, perks: [msg`Free express shipping`, msg`Priority customer service`, msg`Invitations to product launches`] },
  ] satisfies RewardsLevel[] as RewardsLevel[],
};

/** Points an amount (cents) earns at a level, rounded down to whole points. */
export function pointsFor(amountCents: number, level: RewardsLevel): number {
  return Math.floor((Math.max(0, amountCents) * REWARDS.pointsPerEuro * level.multiplierPercent) / 10_000);
}

/** The level a member with `points` (earned in the window) is at. */
export function levelFor(points: number): RewardsLevel {
  return REWARDS.levels.reduce((current, level) => (points >= level.minPoints ? level : current), REWARDS.levels[0]!);
}
