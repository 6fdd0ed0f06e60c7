/**
 * The user ranking (spec §2 /ranking-de-usuarios, §3 Ranking): period tabs as plain links, a
 * table of 20 per page, the caller's own row highlighted (or shown under the table when it is on
 * another page), and the nick form for a signed-in customer without a nick (the ranking lists
 * nicks only). No script but the nick form.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref } from '../components/store-context';
import { RANKING_PERIODS, type RankingPeriod } from '../../worker/domain/ugc/points';
import type { RankingItem, RankingMe } from '../../worker/ugc/ranking';
import { LEVEL_NAMES } from '../islands/answers-game';
import NickFormIsland from '../islands/nick-form';

export interface UserRankingData {
  period: RankingPeriod;
  items: RankingItem[];
  totalItems: number;
  page: number;
  pageSize: number;
  me: RankingMe | null;
  signedIn: boolean;
  hasNick: boolean;
  loginHref: string;
}

const PERIOD_NAMES: Record<RankingPeriod, MessageDescriptor> = {
  week: msg`This week`,
  month: msg`This month`,
  year: msg`This year`,
  all: msg`All time`,
};

const PERIOD_CAPTIONS: Record<RankingPeriod, MessageDescriptor> = {
  week: msg`Points earned in the last 7 days`,
  month: msg`Points earned in the last 30 days`,
  year: msg`Points earned in the last 365 days`,
  all: msg`Points earned since the start`,
};

export default function UserRankingPage({ data }: { data: UserRankingData }) {
  const { t, i18n } = useLingui();
  const link = useHref();
  const base = link('userRanking');
  const periodHref = (period: RankingPeriod) => `${base}?period=${period}`;
  const me = data.me;
  const mineOnPage = me !== null && data.items.some((row) => row.position === me.position);
  const level = (id: RankingItem['level']) => i18n._(LEVEL_NAMES[id]);
  return (
    <div className="community">
      <section className="hero" aria-labelledby="ranking-title">
        <h1 id="ranking-title">
          <Trans>User ranking</Trans>
        </h1>
        <p>
          <Trans>Shoppers earn points when their reviews, questions and answers are published, when their answer is chosen as the best one and when others find them helpful.</Trans>
        </p>
        <p>
          <a href={link('answersGame')}>
            <Trans>Play the answers game to earn points</Trans>
          </a>
        </p>
      </section>
      <nav className="ranking-periods" aria-label={t`Period`}>
        <ul>
          {RANKING_PERIODS.map((period) => (
            <li key={period}>
              <a href={periodHref(period)} aria-current={period === data.period ? 'page' : undefined}>
                {i18n._(PERIOD_NAMES[period])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {data.signedIn && !data.hasNick ? (
        <section className="community__nick" aria-label={t`Nickname`}>
          <Island name="nick-form" component={NickFormIsland} props={{ idPrefix: 'ranking-nick', reloadOnSave: true }} />
        </section>
      ) : null}
      {!data.signedIn ? (
        <p>
          <a href={data.loginHref}>
            <Trans>Sign in to see your own position</Trans>
          </a>
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <p className="ranking-empty">
          <Trans>Nobody has earned points in this period yet.</Trans>
        </p>
      ) : (
        <table className="ranking-table">
          <caption>{i18n._(PERIOD_CAPTIONS[data.period])}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Position</Trans>
              </th>
              <th scope="col">
                <Trans>Nickname</Trans>
              </th>
              <th scope="col">
                <Trans>Level</Trans>
              </th>
              <th scope="col">
                <Trans>Points</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => {
              const mine = me !== null && row.position === me.position;
              return (
                <tr key={row.position} className={mine ? 'ranking-table__me' : undefined} aria-current={mine ? 'true' : undefined} data-position={row.position}>
                  <th scope="row">{row.position}</th>
                  <td>
                    {row.nick}
                    {mine ? (
                      <span className="ranking-table__you">
                        {' '}
                        <Trans>(you)</Trans>
                      </span>
                    ) : null}
                  </td>
                  <td>{level(row.level)}</td>
                  <td data-points={row.points}>{row.points}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.totalItems} basePath={base} query={{ period: data.period }} />
      {me !== null && !mineOnPage ? <MyStanding me={me} level={level(me.level)} /> : null}
      {me !== null && mineOnPage ? <NextLevel me={me} /> : null}
    </div>
  );
}

function NextLevel({ me }: { me: RankingMe }) {
  const { i18n } = useLingui();
  if (me.next === null || me.toNext === null) return null;
  const toNext = me.toNext;
  const nextName = i18n._(LEVEL_NAMES[me.next]);
  return (
    <p className="ranking-next">
      <Trans>
        {toNext} more points to reach {nextName}.
      </Trans>
    </p>
  );
}

function MyStanding({ me, level }: { me: RankingMe; level: string }) {
  const { nick, points, position } = me;
  return (
    <section className="ranking-me" aria-labelledby="ranking-me-title" data-my-position={position ?? ''} data-my-points={points}>
      <h2 id="ranking-me-title">
        <Trans>Your position</Trans>
      </h2>
      <p>
        {position !== null ? (
          <Trans>
            {nick}: position {position} with {points} points in this period. Level: {level}.
          </Trans>
        ) : (
          <Trans>
            {nick}: no points in this period yet. Level: {level}.
          </Trans>
        )}
      </p>
      <NextLevel me={me} />
    </section>
  );
}
