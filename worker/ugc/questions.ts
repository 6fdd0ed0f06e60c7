/**
 * Questions and answers: asking, answering, votes, the best answer, the thread and lists, and
 * the one state transition of each kind (setQuestionState, setAnswerState).
 *
 * Rules (docs/user-content.md, "Questions and answers"):
 * - a question or a customer's answer from a signed-in author with a nick is published at once
 *   when its text is clean; an answer with media is held; a store answer (staff, `asStore`) is
 *   published at once and shown as the store, never with the staff member's nick;
 * - one answer per user and question; an asker may answer their own question (to clarify) but
 *   never choose it as the best one;
 * - points: `question` for the asker, `answer` (+ `gameAnswer`) for the author, `bestAnswer` for
 *   the chosen answer's author, `helpfulVote` per vote of someone else — only while the item is
 *   published; store answers earn nothing (the store is not in the ranking);
 * - creating inserts the item held, then moves it to OK through the transition, so publishing,
 *   counts and points have one code path (a failure in between leaves it held, never public).
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { answers, answerVotes, articles, articleTranslations, questions, userPoints, users, type UgcState } from '../db/schema';
import { initialState } from '../domain/ugc/moderation';
import { POINTS } from '../domain/ugc/points';
import { appError } from '../http/errors';
import { loadOwned } from '../identity/owned';
import { checkedText, type Author } from './common';
import { attachMediaStatements, checkAttachable, mediaDecisionStatements, publicMediaOf, type PublicMedia } from './media';
import { awardPoints, withdrawPoints } from './points';
import { verifiedOrderOf } from './reviews';

/** Questions and answers per page (spec §9). */
export const QA_PAGE_SIZE = 10;

export const OWNED_QUESTIONS = { table: questions, id: questions.id, userId: questions.userId };
export const OWNED_ANSWERS = { table: answers, id: answers.id, userId: answers.userId };

type Statements = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** Whether the user bought the article: the verified-review rule (worker/ugc/reviews.ts), so the owner mark and the verified mark agree. */
export async function hasBought(db: Db, userId: number, articleId: number): Promise<boolean> {
  return (await verifiedOrderOf(db, userId, articleId)) !== null;
}

// ---------------------------------------------------------------------------------------------
// State transitions

/** The one transition of a question's state (see setReviewState in ./reviews.ts): points follow. */
export async function setQuestionState(db: Db, id: number, state: UgcState, note: readonly string[], now: Date): Promise<boolean> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  if (!row) return false;
  if (row.state === state) return true;
  const at = now.getTime();
  const statements: Statements = [
    db
      .update(questions)
      .set({ state, moderationNote: JSON.stringify(note), updatedAt: at, publishedAt: state === 'OK' ? at : row.publishedAt })
      .where(eq(questions.id, id)),
  ];
  // Leaving OK hides the thread: the answers keep their own state (and points) but are not shown.
  if (state === 'OK') statements.push(awardPoints(db, row.userId, 'question', id, at));
  else if (row.state === 'OK') statements.push(withdrawPoints(db, ['question'], id));
  await db.batch(statements);
  return true;
}

/** The statements that withdraw every point an answer earned (its own, the game's, best answer, votes). */
function answerPointsWithdrawal(db: Db, answerId: number): BatchItem<'sqlite'>[] {
  return [
    withdrawPoints(db, ['answer', 'gameAnswer', 'bestAnswer'], answerId),
    db.delete(userPoints).where(and(eq(userPoints.reason, 'helpfulVote'), sql`${userPoints.refId} like ${`answer:${answerId}:%`}`)),
  ];
}

/** Keeps `answer_count` equal to the question's OK answers (run after the answer's own change, in the same batch). */
function answerCountStatement(db: Db, questionId: number) {
  return db
    .update(questions)
    .set({ answerCount: sql`(select count(*) from ${answers} where ${answers.questionId} = ${questionId} and ${answers.state} = 'OK')` })
    .where(eq(questions.id, questionId));
}

