/** The User info answer (spec §3) shared by /api/users/info and the calls that sign someone in. */
import type { AppContext } from '../http/context';
import { okEnvelope } from '../http/errors';
import { anonymousInfo, userInfo } from '../identity/accounts';
import { accountCartToken, anonymousCart } from '../identity/cart-cookie';
import { currentUser } from '../identity/session';

async function cartUnits(c: AppContext, cartId: string): Promise<number> {
  return c.env.CART.get(c.env.CART.idFromName(cartId)).itemCount();
}

export async function buildUserInfo(c: AppContext) {
  const user = await currentUser(c);
  if (user) return userInfo(user, await accountCartToken(c, user), await cartUnits(c, user.cartId));
  const cart = await anonymousCart(c);
  return anonymousInfo(cart.cartId, cart.encryptedCartId, await cartUnits(c, cart.cartId));
}

export async function userInfoResponse<const Extra extends object = object>(c: AppContext, extra: Extra = {} as Extra) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope({ ...(await buildUserInfo(c)), ...extra }));
}
