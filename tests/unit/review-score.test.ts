/**
 * The review score in its three readings (client/ugc/review-score.ts): stars chosen in the form,
 * the doubled 1–10 score stored (spec §9), and the score analytics receive (divided by 2); and
 * the analytics push itself (client/analytics.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { track } from '../../client/analytics';
import { analyticsScore, scoreOfStars, STAR_CHOICES, starsOfScore } from '../../client/ugc/review-score';

describe('review scores', () => {
  it.each([
    [1, 2, 1],
    [2, 4, 2],
    [3, 6, 3],
    [4, 8, 4],
    [5, 10, 5],
  ])('%i stars are stored as %i and sent to analytics as %i', (stars, stored, analytics) => {
    expect(scoreOfStars(stars)).toBe(stored);
    expect(analyticsScore(stored)).toBe(analytics);
    expect(starsOfScore(stored)).toBe(stars);
  });

  it.each([
    [1, 0.5, 1],
    [3, 1.5, 2],
    [7, 3.5, 4],
    [9, 4.5, 5],
  ])('an odd stored score %i reaches analytics as %d and preselects %i stars', (stored, analytics, stars) => {
    expect(analyticsScore(stored)).toBe(analytics);
    expect(starsOfScore(stored)).toBe(stars);
  });

  it('offers exactly five choices', () => {
    expect(STAR_CHOICES).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('track', () => {
  const global = globalThis as { window?: { dataLayer?: unknown[] } };
  afterEach(() => {
    delete global.window;
  });

  it('pushes the event and its data to window.dataLayer, creating it when missing', () => {
    global.window = {};
    track('review_submitted', { articleId: 12, score: analyticsScore(7) });
    track('review_edited', { score: 5 });
    expect(global.window.dataLayer).toEqual([
      { event: 'review_submitted', articleId: 12, score: 3.5 },
      { event: 'review_edited', score: 5 },
    ]);
  });

  it('does nothing on the server', () => {
    expect(() => track('review_submitted', { score: 1 })).not.toThrow();
  });
});
