/**
 * The wishlist screens (spec §2; docs/account.md "Wishlists"):
 *
 * - `accountWishlists` (/mis-listas-de-deseos): the customer's lists.
 * - `accountWishlist` (/mi-lista-de-deseos?list=<id>): one of them, the default list without
 *   `list` (else the oldest). Someone else's list, or none, is the 404 page.
 * - `wishlistPublic` (/lista-de-deseos): what lists are, a "find a list by its link" form
 *   (`?link=` goes to that list) and, signed in, the customer's public lists.
 * - `wishlistPublicDetail` (/lista-de-deseos/{publicId}): a public list for anyone; a private or
 *   unknown one is the 404 page.
 * - `wishlistLegacy` (/listas/{id}): the older address, 301 to the public detail.
 *
 * All of them are personal or hold personal content: never cached (an `access` rule) and
 * noindex.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { WishlistAccountData } from '../../../client/pages/wishlist-account';
import type { WishlistAccountListsData } from '../../../client/pages/wishlist-account-lists';
import type { WishlistPublicData } from '../../../client/pages/wishlist-public';
import type { WishlistPublicDetailData } from '../../../client/pages/wishlist-public-detail';
import { href, type RouteId } from '../../../client/routes';
import { PUBLIC_ID_PATTERN } from '../../baskets/rules';
import { listDetail, listsOf, ownList, publicList } from '../../baskets/store';
import { AppError } from '../../http/errors';
import { frameOf } from './account-frame';
import type { PageDefinition } from './types';
import { definePage } from './types';

/** A 404 from the ownership check becomes the loader's "not found". */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.entry.status === 404) return null;
    throw error;
  }
}

/** The public id inside what a visitor pasted: the id itself or any address ending in it. */
export function publicIdFrom(link: string): string | null {
  const trimmed = link.trim().replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return PUBLIC_ID_PATTERN.test(last) ? last : null;
}

const accountWishlists = definePage<WishlistAccountListsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/wishlist-account-lists')),
  async load({ db, channel, i18n, user, url }) {
    const lists = await listsOf(db, user!.id, channel.id);
    return {
      data: { frame: frameOf(user!, 'accountWishlists'), lists, origin: url.origin },
      meta: { title: `${i18n._(msg`Wishlists`)} | Ampora`, noIndex: true },
    };
  },
});

const accountWishlist = definePage<WishlistAccountData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/wishlist-account')),
  async load({ db, channel, language, i18n, user, url }) {
    const lists = await listsOf(db, user!.id, channel.id);
    const asked = url.searchParams.get('list');
    let id: number | undefined;
    if (asked !== null) {
      if (!/^[1-9][0-9]{0,15}$/.test(asked)) return null;
      id = Number(asked);
    } else id = (lists.find((l) => l.isDefault) ?? lists[0])?.id;
    const frame = frameOf(user!, 'accountWishlist');
    const title = `${i18n._(msg`My wishlist`)} | Ampora`;
    if (id === undefined) return { data: { frame, detail: null, otherLists: [] }, meta: { title, noIndex: true } };
    const row = await orNull(ownList(db, user!.id, id));
    if (!row) return null;
    const detail = await listDetail(db, row, channel.id, language);
    return {
      data: { frame, detail, otherLists: lists.filter((l) => l.id !== row.id).map((l) => ({ id: l.id, name: l.name })) },
      meta: { title: `${row.name} | Ampora`, noIndex: true },
    };
  },
});

const wishlistPublic = definePage<WishlistPublicData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/wishlist-public')),
  async load({ db, channel, language, i18n, user, url }) {
    const link = url.searchParams.get('link');
    if (link !== null) {
      const publicId = publicIdFrom(link);
      if (publicId) return { redirect: href('wishlistPublicDetail', language, channel, { wishlist: publicId }) };
    }
    const lists = user ? (await listsOf(db, user.id, channel.id)).filter((l) => l.visibility === 'public') : [];
    return {
      data: { signedIn: user !== null, publicLists: lists, link: link ?? '', linkInvalid: link !== null },
      meta: { title: `${i18n._(msg`Wishlists`)} | Ampora`, noIndex: true },
    };
  },
});

const wishlistPublicDetail = definePage<WishlistPublicDetailData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/wishlist-public-detail')),
  async load({ db, channel, language, user, params }) {
    const publicId = params['wishlist'] ?? '';
    if (!PUBLIC_ID_PATTERN.test(publicId)) return null;
    const row = await orNull(publicList(db, publicId));
    if (!row) return null;
    const { list, articles } = await listDetail(db, row, channel.id, language);
    return {
      data: {
        list: { publicId: list.publicId, name: list.name, count: list.count, units: list.units, total: list.total, updatedAt: list.updatedAt, owner: row.ownerNick },
        articles,
        signedIn: user !== null,
        isOwner: user?.id === row.userId,
      },
      meta: { title: `${list.name} | Ampora`, noIndex: true },
    };
  },
});

const wishlistLegacy = definePage<never>({
  component: lazy(() => import('../../../client/pages/wishlist-public-detail')) as never,
  async load({ language, channel, params }) {
    const publicId = params['wishlist'] ?? '';
    if (!PUBLIC_ID_PATTERN.test(publicId)) return null;
    // The older address moved for good: search engines and bookmarks follow it once.
    return { response: new Response(null, { status: 301, headers: { Location: href('wishlistPublicDetail', language, channel, { wishlist: publicId }) } }) };
  },
});

export const wishlistsRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = {
  accountWishlists,
  accountWishlist,
  wishlistPublic,
  wishlistPublicDetail,
  wishlistLegacy,
};
