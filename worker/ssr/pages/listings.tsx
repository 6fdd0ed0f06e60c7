/**
 * Listing pages: category, brand, collection, marketplace shop (slug kinds), search and buy
 * keyword (route table). All share client/pages/listing.tsx and worker/db/listing.ts.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import { LANGUAGES, type Language } from '../../../client/i18n/languages';
import type { ListingPageData } from '../../../client/pages/listing';
import type { MenuCategory } from '../../../client/types';
import { decodeSegment, href, languagePrefix, slugHref } from '../../../client/routes';
import { findCategory, subtreeIds } from '../../db/catalogue';
import { brandById, buyKeywordCategory, buyKeywordSlugs, categoryTexts, collectionById, sellerById } from '../../db/entities';
import { listProducts, type ListingScope } from '../../db/listing';
import { merchandising, type HighlightScope } from '../../db/merchandising';
import { isCampaignActive, withCampaignFlags } from '../../domain/catalogue/campaign';
import { pickHighlights } from '../../domain/catalogue/highlights';
import { parseListingQuery } from '../../domain/catalogue/listing-query';
import { livePromotions } from '../../domain/catalogue/promotions';
import { memoBindings, versionMemo } from '../version-memo';
import { keptVocabulary } from '../vocabulary';
import { definePage, type LoadContext, type Loaded } from './types';

const component = lazy(() => import('../../../client/pages/listing'));

type Crumb = { name: string; path: string };

/** What a listing's first page shows above its products: highlights of a scope, promotions of a category trail. */
interface Merchandise {
  highlights?: HighlightScope;
  /** The category and its ancestors, root first. */
  promotionTrail?: number[];
}

/** A category listing's merchandise: highlights of its subtree, promotions of the category and its ancestors. */
function categoryMerchandise(found: { node: MenuCategory; path: MenuCategory[] }): Merchandise {
  return { highlights: { kind: 'category', categoryIds: subtreeIds(found.node) }, promotionTrail: found.path.map((node) => node.id) };
}

/** The slugs of the channel's campaigns running now, comma-separated. */
const liveCampaignSlugs = ({ channel, now }: LoadContext): string =>
  (channel.campaigns ?? [])
    .filter((campaign) => isCampaignActive(campaign, channel.id, now))
    .map((campaign) => campaign.slug)
    .join(',');

/** Highlights and promotions for the first page (docs/architecture.md, "Listing highlights and promotions"). */
async function loadMerchandise(context: LoadContext, merchandise: Merchandise): Promise<Pick<ListingPageData, 'highlights' | 'promotions'>> {
  const { db, channel, language, now } = context;
  const liveCampaigns = liveCampaignSlugs(context);
  const live = liveCampaigns ? liveCampaigns.split(',') : [];
  const { candidates, promotions } = await versionMemo(memoBindings(context.env), `merchandising:${channel.id}:${language}:${liveCampaigns}:${JSON.stringify(merchandise)}`, () =>
    merchandising(db, { channel: channel.id, language, liveCampaigns: live, ...merchandise }),
    { followsOffers: true },
  );
  const picked = pickHighlights(candidates, live);
  return {
    highlights: withCampaignFlags(
      picked.map((id) => candidates.find((candidate) => candidate.articleId === id)!.card),
      channel.campaigns ?? [],
      channel.id,
      now,
    ),
    promotions: livePromotions(promotions, merchandise.promotionTrail ?? [], now, languagePrefix(language, channel)),
  };
}

