/** The account frame of every account screen: which screen is current and whom it greets. */
import type { AccountFrameData } from '../../../client/pages/account';
import type { RouteId } from '../../../client/routes';
import type { UserRow } from '../../identity/session';

export function frameOf(user: UserRow, route: RouteId): AccountFrameData {
  return { route, greetingName: user.nick ?? user.email.split('@')[0]! };
}
