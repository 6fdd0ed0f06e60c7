/**
 * Reviews: writing, editing, withdrawing, and the one state transition. (Placeholder signature:
 * filled in by the reviews area.)
 */
import type { Db } from '../db/client';
import type { UgcState } from '../db/schema';

/**
 * The one transition of a review's state (staff decision, report threshold, author edit): moves
 * it to `state` with `note` (rule names or a staff reason) and, in the same batch, keeps what
 * follows from being OK — points, the article's rating, the campaign entry, its media. A move to
 * the state it is already in changes nothing. False when there is no such review.
 */
export async function setReviewState(_db: Db, _id: number, _state: UgcState, _note: readonly string[], _now: Date): Promise<boolean> {
  return false;
}