async function listing(
  context: LoadContext,
  scope: ListingScope,
  page: Omit<ListingPageData, 'result' | 'breadcrumbs' | 'highlights' | 'promotions'> & { crumbs: Crumb[]; title: string; description?: string },
  extra: Pick<Loaded<ListingPageData>, 'slugs' | 'routeParams'> = {},
  merchandise?: Merchandise,
): Promise<Loaded<ListingPageData>> {
  const { db, channel, language, url, i18n, now } = context;
  const query = parseListingQuery(url.searchParams);
  // The same query gives the same page until the catalogue changes (the campaign flags follow the running campaigns).
  const key = `listing:${channel.id}:${language}:${liveCampaignSlugs(context)}:${JSON.stringify(scope)}:${JSON.stringify(query)}`;
  const [result, above] = await Promise.all([
    versionMemo(memoBindings(context.env), key, () => listProducts(db, { channel: channel.id, language, scope, query, i18n, campaigns: { list: channel.campaigns ?? [], now }, vocabulary: keptVocabulary(context.env, db, language) }), { followsOffers: true }),
    merchandise && query.page === 1 ? loadMerchandise(context, merchandise) : {},
  ]);
  const { crumbs, title, description, ...rest } = page;
  return {
    data: { ...rest, breadcrumbs: crumbs.map((crumb) => ({ name: crumb.name, href: crumb.path })), result, ...above },
    meta: { title: `${title} | Ampora`, description },
    breadcrumbs: crumbs,
    articles: [...result.items, ...((above as Partial<ListingPageData>).highlights ?? [])].map((card) => card.id),
    ...extra,
  };
}

/** The same slug in every language (brands and sellers are not translated). */
const everyLanguage = (slug: string) => Object.fromEntries(LANGUAGES.map((lang) => [lang, slug])) as Record<Language, string>;

const category = definePage<ListingPageData>({
  component,
  async load(context) {
    const { db, menu, language, channel, entityId } = context;
    const found = entityId === undefined ? undefined : findCategory(menu, entityId);
    if (!found) return null;
    const [texts, slugRows] = await versionMemo(memoBindings(context.env), `category:${found.node.id}:${language}`, () =>
      Promise.all([categoryTexts(db, found.node.id, language), db.query.categoryTranslations.findMany({ where: (t, { eq }) => eq(t.categoryId, found.node.id) })]),
    );
    const basePath = slugHref(found.node.slug, language, channel);
    return listing(
      context,
      { kind: 'category', categoryIds: subtreeIds(found.node) },
      {
        heading: found.node.name,
        intro: texts?.description,
        title: found.node.name,
        description: texts?.seoText || texts?.description,
        basePath,
        apiScope: `category=${found.node.id}`,
        links: found.node.children.map((child) => ({ name: child.name, href: slugHref(child.slug, language, channel) })),
        crumbs: found.path.map((node) => ({ name: node.name, path: slugHref(node.slug, language, channel) })),
      },
      { slugs: Object.fromEntries(slugRows.map((row) => [row.lang, row.slug])) },
      categoryMerchandise(found),
    );
  },
});

const brand = definePage<ListingPageData>({
  component,
  async load(context) {
    const { entityId } = context;
    const found = entityId === undefined ? undefined : await versionMemo(memoBindings(context.env), `brand:${entityId}`, () => brandById(context.db, entityId));
    if (!found) return null;
    const { language, channel, i18n } = context;
    const path = slugHref(found.slug, language, channel);
    return listing(
      context,
      { kind: 'brand', brandId: found.id },
      {
        heading: found.name,
        title: i18n._(msg`${found.name} products`),
        description: i18n._(msg`Every ${found.name} product at Ampora, with fast delivery and 30-day returns.`),
        basePath: path,
        apiScope: `brand=${found.id}`,
        crumbs: [{ name: found.name, path }],
      },
      { slugs: everyLanguage(found.slug) },
      { highlights: { kind: 'brand', brandId: found.id } },
    );
  },
});

const collection = definePage<ListingPageData>({
  component,
  async load(context) {
    const { db, language, channel, entityId } = context;
    const found = entityId === undefined ? undefined : await collectionById(db, entityId, language);
    if (!found) return null;
    const path = slugHref(found.slug, language, channel);
    return listing(
      context,
      { kind: 'collection', collectionId: found.collectionId },
      { heading: found.name, intro: found.description, title: found.name, description: found.description, basePath: path, apiScope: `collection=${found.collectionId}`, crumbs: [{ name: found.name, path }] },
      { slugs: found.slugs },
    );
  },
});