/** The one transition of an answer's state: the question's answer count, points, best answer and media follow. */
export async function setAnswerState(db: Db, id: number, state: UgcState, note: readonly string[], now: Date): Promise<boolean> {
  const [row] = await db.select().from(answers).where(eq(answers.id, id));
  if (!row) return false;
  if (row.state === state) return true;
  const at = now.getTime();
  const statements: Statements = [
    db.update(answers).set({ state, moderationNote: JSON.stringify(note), updatedAt: at, publishedAt: state === 'OK' ? at : row.publishedAt }).where(eq(answers.id, id)),
    answerCountStatement(db, row.questionId),
  ];
  if (state === 'OK') {
    if (row.authorKind === 'customer') {
      statements.push(awardPoints(db, row.userId, 'answer', id, at));
      if (row.source === 'game') statements.push(awardPoints(db, row.userId, 'gameAnswer', id, at));
      // Votes given while it was hidden (or before it was hidden) count again for its author.
      statements.push(
        db
          .insert(userPoints)
          .select(
            db
              .select({
                id: sql<number>`null`.as('id'),
                userId: sql<number>`${row.userId}`.as('user_id'),
                reason: sql<string>`'helpfulVote'`.as('reason'),
                refId: sql<string>`'answer:' || ${id} || ':' || ${answerVotes.userId}`.as('ref_id'),
                points: sql<number>`${POINTS.helpfulVote}`.as('points'),
                createdAt: sql<number>`${at}`.as('created_at'),
              })
              .from(answerVotes)
              .where(and(eq(answerVotes.answerId, id), ne(answerVotes.userId, row.userId))),
          )
          .onConflictDoNothing(),
      );
    }
  } else if (row.state === 'OK') {
    statements.push(...answerPointsWithdrawal(db, id));
    // A best answer that is no longer public is no longer the best answer.
    statements.push(db.update(questions).set({ bestAnswerId: null }).where(and(eq(questions.id, row.questionId), eq(questions.bestAnswerId, id))));
  }
  if (state !== 'PENDING_REVIEW') statements.push(...mediaDecisionStatements(db, { kind: 'answer', id }, state));
  await db.batch(statements);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Asking and answering

interface Context {
  language: Language;
  channel: string;
  now: Date;
}

/** The article exists (any article of the catalogue may be asked about): 404 otherwise. */
async function requireArticle(db: Db, articleId: number): Promise<void> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
  if (!row) throw appError('articleNotFound');
}

/** Asks a question about an article: published at once when the text is clean. */
export async function createQuestion(db: Db, input: Context & { user: Author; articleId: number; body: string }): Promise<{ id: number; state: UgcState }> {
  await requireArticle(db, input.articleId);
  const body = checkedText(input.body, 'question', 'body');
  const { state, rules } = initialState([body], true);
  const at = input.now.getTime();
  const [row] = await db
    .insert(questions)
    .values({ articleId: input.articleId, userId: input.user.id, body, language: input.language, channel: input.channel, state: 'PENDING_REVIEW', moderationNote: JSON.stringify(rules), createdAt: at, updatedAt: at })
    .returning({ id: questions.id });
  if (state === 'OK') await setQuestionState(db, row!.id, 'OK', [], input.now);
  return { id: row!.id, state };
}

/** The asker edits their question: the publication rule runs again. */
export async function updateQuestion(db: Db, input: { userId: number; id: number; body: string; now: Date }): Promise<{ id: number; state: UgcState }> {
  const row = await loadOwned(db, OWNED_QUESTIONS, input.userId, input.id);
  const body = checkedText(input.body, 'question', 'body');
  const { state, rules } = initialState([body], true);
  await db.update(questions).set({ body, moderationNote: JSON.stringify(rules), updatedAt: input.now.getTime() }).where(eq(questions.id, row.id));
  await setQuestionState(db, row.id, state, rules, input.now);
  return { id: row.id, state };
}

