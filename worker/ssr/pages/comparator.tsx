/**
 * The product comparator (docs/comparator.md): a chosen set of 2–4 articles of one category by
 * their ids (`comparatorCategory`, and `comparator` with one numeric id), not indexed; or a
 * fixed comparison named by the articles' slugs (`comparator`), indexable, with its address in
 * every language. Wrong input the address can carry (too many, mixed categories) is explained
 * on the page; an unknown category, article or slug is the 404 page.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { COMPARE_REFUSALS, MAX_COMPARED, type CompareRefusal } from '../../../client/catalogue/compare';
import { LANGUAGES, type Language } from '../../../client/i18n/languages';
import type { ComparatorData, ComparisonLink } from '../../../client/pages/comparator';
import { href, slugHref, type RouteParams } from '../../../client/routes';
import type { ProductCard } from '../../../client/types';
import { findCategory } from '../../db/catalogue';
import { articleIdsBySlugs, comparatorCategory, comparedArticles, comparisonCandidates, type ComparatorCategory } from '../../db/comparison';
import { compareRefusal, comparisonRows, joinComparisonSlug, parseCompareIds, splitComparisonSlug, valuesDiffer } from '../../domain/catalogue/comparison';
import { definePage, type LoadContext, type Loaded } from './types';

const component = lazy(() => import('../../../client/pages/comparator'));

/** Products offered to add to a comparison, and read for the popular comparisons. */
const CANDIDATES = 8;

/** Popular comparisons of a category: its best-rated products two by two, each pair by id. */
function popularComparisons(category: ComparatorCategory, cards: ProductCard[], context: LoadContext): ComparisonLink[] {
  const pairs: ComparisonLink[] = [];
  for (let i = 0; i + 1 < Math.min(cards.length, 6); i += 2) {
    const pair = [cards[i]!, cards[i + 1]!].sort((a, b) => a.id - b.id);
    pairs.push({
      name: pair.map((card) => card.name).join(' vs '),
      href: href('comparator', context.language, context.channel, { category: category.slug, slug: joinComparisonSlug(pair.map((card) => card.slug)) }),
    });
  }
  return pairs;
}

interface Selection {
  ids: number[];
  /** A fixed comparison: the articles' slugs were in the address. */
  fixed: boolean;
}

async function loadComparison(context: LoadContext, category: ComparatorCategory, selection: Selection): Promise<Loaded<ComparatorData> | { redirect: string } | null> {
  const { db, language, channel, i18n, menu } = context;
  const { ids, fixed } = selection;
  const [found, candidates] = await Promise.all([
    ids.length <= MAX_COMPARED ? comparedArticles(db, language, channel.id, ids) : Promise.resolve([]),
    comparisonCandidates(db, language, channel.id, category.id, CANDIDATES),
  ]);
  if (ids.length <= MAX_COMPARED && found.length < ids.length) return null;
  const refusal: CompareRefusal | null = compareRefusal(ids.length, found, category.id);
  if (fixed && refusal) return null;
  const articles = refusal === null || refusal === 'tooFew' ? found : [];
  const rows = comparisonRows(articles.map((article) => article.specs));

  const sorted = [...articles].sort((a, b) => a.id - b.id);
  let routeParams: Partial<Record<Language, RouteParams>> | undefined;
  if (fixed) {
    const own = joinComparisonSlug(sorted.map((article) => article.slug));
    if (own !== context.params.slug) return { redirect: href('comparator', language, channel, { category: category.slug, slug: own }) };
    routeParams = {};
    for (const lang of LANGUAGES) {
      const categorySlug = category.slugs[lang];
      const names = sorted.map((article) => article.slugs[lang]);
      if (categorySlug && names.every(Boolean)) routeParams[lang] = { category: categorySlug, slug: joinComparisonSlug(names as string[]) };
    }
  }

  const trail = (findCategory(menu, category.id)?.path ?? []).map((node) => ({ name: node.name, path: slugHref(node.slug, language, channel) }));
  const categoryName = category.name;
  const title = fixed ? articles.map((article) => article.name).join(' vs ') : i18n._(msg`Compare ${categoryName}`);
  const own = context.url.pathname;
  const chosen = new Set(articles.map((article) => article.id));
  return {
    data: {
      category: { name: category.name, slug: category.slug },
      title,
      articles: articles.map(({ specs: _specs, slugs: _slugs, ...article }) => article),
      rows,
      overview: {
        price: valuesDiffer(articles.map((article) => article.price)),
        availability: valuesDiffer(articles.map((article) => article.availabilityCode)),
        rating: valuesDiffer(articles.map((article) => `${article.ratingAverage}/${article.ratingCount}`)),
        brand: valuesDiffer(articles.map((article) => article.brand)),
      },
      refusal: refusal ? i18n._(COMPARE_REFUSALS[refusal]) : null,
      refusalKind: refusal,
      candidates: articles.length < MAX_COMPARED ? candidates.filter((card) => !chosen.has(card.id)) : [],
      popular: popularComparisons(category, candidates, context),
      breadcrumbs: [...trail.map(({ name, path }) => ({ name, href: path })), { name: title, href: own }],
    },
    meta: {
      title: fixed ? i18n._(msg`${title}: comparison | Ampora`) : i18n._(msg`Compare ${categoryName} | Ampora`),
      description: fixed ? i18n._(msg`${title} side by side: specifications, prices and availability today.`) : undefined,
      noIndex: !fixed,
    },
    routeParams,
    breadcrumbs: fixed ? [...trail, { name: title, path: own }] : undefined,
  };
}

/** `/{comparator}/{category}/{slug}`: a fixed comparison, or one chosen article by its id. */
const comparator = definePage<ComparatorData>({
  component,
  async load(context) {
    const { category: categorySlug, slug = '' } = context.params;
    const category = categorySlug ? await comparatorCategory(context.db, context.language, categorySlug) : undefined;
    if (!category) return null;
    const single = parseCompareIds([slug]);
    if (single) return loadComparison(context, category, { ids: single, fixed: false });
    const names = splitComparisonSlug(slug);
    if (names.length < 2 || names.length > MAX_COMPARED) return null;
    const ids = await articleIdsBySlugs(context.db, context.language, names);
    if (ids.some((id) => id === undefined) || new Set(ids).size < ids.length) return null;
    return loadComparison(context, category, { ids: ids as number[], fixed: true });
  },
});

/** `/{comparator}/{category}/{id}/{id}…`: the articles a visitor chose. */
const comparatorChosen = definePage<ComparatorData>({
  component,
  async load(context) {
    const { category: categorySlug, '*': rest = '' } = context.params;
    const ids = parseCompareIds(rest.split('/'));
    const category = ids && categorySlug ? await comparatorCategory(context.db, context.language, categorySlug) : undefined;
    if (!ids || !category) return null;
    return loadComparison(context, category, { ids, fixed: false });
  },
});

export const comparatorRoutePages = { comparator, comparatorCategory: comparatorChosen };
