/**
 * The category menu of a language, which every page renders, kept in the isolate: keyed by the
 * catalogue version (a bump retires it) and trusted for MENU_TTL_MS at most (a catalogue
 * changed without a bump shows within a minute). The tree is frozen: requests share it.
 */
import type { Language } from '../../client/i18n/languages';
import type { MenuCategory } from '../../client/types';
import { categoryTree } from '../db/catalogue';
import type { Db } from '../db/client';
import type { AppContext } from '../http/context';
import { catalogueVersion } from './catalogue-version';

export const MENU_TTL_MS = 60_000;

interface Entry {
  version: string;
  expires: number;
  menu: Promise<MenuCategory[]>;
}

const menus = new WeakMap<D1Database, Map<Language, Entry>>();

/** Freezes the tree in place (a change would throw in strict mode rather than leak into other requests). */
function deepFreeze(nodes: MenuCategory[]): MenuCategory[] {
  for (const node of nodes) {
    deepFreeze(node.children);
    Object.freeze(node);
  }
  return Object.freeze(nodes) as MenuCategory[];
}

/** The menu of `language` from the isolate's copy when it is of the current version and fresh, else from D1. */
export async function cachedMenu(d1: D1Database, kv: KVNamespace, db: Db, language: Language, now = Date.now()): Promise<MenuCategory[]> {
  let version: string;
  try {
    version = await catalogueVersion(kv, now);
  } catch {
    return categoryTree(db, language); // no version, no sharing
  }
  let byLanguage = menus.get(d1);
  if (!byLanguage) menus.set(d1, (byLanguage = new Map()));
  const entry = byLanguage.get(language);
  if (entry && entry.version === version && entry.expires > now) return entry.menu;
  const menu = categoryTree(db, language).then(deepFreeze);
  byLanguage.set(language, { version, expires: now + MENU_TTL_MS, menu });
  // A failed read is not kept: the next request tries again.
  menu.catch(() => byLanguage.get(language)?.menu === menu && byLanguage.delete(language));
  return menu;
}

/** The request's menu (the isolate's copy, see cachedMenu). */
export function menuFor(c: AppContext): Promise<MenuCategory[]> {
  return cachedMenu(c.env.DB, c.env.CACHE, c.var.db, c.var.language);
}
