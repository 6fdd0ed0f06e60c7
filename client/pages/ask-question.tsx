/**
 * Ask a question (`addQuestion`, ?article=<id>): the question form for the article, or, without
 * a known article, the way to find one (search, then "Ask a question" on its questions page).
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import QuestionForm from '../islands/question-form';

export interface AskQuestionData {
  article: { id: number; name: string; path: string; wikiPath: string } | null;
  hasNick: boolean;
  searchPath: string;
  wikiPath: string;
  /** The thread address without the id. */
  threadBase: string;
}

export default function AskQuestionPage({ data }: { data: AskQuestionData }) {
  const { article } = data;
  if (!article) {
    return (
      <div className="qa">
        <h1>
          <Trans>Ask a question</Trans>
        </h1>
        <p>
          <Trans>Questions are about one product. Find the product first, then ask from its questions and answers.</Trans>
        </p>
        <p>
          <a className="button button--primary" href={data.searchPath}>
            <Trans>Search for a product</Trans>
          </a>{' '}
          <a href={data.wikiPath}>
            <Trans>See the latest questions</Trans>
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="qa">
      <h1>
        <Trans>Ask a question about {article.name}</Trans>
      </h1>
      <p className="qa__product">
        <a href={article.path}>{article.name}</a> · <a href={article.wikiPath}><Trans>Questions already asked</Trans></a>
      </p>
      <Island name="question-form" hydrate="load" component={QuestionForm} props={{ articleId: article.id, hasNick: data.hasNick, threadBase: data.threadBase }} />
    </div>
  );
}