/** The asker withdraws their question: the thread goes, with every point it and its answers earned. */
export async function deleteQuestion(db: Db, input: { userId: number; id: number }): Promise<void> {
  const row = await loadOwned(db, OWNED_QUESTIONS, input.userId, input.id);
  const thread = await db.select({ id: answers.id, userId: answers.userId }).from(answers).where(eq(answers.questionId, row.id));
  const statements: Statements = [withdrawPoints(db, ['question'], row.id)];
  for (const answer of thread) {
    statements.push(...answerPointsWithdrawal(db, answer.id), ...attachMediaStatements(db, answer.userId, [], { kind: 'answer', id: answer.id }));
  }
  if (thread.length > 0) statements.push(db.delete(answerVotes).where(inArray(answerVotes.answerId, thread.map((a) => a.id))));
  statements.push(db.delete(answers).where(eq(answers.questionId, row.id)), db.delete(questions).where(eq(questions.id, row.id)));
  await db.batch(statements);
}

export interface NewAnswer {
  user: Author;
  questionId: number;
  body: string;
  mediaIds?: readonly string[];
  source?: 'thread' | 'game';
  /** Staff answering in the store's name (the caller has checked that the user is staff). */
  asStore?: boolean;
  language: Language;
  now: Date;
}

/**
 * Answers a published question (the thread and the answers game share these rules): one answer
 * per user and question (409 ANSWER_EXISTS); owners of the article are marked; with media the
 * answer waits for moderation.
 */
export async function createAnswer(db: Db, input: NewAnswer): Promise<{ id: number; state: UgcState }> {
  const [question] = await db.select({ id: questions.id, articleId: questions.articleId, state: questions.state }).from(questions).where(eq(questions.id, input.questionId));
  if (!question || question.state !== 'OK') throw appError('notFound');
  const body = checkedText(input.body, 'answer', 'body');
  const [existing] = await db.select({ id: answers.id }).from(answers).where(and(eq(answers.questionId, question.id), eq(answers.userId, input.user.id)));
  if (existing) throw appError('answerExists');
  const mediaIds = input.mediaIds ?? [];
  if (mediaIds.length > 0) await checkAttachable(db, input.user.id, mediaIds);
  const isOwner = await hasBought(db, input.user.id, question.articleId);
  const { state, rules } = input.asStore ? { state: 'OK' as const, rules: [] } : initialState([body], mediaIds.length === 0);
  const at = input.now.getTime();
  let id: number;
  try {
    const [row] = await db
      .insert(answers)
      .values({
        questionId: question.id,
        userId: input.user.id,
        authorKind: input.asStore ? 'store' : 'customer',
        isOwner,
        source: input.source ?? 'thread',
        body,
        language: input.language,
        state: 'PENDING_REVIEW',
        moderationNote: JSON.stringify(rules),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: answers.id });
    id = row!.id;
  } catch (error) {
    // Two answers sent at once: the unique index lets one through.
    if (String(error).includes('UNIQUE')) throw appError('answerExists');
    throw error;
  }
  const attach = attachMediaStatements(db, input.user.id, mediaIds, { kind: 'answer', id });
  if (attach.length > 0) await db.batch(attach as Statements);
  if (state === 'OK') await setAnswerState(db, id, 'OK', [], input.now);
  return { id, state };
}

/** The author edits their answer (text and media): the publication rule runs again; a store answer stays published. */
export async function updateAnswer(db: Db, input: { userId: number; id: number; body: string; mediaIds?: readonly string[]; now: Date }): Promise<{ id: number; state: UgcState }> {
  const row = await loadOwned(db, OWNED_ANSWERS, input.userId, input.id);
  const body = checkedText(input.body, 'answer', 'body');
  const parent = { kind: 'answer' as const, id: row.id };
  if (input.mediaIds && input.mediaIds.length > 0) await checkAttachable(db, input.userId, input.mediaIds, parent);
  const withMedia = (input.mediaIds?.length ?? 0) > 0;
  const { state, rules } = row.authorKind === 'store' ? { state: 'OK' as const, rules: [] } : initialState([body], !withMedia);
  const statements: Statements = [db.update(answers).set({ body, moderationNote: JSON.stringify(rules), updatedAt: input.now.getTime() }).where(eq(answers.id, row.id))];
  if (input.mediaIds) statements.push(...attachMediaStatements(db, input.userId, input.mediaIds, parent));
  await db.batch(statements);
  await setAnswerState(db, row.id, state, rules, input.now);
  return { id: row.id, state };
}

