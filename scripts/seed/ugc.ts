/**
 * Seeded user content for the demo catalogue: community users, their reviews (the only source of
 * articles.rating_average / rating_count, see reviewScores in ./articles.ts), helpful votes,
 * questions and answers, and the points ledger those earn (worker/domain/ugc/points.ts, with the
 * ref conventions of worker/ugc/points.ts). Pure and deterministic in (seed, article id); each
 * article's content is recomputed on demand, so memory stays flat however many articles there are.
 *
 * Ids: no seeded row carries an id; AUTOINCREMENT assigns them at insertion. The community users
 * go in one INSERT, in index order, so their ids are consecutive: user i is `cu.b + i`, where
 * `cu.b` is the id of user 0 (the store's author, found by e-mail). Content rows are keys (article
 * id, user indexes) joined to the assigned ids in INSERT … SELECT statements (a review by article
 * and author, a question by article and asker, an answer by question and author: all unique).
 * A fixed id range would not keep real sign-ups apart: SQLite gives a new row max(rowid) + 1, so
 * after a row at 2,000,000,000 every sign-up would land above it; and ids taken from 1 would clash
 * with users and content that already exist when `npm run seed` runs on a used database.
 *
 * `clear` deletes only what is seeded: users with a @community.ampora.test address, their content,
 * votes and points, and answers and votes others left on seeded questions and reviews.
 */
import { ORDER_NUMBER_PATTERN } from '../../worker/domain/orders/order-number';
import { POINTS } from '../../worker/domain/ugc/points';
import { nickKey } from '../../worker/domain/identity/nick';
import type { Article, CatalogueContext } from './articles';
import { chance, int, pick, streamFor, unit, type Rng } from './random';
import { CHANNELS, LANGS, type Lang } from './text';
import { DELIVERY, DISLIKED, LIKED, STORE_ANSWERS, TITLES, USE, familyOf, questionsFor } from './ugc-texts';

export const COMMUNITY_DOMAIN = 'community.ampora.test';
/** SQL condition on `users`: a generated community user. */
export const COMMUNITY_USER_SQL = `email LIKE '%@${COMMUNITY_DOMAIN}'`;
const COMMUNITY_IDS = `SELECT id FROM users WHERE ${COMMUNITY_USER_SQL}`;
/** Community users besides the store's own author of store answers. */
export const COMMUNITY_SIZE = 150;
/** The e-mail of the user store answers are filed under (nick "Ampora", reserved for customers). */
export const STORE_EMAIL = `ampora@${COMMUNITY_DOMAIN}`;

const DAY = 86_400;
/** Seeded content spreads over the 18 months before the catalogue's "today". */
const HISTORY_DAYS = 548;
const QUESTION_SHARE = 0.15;
const UNANSWERED_SHARE = 0.3;

/** The id of user 0; user i is `cu.b + i` (see the header). */
const BASE_CTE = `cu(b) AS (SELECT id FROM users WHERE email = '${STORE_EMAIL}')`;
const REVIEW_ID = (article: string, author: string) => `(SELECT id FROM product_reviews WHERE article_id = ${article} AND user_id = cu.b + ${author})`;
const QUESTION_ID = (article: string, asker: string) => `(SELECT id FROM questions WHERE article_id = ${article} AND user_id = cu.b + ${asker})`;
const ANSWER_ID = (article: string, asker: string, author: string) => `(SELECT id FROM answers WHERE question_id = ${QUESTION_ID(article, asker)} AND user_id = cu.b + ${author})`;

export interface CommunityUser {
  /** 0 for the store's author, 1…COMMUNITY_SIZE for customers. */
  index: number;
  nick: string;
  nickKey: string;
  email: string;
  lang: Lang;
  channel: string;
  hashId: string;
  cartId: string;
  passwordHash: string;
  createdAt: number;
}

