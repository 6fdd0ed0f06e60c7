/**
 * Questions and answers (`wiki`): the latest questions of the store, or one article's questions
 * with the product's name, a link to it and the button to ask; 10 a page, newest first or only
 * the answered / unanswered ones.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../components/pagination';
import { useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';

export interface WikiQuestionItem {
  id: number;
  articleId: number;
  articleName: string | null;
  body: string;
  nick: string | null;
  answerCount: number;
  hasBestAnswer: boolean;
  publishedAt: string;
  threadPath: string;
  articlePath: string | null;
}

export interface WikiData {
  article: { id: number; name: string; slug: string; path: string } | null;
  list: { items: WikiQuestionItem[]; totalItems: number; page: number; pageSize: number };
  sort: 'new' | 'answered' | 'unanswered';
  basePath: string;
  /** The ask form for the article (null on the store-wide list). */
  askPath: string | null;
}

export default function WikiPage({ data }: { data: WikiData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const { article, list, sort, basePath, askPath } = data;
  const sorts = [
    { id: 'new', label: t`Newest` },
    { id: 'answered', label: t`Answered` },
    { id: 'unanswered', label: t`Unanswered` },
  ] as const;
  const sortHref = (id: string) => (id === 'new' ? basePath : `${basePath}?sort=${id}`);
  return (
    <div className="qa">
      <h1>{article ? <Trans>Questions and answers about {article.name}</Trans> : <Trans>Questions and answers</Trans>}</h1>
      {article ? (
        <p className="qa__product">
          <a href={article.path}>
            <Trans>Go to {article.name}</Trans>
          </a>
        </p>
      ) : null}
      {askPath ? (
        <p>
          <a className="button button--primary" href={askPath}>
            <Trans>Ask a question</Trans>
          </a>
        </p>
      ) : null}
      <nav aria-label={t`Show questions`} className="qa__sorts">
        <ul className="chips">
          {sorts.map((s) => (
            <li key={s.id}>
              <a href={sortHref(s.id)} aria-current={s.id === sort ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status">
        <Plural value={list.totalItems} one="# question" other="# questions" />
      </p>
      {list.items.length === 0 ? (
        <p>
          <Trans>No questions here yet.</Trans>
        </p>
      ) : (
        <ol className="qa-list">
          {list.items.map((item) => (
            <li key={item.id} className="qa-list__item">
              {!article && item.articleName ? (
                <p className="qa-list__product">{item.articlePath ? <a href={item.articlePath}>{item.articleName}</a> : item.articleName}</p>
              ) : null}
              <p className="qa-list__question">
                <a href={item.threadPath}>{item.body}</a>
              </p>
              <p className="qa-list__meta">
                {item.nick ? <span>{item.nick}</span> : null} <time dateTime={item.publishedAt}>{formatDate(new Date(item.publishedAt), language)}</time>{' '}
                <span>{item.answerCount === 0 ? <Trans>No answers yet</Trans> : <Plural value={item.answerCount} one="# answer" other="# answers" />}</span>
                {item.hasBestAnswer ? (
                  <span className="badge badge--best">
                    <Trans>Best answer chosen</Trans>
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.totalItems} basePath={basePath} query={sort === 'new' ? {} : { sort }} />
    </div>
  );
}
