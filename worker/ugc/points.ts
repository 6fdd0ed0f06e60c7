/**
 * The points ledger (table user_points, rules in worker/domain/ugc/points.ts). Each earning is a
 * row keyed by (reason, ref): awarding the same thing twice is a no-op, withdrawing it removes
 * exactly that row. The functions return statements so callers put them in the same D1 batch as
 * the state change that earns or withdraws the points.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userPoints } from '../db/schema';
import { POINTS, type PointsReason } from '../domain/ugc/points';

/** Awards `reason`'s points to the user for `ref` (a review id, '<answerId>:<voterId>'…), once. */
export function awardPoints(db: Db, userId: number, reason: PointsReason, ref: string | number, at: number) {
  return db.insert(userPoints).values({ userId, reason, refId: String(ref), points: POINTS[reason], createdAt: at }).onConflictDoNothing();
}

/** Withdraws what `ref` earned for these reasons (nothing if it earned nothing). */
export function withdrawPoints(db: Db, reasons: readonly PointsReason[], ref: string | number) {
  return db.delete(userPoints).where(and(inArray(userPoints.reason, [...reasons]), eq(userPoints.refId, String(ref))));
}
