/**
 * Questions and answers pages (docs/user-content.md):
 * - `wiki` (/wiki/:idArticle?): without an id the latest questions of the whole store, with one
 *   the article's questions (an unknown article is the 404 page); 10 a page, `sort=new|answered|
 *   unanswered`. Paged and sorted variants are not indexed, the plain page is the canonical one.
 * - `wikiThread` (/wiki/thread/:questionId): the question and a page of its answers, the forms of
 *   the signed-in viewer, and a QAPage document of the published content only. A question that is
 *   not published is the 404 page for everybody but its asker and staff.
 * - `addQuestion` (/crea-tu-pregunta?article=<id>): the question form of a signed-in shopper.
 * None of them is in the edge cache (route-table screens): the viewer's own state is rendered.
 */
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { AskQuestionData } from '../../../client/pages/ask-question';
import type { WikiData } from '../../../client/pages/wiki';
import type { WikiThreadData } from '../../../client/pages/wiki-thread';
import { href, slugHref, type RouteId } from '../../../client/routes';
import { isStaff } from '../../admin/access';
import { articles, articleTranslations } from '../../db/schema';
import type { Db } from '../../db/client';
import { currentUser } from '../../identity/session';
import { MAX_MEDIA_PER_ITEM } from '../../ugc/media';
import { listQuestions, QUESTION_SORTS, questionThread, type QuestionSort } from '../../ugc/questions';
import { definePage, pageNumber, type PageDefinition } from './types';

function positiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 ? id : null;
}

async function articleInLanguage(db: Db, id: number, language: string): Promise<{ id: number; name: string; slug: string } | null> {
  const [row] = await db
    .select({ id: articles.id, name: articleTranslations.name, slug: articleTranslations.slug })
    .from(articles)
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
    .where(eq(articles.id, id));
  return row ?? null;
}

const wiki = definePage<WikiData>({
  component: lazy(() => import('../../../client/pages/wiki')),
  async load({ db, language, channel, params, url, i18n }) {
    let article: WikiData['article'] = null;
    if (params.idArticle !== undefined && params.idArticle !== '') {
      const id = positiveId(params.idArticle);
      const found = id ? await articleInLanguage(db, id, language) : null;
      if (!found) return null;
      article = { ...found, path: slugHref(found.slug, language, channel) };
    }
    const requested = url.searchParams.get('sort');
    const sort: QuestionSort = (QUESTION_SORTS as readonly string[]).includes(requested ?? '') ? (requested as QuestionSort) : 'new';
    const page = pageNumber(url);
    const list = await listQuestions(db, { articleId: article?.id, page, sort, language });
    if (page > 1 && list.items.length === 0) return null;
    const askPath = href('addQuestion', language, channel);
    const name = article?.name ?? '';
    return {
      data: {
        article,
        list: {
          ...list,
          items: list.items.map((item) => ({ ...item, threadPath: href('wikiThread', language, channel, { questionId: String(item.id) }), articlePath: item.articleSlug ? slugHref(item.articleSlug, language, channel) : null })),
        },
        sort,
        basePath: href('wiki', language, channel, article ? { idArticle: String(article.id) } : {}),
        askPath: article ? `${askPath}?article=${article.id}` : null,
      },
      meta: {
        title: article ? i18n._(msg`Questions and answers about ${name} | Ampora`) : i18n._(msg`Questions and answers | Ampora`),
        description: article ? i18n._(msg`Questions about ${name} answered by customers who bought it and by our team.`) : i18n._(msg`The latest questions of our customers, answered by other customers and by our team.`),
        noIndex: page > 1 || sort !== 'new',
      },
      breadcrumbs: article
        ? [
            { name: article.name, path: article.path },
            { name: i18n._(msg`Questions and answers`), path: href('wiki', language, channel, { idArticle: String(article.id) }) },
          ]
        : [{ name: i18n._(msg`Questions and answers`), path: href('wiki', language, channel) }],
    };
  },
});

