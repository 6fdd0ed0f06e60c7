/**
 * The help-centre page about reviews and questions (docs/user-content.md "Campaigns"): what is
 * published, what is held and why, how to report, how points work (the POINTS values), the
 * store's latest published reviews and links to the ranking, the answers game and opine-and-win.
 * The same for everyone, so it is cached like any public page.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';

export interface SupportReviewView {
  id: number;
  nick: string;
  articleName: string | null;
  rating: number;
  title: string;
  body: string;
  publishedAt: string;
}

export interface SupportOpinionsData {
  points: { review: number; reviewMedia: number; question: number; answer: number; gameAnswer: number; bestAnswer: number; helpfulVote: number };
  reportsToHide: number;
  latest: SupportReviewView[];
}

export default function SupportOpinionsPage({ data }: { data: SupportOpinionsData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const { points, reportsToHide } = data;
  const rows: [string, number][] = [
    [t`A published review`, points.review],
    [t`A published review with a photo or video (extra)`, points.reviewMedia],
    [t`A published question`, points.question],
    [t`A published answer`, points.answer],
    [t`An answer given in the answers game (extra)`, points.gameAnswer],
    [t`Your answer chosen as the best one`, points.bestAnswer],
    [t`Someone finds your review or answer helpful`, points.helpfulVote],
  ];
  return (
    <article className="ugc-support">
      <h1>
        <Trans>Reviews and questions: our rules</Trans>
      </h1>

      <section aria-labelledby="ugc-support-published">
        <h2 id="ugc-support-published">
          <Trans>What we publish</Trans>
        </h2>
        <p>
          <Trans>
            Reviews and answers from people who bought the product help everyone choose. A review from a verified buyer, without photos or videos, is published as soon as you send it if it follows our rules. Questions and answers from any signed-in customer with a nickname are published straight away too. Your nickname is shown with everything you publish.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="ugc-support-held">
        <h2 id="ugc-support-held">
          <Trans>What we check first, and why</Trans>
        </h2>
        <p>
          <Trans>Our team checks these before they are published, usually within two working days:</Trans>
        </p>
        <ul>
          <li>
            <Trans>reviews from people who did not buy the product from us;</Trans>
          </li>
          <li>
            <Trans>anything with photos or videos;</Trans>
          </li>
          <li>
            <Trans>texts with links, e-mail addresses or phone numbers, HTML, words in capitals, repeated characters or words we do not allow.</Trans>
          </li>
        </ul>
        <p>
          <Trans>We do not publish offensive content, advertising, personal data or texts that are not about the product. If we reject something you wrote, your account shows you why.</Trans>
        </p>
      </section>

      <section aria-labelledby="ugc-support-report">
        <h2 id="ugc-support-report">
          <Trans>How to report content</Trans>
        </h2>
        <p>
          <Plural
            value={reportsToHide}
            one="Use the Report button next to a review, question or answer and tell us why. When # customer reports it, we hide it until our team has checked it."
            other="Use the Report button next to a review, question or answer and tell us why. When # customers report it, we hide it until our team has checked it."
          />
        </p>
      </section>

      <section aria-labelledby="ugc-support-points">
        <h2 id="ugc-support-points">
          <Trans>How points work</Trans>
        </h2>
        <p>
          <Trans>You earn points for what you publish; if it stops being published, its points are withdrawn. Points decide your level and your place in the user ranking.</Trans>
        </p>
        <table className="ugc-support__points">
          <caption>
            <Trans>Points for each contribution</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Contribution</Trans>
              </th>
              <th scope="col">
                <Trans>Points</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="ugc-support__links">
          <li>
            <a href={link('userRanking')}>
              <Trans>See the user ranking</Trans>
            </a>
          </li>
          <li>
            <a href={link('answersGame')}>
              <Trans>Play the answers game</Trans>
            </a>
          </li>
          <li>
            <a href={link('opineAndWin')}>
              <Trans>Review and win</Trans>
            </a>
          </li>
        </ul>
      </section>

      {data.latest.length > 0 ? (
        <section aria-labelledby="ugc-support-latest">
          <h2 id="ugc-support-latest">
            <Trans>Latest reviews</Trans>
          </h2>
          <ul className="ugc-support__latest">
            {data.latest.map((review) => {
              const stars = review.rating / 2;
              const nick = review.nick;
              return (
                <li key={review.id} data-review-id={review.id}>
                  <p className="ugc-support__meta">
                    <strong>{review.articleName ?? ''}</strong> ·{' '}
                    <Trans>
                      {stars} of 5 stars, by {nick}
                    </Trans>{' '}
                    · <time dateTime={review.publishedAt}>{formatDate(new Date(review.publishedAt), language, { dateStyle: 'medium' })}</time>
                  </p>
                  {review.title ? <p className="ugc-support__title">{review.title}</p> : null}
                  <p className="ugc-support__body">{review.body}</p>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
