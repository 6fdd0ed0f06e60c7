/**
 * The category menu of a language on a channel (the tree and each top category's featured
 * brands, one D1 statement: worker/db/menu.ts), which every page renders, kept in the isolate:
 * keyed by the catalogue version (a bump retires it) and trusted for MENU_TTL_MS at most
 * (./version-memo.ts). The tree is frozen: requests share it.
 */
import type { Language } from '../../client/i18n/languages';
import type { MenuCategory } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import type { Db } from '../db/client';
import { menuTree } from '../db/menu';
import type { AppContext } from '../http/context';
import { MEMO_TTL_MS, versionMemo } from './version-memo';

export const MENU_TTL_MS = MEMO_TTL_MS;

/** Freezes the tree in place (a change would throw in strict mode rather than leak into other requests). */
function deepFreeze(nodes: MenuCategory[]): MenuCategory[] {
  for (const node of nodes) {
    deepFreeze(node.children);
    if (node.featuredBrands) {
      node.featuredBrands.forEach((brand) => Object.freeze(brand));
      Object.freeze(node.featuredBrands);
    }
    Object.freeze(node);
  }
  return Object.freeze(nodes) as MenuCategory[];
}

/** The menu of `language` on `channel` from the isolate's copy when it is of the current version and fresh, else from D1. */
export function cachedMenu(d1: D1Database, kv: KVNamespace, db: Db, language: Language, channel: ChannelId, now = Date.now()): Promise<MenuCategory[]> {
  return versionMemo({ db: d1, kv }, `menu:${channel}:${language}`, () => menuTree(db, language, channel).then(deepFreeze), { now });
}

/** The request's menu (the isolate's copy, see cachedMenu). */
export function menuFor(c: AppContext): Promise<MenuCategory[]> {
  return cachedMenu(c.env.DB, c.env.CACHE, c.var.db, c.var.language, c.var.channel.id);
}
