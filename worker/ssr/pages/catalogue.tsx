/** Catalogue pages: home and product (listings live in ./listings.tsx). */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { HomeData } from '../../../client/pages/home';
import type { ProductData } from '../../../client/pages/product';
import { featuredCollections, findCategory, productDetail, topRatedProducts } from '../../db/catalogue';
import { articleCampaignSlugs, retailerPriceHistory, shopStock } from '../../db/product';
import { productBuyInfo } from '../../domain/catalogue/product-buy-info';
import { slugHref } from '../../../client/routes';
import { productJsonLd } from '../../seo/json-ld';
import { definePage } from './types';

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

const product = definePage<ProductData>({
  component: lazy(() => import('../../../client/pages/product')),
  async load({ db, language, channel, entityId, now, url, menu }) {
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
      jsonLd: [productJsonLd(detail, { origin: url.origin, language, channel, featured: buy.winner })],
      breadcrumbs: [
        ...(detail.category ? (findCategory(menu, detail.category.id)?.path ?? []) : []).map((node) => ({ name: node.name, path: slugHref(node.slug, language, channel) })),
        { name: detail.name, path: slugHref(detail.slug, language, channel) },
      ],
    };
  },
});

export const catalogueRoutePages = { home };
export const catalogueSlugPages = { product };