const wikiThread = definePage<WikiThreadData>({
  component: lazy(() => import('../../../client/pages/wiki-thread')),
  async load({ db, language, channel, params, url, i18n, http }) {
    const id = positiveId(params.questionId);
    if (!id) return null;
    const user = await currentUser(http);
    const page = pageNumber(url);
    const thread = await questionThread(db, { id, viewer: user ? { userId: user.id, staff: isStaff(user) } : null, page, language });
    if (!thread) return null;
    if (page > 1 && thread.answers.items.length === 0) return null;
    const q = thread.question;
    const path = href('wikiThread', language, channel, { questionId: String(id) });
    const articleWiki = href('wiki', language, channel, { idArticle: String(q.articleId) });
    const productPath = q.articleSlug ? slugHref(q.articleSlug, language, channel) : null;
    const published = q.state === undefined || q.state === 'OK';
    const title = q.body.length > 70 ? `${q.body.slice(0, 69)}…` : q.body;
    const answersShown = thread.answers.items.filter((a) => a.state === undefined);
    const absolute = (p: string) => new URL(p, url.origin).toString();
    const person = (nick: string | null) => (nick ? { '@type': 'Person', name: nick } : { '@type': 'Organization', name: 'Ampora' });
    const answerDoc = (a: (typeof answersShown)[number]) => ({
      '@type': 'Answer',
      text: a.body,
      upvoteCount: a.voteCount,
      ...(a.publishedAt ? { datePublished: a.publishedAt } : {}),
      author: person(a.nick),
      url: `${absolute(path)}#answer-${a.id}`,
    });
    const best = answersShown.find((a) => a.isBest);
    return {
      data: {
        thread,
        path,
        productPath,
        articleWiki,
        signedIn: user !== null,
        hasNick: !!user?.nick,
        staff: isStaff(user),
        loginHref: `${href('login', language, channel)}?next=${encodeURIComponent(url.pathname + url.search)}`,
        askPath: `${href('addQuestion', language, channel)}?article=${q.articleId}`,
        maxMedia: MAX_MEDIA_PER_ITEM,
      },
      meta: { title: i18n._(msg`${title} | Questions and answers | Ampora`), description: q.body.slice(0, 160), noIndex: !published || page > 1 },
      jsonLd: published
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'QAPage',
              mainEntity: {
                '@type': 'Question',
                name: title,
                text: q.body,
                answerCount: q.answerCount,
                ...(q.publishedAt ? { datePublished: q.publishedAt } : {}),
                author: person(q.nick),
                ...(best ? { acceptedAnswer: answerDoc(best) } : {}),
                suggestedAnswer: answersShown.filter((a) => !a.isBest).map(answerDoc),
              },
            },
          ]
        : [],
      breadcrumbs: [
        ...(productPath && q.articleName ? [{ name: q.articleName, path: productPath }] : []),
        { name: i18n._(msg`Questions and answers`), path: articleWiki },
        { name: title, path },
      ],
      headers: { 'Cache-Control': 'private, no-store' },
    };
  },
});

const addQuestion = definePage<AskQuestionData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/ask-question')),
  async load({ db, language, channel, url, i18n, user }) {
    const id = positiveId(url.searchParams.get('article'));
    const found = id ? await articleInLanguage(db, id, language) : null;
    return {
      data: {
        article: found ? { ...found, path: slugHref(found.slug, language, channel), wikiPath: href('wiki', language, channel, { idArticle: String(found.id) }) } : null,
        hasNick: !!user?.nick,
        searchPath: href('search', language, channel),
        wikiPath: href('wiki', language, channel),
        threadBase: href('wikiThread', language, channel, { questionId: '0' }).replace(/0$/, ''),
      },
      meta: { title: i18n._(msg`Ask a question | Ampora`), noIndex: true },
    };
  },
});

export const questionsRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { wiki, wikiThread, addQuestion };