const seller = definePage<ListingPageData>({
  component,
  async load(context) {
    const found = context.entityId === undefined ? undefined : await sellerById(context.db, context.entityId);
    if (!found || found.kind === 'own') return null;
    const { language, channel, i18n } = context;
    const path = slugHref(found.slug, language, channel);
    const grade = (found.grade / 2).toFixed(1);
    return listing(
      context,
      { kind: 'seller', sellerId: found.id },
      {
        heading: found.name,
        intro: found.grade > 0 ? i18n._(msg`Marketplace seller rated ${grade}/5 by ${found.evaluationCount} customers.`) : i18n._(msg`Marketplace seller.`),
        title: found.name,
        basePath: path,
        apiScope: `seller=${found.id}`,
        crumbs: [{ name: found.name, path }],
      },
      { slugs: everyLanguage(found.slug) },
    );
  },
});

const search = definePage<ListingPageData>({
  component,
  async load(context) {
    const { language, channel, url, i18n } = context;
    const text = (url.searchParams.get('query') ?? '').trim().slice(0, 100);
    const path = href('search', language, channel);
    return listing(context, text ? { kind: 'search', text } : { kind: 'all' }, {
      heading: text ? i18n._(msg`Results for “${text}”`) : i18n._(msg`Search`),
      title: text ? i18n._(msg`Search: ${text}`) : i18n._(msg`Search`),
      basePath: path,
      apiScope: text ? `query=${encodeURIComponent(text)}` : '',
      crumbs: [],
    });
  },
});

/** `/comprar/{keyword}`: a keyword landing page; a known keyword lists its category, any other is searched. */
async function loadBuyKeyword(context: LoadContext): Promise<Loaded<ListingPageData>> {
    const { db, language, channel, params, menu, i18n } = context;
    const keyword = params.keyword ?? '';
    const categoryId = await buyKeywordCategory(db, language, keyword);
    const found = categoryId === undefined ? undefined : findCategory(menu, categoryId);
    const words = keyword.replace(/-/g, ' ');
    const path = href('buyKeyword', language, channel, { keyword });
    return listing(
      context,
      found ? { kind: 'category', categoryIds: subtreeIds(found.node) } : { kind: 'search', text: words },
      {
        heading: i18n._(msg`Buy ${found?.node.name ?? words}`),
        title: i18n._(msg`Buy ${found?.node.name ?? words} online`),
        basePath: path,
        apiScope: found ? `category=${found.node.id}` : `query=${encodeURIComponent(words)}`,
        crumbs: [{ name: found?.node.name ?? words, path }],
      },
      {
        routeParams: found
          ? Object.fromEntries(Object.entries(await buyKeywordSlugs(db, found.node.id)).map(([lang, slug]) => [lang, { keyword: slug }]))
          : { [language]: { keyword } },
      },
      found ? categoryMerchandise(found) : undefined,
    );
}

const buyKeyword = definePage<ListingPageData>({ component, load: loadBuyKeyword });

/** A buy keyword reached as a bare slug renders its landing page too. */
const buyKeywordSlug = definePage<ListingPageData>({
  component,
  async load(context) {
    const { entityId, url, menu } = context;
    if (entityId === undefined || !findCategory(menu, entityId)) return null;
    const keyword = decodeSegment(url.pathname.split('/').filter(Boolean).at(-1) ?? '');
    if (keyword === undefined) return null;
    return loadBuyKeyword({ ...context, params: { keyword } });
  },
});

export const listingRoutePages = { search, buyKeyword };
export const listingSlugPages = { category, brand, collection, seller, 'buy-keyword': buyKeywordSlug };