const NAMES: Record<Lang, string[]> = {
  es_ES: ['Lucía', 'Javier', 'Carmen', 'Pablo', 'Marta', 'Sergio', 'Elena', 'Álvaro', 'Nuria', 'Raúl', 'Inés', 'Jorge', 'Paula', 'Diego', 'Rocío', 'Iván'],
  en_EN: ['Oliver', 'Emma', 'Jack', 'Olivia', 'Harry', 'Amelia', 'George', 'Isla'],
  fr_FR: ['Camille', 'Julien', 'Manon', 'Théo', 'Chloé', 'Mathieu', 'Léa', 'Antoine', 'Élodie', 'Hugo'],
  pt_PT: ['João', 'Inês', 'Tiago', 'Beatriz', 'Rui', 'Mariana', 'Gonçalo', 'Catarina', 'Duarte', 'Leonor'],
  it_IT: ['Giulia', 'Marco', 'Chiara', 'Luca', 'Francesca', 'Matteo', 'Sara', 'Davide', 'Alessia', 'Niccolò'],
  de_DE: ['Lukas', 'Anna', 'Jonas', 'Lena', 'Felix', 'Sophie', 'Moritz', 'Hannah', 'Jörg', 'Jürgen'],
};
const HOBBIES: Record<Lang, string[]> = {
  es_ES: ['Tech', 'Gamer', 'Foto', 'Runner', 'Cocina'],
  en_EN: ['Tech', 'Gamer', 'Snaps', 'Runs', 'Geek'],
  fr_FR: ['Tech', 'Gamer', 'Photo', 'Geek', 'Cuisine'],
  pt_PT: ['Tech', 'Gamer', 'Foto', 'Geek', 'Surf'],
  it_IT: ['Tech', 'Gamer', 'Foto', 'Geek', 'Cucina'],
  de_DE: ['Tech', 'Gamer', 'Foto', 'Technik', 'Koch'],
};
/** Community users per language (en_EN users shop on any channel). */
const LANG_SHARE: [Lang, number][] = [['es_ES', 48], ['en_EN', 12], ['fr_FR', 24], ['pt_PT', 22], ['it_IT', 22], ['de_DE', 22]];
const CHANNEL_OF: Record<Lang, string> = { es_ES: 'ES', en_EN: 'ES', fr_FR: 'FR', pt_PT: 'PT', it_IT: 'IT', de_DE: 'DE' };
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';
const ORDER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const chars = (rng: Rng, alphabet: string, n: number): string => {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(rng() * alphabet.length)];
  return out;
};
const asciiFold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

function nickFor(rng: Rng, lang: Lang): string {
  const name = pick(rng, NAMES[lang]);
  switch (int(rng, 0, 3)) {
    case 0: return `${name}${int(rng, 70, 99)}`;
    case 1: return `${name}_${chars(rng, 'ABCDEFGHJLMNPRSTV', 1)}`;
    case 2: return `${name.toLowerCase()}.${chars(rng, 'abcdefghjlmnprstv', 1)}${int(rng, 1, 9)}`;
    default: return `${name}${pick(rng, HOBBIES[lang])}`;
  }
}

const usersBySeed = new Map<number, CommunityUser[]>();

