/**
 * Content pages: the blog (list, tag, post), CMS pages and their preview, the physical shops,
 * gift cards and the rewards preview. Only the CMS preview shows content before its time.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { BlogData, BlogTeaser } from '../../../client/pages/blog';
import type { BlogPostData, PostView } from '../../../client/pages/blog-post';
import type { CmsData } from '../../../client/pages/cms';
import type { CmsPreviewData } from '../../../client/pages/cms-preview';
import type { RewardsData } from '../../../client/pages/rewards';
import type { ShopData } from '../../../client/pages/shop';
import { isLanguage, type Language } from '../../../client/i18n/languages';
import type { Paged } from '../../../client/types';
import type { RouteParams } from '../../../client/routes';
import {
  blogPosts,
  blogTags,
  postById,
  postBySlug,
  scheduledContentById,
  scheduledContentOf,
  shopBySlug,
  shopStock,
  type PostRecord,
  type PostTeaser,
  type Slugs,
  tagBySlug,
} from '../../db/content';
import { PREVIEW_TOKEN_PARAM, usablePreviewSecret, verifyPreviewToken } from '../../domain/content/preview-token';
import { isPublished, publicContent, type PostContent } from '../../domain/content/publication';
import { pointsFor, REWARDS } from '../../domain/content/rewards';
import { sanitizeHtml } from '../../domain/content/sanitize';
import { mapUrl, parseOpeningHours, telHref } from '../../domain/content/shops';
import { memoBindings, versionMemo } from '../version-memo';
import { definePage, pageNumber } from './types';

/** General list page size (spec §9). */
const BLOG_PAGE_SIZE = 16;
/** Products shown on a shop page. */
const SHOP_PRODUCTS = 8;
/** The order the rewards page uses as its example: 100 €. */
const REWARDS_EXAMPLE_CENTS = 10_000;

function teasers(page: Paged<PostTeaser>): Paged<BlogTeaser> {
  return { ...page, items: page.items.map((post) => ({ ...post, publishedAt: post.publishedAt.toISOString() })) };
}

function postView(post: PostRecord, content: PostContent, contentLanguage?: Language): PostView {
  return {
    id: post.id,
    kind: post.kind,
    title: content.title,
    safeHtml: sanitizeHtml(content.body),
    publishedAt: post.publishedAt.toISOString(),
    tags: post.tags,
    ...(contentLanguage ? { contentLanguage } : {}),
  };
}

/** One route parameter per language, from a slug per language (the language switcher's addresses). */
function paramsPerLanguage(name: string, slugs: Slugs): Partial<Record<Language, RouteParams>> {
  return Object.fromEntries(Object.entries(slugs).map(([lang, slug]) => [lang, { [name]: slug }]));
}

