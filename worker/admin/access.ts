/**
 * Who may use the staff back-office (/admin screens, /api/admin calls): a signed-in user whose
 * roles include 'staff'. Everyone else, signed in or not, gets `staffOnly` (403) from the API
 * and the ordinary 404 page from the screens, so the back-office does not show that it exists.
 */
import { createMiddleware } from 'hono/factory';
import type { AppContext, AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { rolesOf } from '../identity/accounts';
import { currentUser, type UserRow } from '../identity/session';

export const ROLE_STAFF = 'staff';

export function isStaff(user: UserRow | null | undefined): user is UserRow {
  return !!user && rolesOf(user).includes(ROLE_STAFF);
}

/** API middleware: the caller must be staff (staffOnly, 403, otherwise); the handler reads them with `staffUser(c)`. */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  if (!isStaff(await currentUser(c))) throw appError('staffOnly');
  await next();
});

/** The staff member of a request behind requireStaff. */
export function staffUser(c: AppContext): UserRow {
  const user = c.get('user');
  if (!isStaff(user)) throw appError('staffOnly');
  return user;
}