/** The store's author (index 0) and the community users, fixed per seed (not per catalogue size). */
export function communityUsers(ctx: CatalogueContext): CommunityUser[] {
  const key = ctx.seed * 1e10 + ctx.now;
  const cached = usersBySeed.get(key);
  if (cached) return cached;
  const langs: Lang[] = LANG_SHARE.flatMap(([lang, n]) => Array<Lang>(n).fill(lang));
  const order = streamFor(ctx.seed, 'community-order');
  for (let i = langs.length - 1; i > 0; i--) {
    const j = Math.floor(order() * (i + 1));
    [langs[i], langs[j]] = [langs[j]!, langs[i]!];
  }
  const taken = new Set<string>(['ampora']);
  const users: CommunityUser[] = [];
  for (let index = 0; index <= COMMUNITY_SIZE; index++) {
    const rng = streamFor(ctx.seed, 'community-user', index);
    const lang: Lang = index === 0 ? 'es_ES' : langs[index - 1]!;
    let nick = 'Ampora';
    if (index > 0) {
      nick = nickFor(rng, lang);
      while (taken.has(nickKey(nick))) nick = `${nick.slice(0, 17)}${int(rng, 1, 9)}`;
      taken.add(nickKey(nick));
    }
    const channel = lang === 'en_EN' ? pick(rng, CHANNELS) : CHANNEL_OF[lang];
    const cart = chars(rng, HEX, 32);
    users.push({
      index, nick, nickKey: nickKey(nick), lang, channel,
      email: index === 0 ? STORE_EMAIL : `${asciiFold(nick)}.${index}@${COMMUNITY_DOMAIN}`,
      hashId: chars(rng, B64URL, 16),
      cartId: `${cart.slice(0, 8)}-${cart.slice(8, 12)}-4${cart.slice(13, 16)}-a${cart.slice(17, 20)}-${cart.slice(20)}`,
      // The stored format with a random hash: no password derives to it, and a login attempt
      // costs what any failed login costs.
      passwordHash: `pbkdf2-sha256$100000$${chars(rng, B64URL, 22)}$${chars(rng, B64URL, 43)}`,
      createdAt: ctx.now - (HISTORY_DAYS + int(rng, 30, 400)) * DAY - int(rng, 0, DAY - 1),
    });
  }
  usersBySeed.set(key, users);
  return users;
}

export interface SeededVote {
  voter: CommunityUser;
  helpful: boolean;
  at: number;
}
export interface SeededReview {
  articleId: number;
  author: CommunityUser;
  rating: number;
  title: string;
  body: string;
  createdAt: number;
  publishedAt: number;
  verifiedOrder: string | null;
  votes: SeededVote[];
}
export interface SeededAnswer {
  author: CommunityUser;
  kind: 'customer' | 'store';
  isOwner: boolean;
  source: 'thread' | 'game';
  body: string;
  createdAt: number;
  votes: SeededVote[];
}
export interface SeededQuestion {
  articleId: number;
  asker: CommunityUser;
  lang: Lang;
  channel: string;
  body: string;
  createdAt: number;
  answers: SeededAnswer[];
  /** Index into `answers` of the best answer, and when it was chosen. */
  best: { index: number; at: number } | null;
}

