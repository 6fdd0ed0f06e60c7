/**
 * The product comparator's shared facts: how many products one comparison holds, its addresses
 * and the refusals shown by the page, the API (worker/http/errors.ts) and the compare tray.
 *
 * Addresses (docs/comparator.md): a chosen set is `/{comparator}/{category}/{id}/{id}…` (the
 * route's `*` carries one article id per segment; a single id lands on the `comparator` route as
 * a numeric slug and means "one chosen so far"); a fixed, shareable set is
 * `/{comparator}/{category}/{slug}-vs-{slug}…` with the articles' slugs in the page's language.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '../i18n/languages';
import { href, type RoutingChannel } from '../routes';

/** Products one comparison holds: at least 2, at most 4. */
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** Joins the articles' slugs into the slug of a fixed comparison. */
export const COMPARISON_SLUG_SEPARATOR = '-vs-';

export type CompareRefusal = 'tooFew' | 'tooMany' | 'mixedCategories' | 'unknownArticle';

export const COMPARE_REFUSALS: Record<CompareRefusal, MessageDescriptor> = {
  tooFew: msg`Choose at least 2 products to compare.`,
  tooMany: msg`You can compare up to 4 products at a time. Remove one to add another.`,
  mixedCategories: msg`Only products of the same category can be compared. Start a new comparison for products of another category.`,
  unknownArticle: msg`Some of these products are not in our catalogue.`,
};

/** The address of a chosen set of articles (ids in the order chosen). */
export function comparisonHref(categorySlug: string, ids: readonly number[], language: Language, channel: RoutingChannel): string {
  if (ids.length === 1) return href('comparator', language, channel, { category: categorySlug, slug: String(ids[0]) });
  return href('comparatorCategory', language, channel, { category: categorySlug, '*': ids.join('/') });
}
