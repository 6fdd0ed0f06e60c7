/**
 * A question's thread (`wikiThread`): the question, its answers (the best one first with its
 * mark, then by votes, then the oldest; owners of the product and the store marked), the vote
 * and best-answer actions, and the answer form for signed-in shoppers. What the viewer wrote and
 * is still waiting for moderation is shown to them only, with that notice.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import AnswerActions from '../islands/answer-actions';
import AnswerForm from '../islands/answer-form';
import OwnUgcActions from '../islands/own-ugc-actions';
import ReportButton from '../islands/report-button';
import { MediaThumb, mediaSrc } from '../ugc/media-picker';
import type { ThreadAnswer } from '../../worker/ugc/questions';

/** An answer as the thread read gives it (worker/ugc/questions.ts). */
export type WikiThreadAnswer = ThreadAnswer;

export interface WikiThreadData {
  thread: {
    question: {
      id: number;
      articleName: string | null;
      body: string;
      nick: string | null;
      answerCount: number;
      bestAnswerId: number | null;
      isMine: boolean;
      publishedAt: string | null;
      createdAt: string;
      state?: 'OK' | 'PENDING_REVIEW' | 'REJECTED';
    };
    answers: { items: WikiThreadAnswer[]; totalItems: number; page: number; pageSize: number };
  };
  path: string;
  productPath: string | null;
  articleWiki: string;
  signedIn: boolean;
  hasNick: boolean;
  staff: boolean;
  loginHref: string;
  askPath: string;
  /** Photos and videos an answer may carry. */
  maxMedia: number;
}

function Moderation({ state }: { state?: string }) {
  if (!state || state === 'OK') return null;
  return (
    <p className="qa-notice" role="note">
      {state === 'REJECTED' ? <Trans>Not published: it does not follow our publication rules.</Trans> : <Trans>Waiting for moderation: only you can see it for now.</Trans>}
    </p>
  );
}

/** An answer's public photos and videos as thumbnails, each linking to the full file. */
function AnswerMedia({ media, nick }: { media: ThreadAnswer['media']; nick: string }) {
  const { t } = useLingui();
  if (media.length === 0) return null;
  let photos = 0;
  let videos = 0;
  return (
    <ul className="qa-answer__media" aria-label={t`Photos and videos by ${nick}`}>
      {media.map((item) => {
        const position = item.kind === 'video' ? ++videos : ++photos;
        const label = item.kind === 'video' ? t`Video ${position} by ${nick}` : t`Photo ${position} by ${nick}`;
        return (
          <li key={item.id}>
            {item.kind === 'video' ? (
              <a href={mediaSrc(item.id)}>{label}</a>
            ) : (
              <a href={mediaSrc(item.id)}>
                <MediaThumb media={{ ...item, contentType: '' }} label={label} />
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function WikiThreadPage({ data }: { data: WikiThreadData }) {
  const { language } = useStore();
  const { question, answers } = data.thread;
  const published = !question.state || question.state === 'OK';
  const date = (iso: string) => <time dateTime={iso}>{formatDate(new Date(iso), language)}</time>;
  return (
    <div className="qa qa-thread">
      <p className="qa__product">
        {data.productPath && question.articleName ? <a href={data.productPath}>{question.articleName}</a> : null}
        {data.productPath && question.articleName ? ' · ' : null}
        <a href={data.articleWiki}>
          <Trans>All questions about this product</Trans>
        </a>
      </p>
      <article className="qa-question" aria-labelledby="qa-question-title">
        {question.isMine ? (
          <Island name="own-ugc-actions" component={OwnUgcActions} props={{ kind: 'question', id: question.id, body: question.body, afterDelete: data.articleWiki }} />
        ) : (
          <h1 id="qa-question-title" className="qa-question__text">
            {question.body}
          </h1>
        )}
        <p className="qa-list__meta">
          {question.nick ? <Trans>Asked by {question.nick}</Trans> : <Trans>Asked by a customer</Trans>} {date(question.publishedAt ?? question.createdAt)}
        </p>
        <Moderation state={question.state} />
        {published && !question.isMine ? (
          <Island name="report-button" component={ReportButton} props={{ kind: 'question', id: question.id, signedIn: data.signedIn, ...(data.signedIn ? {} : { loginHref: data.loginHref }) }} />
        ) : null}
      </article>
      <section aria-labelledby="qa-answers-title">
        <h2 id="qa-answers-title">
          <Plural value={answers.totalItems} one="# answer" other="# answers" />
        </h2>
        {answers.items.length === 0 ? (
          <p>
            <Trans>No answers yet. Do you know the answer?</Trans>
          </p>
        ) : (
          <ol className="qa-answers">
            {answers.items.map((answer) => (
              <li key={answer.id} id={`answer-${answer.id}`} className={`qa-answer${answer.isBest ? ' qa-answer--best' : ''}`}>
                {answer.isBest ? (
                  <p className="badge badge--best qa-answer__best">
                    <Trans>Best answer</Trans>
                  </p>
                ) : null}
                <p className="qa-answer__author">
                  {answer.authorKind === 'store' ? (
                    <>
                      <strong>Ampora</strong>{' '}
                      <span className="badge badge--store">
                        <Trans>Customer service</Trans>
                      </span>
                    </>
                  ) : (
                    <strong>{answer.nick}</strong>
                  )}{' '}
                  {answer.isOwner ? (
                    <span className="badge badge--owner">
                      <Trans>Bought this product</Trans>
                    </span>
                  ) : null}{' '}
                  {date(answer.publishedAt ?? answer.createdAt)}
                </p>
                {answer.isMine ? (
                  <Island name="own-ugc-actions" component={OwnUgcActions} props={{ kind: 'answer', id: answer.id, body: answer.body, afterDelete: data.articleWiki }} />
                ) : (
                  <p className="qa-answer__text">{answer.body}</p>
                )}
                {!answer.state ? <AnswerMedia media={answer.media ?? []} nick={answer.nick ?? 'Ampora'} /> : null}
                <Moderation state={answer.state} />
                {published && !answer.state ? (
                  <Island
                    name="answer-actions"
                    component={AnswerActions}
                    props={{
                      questionId: question.id,
                      answerId: answer.id,
                      voteCount: answer.voteCount,
                      votedByMe: answer.votedByMe,
                      canVote: data.signedIn && !answer.isMine,
                      canChooseBest: question.isMine && !answer.isMine && !answer.isBest,
                      signedIn: data.signedIn,
                      loginHref: data.loginHref,
                    }}
                  />
                ) : null}
                {published && !answer.state && !answer.isMine ? (
                  <Island name="report-button" component={ReportButton} props={{ kind: 'answer', id: answer.id, signedIn: data.signedIn, ...(data.signedIn ? {} : { loginHref: data.loginHref }) }} />
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <Pagination page={answers.page} pageSize={answers.pageSize} total={answers.totalItems} basePath={data.path} />
      </section>
      {published ? (
        <section className="qa-thread__answer">
          {data.signedIn ? (
            <Island name="answer-form" hydrate="load" component={AnswerForm} props={{ questionId: question.id, hasNick: data.hasNick, staff: data.staff, maxMedia: data.maxMedia }} />
          ) : (
            <p>
              <a className="button button--secondary" href={data.loginHref}>
                <Trans>Sign in to answer</Trans>
              </a>
            </p>
          )}
          <p>
            <a href={data.askPath}>
              <Trans>Ask another question about this product</Trans>
            </a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
