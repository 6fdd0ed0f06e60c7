/**
 * The category menu of a language on a channel (the tree and each top category's featured
 * brands, one D1 statement: worker/db/menu.ts), which every page renders, kept in the isolate:
 * keyed by the catalogue version (a bump retires it) and trusted for MENU_TTL_MS at most (a
 * catalogue changed without a bump shows within a minute). The tree is frozen: requests share it.
 */
import type { Language } from '../../client/i18n/languages';
import type { MenuCategory } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import type { Db } from '../db/client';
import { menuTree } from '../db/menu';
import type { AppContext } from '../http/context';
import { catalogueVersion } from './catalogue-version';

export const MENU_TTL_MS = 60_000;

interface Entry {
  version: string;
  expires: number;
  menu: Promise<MenuCategory[]>;
}

/** Per binding, per `${channel}:${language}`. */
const menus = new WeakMap<D1Database, Map<string, Entry>>();

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
export async function cachedMenu(d1: D1Database, kv: KVNamespace, db: Db, language: Language, channel: ChannelId, now = Date.now()): Promise<MenuCategory[]> {
  let version: string;
  try {
    version = await catalogueVersion(kv, now);
  } catch {
    return menuTree(db, language, channel); // no version, no sharing
  }
  let entries = menus.get(d1);
  if (!entries) menus.set(d1, (entries = new Map()));
  const key = `${channel}:${language}`;
  const entry = entries.get(key);
  if (entry && entry.version === version && entry.expires > now) return entry.menu;
  const menu = menuTree(db, language, channel).then(deepFreeze);
  entries.set(key, { version, expires: now + MENU_TTL_MS, menu });
  // A failed read is not kept: the next request tries again.
  menu.catch(() => entries.get(key)?.menu === menu && entries.delete(key));
  return menu;
}

/** The request's menu (the isolate's copy, see cachedMenu). */
export function menuFor(c: AppContext): Promise<MenuCategory[]> {
  return cachedMenu(c.env.DB, c.env.CACHE, c.var.db, c.var.language, c.var.channel.id);
}
