/**
 * What every kind of user content shares at the door: the author (signed in, with a nick, since
 * the nick is shown with what they publish), the text checks and the posting limits.
 */
import type { AppContext } from '../http/context';
import { AppError, appError } from '../http/errors';
import { limitAttempt } from '../identity/rate-limit';
import { signedInUser, type UserRow } from '../identity/session';
import { lengthProblem, normaliseText, TEXT_LIMITS, type UgcTextKind } from '../domain/ugc/moderation';

export type Author = UserRow & { nick: string };

/** The signed-in caller (behind requireUser) as an author: 409 NICK_REQUIRED without a nick. */
export function authorOf(c: AppContext): Author {
  const user = signedInUser(c);
  if (!user.nick) throw appError('nickRequired');
  return user as Author;
}

/**
 * A text as stored: normalised, and within its kind's length limits (400 UGC_TEXT_TOO_SHORT or
 * UGC_TEXT_TOO_LONG, with the field and the limit in `details`).
 */
export function checkedText(raw: string, kind: UgcTextKind, field: string): string {
  const text = normaliseText(raw);
  const problem = lengthProblem(text, kind);
  if (problem === 'tooShort') throw appError('ugcTextTooShort', { field, min: TEXT_LIMITS[kind].min });
  if (problem === 'tooLong') throw appError('ugcTextTooLong', { field, max: TEXT_LIMITS[kind].max });
  return text;
}

/**
 * Counts one attempt of a user-content action for the caller and their client; past the limit,
 * 429 UGC_TOO_MANY_POSTS (posting) or the generic TOO_MANY_ATTEMPTS (votes, reports, uploads).
 */
export async function limitUgc(c: AppContext, action: 'ugcPost' | 'ugcVote' | 'ugcReport' | 'ugcUpload', user: UserRow): Promise<void> {
  try {
    await limitAttempt(c, action, `user:${user.id}`);
  } catch (error) {
    if (action === 'ugcPost' && error instanceof AppError && error.entry.code === 'TOO_MANY_ATTEMPTS') throw appError('ugcTooManyPosts', error.details);
    throw error;
  }
}