/** The author withdraws their answer: its points, votes and best-answer mark go with it. */
export async function deleteAnswer(db: Db, input: { userId: number; id: number }): Promise<void> {
  const row = await loadOwned(db, OWNED_ANSWERS, input.userId, input.id);
  await db.batch([
    db.delete(answerVotes).where(eq(answerVotes.answerId, row.id)),
    ...answerPointsWithdrawal(db, row.id),
    ...attachMediaStatements(db, row.userId, [], { kind: 'answer', id: row.id }),
    db.update(questions).set({ bestAnswerId: null }).where(and(eq(questions.id, row.questionId), eq(questions.bestAnswerId, row.id))),
    db.delete(answers).where(eq(answers.id, row.id)),
    answerCountStatement(db, row.questionId),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Votes and the best answer

/** A published answer of a published question, or 404. */
async function publicAnswer(db: Db, id: number) {
  const [row] = await db
    .select({ id: answers.id, userId: answers.userId, authorKind: answers.authorKind, questionId: answers.questionId })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.id, id), eq(answers.state, 'OK'), eq(questions.state, 'OK')));
  if (!row) throw appError('notFound');
  return row;
}

function voteCountStatement(db: Db, answerId: number) {
  return db
    .update(answers)
    .set({ voteCount: sql`(select count(*) from ${answerVotes} where ${answerVotes.answerId} = ${answerId})` })
    .where(eq(answers.id, answerId));
}

/** "This answer helped": one vote per user (again is a no-op), never on one's own answer (400). */
export async function voteAnswer(db: Db, input: { userId: number; answerId: number; now: Date }): Promise<{ voteCount: number; voted: true }> {
  const answer = await publicAnswer(db, input.answerId);
  if (answer.userId === input.userId) throw appError('answerOwnVote');
  const at = input.now.getTime();
  const statements: Statements = [
    db.insert(answerVotes).values({ answerId: answer.id, userId: input.userId, createdAt: at }).onConflictDoNothing(),
    voteCountStatement(db, answer.id),
  ];
  if (answer.authorKind === 'customer') statements.push(awardPoints(db, answer.userId, 'helpfulVote', `answer:${answer.id}:${input.userId}`, at));
  await db.batch(statements);
  return { voteCount: await voteCountOf(db, answer.id), voted: true };
}

/** Withdraws the caller's vote (none: nothing changes). */
export async function unvoteAnswer(db: Db, input: { userId: number; answerId: number }): Promise<{ voteCount: number; voted: false }> {
  const answer = await publicAnswer(db, input.answerId);
  await db.batch([
    db.delete(answerVotes).where(and(eq(answerVotes.answerId, answer.id), eq(answerVotes.userId, input.userId))),
    voteCountStatement(db, answer.id),
    withdrawPoints(db, ['helpfulVote'], `answer:${answer.id}:${input.userId}`),
  ]);
  return { voteCount: await voteCountOf(db, answer.id), voted: false };
}

async function voteCountOf(db: Db, answerId: number): Promise<number> {
  const [row] = await db.select({ voteCount: answers.voteCount }).from(answers).where(eq(answers.id, answerId));
  return row?.voteCount ?? 0;
}

/**
 * The asker chooses the best answer (their question only: anyone else gets 404): a published
 * answer of this question, not their own. Choosing another moves the bestAnswer points.
 */
export async function chooseBestAnswer(db: Db, input: { userId: number; questionId: number; answerId: number; now: Date }): Promise<{ bestAnswerId: number }> {
  const question = await loadOwned(db, OWNED_QUESTIONS, input.userId, input.questionId);
  if (question.state !== 'OK') throw appError('notFound');
  const [answer] = await db
    .select({ id: answers.id, userId: answers.userId, authorKind: answers.authorKind })
    .from(answers)
    .where(and(eq(answers.id, input.answerId), eq(answers.questionId, question.id), eq(answers.state, 'OK')));
  if (!answer) throw appError('notFound');
  if (answer.userId === input.userId) throw appError('bestAnswerOwn');
  if (question.bestAnswerId === answer.id) return { bestAnswerId: answer.id };
  const at = input.now.getTime();
  const statements: Statements = [db.update(questions).set({ bestAnswerId: answer.id, updatedAt: at }).where(eq(questions.id, question.id))];
  if (question.bestAnswerId !== null) statements.push(withdrawPoints(db, ['bestAnswer'], question.bestAnswerId));
  if (answer.authorKind === 'customer') statements.push(awardPoints(db, answer.userId, 'bestAnswer', answer.id, at));
  await db.batch(statements);
  return { bestAnswerId: answer.id };
}

