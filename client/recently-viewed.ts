/**
 * "Recently viewed": article ids kept in this browser (localStorage), newest first. A product
 * page marks itself with `data-recently-viewed="<id>"`; the page script records it. The home's
 * strip (`data-recently-viewed-strip`, hidden by the server) is shown at once when there is
 * something to show, so its space is there before the island fills it (no layout shift).
 */
import { browserStorage } from './storage';

const KEY = 'ampora:recently-viewed';
/** Ids kept, at most (the cards endpoint answers 20 at a time). */
export const RECENTLY_VIEWED_MAX = 12;

export function recentlyViewed(): number[] {
  try {
    const ids: unknown = JSON.parse(browserStorage()?.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** Records this page's product (if any) and reveals the home's strip (if any). */
export function trackRecentlyViewed(): void {
  const viewed = Number(document.querySelector<HTMLElement>('[data-recently-viewed]')?.dataset.recentlyViewed);
  const ids = recentlyViewed();
  if (Number.isSafeInteger(viewed) && viewed > 0) {
    browserStorage()?.setItem(KEY, JSON.stringify([viewed, ...ids.filter((id) => id !== viewed)].slice(0, RECENTLY_VIEWED_MAX)));
  }
  const strip = document.querySelector<HTMLElement>('[data-recently-viewed-strip]');
  if (strip && ids.length > 0) strip.hidden = false;
}
