/** Catalogue pages: home, product and the all-brands index (listings live in ./listings.tsx). */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { LANGUAGE_INFO, type Language } from '../../../client/i18n/languages';
import type { BrandIndexData } from '../../../client/pages/brands';
import type { ConfigurationData } from '../../../client/pages/configuration';
import type { HomeData } from '../../../client/pages/home';
import type { ProductData } from '../../../client/pages/product';
import { featuredCollections, findCategory, topRatedProducts } from '../../db/catalogue';
import type { Channel } from '../../channel/channels';
import { presetById, type PresetDetail } from '../../db/configurator';
import { brandsWithCounts } from '../../db/entities';
import { homeMerchandising } from '../../db/home';
import { productCatalogue, productUgc } from '../../db/product';
import { groupBrandsByInitial } from '../../domain/catalogue/brand-index';
import { isCampaignActive } from '../../domain/catalogue/campaign';
import { summarizeConfiguration } from '../../domain/catalogue/configuration';
import { buildParamOf } from '../../domain/configurator/build-links';
import type { ChosenPart } from '../../domain/configurator/parts';
import { liveBanners, nextBannerChange } from '../../domain/catalogue/home-banners';
import { productBuyInfo } from '../../domain/catalogue/product-buy-info';
import { href, languagePrefix, slugHref } from '../../../client/routes';
import { productJsonLd, type JsonLd, type ProductJsonLdAt } from '../../seo/json-ld';
import { interned } from '../static-parts';
import { memoBindings, versionMemo } from '../version-memo';
import { definePage } from './types';

const home = definePage<HomeData>({
  component: lazy(() => import('../../../client/pages/home')),
  async load({ db, language, channel, i18n, menu, now, env }) {
    const campaigns = channel.campaigns ?? [];
    const liveCampaigns = campaigns.filter((campaign) => isCampaignActive(campaign, channel.id, now)).map((campaign) => campaign.slug);
    // The blocks depend on the catalogue and the running campaigns only: read once per catalogue version.
    const [collections, topRated, merchandise] = await versionMemo(memoBindings(env), `home:${channel.id}:${language}:${liveCampaigns.join(',')}`, () =>
      Promise.all([featuredCollections(db, language, channel.id, 8, liveCampaigns), topRatedProducts(db, language, channel.id, 8), homeMerchandising(db, language, channel.id, menu)]),
      { followsOffers: true },
    );
    const pictures = new Map(merchandise.pictures.map((picture) => [picture.categoryId, picture]));
    return {
      data: {
        banners: liveBanners(merchandise.banners, campaigns, channel.id, now, languagePrefix(language, channel)),
        tiles: menu.map(({ id, name, slug }) => {
          const picture = pictures.get(id);
          return { id, name, slug, image: picture ? { imageKey: picture.imageKey, label: picture.brand } : null };
        }),
        topOffers: merchandise.topOffers,
        collections,
        topRated,
      },
      cacheUntil: nextBannerChange(merchandise.banners, campaigns, channel.id, now),
      articles: [...merchandise.topOffers, ...topRated, ...collections.flatMap((collection) => collection.products)].map((card) => card.id),
      meta: { title: i18n._(msg`Ampora — electronics and technology online`), description: i18n._(msg`Laptops, smartphones, components, TVs and more, with fast delivery and 30-day returns.`) },
    };
  },
});

/** Product documents by page data (interned), for their origin: built and serialized once per different data. */
const productDocuments = new WeakMap<ProductData, { origin: string; document: JsonLd }>();

function productDocument(data: ProductData, at: Pick<ProductJsonLdAt, 'origin' | 'language' | 'channel'>): JsonLd {
  const kept = productDocuments.get(data);
  if (kept?.origin === at.origin) return kept.document;
  const document = productJsonLd(data.product, { ...at, featured: data.buy.winner, reviews: data.reviews });
  productDocuments.set(data, { origin: at.origin, document });
  return document;
}