// ---------------------------------------------------------------------------------------------
// Reading: lists and the thread

export type QuestionSort = 'new' | 'answered' | 'unanswered';
export const QUESTION_SORTS = ['new', 'answered', 'unanswered'] as const;

export interface QuestionListItem {
  id: number;
  articleId: number;
  articleName: string | null;
  articleSlug: string | null;
  body: string;
  nick: string | null;
  answerCount: number;
  hasBestAnswer: boolean;
  publishedAt: string;
}

export interface Paged<T> {
  items: T[];
  totalItems: number;
  page: number;
  pageSize: number;
}

/** Published questions, of one article or of the whole store, 10 per page, newest first (or only answered / unanswered ones). */
export async function listQuestions(db: Db, input: { articleId?: number; page: number; sort: QuestionSort; language: Language }): Promise<Paged<QuestionListItem>> {
  const conditions: SQL[] = [eq(questions.state, 'OK')];
  if (input.articleId !== undefined) conditions.push(eq(questions.articleId, input.articleId));
  if (input.sort === 'answered') conditions.push(sql`${questions.answerCount} > 0`);
  if (input.sort === 'unanswered') conditions.push(eq(questions.answerCount, 0));
  const where = and(...conditions);
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: questions.id,
        articleId: questions.articleId,
        articleName: articleTranslations.name,
        articleSlug: articleTranslations.slug,
        body: questions.body,
        nick: users.nick,
        answerCount: questions.answerCount,
        bestAnswerId: questions.bestAnswerId,
        publishedAt: questions.publishedAt,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .leftJoin(users, eq(users.id, questions.userId))
      .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, questions.articleId), eq(articleTranslations.lang, input.language)))
      .where(where)
      .orderBy(desc(questions.publishedAt), desc(questions.id))
      .limit(QA_PAGE_SIZE)
      .offset((input.page - 1) * QA_PAGE_SIZE),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      articleId: row.articleId,
      articleName: row.articleName,
      articleSlug: row.articleSlug,
      body: row.body,
      nick: row.nick,
      answerCount: row.answerCount,
      hasBestAnswer: row.bestAnswerId !== null,
      publishedAt: new Date(row.publishedAt ?? row.createdAt).toISOString(),
    })),
    totalItems: total?.n ?? 0,
    page: input.page,
    pageSize: QA_PAGE_SIZE,
  };
}

/** Who is looking at a thread: hidden content is theirs to see only when they wrote it (or are staff). */
export interface Viewer {
  userId: number;
  staff: boolean;
}

export interface ThreadAnswer {
  id: number;
  body: string;
  /** The author's nick; null for a store answer (shown as the store). */
  nick: string | null;
  authorKind: 'customer' | 'store';
  isOwner: boolean;
  voteCount: number;
  isBest: boolean;
  isMine: boolean;
  votedByMe: boolean;
  publishedAt: string | null;
  createdAt: string;
  /** Only for the author and staff when the answer is not published. */
  state?: UgcState;
  media: PublicMedia[];
}

export interface Thread {
  question: {
    id: number;
    articleId: number;
    articleName: string | null;
    articleSlug: string | null;
    body: string;
    nick: string | null;
    answerCount: number;
    bestAnswerId: number | null;
    isMine: boolean;
    publishedAt: string | null;
    createdAt: string;
    /** Only for the asker and staff. */
    state?: UgcState;
    moderationNote?: string[];
  };
  answers: Paged<ThreadAnswer>;
}

/**
 * A question and a page of its answers: the best answer first, then by votes, then the oldest.
 * A question that is not published is null (404) for everybody but its asker and staff; an
 * answer that is not published is shown only to its author (and staff), with its state.
 */
