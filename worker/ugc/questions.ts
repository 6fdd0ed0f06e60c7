/**
 * Questions and answers: asking, answering, votes, the best answer, and the state transitions.
 * (Placeholder signatures: filled in by the questions area.)
 */
import type { Db } from '../db/client';
import type { UgcState } from '../db/schema';

/** The one transition of a question's state (see setReviewState in ./reviews.ts): points and counts follow. */
export async function setQuestionState(_db: Db, _id: number, _state: UgcState, _note: readonly string[], _now: Date): Promise<boolean> {
  return false;
}

/** The one transition of an answer's state: the question's answer count, points, best answer and media follow. */
export async function setAnswerState(_db: Db, _id: number, _state: UgcState, _note: readonly string[], _now: Date): Promise<boolean> {
  return false;
}