/** `count` distinct items of `pool` (partial Fisher–Yates on a copy). */
function sample<T>(rng: Rng, pool: readonly T[], count: number): T[] {
  const copy = [...pool];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

const between = (rng: Rng, from: number, to: number): number => (to <= from ? from : from + Math.floor(rng() * (to - from)));
const langIndex = (lang: Lang): number => LANGS.indexOf(lang);

/** A synthetic order number in the store's format (seeded reviews are verified by construction). */
function orderNumberFor(rng: Rng, channel: string, at: number): string {
  const date = new Date(at * 1000).toISOString().slice(2, 10).replaceAll('-', '');
  const number = `${channel}-${date}-${chars(rng, ORDER_ALPHABET, 6)}`;
  if (!ORDER_NUMBER_PATTERN.test(number)) throw new Error(`bad seeded order number ${number}`);
  return number;
}

function votesOn(rng: Rng, pool: readonly CommunityUser[], author: CommunityUser, after: number, now: number, maxHelpful: number, unhelpfulShare: number): SeededVote[] {
  const helpful = Math.floor(Math.exp(rng() * Math.log(maxHelpful + 1))) - 1;
  const unhelpful = chance(rng, unhelpfulShare) ? int(rng, 1, 2) : 0;
  const voters = sample(rng, pool.filter((u) => u.index !== author.index), helpful + unhelpful);
  return voters.map((voter, i) => ({ voter, helpful: i < helpful, at: between(rng, after + 3600, now) }));
}

/** Composes a review's title and body in the author's language. */
function reviewText(rng: Rng, article: Article, rating: number, lang: Lang): { title: string; body: string } {
  const li = langIndex(lang);
  const family = familyOf(article.kind.def.key);
  const band = rating >= 8 ? 'good' : rating >= 5 ? 'mixed' : 'bad';
  const title = pick(rng, TITLES[band])[li]!;
  const parts: string[] = [];
  if (band !== 'bad' || chance(rng, 0.4)) parts.push(pick(rng, LIKED[family])[li]!);
  if (band !== 'good' || chance(rng, 0.15)) parts.push(pick(rng, DISLIKED)[li]!);
  if (chance(rng, 0.6)) parts.push(pick(rng, USE[family])[li]!);
  if (chance(rng, 0.7) || parts.length < 2) parts.push(pick(rng, article.kind.def.digital ? DELIVERY.digital : DELIVERY.physical)[li]!);
  return { title, body: parts.join(' ') };
}

/** The reviews of an article: one per score of article.ratingScores, each by a different user. */
export function reviewsOf(ctx: CatalogueContext, article: Article): SeededReview[] {
  if (!article.ratingScores.length) return [];
  const users = communityUsers(ctx).slice(1);
  const rng = streamFor(ctx.seed, 'reviews', article.id);
  const authors = sample(rng, users, article.ratingScores.length);
  const from = Math.max(article.createdAt + 3600, ctx.now - HISTORY_DAYS * DAY);
  return article.ratingScores.map((rating, i) => {
    const author = authors[i]!;
    const createdAt = between(rng, from, ctx.now - 7200);
    const publishedAt = Math.min(createdAt + int(rng, 600, 2 * DAY), ctx.now - 3600);
    const { title, body } = reviewText(rng, article, rating, author.lang);
    const verifiedOrder = chance(rng, 0.85) ? orderNumberFor(rng, author.channel, createdAt - int(rng, 3, 40) * DAY) : null;
    return { articleId: article.id, author, rating, title, body, createdAt, publishedAt, verifiedOrder, votes: votesOn(rng, users, author, publishedAt, ctx.now, 5, 0.15) };
  });
}

/** The questions (and their answers) of an article; about QUESTION_SHARE of articles have some. */
export function questionsOf(ctx: CatalogueContext, article: Article): SeededQuestion[] {
  if (unit(ctx.seed, 'questions', article.id) >= QUESTION_SHARE) return [];
  const all = communityUsers(ctx);
  const store = all[0]!;
  const users = all.slice(1);
  const rng = streamFor(ctx.seed, 'questions', article.id);
  const texts = questionsFor(familyOf(article.kind.def.key));
  const askers = sample(rng, users, int(rng, 1, 4));
  const topics = sample(rng, texts, askers.length);
  const from = Math.max(article.createdAt + 3600, ctx.now - HISTORY_DAYS * DAY);
  return askers.map((asker, qi) => {
    const topic = topics[qi % topics.length]!;
    const li = langIndex(asker.lang);
    const createdAt = between(rng, from, ctx.now - 3 * 3600);
    const answers: SeededAnswer[] = [];
    if (!chance(rng, UNANSWERED_SHARE)) {
      const sameLanguage = users.filter((u) => u.lang === asker.lang && u.index !== asker.index);
      const bodies = sample(rng, topic.answers, int(rng, 1, topic.answers.length));
      const authors = sample(rng, sameLanguage, bodies.length);
      authors.forEach((author, ai) => {
        const isOwner = chance(rng, 0.45);
        const at = between(rng, createdAt + 600, ctx.now - 1800);
        answers.push({ author, kind: 'customer', isOwner, source: isOwner && chance(rng, 0.4) ? 'game' : 'thread', body: bodies[ai]![li]!, createdAt: at, votes: [] });
      });
      if (chance(rng, 0.25)) answers.push({ author: store, kind: 'store', isOwner: false, source: 'thread', body: pick(rng, STORE_ANSWERS)[li]!, createdAt: between(rng, createdAt + 600, ctx.now - 1800), votes: [] });
      for (const a of answers) a.votes = votesOn(rng, users, a.author, a.createdAt, ctx.now, 5, 0).filter((v) => v.helpful);
    }
    const customers = answers.map((a, i) => [a, i] as const).filter(([a]) => a.kind === 'customer');
    let best: SeededQuestion['best'] = null;
    if (customers.length && chance(rng, 0.45)) {
      const [answer, index] = pick(rng, customers);
      best = { index, at: Math.min(answer.createdAt + int(rng, 600, 3 * DAY), ctx.now - 60) };
    }
    return { articleId: article.id, asker, lang: asker.lang, channel: asker.channel, body: topic.question[li]!, createdAt, answers, best };
  });
}

export interface LedgerEntry {
  user: number;
  reason: keyof typeof POINTS;
  /** What earned it: the ref_id's parts as keys (user indexes), resolved by the INSERT (see ugcTables). */
  kind: 'review' | 'question' | 'answer' | 'reviewVote' | 'answerVote';
  article: number;
  /** review: its author; question and answer: the asker. */
  x: number;
  /** answer: its author. */
  y: number | null;
  voter: number | null;
  points: number;
  at: number;
}

/** The points the seeded content earns, by the rules of worker/ugc/points.ts and its callers. */
export function ledgerOf(reviews: readonly SeededReview[], questions: readonly SeededQuestion[]): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  const add = (user: number, reason: keyof typeof POINTS, kind: LedgerEntry['kind'], article: number, x: number, y: number | null, voter: number | null, at: number) =>
    out.push({ user, reason, kind, article, x, y, voter, points: POINTS[reason], at });
  for (const r of reviews) {
    const author = r.author.index;
    add(author, 'review', 'review', r.articleId, author, null, null, r.publishedAt);
    for (const v of r.votes) if (v.helpful) add(author, 'helpfulVote', 'reviewVote', r.articleId, author, null, v.voter.index, v.at);
  }
  for (const question of questions) {
    const asker = question.asker.index;
    add(asker, 'question', 'question', question.articleId, asker, null, null, question.createdAt);
    question.answers.forEach((a, i) => {
      // The store is not in the ranking: store answers earn nothing, nor do votes on them.
      if (a.kind !== 'customer') return;
      const author = a.author.index;
      add(author, 'answer', 'answer', question.articleId, asker, author, null, a.createdAt);
      if (a.source === 'game') add(author, 'gameAnswer', 'answer', question.articleId, asker, author, null, a.createdAt);
      if (question.best?.index === i) add(author, 'bestAnswer', 'answer', question.articleId, asker, author, null, question.best.at);
      for (const v of a.votes) add(author, 'helpfulVote', 'answerVote', question.articleId, asker, author, v.voter.index, v.at);
    });
  }
  return out;
}