export async function questionThread(db: Db, input: { id: number; viewer: Viewer | null; page: number; language: Language }): Promise<Thread | null> {
  const [row] = await db
    .select({ question: questions, nick: users.nick, articleName: articleTranslations.name, articleSlug: articleTranslations.slug })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.userId))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, questions.articleId), eq(articleTranslations.lang, input.language)))
    .where(eq(questions.id, input.id));
  if (!row) return null;
  const q = row.question;
  const viewer = input.viewer;
  const isMine = viewer?.userId === q.userId;
  const privileged = isMine || !!viewer?.staff;
  if (q.state !== 'OK' && !privileged) return null;
  const visible = viewer?.staff ? undefined : viewer ? or(eq(answers.state, 'OK'), eq(answers.userId, viewer.userId)) : eq(answers.state, 'OK');
  const where = and(eq(answers.questionId, q.id), visible);
  const [answerRows, [total]] = await db.batch([
    db
      .select({ answer: answers, nick: users.nick, voted: viewer ? sql<number | null>`(select 1 from ${answerVotes} where ${answerVotes.answerId} = ${answers.id} and ${answerVotes.userId} = ${viewer.userId})` : sql<null>`null` })
      .from(answers)
      .leftJoin(users, eq(users.id, answers.userId))
      .where(where)
      .orderBy(sql`case when ${answers.id} = ${q.bestAnswerId ?? 0} then 0 else 1 end`, desc(answers.voteCount), asc(answers.createdAt), asc(answers.id))
      .limit(QA_PAGE_SIZE)
      .offset((input.page - 1) * QA_PAGE_SIZE),
    db.select({ n: count() }).from(answers).where(where),
  ]);
  const media = await publicMediaOf(db, 'answer', answerRows.map((r) => r.answer.id));
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    question: {
      id: q.id,
      articleId: q.articleId,
      articleName: row.articleName,
      articleSlug: row.articleSlug,
      body: q.body,
      nick: row.nick,
      answerCount: q.answerCount,
      bestAnswerId: q.bestAnswerId,
      isMine,
      publishedAt: iso(q.publishedAt),
      createdAt: new Date(q.createdAt).toISOString(),
      ...(privileged ? { state: q.state, moderationNote: JSON.parse(q.moderationNote) as string[] } : {}),
    },
    answers: {
      items: answerRows.map(({ answer, nick, voted }) => {
        const mine = viewer?.userId === answer.userId;
        return {
          id: answer.id,
          body: answer.body,
          nick: answer.authorKind === 'store' ? null : nick,
          authorKind: answer.authorKind,
          isOwner: answer.isOwner,
          voteCount: answer.voteCount,
          isBest: answer.id === q.bestAnswerId,
          isMine: mine,
          votedByMe: voted === 1,
          publishedAt: iso(answer.publishedAt),
          createdAt: new Date(answer.createdAt).toISOString(),
          ...((mine || viewer?.staff) && answer.state !== 'OK' ? { state: answer.state } : {}),
          media: answer.state === 'OK' ? (media.get(answer.id) ?? []) : [],
        };
      }),
      totalItems: total?.n ?? 0,
      page: input.page,
      pageSize: QA_PAGE_SIZE,
    },
  };
}

/** The product page's questions: how many published questions the article has, and the two latest answered ones. */
export interface ProductQuestions {
  count: number;
  latest: { id: number; body: string; answerCount: number }[];
}

/** Statements for the product page's batch (worker/db/product.ts); `toProductQuestions` reads their results. */
export function productQuestionStatements(db: Db, articleId: number) {
  const published = and(eq(questions.articleId, articleId), eq(questions.state, 'OK'));
  return [
    db.select({ n: count() }).from(questions).where(published),
    db
      .select({ id: questions.id, body: questions.body, answerCount: questions.answerCount })
      .from(questions)
      .where(and(published, sql`${questions.answerCount} > 0`))
      .orderBy(desc(questions.publishedAt), desc(questions.id))
      .limit(2),
  ] as const;
}

export function toProductQuestions([[total], latest]: [{ n: number }[], ProductQuestions['latest']]): ProductQuestions {
  return { count: total?.n ?? 0, latest };
}
