/**
 * Campaign and help pages about user content (docs/user-content.md "Campaigns"):
 * - opineAndWin (/opina-y-gana…): personal (`access: 'anyone'`): the signed-in shopper's entries
 *   and the products they can still review are part of the page, so it is rendered per visitor
 *   and never cached; 404 on a channel without an opine-and-win campaign.
 * - supportOpinions (help centre, own slug per language): the same for everyone, cached.
 */
import { msg } from '@lingui/core/macro';
import { and, desc, eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { OpineAndWinData } from '../../../client/pages/opine-and-win';
import type { SupportOpinionsData } from '../../../client/pages/support-opinions';
import { href, type RouteId } from '../../../client/routes';
import { opineAndWinView } from '../../api/ugc-campaigns';
import { articleTranslations, productReviews, users } from '../../db/schema';
import { REPORTS_TO_HIDE } from '../../domain/ugc/moderation';
import { POINTS } from '../../domain/ugc/points';
import { pendingReviews } from '../../identity/accounts';
import { definePage, type PageDefinition } from './types';

const opineAndWin = definePage<OpineAndWinData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/opine-and-win')),
  async load(context) {
    const { db, channel, language, user, now } = context;
    const campaign = await opineAndWinView(db, channel, language, user?.id ?? null, now);
    if (!campaign) return null;
    const pending = user ? (await pendingReviews(db, user.id, language)).map((item) => ({ articleId: item.articleId, name: item.name })) : [];
    const here = href('opineAndWin', language, channel);
    const loginHref = `${href('login', language, channel)}?next=${encodeURIComponent(here)}`;
    return {
      data: { campaign, pending, loginHref },
      meta: { title: `${context.i18n._(msg`Review and win`)} | Ampora`, description: context.i18n._(msg`Publish reviews of the products you bought and enter the prize draw.`) },
    };
  },
});

const LATEST_REVIEWS = 5;

const supportOpinions = definePage<SupportOpinionsData>({
  component: lazy(() => import('../../../client/pages/support-opinions')),
  async load(context) {
    const { db, language } = context;
    const rows = await db
      .select({
        id: productReviews.id,
        nick: users.nick,
        articleName: articleTranslations.name,
        rating: productReviews.rating,
        title: productReviews.title,
        body: productReviews.body,
        publishedAt: productReviews.publishedAt,
        createdAt: productReviews.createdAt,
      })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, productReviews.articleId), eq(articleTranslations.lang, language)))
      .where(eq(productReviews.state, 'OK'))
      .orderBy(desc(productReviews.publishedAt), desc(productReviews.id))
      .limit(LATEST_REVIEWS);
    const latest = rows.map((row) => ({
      id: row.id,
      nick: row.nick ?? '',
      articleName: row.articleName,
      rating: row.rating,
      title: row.title,
      body: row.body,
      publishedAt: new Date(row.publishedAt ?? row.createdAt).toISOString(),
    }));
    return {
      data: { points: { ...POINTS }, reportsToHide: REPORTS_TO_HIDE, latest },
      meta: { title: `${context.i18n._(msg`Reviews and questions: our rules`)} | Ampora`, description: context.i18n._(msg`What we publish, what we check first, how to report content and how points work.`) },
    };
  },
});

export const ugcCampaignRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { opineAndWin, supportOpinions };
