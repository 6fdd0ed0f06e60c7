/** Catalogue pages: home, search, category and product. */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { CategoryData } from '../../../client/pages/category';
import type { HomeData } from '../../../client/pages/home';
import type { ProductData } from '../../../client/pages/product';
import type { SearchData } from '../../../client/pages/search';
import { categoryProducts, categorySlugs, featuredCollections, findCategory, productDetail, searchProducts, subtreeIds, topRatedProducts } from '../../db/catalogue';
import { articleCampaignSlugs, retailerPriceHistory, shopStock } from '../../db/product';
import { productBuyInfo } from '../../domain/catalogue/product-buy-info';
import { definePage, LIST_PAGE_SIZE, pageNumber } from './types';

const home = definePage<HomeData>({
  component: lazy(() => import('../../../client/pages/home')),
  async load({ db, language, channel, i18n }) {
    const [collections, topRated] = await Promise.all([featuredCollections(db, language, channel.id, 8), topRatedProducts(db, language, channel.id, 8)]);
    return {
      data: { collections, topRated },
      meta: { title: i18n._(msg`Ampora — electronics and technology online`), description: i18n._(msg`Laptops, smartphones, components, TVs and more, with fast delivery and 30-day returns.`) },
    };
  },
});

const search = definePage<SearchData>({
  component: lazy(() => import('../../../client/pages/search')),
  async load({ db, language, channel, url, i18n }) {
    const query = (url.searchParams.get('query') ?? '').trim().slice(0, 100);
    const page = pageNumber(url);
    const results = query ? await searchProducts(db, language, channel.id, query, page, LIST_PAGE_SIZE) : { items: [], total: 0, page, pageSize: LIST_PAGE_SIZE };
    return { data: { query, results }, meta: { title: query ? i18n._(msg`Search: ${query} | Ampora`) : i18n._(msg`Search | Ampora`), noIndex: true } };
  },
});

const category = definePage<CategoryData>({
  component: lazy(() => import('../../../client/pages/category')),
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
  component: lazy(() => import('../../../client/pages/product')),
  async load({ db, language, channel, entityId, now }) {
    const detail = entityId === undefined ? undefined : await productDetail(db, language, channel.id, entityId);
    if (!detail) return null;
    const [history, stock, campaignSlugs] = await Promise.all([
      retailerPriceHistory(db, detail.id, channel.id),
      shopStock(db, detail.id),
      articleCampaignSlugs(db, detail.id),
    ]);
    const buy = productBuyInfo({
      offers: detail.offers,
      recommendedPrice: detail.recommendedPrice,
      priceHistory: history,
      campaignSlugs,
      campaigns: channel.campaigns ?? [],
      shopStock: stock,
      channel: channel.id,
      now,
    });
    return {
      data: { product: detail, buy },
      meta: { title: `${detail.name} | Ampora`, description: detail.description.slice(0, 160) },
      slugs: detail.slugs,
    };
  },
});

export const catalogueRoutePages = { home, search };
export const catalogueSlugPages = { category, product };