type Row = Record<string, string | number | null>;

export interface UgcTable {
  table: string;
  produce: () => Iterable<Row>;
  /** WHERE condition of `clear`: only seeded rows (and what others left on them). */
  clear: string;
  /** Statements run after the table's INSERTs. */
  after?: () => Iterable<string>;
  /** Rows are keys joined to assigned ids (scripts/seed/sql.ts). */
  select?: { with?: string; columns: readonly string[]; select: string };
  oneStatement?: boolean;
}

/** INSERT … SELECT of key rows `s` with the user base `cu`: `pass` columns copied, `computed` [column, expression]. */
function keyed(pass: readonly string[], computed: [string, string][], join = ''): NonNullable<UgcTable['select']> {
  return {
    with: BASE_CTE,
    columns: [...computed.map(([c]) => c), ...pass],
    select: `${[...computed.map(([, e]) => e), ...pass.map((c) => `s.${c}`)].join(', ')} FROM s, cu${join}`,
  };
}

const SEEDED_QUESTIONS = `SELECT id FROM questions WHERE user_id IN (${COMMUNITY_IDS})`;
const SEEDED_REVIEWS = `SELECT id FROM product_reviews WHERE user_id IN (${COMMUNITY_IDS})`;
const ANSWERS_ON_SEEDED = `SELECT id FROM answers WHERE user_id IN (${COMMUNITY_IDS}) OR question_id IN (${SEEDED_QUESTIONS})`;

