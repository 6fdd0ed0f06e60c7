// Every user-content screen of the route table, in each of the six languages on a channel that
// offers it: public screens answer 200 in that language with a heading of their own (no language
// shows another's words), personal screens send anonymous visitors to the login and come back.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { href, type RouteId, type RoutingChannel } from '../../client/routes';
import { LANGUAGE_INFO, type Language } from '../../client/i18n/languages';
import { DEFAULT_CHANNELS, type ChannelId } from '../../worker/channel/channels';
import { host, htmlLang, page } from './helpers';

/** A channel offering each language, so the six are all reached (English under /en/ on ES). */
const WHERE: [Language, ChannelId][] = [
  ['es_ES', 'ES'],
  ['en_EN', 'ES'],
  ['pt_PT', 'PT'],
  ['fr_FR', 'FR'],
  ['it_IT', 'IT'],
  ['de_DE', 'DE'],
];

const PUBLIC_SCREENS = ['reviews', 'wiki', 'wikiThread', 'answersGame', 'userRanking', 'opineAndWin', 'supportOpinions'] as const satisfies readonly RouteId[];
const PERSONAL_SCREENS = ['addReview', 'addQuestion', 'ugcUpload', 'accountReviews'] as const satisfies readonly RouteId[];

let articleId = 0;
let questionId = 0;
const productSlug = new Map<Language, string>();

beforeAll(async () => {
  // A product sold on every channel with published reviews and a published question.
  const row = await env.DB.prepare(
    `SELECT q.article_id AS articleId, q.id AS questionId FROM questions q
     WHERE q.state = 'OK'
       AND EXISTS (SELECT 1 FROM product_reviews r WHERE r.article_id = q.article_id AND r.state = 'OK')
       AND (SELECT count(DISTINCT channel) FROM listings l WHERE l.article_id = q.article_id AND l.price IS NOT NULL) = 5
     ORDER BY q.id LIMIT 1`,
  ).first<{ articleId: number; questionId: number }>();
  expect(row).not.toBeNull();
  articleId = row!.articleId;
  questionId = row!.questionId;
  const slugs = await env.DB.prepare("SELECT lang, slug FROM slugs WHERE kind = 'product' AND entity_id = ?").bind(articleId).all<{ lang: Language; slug: string }>();
  for (const { lang, slug } of slugs.results) productSlug.set(lang, slug);
});

function params(id: RouteId, language: Language): Record<string, string> {
  switch (id) {
    case 'reviews':
      return { product: productSlug.get(language)! };
    case 'wikiThread':
      return { questionId: String(questionId) };
    case 'addReview':
      return { productId: String(articleId) };
    default:
      return {};
  }
}

const textOf = (html: string, tag: string) => new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();
/** The screen's own heading: a thread's h1 is the customer's question (the same in every language), its h2 the store's words. */
const heading = (id: RouteId, html: string) => textOf(html, id === 'wikiThread' ? 'h2' : 'h1');

describe('user-content screens in six languages', () => {
  it.each(PUBLIC_SCREENS)('%s answers in each language with its own heading', async (id) => {
    const headings = new Map<Language, string>();
    for (const [language, channelId] of WHERE) {
      const channel: RoutingChannel = DEFAULT_CHANNELS[channelId];
      const path = href(id, language, channel, params(id, language));
      const { status, html } = await page(`${host(channelId)}${path}`);
      expect(status, `${id} ${language} ${path}`).toBe(200);
      expect(htmlLang(html), `${id} ${language}`).toBe(LANGUAGE_INFO[language].tag);
      const h1 = heading(id, html);
      expect(h1, `${id} ${language} has a heading`).toBeTruthy();
      headings.set(language, h1!);
    }
    // Six languages, six headings: a screen whose heading is the same in two languages was not translated.
    expect(new Set(headings.values()).size, JSON.stringify(Object.fromEntries(headings))).toBe(6);
  });

  it.each(PERSONAL_SCREENS)('%s sends an anonymous visitor to the login and back, in each language', async (id) => {
    for (const [language, channelId] of WHERE) {
      const channel: RoutingChannel = DEFAULT_CHANNELS[channelId];
      const path = href(id, language, channel, params(id, language));
      const response = await page(`${host(channelId)}${path}`, { redirect: 'manual' });
      expect([302, 303], `${id} ${language} ${path}`).toContain(response.status);
      const location = new URL(response.headers.get('Location')!, host(channelId));
      expect(location.pathname, `${id} ${language}`).toBe(href('login', language, channel));
      expect(location.searchParams.get('next'), `${id} ${language}`).toBe(path);
    }
  });
});