/** A positive database id from a path segment, or undefined. */
function idParam(value: string | undefined): number | undefined {
  return value !== undefined && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

const blog = definePage<BlogData>({
  component: lazy(() => import('../../../client/pages/blog')),
  async load({ db, language, now, url, i18n }) {
    const page = pageNumber(url);
    const [posts, tags] = await Promise.all([blogPosts(db, language, now, page, BLOG_PAGE_SIZE), blogTags(db, language, now)]);
    if (page > 1 && posts.items.length === 0) return null;
    return {
      data: { tag: null, posts: teasers(posts), tags },
      meta: {
        title: page > 1 ? i18n._(msg`Blog, page ${page} | Ampora`) : i18n._(msg`Blog | Ampora`),
        description: i18n._(msg`Buying guides, tips and news about technology from the Ampora team.`),
      },
    };
  },
});

const blogTag = definePage<BlogData>({
  component: lazy(() => import('../../../client/pages/blog')),
  async load({ db, language, now, url, params, i18n }) {
    const tag = params.tagSlug ? await tagBySlug(db, language, params.tagSlug) : undefined;
    if (!tag) return null;
    const page = pageNumber(url);
    const [posts, tags] = await Promise.all([blogPosts(db, language, now, page, BLOG_PAGE_SIZE, tag.id), blogTags(db, language, now)]);
    if (page > 1 && posts.items.length === 0) return null;
    const name = tag.name;
    return {
      data: { tag: { id: tag.id, name: tag.name, slug: tag.slug }, posts: teasers(posts), tags },
      meta: { title: i18n._(msg`${name} — Blog | Ampora`) },
      routeParams: paramsPerLanguage('tagSlug', tag.slugs),
    };
  },
});

const blogPost = definePage<BlogPostData>({
  component: lazy(() => import('../../../client/pages/blog-post')),
  async load({ db, language, now, params, env }) {
    const slug = params.slug;
    // The post and its sanitized body, once per catalogue version; whether it is out yet is the request's clock's.
    const found = slug
      ? await versionMemo(memoBindings(env), `blog-post:${language}:${slug}`, async () => {
          const record = await postBySlug(db, language, slug);
          return record ? { record, view: postView(record, record) } : undefined;
        })
      : undefined;
    const post = found?.record;
    if (!found || !post || post.kind !== 'blog' || !isPublished(post.publishedAt, now)) return null;
    return {
      data: { post: found.view },
      meta: { title: `${post.title} | Ampora`, description: post.excerpt || undefined },
      routeParams: paramsPerLanguage('slug', post.slugs),
    };
  },
});

/** A CMS page by the entity the dynamic resolver found: published content only. */
const cms = definePage<CmsData>({
  component: lazy(() => import('../../../client/pages/cms')),
  async load({ db, language, now, entityId }) {
    const post = entityId === undefined ? undefined : await postById(db, language, entityId);
    if (!post || post.kind !== 'cms' || !isPublished(post.publishedAt, now)) return null;
    const content = publicContent(post, await scheduledContentOf(db, post.id, language), now);
    return {
      data: { page: postView(post, content) },
      meta: { title: `${content.title} | Ampora` },
      slugs: post.slugs,
    };
  },
});

/**
 * Any post as it is or will be: the given scheduled content, else the post's own body. Only
 * with a signed, unexpired preview token for exactly this post and scheduled content
 * (worker/domain/content/preview-token.ts); anything else is the plain 404 page, checked before
 * any read so the answer says nothing about what exists. Never stored by any cache.
 */
const cmsPreview = definePage<CmsPreviewData>({
  component: lazy(() => import('../../../client/pages/cms-preview')),
  async load({ db, language, now, params, i18n, url, env }) {
    const postId = idParam(params.postId);
    const scheduledId = params.idScheduledContent === undefined ? undefined : idParam(params.idScheduledContent);
    if (postId === undefined || (params.idScheduledContent !== undefined && scheduledId === undefined)) return null;
    const secret = usablePreviewSecret(env.PREVIEW_SECRET, env.ENVIRONMENT);
    if (!(await verifyPreviewToken(secret, { postId, scheduledId }, url.searchParams.get(PREVIEW_TOKEN_PARAM), now))) return null;
    const [post, scheduled] = await Promise.all([
      postById(db, language, postId),
      scheduledId === undefined ? undefined : scheduledContentById(db, postId, scheduledId),
    ]);
    if (!post || (scheduledId !== undefined && !scheduled)) return null;
    const content = scheduled ?? post;
    const publicAt = scheduled ? scheduled.publishAt : post.publishedAt;
    const otherLanguage = scheduled && scheduled.lang !== language && isLanguage(scheduled.lang) ? scheduled.lang : undefined;
    const title = content.title;
    return {
      data: {
        post: postView(post, content, otherLanguage),
        publicFrom: isPublished(publicAt, now) ? null : publicAt.toISOString(),
        scheduledId: scheduled?.id ?? null,
      },
      meta: { title: i18n._(msg`Preview: ${title} | Ampora`), noIndex: true },
      headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' },
      // Scheduled content exists in one language: the switcher offers no other.
      ...(scheduled ? { routeParams: { [language]: params } } : {}),
    };
  },
});

const shop = definePage<ShopData>({
  component: lazy(() => import('../../../client/pages/shop')),
  async load({ db, language, channel, params, i18n }) {
    const found = params.name ? await shopBySlug(db, params.name) : undefined;
    if (!found) return null;
    const stock = await shopStock(db, language, channel.id, found.id, SHOP_PRODUCTS);
    const { name, address, postalCode, city } = found;
    return {
      data: {
        shop: {
          name,
          address,
          postalCode,
          city,
          phone: found.phone,
          telHref: telHref(found.phone),
          mapUrl: mapUrl(found.latitudeE6, found.longitudeE6),
          hours: parseOpeningHours(found.openingHours),
        },
        stockCount: stock.count,
        products: stock.products,
      },
      meta: {
        title: i18n._(msg`${name}: address, opening hours and stock | Ampora`),
        description: i18n._(msg`Visit ${name} at ${address}, ${postalCode} ${city}. Opening hours, phone and the products in stock in the shop.`),
      },
    };
  },
});

const rewards = definePage<RewardsData>({
  component: lazy(() => import('../../../client/pages/rewards')),
  async load({ i18n }) {
    const { levels, ...rules } = REWARDS;
    return {
      data: {
        ...rules,
        exampleAmount: REWARDS_EXAMPLE_CENTS,
        levels: levels.map((level) => ({ ...level, examplePoints: pointsFor(REWARDS_EXAMPLE_CENTS, level) })),
      },
      // A preview of a programme that is not live: not for search engines yet.
      meta: { title: i18n._(msg`Ampora Rewards (preview) | Ampora`), noIndex: true },
    };
  },
});

// The gift cards page, with its purchase form, is ./gift-card-purchase.tsx.
export const contentRoutePages = { blog, blogTag, blogPost, cmsPreview, shop, rewards };
export const contentSlugPages = { cms };
