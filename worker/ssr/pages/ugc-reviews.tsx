/**
 * Pages of writing reviews (docs/user-content.md "Reviews (write)"):
 *
 * - `addReview` (/opinion-productos/:productId): the review form for an article sold on the
 *   channel; a signed-in customer, or anyone holding a valid review invitation for this article
 *   (`?token=`, e-mailed after a purchase). Anonymous without a token → the login page and back.
 *   The author's existing review of the article is edited on the same page.
 * - `accountReviews` (/usuarios/panel/opiniones): what is left to review and the author's reviews.
 */
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { AccountReviewsData } from '../../../client/pages/account-reviews';
import type { ReviewWriteData } from '../../../client/pages/review-write';
import { href, slugHref, type RouteId } from '../../../client/routes';
import { articleTranslations, articles, productReviews, ugcMedia, users } from '../../db/schema';
import { pendingReviews } from '../../identity/accounts';
import type { UserRow } from '../../identity/session';
import { verifyReviewInvitation } from '../../identity/signed-token';
import { MAX_MEDIA_PER_ITEM } from '../../ugc/media';
import { articleSoldOn, myReviews, verifiedOrderOf } from '../../ugc/reviews';
import { frameOf } from './account-frame';
import { definePage, type LoadContext, type PageDefinition } from './types';

const positiveId = (value: string | undefined): number | null => {
  const n = Number(value);
  return value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(n) && n > 0 && n <= 2 ** 31 ? n : null;
};

/** The user an invitation acts for, for this article; null when it is invalid, expired or for another article. */
async function invitedUser({ db, env, now }: LoadContext, token: string, articleId: number): Promise<UserRow | null> {
  if (token.length > 512) return null;
  const invitation = await verifyReviewInvitation(env.AUTH_SECRET, token, now);
  if (!invitation || invitation.article !== articleId) return null;
  const [user] = await db.select().from(users).where(eq(users.hashId, invitation.user));
  return user ?? null;
}

const addReview = definePage<ReviewWriteData>({
  // 'anyone': an invitation stands in for the session; without either the loader sends to login.
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/review-write')),
  async load(context) {
    const { db, channel, language, params, url, i18n, user } = context;
    const articleId = positiveId(params['productId']);
    if (articleId === null || !(await articleSoldOn(db, articleId, channel.id))) return null;
    const [article] = await db
      .select({ name: articleTranslations.name, slug: articleTranslations.slug, imageKey: articles.imageKey })
      .from(articles)
      .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
      .where(eq(articles.id, articleId));
    if (!article) return null;
    const loginPath = `${href('login', language, channel)}?next=${encodeURIComponent(url.pathname)}`;
    const token = url.searchParams.get('token');
    const invited = token ? await invitedUser(context, token, articleId) : null;
    // A signed-in customer holding a stale invitation still writes as themselves.
    const author = invited ?? user;
    if (!author && !token) return { redirect: `${href('login', language, channel)}?next=${encodeURIComponent(url.pathname + url.search)}` };
    const product = { id: articleId, name: article.name, imageKey: article.imageKey, path: slugHref(article.slug, language, channel) };
    const name = article.name;
    const meta = { title: `${i18n._(msg`Write a review of ${name}`)} | Ampora`, noIndex: true };
    if (!author) return { data: { product, form: null, verified: false, loginPath }, meta };
    const [[existing], verifiedOrder] = await Promise.all([
      db
        .select({ id: productReviews.id, rating: productReviews.rating, title: productReviews.title, body: productReviews.body, verifiedOrder: productReviews.verifiedOrder })
        .from(productReviews)
        .where(and(eq(productReviews.userId, author.id), eq(productReviews.articleId, articleId))),
      verifiedOrderOf(db, author.id, articleId),
    ]);
    const media = existing
      ? await db
          .select({ id: ugcMedia.id, kind: ugcMedia.kind, contentType: ugcMedia.contentType, width: ugcMedia.width, height: ugcMedia.height, state: ugcMedia.state })
          .from(ugcMedia)
          .where(and(eq(ugcMedia.attachedKind, 'review'), eq(ugcMedia.attachedId, existing.id)))
          .orderBy(ugcMedia.createdAt)
      : [];
    return {
      data: {
        product,
        verified: (existing?.verifiedOrder ?? verifiedOrder) !== null,
        loginPath,
        form: {
          articleId,
          productName: article.name,
          productPath: product.path,
          accountReviewsPath: href('accountReviews', language, channel),
          token: invited ? token : null,
          hasNick: author.nick !== null,
          existing: existing ? { id: existing.id, rating: existing.rating, title: existing.title, body: existing.body, media } : null,
          maxMedia: MAX_MEDIA_PER_ITEM,
        },
      },
      meta,
    };
  },
});

const accountReviews = definePage<AccountReviewsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-reviews')),
  async load({ db, user, language, channel, i18n }) {
    const [pending, reviews] = await Promise.all([pendingReviews(db, user!.id, language), myReviews(db, user!.id, language)]);
    const writePath = (articleId: number) => href('addReview', language, channel, { productId: String(articleId) });
    return {
      data: {
        frame: frameOf(user!, 'accountReviews'),
        pending: pending.map((item) => ({ articleId: item.articleId, name: item.name ?? '', writePath: writePath(item.articleId) })),
        reviews: reviews.map((review) => ({ ...review, productPath: review.articleSlug ? slugHref(review.articleSlug, language, channel) : null, editPath: writePath(review.articleId) })),
      },
      meta: { title: `${i18n._(msg`My reviews`)} | Ampora`, noIndex: true },
    };
  },
});

export const reviewWriteRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { addReview, accountReviews };
