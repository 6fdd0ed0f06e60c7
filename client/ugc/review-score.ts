/**
 * The review score as each audience reads it. Reviews are stored on the doubled 1–10 scale
 * (spec §9); the stars UI offers 1–5 stars (sent as stars × 2); analytics receive the score
 * divided by 2, so a stored 7 is 3.5.
 */

export const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

/** The stored score of a number of stars. */
export function scoreOfStars(stars: number): number {
  return stars * 2;
}

/** The stars a stored score selects in the form (odd scores of other sources round up: 7 → 4). */
export function starsOfScore(score: number): number {
  return Math.min(5, Math.max(1, Math.ceil(score / 2)));
}

/** The score analytics receive (spec §9): the one rule, kept with the other rating conversions. */
export { analyticsScore } from '../../worker/domain/catalogue/rating';