const product = definePage<ProductData>({
  component: lazy(() => import('../../../client/pages/product')),
  async load({ db, language, channel, entityId, now, url, menu, env }) {
    if (entityId === undefined) return null;
    // The catalogue's part is kept per catalogue version (and import), in a pool of its own so
    // that product pages do not push the menu and listings out; the reviews and questions until
    // they change (a change shows within VERSION_MEMO_MS, at once in the isolate that made it).
    const bindings = memoBindings(env);
    const [found, ugc] = await Promise.all([
      versionMemo(bindings, `product:${channel.id}:${language}:${entityId}`, () => productCatalogue(db, language, channel.id, entityId), { followsOffers: true, pool: 'products' }),
      versionMemo(bindings, `ugc:${entityId}`, () => productUgc(db, entityId), { followsUserContentOf: entityId, pool: 'userContent' }),
    ]);
    if (!found) return null;
    const { detail, history, stock, campaignSlugs, subscriptionMonths } = found;
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
    // The same object for the same page while the catalogue's part and the reviews are kept: the
    // page renders once per different buying block (a new delivery estimate), not once per request.
    const { reviews, questions } = ugc;
    const data = interned([found, ugc], { buy }, () => ({ product: detail, buy, reviews, questions, subscriptionMonths }));
    return {
      data,
      meta: { title: `${detail.name} | Ampora`, description: detail.description.slice(0, 160) },
      slugs: detail.slugs,
      articles: [detail.id],
      jsonLd: [productDocument(data, { origin: url.origin, language, channel })],
      breadcrumbs: [
        ...(detail.category ? (findCategory(menu, detail.category.id)?.path ?? []) : []).map((node) => ({ name: node.name, path: slugHref(node.slug, language, channel) })),
        { name: detail.name, path: slugHref(detail.slug, language, channel) },
      ],
    };
  },
});

/** Every brand, grouped by initial, each linked to its brand page. */
const brands = definePage<BrandIndexData>({
  component: lazy(() => import('../../../client/pages/brands')),
  async load({ db, language, channel, i18n }) {
    const all = await brandsWithCounts(db, channel.id);
    const title = i18n._(msg`All brands`);
    return {
      data: { breadcrumbs: [{ name: title, href: href('brands', language, channel) }], groups: groupBrandsByInitial(all, LANGUAGE_INFO[language].tag), brandCount: all.length },
      meta: {
        title: i18n._(msg`All brands from A to Z | Ampora`),
        description: i18n._(msg`Every brand sold at Ampora, from A to Z: laptops, phones, components, TV, appliances and more.`),
      },
      breadcrumbs: [{ name: title, path: href('brands', language, channel) }],
    };
  },
});

/** The configurator opened with a preset's parts (the memory role is the memory slot; each unit of a drive is a drive). */
function presetConfiguratorHref(preset: PresetDetail, language: Language, channel: Channel): string {
  const parts = preset.components.flatMap(({ role, qty, product }) => Array.from({ length: role === 'storage' ? qty : 1 }, () => ({ slot: role === 'ram' ? 'memory' : role, articleId: product.id }) as ChosenPart));
  return `${href('configurator', language, channel)}?${new URLSearchParams({ build: buildParamOf(parts) })}`;
}

/** A configurator preset reached by its slug: its components with today's prices, read-only. */
const configurator = definePage<ConfigurationData>({
  component: lazy(() => import('../../../client/pages/configuration')),
  async load({ db, language, channel, entityId, i18n }) {
    const preset = entityId === undefined ? undefined : await presetById(db, entityId, language, channel.id);
    if (!preset) return null;
    const summary = summarizeConfiguration(preset.components.map(({ qty, product }) => ({ qty, price: product.price, availabilityCode: product.availabilityCode })));
    const path = slugHref(preset.slug, language, channel);
    const { name } = preset;
    return {
      data: { breadcrumbs: [{ name, href: path }], preset, summary, configuratorHref: presetConfiguratorHref(preset, language, channel) },
      meta: { title: i18n._(msg`${name}: PC configuration | Ampora`), description: preset.description || undefined },
      slugs: preset.slugs,
      articles: preset.components.map(({ product }) => product.id),
      breadcrumbs: [{ name, path }],
    };
  },
});

export const catalogueRoutePages = { home, brands };
export const catalogueSlugPages = { product, configurator };