/** The user-content tables in insertion order; `articles` yields the catalogue's articles. */
export function ugcTables(ctx: CatalogueContext, articles: () => Iterable<Article>): UgcTable[] {
  const users = () => communityUsers(ctx);
  const reviewColumns = ['article_id', 'rating', 'created_at', 'title', 'body', 'language', 'channel', 'state', 'moderation_note', 'verified_order', 'helpful_count', 'unhelpful_count', 'report_count', 'updated_at', 'published_at'];
  const questionColumns = ['article_id', 'body', 'language', 'channel', 'state', 'moderation_note', 'best_answer_id', 'answer_count', 'report_count', 'created_at', 'updated_at', 'published_at'];
  const answerColumns = ['author_kind', 'is_owner', 'source', 'body', 'language', 'state', 'moderation_note', 'vote_count', 'report_count', 'created_at', 'updated_at', 'published_at'];
  return [
    {
      table: 'users',
      clear: COMMUNITY_USER_SQL,
      oneStatement: true,
      produce: () => users().map((u) => ({
        hash_id: u.hashId, email: u.email, email_verified_at: u.createdAt, password_hash: u.passwordHash, nick: u.nick, nick_key: u.nickKey,
        birthday: null, channel: u.channel, language: u.lang, roles: '["customer"]', cart_id: u.cartId, created_at: u.createdAt,
      })),
    },
    {
      table: 'product_reviews',
      clear: `user_id IN (${COMMUNITY_IDS})`,
      select: keyed(reviewColumns, [['user_id', 'cu.b + s.u']]),
      *produce() {
        for (const a of articles()) {
          for (const r of reviewsOf(ctx, a)) {
            const helpful = r.votes.filter((v) => v.helpful).length;
            yield {
              u: r.author.index, article_id: r.articleId, rating: r.rating, created_at: r.createdAt, title: r.title, body: r.body,
              language: r.author.lang, channel: r.author.channel, state: 'OK', moderation_note: '[]', verified_order: r.verifiedOrder,
              helpful_count: helpful, unhelpful_count: r.votes.length - helpful, report_count: 0, updated_at: r.createdAt, published_at: r.publishedAt,
            };
          }
        }
      },
    },
    {
      table: 'review_votes',
      clear: `user_id IN (${COMMUNITY_IDS}) OR review_id IN (${SEEDED_REVIEWS})`,
      select: keyed(['helpful', 'created_at'], [['review_id', 'r.id'], ['user_id', 'cu.b + s.v']], ' JOIN product_reviews r ON r.article_id = s.a AND r.user_id = cu.b + s.u'),
      *produce() {
        for (const a of articles()) {
          for (const r of reviewsOf(ctx, a)) for (const v of r.votes) yield { a: r.articleId, u: r.author.index, v: v.voter.index, helpful: v.helpful ? 1 : 0, created_at: v.at };
        }
      },
    },
    {
      table: 'questions',
      clear: `user_id IN (${COMMUNITY_IDS})`,
      select: keyed(questionColumns, [['user_id', 'cu.b + s.u']]),
      *produce() {
        for (const a of articles()) {
          for (const question of questionsOf(ctx, a)) {
            yield {
              u: question.asker.index, article_id: question.articleId, body: question.body, language: question.lang, channel: question.channel,
              state: 'OK', moderation_note: '[]', best_answer_id: null, answer_count: question.answers.length, report_count: 0,
              created_at: question.createdAt, updated_at: question.best?.at ?? question.createdAt, published_at: question.createdAt,
            };
          }
        }
      },
    },
    {
      table: 'answers',
      clear: `user_id IN (${COMMUNITY_IDS}) OR question_id IN (${SEEDED_QUESTIONS})`,
      select: keyed(answerColumns, [['question_id', 'q.id'], ['user_id', 'cu.b + s.u']], ' JOIN questions q ON q.article_id = s.a AND q.user_id = cu.b + s.asker'),
      *produce() {
        for (const a of articles()) {
          for (const question of questionsOf(ctx, a)) {
            for (const answer of question.answers) {
              yield {
                a: question.articleId, asker: question.asker.index, u: answer.author.index, author_kind: answer.kind, is_owner: answer.isOwner ? 1 : 0,
                source: answer.source, body: answer.body, language: question.lang, state: 'OK', moderation_note: '[]', vote_count: answer.votes.length,
                report_count: 0, created_at: answer.createdAt, updated_at: answer.createdAt, published_at: answer.createdAt,
              };
            }
          }
        }
      },
      // The best answer exists only once answers are in: one UPDATE per article with best answers.
      *after() {
        for (const a of articles()) {
          const picks = questionsOf(ctx, a).filter((question) => question.best).map((question) => `(${a.id}, ${question.asker.index}, ${question.answers[question.best!.index]!.author.index})`);
          if (!picks.length) continue;
          yield `WITH ${BASE_CTE}, s(a, asker, u) AS (VALUES ${picks.join(', ')})
UPDATE questions SET best_answer_id = (SELECT ${ANSWER_ID('s.a', 's.asker', 's.u')} FROM s, cu WHERE ${QUESTION_ID('s.a', 's.asker')} = questions.id)
WHERE article_id = ${a.id} AND id IN (SELECT ${QUESTION_ID('s.a', 's.asker')} FROM s, cu);`;
        }
      },
    },
    {
      table: 'answer_votes',
      clear: `user_id IN (${COMMUNITY_IDS}) OR answer_id IN (${ANSWERS_ON_SEEDED})`,
      select: keyed(['created_at'], [['answer_id', ANSWER_ID('s.a', 's.asker', 's.u')], ['user_id', 'cu.b + s.v']]),
      *produce() {
        for (const a of articles()) {
          for (const question of questionsOf(ctx, a)) {
            for (const answer of question.answers) {
              for (const v of answer.votes) yield { a: question.articleId, asker: question.asker.index, u: answer.author.index, v: v.voter.index, created_at: v.at };
            }
          }
        }
      },
    },
    {
      table: 'user_points',
      clear: `user_id IN (${COMMUNITY_IDS}) OR (reason IN ('answer', 'gameAnswer', 'bestAnswer') AND ref_id IN (SELECT CAST(id AS TEXT) FROM answers WHERE question_id IN (${SEEDED_QUESTIONS})))`,
      // ref_id by the conventions of worker/ugc/points.ts.
      select: keyed(['reason', 'points', 'created_at'], [
        ['user_id', 'cu.b + s.u'],
        ['ref_id', `CASE s.kind WHEN 'review' THEN CAST(${REVIEW_ID('s.a', 's.x')} AS TEXT) WHEN 'question' THEN CAST(${QUESTION_ID('s.a', 's.x')} AS TEXT)
  WHEN 'answer' THEN CAST(${ANSWER_ID('s.a', 's.x', 's.y')} AS TEXT) WHEN 'reviewVote' THEN 'review:' || ${REVIEW_ID('s.a', 's.x')} || ':' || (cu.b + s.voter)
  WHEN 'answerVote' THEN 'answer:' || ${ANSWER_ID('s.a', 's.x', 's.y')} || ':' || (cu.b + s.voter) END`],
      ]),
      *produce() {
        for (const a of articles()) {
          for (const e of ledgerOf(reviewsOf(ctx, a), questionsOf(ctx, a))) {
            yield { u: e.user, reason: e.reason, kind: e.kind, a: e.article, x: e.x, y: e.y, voter: e.voter, points: e.points, created_at: e.at };
          }
        }
      },
    },
  ];
}
