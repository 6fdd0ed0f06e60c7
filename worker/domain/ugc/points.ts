/**
 * Points of the user ranking and their levels. Points are earned when what earns them is
 * published (OK) and withdrawn when it stops being so; worker/ugc/points.ts keeps the ledger.
 */

/** What earns points, and how many. */
export const POINTS = {
  /** A published review. */
  review: 10,
  /** A published review with at least one published photo or video. */
  reviewMedia: 5,
  /** A published answer. */
  answer: 5,
  /** An answer given in the answers game (on top of `answer`). */
  gameAnswer: 3,
  /** The asker chose this answer as the best one. */
  bestAnswer: 10,
  /** Someone else found this review or answer helpful. */
  helpfulVote: 1,
  /** A published question. */
  question: 2,
} as const;

export type PointsReason = keyof typeof POINTS;

/** Ranking levels by total points (all time), lowest first. */
export const LEVELS = [
  { id: 'newcomer', min: 0 },
  { id: 'contributor', min: 50 },
  { id: 'expert', min: 200 },
  { id: 'master', min: 500 },
  { id: 'legend', min: 1000 },
] as const;

export type LevelId = (typeof LEVELS)[number]['id'];

/** The level of a total, and the points still missing for the next one (null at the top). */
export function levelOf(points: number): { level: LevelId; next: LevelId | null; toNext: number | null } {
  let index = 0;
  for (let i = 0; i < LEVELS.length; i++) if (points >= LEVELS[i]!.min) index = i;
  const next = LEVELS[index + 1];
  return { level: LEVELS[index]!.id, next: next?.id ?? null, toNext: next ? next.min - points : null };
}

export const RANKING_PERIODS = ['week', 'month', 'year', 'all'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

/** The start (epoch ms, inclusive) of a ranking period ending at `now`: the last 7, 30 or 365 days; 0 for all time. */
export function periodStart(period: RankingPeriod, now: Date): number {
  const day = 24 * 60 * 60 * 1000;
  switch (period) {
    case 'week':
      return now.getTime() - 7 * day;
    case 'month':
      return now.getTime() - 30 * day;
    case 'year':
      return now.getTime() - 365 * day;
    case 'all':
      return 0;
  }
}

export interface RankingRow {
  userId: number;
  points: number;
  /** When the user reached this total within the period (their latest earning). */
  reachedAt: number;
}

/**
 * The ranking order: more points first; on equal points whoever got there first; then the lower
 * user id, so the order never depends on how the database returned the rows.
 */
export function compareRanking(a: RankingRow, b: RankingRow): number {
  return b.points - a.points || a.reachedAt - b.reachedAt || a.userId - b.userId;
}

/** Positions with ties shown as ties ("1, 2, 2, 4") would hide the tie-break; every row gets its own place. */
export function rank<T extends RankingRow>(rows: readonly T[]): (T & { position: number })[] {
  return [...rows].sort(compareRanking).map((row, index) => ({ ...row, position: index + 1 }));
}
