/**
 * The reviews page of a product (`reviews`: /opiniones/:product, the product's slug in the
 * page's language; another language's slug or an unknown one is the 404 page): the summary by
 * star bucket, the filters as a plain GET form, 10 reviews per page, and the Product document
 * with its AggregateRating and the reviews shown. Filtered and paged variants are not indexed;
 * the plain page is the canonical one. Reads: the slug, then one batch (detail, rows, count,
 * scores), then the rows' public media.
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { ReviewsPageData } from '../../../client/pages/reviews';
import type { RouteId } from '../../../client/routes';
import { href, slugHref } from '../../../client/routes';
import type { Language } from '../../../client/i18n/languages';
import { productDetailStatements, resolveSlug, toProductDetail } from '../../db/catalogue';
import { currentUser } from '../../identity/session';
import { productJsonLd } from '../../seo/json-ld';
import { publicMediaOf, type PublicMedia } from '../../ugc/media';
import { reviewCountStatement, reviewFiltersFrom, reviewFiltersQuery, reviewRowsStatement, reviewScoresStatement, toReviewView, toSummary } from '../../ugc/review-list';
import { definePage, type PageDefinition } from './types';

const reviews = definePage<ReviewsPageData>({
  component: lazy(() => import('../../../client/pages/reviews')),
  async load({ db, language, channel, params, url, now, i18n, http }) {
    const found = params.product ? await resolveSlug(db, language, params.product) : undefined;
    if (!found || found.kind !== 'product') return null;
    const id = found.entityId;
    const filters = reviewFiltersFrom(url.searchParams);
    const viewer = await currentUser(http);
    const [row, offerRows, slugRows, categoryRows, rows, [count], scores] = await db.batch([
      ...productDetailStatements(db, language, channel.id, id),
      reviewRowsStatement(db, id, filters, now, { viewerId: viewer?.id ?? null }),
      reviewCountStatement(db, id, filters, now),
      reviewScoresStatement(db, id),
    ]);
    const detail = toProductDetail([row, offerRows, slugRows, categoryRows]);
    if (!detail) return null;
    // A page past the last one does not exist (the first page always does, even empty).
    if (filters.page > 1 && rows.length === 0) return null;
    const media = rows.length > 0 ? await publicMediaOf(db, 'review', rows.map((r) => r.id)) : new Map<number, PublicMedia[]>();
    const items = rows.map((r) => toReviewView(r, media.get(r.id) ?? [], viewer !== null));
    const summary = toSummary(scores);
    const name = detail.name;
    const average = summary.stars.toFixed(1);
    const path = href('reviews', language, channel, { product: detail.slug });
    const productPath = slugHref(detail.slug, language, channel);
    const varied = Object.keys(reviewFiltersQuery(filters)).length > 0;
    return {
      data: {
        product: { id, name, slug: detail.slug, brand: detail.brand, imageKey: detail.imageKey },
        filters,
        items,
        totalItems: count?.total ?? 0,
        summary,
        ownReviewIds: viewer ? rows.filter((r) => r.authorId === viewer.id).map((r) => r.id) : [],
        signedIn: viewer !== null,
        loginHref: `${href('login', language, channel)}?next=${encodeURIComponent(url.pathname + url.search)}`,
      },
      meta: {
        title: i18n._(msg`Reviews of ${name} | Ampora`),
        description: summary.count > 0 ? i18n._(msg`Read what customers think of ${name}, rated ${average} out of 5.`) : i18n._(msg`Customer reviews of ${name}.`),
        noIndex: varied,
      },
      routeParams: Object.fromEntries(Object.entries(detail.slugs).map(([lang, slug]) => [lang, { product: slug }])) as Partial<Record<Language, { product: string }>>,
      // The price belongs to the product page (its buy box): this document carries the reviews only.
      jsonLd: [productJsonLd({ ...detail, offers: [] }, { origin: url.origin, language, channel, reviews: { summary, items } })],
      breadcrumbs: [
        { name, path: productPath },
        { name: i18n._(msg`Reviews`), path },
      ],
      // The viewer's own votes are on it.
      ...(viewer ? { headers: { 'Cache-Control': 'private, no-store' } } : {}),
    };
  },
});

export const reviewListRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { reviews };
