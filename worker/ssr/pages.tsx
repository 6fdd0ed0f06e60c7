/**
 * The pages the Worker can render, each a lazily imported component plus a loader that reads
 * its data (and says "not found" by returning null). Screens of the route table that have no
 * page yet answer the 404 page.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageMeta } from '../../client/components/document';
import type { Language } from '../../client/i18n/languages';
import type { CategoryData } from '../../client/pages/category';
import type { HomeData } from '../../client/pages/home';
import type { ProductData } from '../../client/pages/product';
import type { SearchData } from '../../client/pages/search';
import type { RouteId, RouteParams } from '../../client/routes';
import type { MenuCategory } from '../../client/types';
import type { Channel } from '../channel/channels';
import type { Db } from '../db/client';
import { categoryProducts, categorySlugs, featuredCollections, findCategory, productDetail, searchProducts, subtreeIds, topRatedProducts, type SlugKind } from '../db/catalogue';

/** Product list page size (spec §9). */
export const LIST_PAGE_SIZE = 40;

export interface LoadContext {
  db: Db;
  channel: Channel;
  language: Language;
  i18n: I18n;
  params: RouteParams;
  url: URL;
  menu: MenuCategory[];
  /** The entity the dynamic resolver found, for slug pages. */
  entityId?: number;
}

export interface Loaded<D> {
  data: D;
  meta: Omit<PageMeta, 'canonical'>;
  /** The page's slug per language when its address is a slug (the language switcher uses it). */
  slugs?: Partial<Record<Language, string>>;
}

export interface PageDefinition<D> {
  component: LazyExoticComponent<ComponentType<{ data: D }>>;
  load(context: LoadContext): Promise<Loaded<D> | null>;
}

function definePage<D>(page: PageDefinition<D>): PageDefinition<unknown> {
  return page as unknown as PageDefinition<unknown>;
}

/** `?page=N`, clamped to a sane positive integer. */
export function pageNumber(url: URL): number {
  const value = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 10_000) : 1;
}

const home = definePage<HomeData>({
  component: lazy(() => import('../../client/pages/home')),
  async load({ db, language, channel, i18n }) {
    const [collections, topRated] = await Promise.all([featuredCollections(db, language, channel.id, 8), topRatedProducts(db, language, channel.id, 8)]);
    return {
      data: { collections, topRated },
      meta: { title: i18n._(msg`Ampora — electronics and technology online`), description: i18n._(msg`Laptops, smartphones, components, TVs and more, with fast delivery and 30-day returns.`) },
    };
  },
});

const search = definePage<SearchData>({
  component: lazy(() => import('../../client/pages/search')),
  async load({ db, language, channel, url, i18n }) {
    const query = (url.searchParams.get('query') ?? '').trim().slice(0, 100);
    const page = pageNumber(url);
    const results = query ? await searchProducts(db, language, channel.id, query, page, LIST_PAGE_SIZE) : { items: [], total: 0, page, pageSize: LIST_PAGE_SIZE };
    return { data: { query, results }, meta: { title: query ? i18n._(msg`Search: ${query} | Ampora`) : i18n._(msg`Search | Ampora`), noIndex: true } };
  },
});

const category = definePage<CategoryData>({
  component: lazy(() => import('../../client/pages/category')),
  async load({ db, language, channel, url, menu, entityId }) {
    const found = entityId === undefined ? undefined : findCategory(menu, entityId);
    if (!found) return null;
    const products = await categoryProducts(db, language, channel.id, subtreeIds(found.node), pageNumber(url), LIST_PAGE_SIZE);
    return {
      data: { category: found.node, path: found.path, products },
      meta: { title: `${found.node.name} | Ampora` },
      slugs: await categorySlugs(db, found.node.id),
    };
  },
});

const product = definePage<ProductData>({
  component: lazy(() => import('../../client/pages/product')),
  async load({ db, language, channel, entityId }) {
    const detail = entityId === undefined ? undefined : await productDetail(db, language, channel.id, entityId);
    if (!detail) return null;
    return {
      data: { product: detail },
      meta: { title: `${detail.name} | Ampora`, description: detail.description.slice(0, 160) },
      slugs: detail.slugs,
    };
  },
});

/** Pages reached through the route table. */
export const ROUTE_PAGES: Partial<Record<RouteId, PageDefinition<unknown>>> = { home, search };

/** Pages reached through a slug (the dynamic resolver, spec §2). */
export const SLUG_PAGES: Partial<Record<SlugKind, PageDefinition<unknown>>> = { category, product };
