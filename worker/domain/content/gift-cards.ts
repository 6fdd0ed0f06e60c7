/**
 * The gift-card offer shown on the gift cards page (spec §2). Amounts are integer cents. The
 * validity is the business's call: change it here and the page follows.
 */

export const GIFT_CARDS = {
  /** Amounts on sale, smallest first (25, 50, 100, 150 and 200 €). */
  amounts: [2_500, 5_000, 10_000, 15_000, 20_000],
  /** Months a card can be spent from the day it is bought (to be confirmed by the business). */
  validityMonths: 24,
  /** CMS pages with the conditions, named by their English slug (the same page in every language). */
  conditionPages: ['legal-notice', 'returns'],
} as const;
