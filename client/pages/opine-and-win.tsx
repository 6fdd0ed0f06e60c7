/**
 * Opine-and-win (/opina-y-gana, docs/user-content.md "Campaigns"): the rules of the prize draw,
 * the window, the prize and the draw date from the campaign's data; for a signed-in shopper their
 * entries and the products they can still review; after the draw, the winners by nick. The page
 * is personal (rendered per visitor, never cached).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpineAndWinView } from '../../worker/api/ugc-campaigns';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';

export interface PendingReviewView {
  articleId: number;
  name: string | null;
}

export interface OpineAndWinData {
  campaign: OpineAndWinView;
  pending: PendingReviewView[];
  loginHref: string;
}

export default function OpineAndWinPage({ data }: { data: OpineAndWinData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { campaign, pending } = data;
  const date = (iso: string) => formatDate(new Date(iso), language, { dateStyle: 'long' });
  // The window's end is exclusive: the last day to enter is the day before.
  const lastDay = date(new Date(Date.parse(campaign.endsAt) - 1).toISOString());
  const start = date(campaign.startsAt);
  const drawDate = date(campaign.drawAt);
  const winners = campaign.winnersCount;
  const prize = campaign.prize;
  return (
    <article className="ugc-campaign" data-campaign={campaign.slug}>
      <header className="ugc-campaign__hero">
        <h1>
          <Trans>Review and win</Trans>
        </h1>
        <p className="ugc-campaign__prize">
          <Trans>
            Prize: <strong>{prize}</strong> for each of {winners} winners.
          </Trans>
        </p>
        <p className="ugc-campaign__status" data-running={campaign.running ? 'true' : 'false'}>
          {campaign.running ? (
            <Trans>The campaign is open: every review you publish until {lastDay} is one more entry.</Trans>
          ) : campaign.ended ? (
            <Trans>The campaign ended on {lastDay}.</Trans>
          ) : (
            <Trans>The campaign opens on {start}.</Trans>
          )}
        </p>
      </header>

      <section aria-labelledby="ugc-campaign-rules">
        <h2 id="ugc-campaign-rules">
          <Trans>How to take part</Trans>
        </h2>
        <ol className="ugc-campaign__steps">
          <li>
            <Trans>Buy a product at Ampora and write a review of it.</Trans>
          </li>
          <li>
            <Trans>Each review that is published between {start} and {lastDay} gives you one entry in the draw.</Trans>
          </li>
          <li>
            <Trans>Reviews with photos or videos, and reviews that break our rules, are checked by our team before they are published: the entry comes when the review is published.</Trans>
          </li>
          <li>
            <Trans>If a review is withdrawn or stops being published, its entry is withdrawn too.</Trans>
          </li>
          <li>
            <Trans>
              The draw takes place on {drawDate}. Every entry has the same chance, and each person can win one prize at most.
            </Trans>
          </li>
        </ol>
      </section>

      {campaign.winners ? (
        <section aria-labelledby="ugc-campaign-winners">
          <h2 id="ugc-campaign-winners">
            <Trans>Winners</Trans>
          </h2>
          <ul className="ugc-campaign__winners">
            {campaign.winners.map((nick, index) => (
              <li key={`${nick ?? ''}-${index}`}>{nick ?? t`A customer without a nickname`}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="ugc-campaign-mine">
        <h2 id="ugc-campaign-mine">
          <Trans>Your entries</Trans>
        </h2>
        {!campaign.signedIn ? (
          <p>
            <a href={data.loginHref}>
              <Trans>Sign in to see your entries and the products you can review.</Trans>
            </a>
          </p>
        ) : (
          <>
            {campaign.entries.length > 0 ? (
              <ul className="ugc-campaign__entries">
                {campaign.entries.map((entry) => (
                  <li key={entry.reviewId} data-review-id={entry.reviewId}>
                    {entry.articleName ?? `#${entry.articleId}`} · <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
                    {entry.won ? (
                      <strong className="ugc-campaign__won">
                        {' '}
                        <Trans>Winner!</Trans>
                      </strong>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                <Trans>You have no entries yet.</Trans>
              </p>
            )}
            <h3>
              <Trans>Products you can review</Trans>
            </h3>
            {pending.length > 0 ? (
              <ul className="ugc-campaign__pending">
                {pending.map((item) => {
                  const name = item.name ?? `#${item.articleId}`;
                  return (
                    <li key={item.articleId}>
                      <a href={link('addReview', { productId: String(item.articleId) })} data-article-id={item.articleId}>
                        <Trans>Review {name}</Trans>
                      </a>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p>
                <Trans>You have reviewed everything you bought. Thank you!</Trans>
              </p>
            )}
          </>
        )}
      </section>

      <p>
        <a href={link('supportOpinions')}>
          <Trans>Our rules for reviews and questions</Trans>
        </a>
      </p>
    </article>
  );
}
