/**
 * The community pages: the answers game (`answersGame`, /preguntas/juego) and the user ranking
 * (`userRanking`, /ranking-de-usuarios?period=&page=). Both show the caller's own points, so they
 * are personal (`access: 'anyone'`: open to all, never cached at the edge).
 */
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { AnswersGamePageData } from '../../../client/pages/answers-game';
import type { UserRankingData } from '../../../client/pages/user-ranking';
import type { RouteId } from '../../../client/routes';
import { href } from '../../../client/routes';
import { RANKING_PERIODS, type RankingPeriod } from '../../domain/ugc/points';
import { nextTurn } from '../../ugc/game';
import { readRanking } from '../../ugc/ranking';
import { definePage, pageNumber, type PageDefinition } from './types';

function loginHref(language: Parameters<typeof href>[1], channel: Parameters<typeof href>[2], url: URL): string {
  return `${href('login', language, channel)}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

const answersGame = definePage<AnswersGamePageData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/answers-game')),
  async load({ db, user, language, channel, url, now, i18n }) {
    const game = user ? { hasNick: !!user.nick, turn: await nextTurn(db, user.id, language, now) } : null;
    return {
      data: { game, loginHref: loginHref(language, channel, url), rankingHref: href('userRanking', language, channel) },
      meta: {
        title: i18n._(msg`Answers game | Ampora`),
        description: i18n._(msg`Answer questions from other shoppers about products you bought, earn points and climb the user ranking.`),
        noIndex: true,
      },
    };
  },
});

const userRanking = definePage<UserRankingData>({
  access: 'anyone',
  component: lazy(() => import('../../../client/pages/user-ranking')),
  async load({ db, user, language, channel, url, now, i18n }) {
    const asked = url.searchParams.get('period');
    const period: RankingPeriod = RANKING_PERIODS.includes(asked as RankingPeriod) ? (asked as RankingPeriod) : 'week';
    const page = pageNumber(url);
    const { ranking, me } = await readRanking(db, period, page, now, user?.id ?? null);
    // A page past the last one is the ordinary 404 page, as other paged lists do.
    if (page > 1 && ranking.items.length === 0) return null;
    return {
      data: { ...ranking, me, signedIn: !!user, hasNick: !!user?.nick, loginHref: loginHref(language, channel, url) },
      meta: {
        title: i18n._(msg`User ranking | Ampora`),
        description: i18n._(msg`The shoppers who help others most on Ampora: points for reviews, answers and helpful votes, by week, month, year and all time.`),
        noIndex: page > 1 || asked !== null,
      },
    };
  },
});

export const communityRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { answersGame, userRanking };
