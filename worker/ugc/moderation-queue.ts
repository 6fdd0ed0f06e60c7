/**
 * The staff moderation queue (/admin/ugc, GET /api/admin/ugc/queue): the items of one kind in one
 * state, oldest first, with what staff need to decide — the author (nick and e-mail), the
 * article, the text, the rating, why it is held (the rules it tripped, or 'reported' with the
 * reports' count and reasons) and its photos and videos, whatever their state (the media route
 * serves pending files to staff).
 */
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { answers, articleTranslations, productReviews, questions, ugcMedia, userPoints, users, UGC_STATES, type UgcState } from '../db/schema';
import { reportsOf, type ReportKind } from './reports';

export const QUEUE_KINDS = ['review', 'question', 'answer', 'media'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];
export const QUEUE_PAGE_SIZE = 20;

export interface QueueMedia {
  id: string;
  kind: 'image' | 'video';
  state: UgcState;
  url: string;
}

export interface QueueItem {
  kind: QueueKind;
  /** A number for reviews, questions and answers; the media's UUID for media. */
  id: number | string;
  state: UgcState;
  createdAt: string;
  author: { id: number; nick: string | null; email: string };
  article: { id: number; name: string | null } | null;
  title: string | null;
  body: string | null;
  /** Doubled scale (1–10), reviews only. */
  rating: number | null;
  /** For an answer: the question it answers. */
  question: { id: number; body: string } | null;
  /** For media: what it is attached to. */
  parent: { kind: 'review' | 'answer'; id: number } | null;
  note: string[];
  reportCount: number;
  reports: { reason: string; count: number }[];
  media: QueueMedia[];
}

export interface QueuePage {
  kind: QueueKind;
  state: UgcState;
  page: number;
  pageSize: number;
  total: number;
  items: QueueItem[];
  /** Items in this state per kind, for the tabs. */
  counts: Record<QueueKind, number>;
}

/** Where staff see a file (the media route serves pending files to staff, privately). */
export const mediaUrl = (id: string) => `/media/ugc/${id}`;

function parseNote(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

async function mediaOf(db: Db, kind: 'review' | 'answer', ids: number[]): Promise<Map<number, QueueMedia[]>> {
  const result = new Map<number, QueueMedia[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: ugcMedia.id, kind: ugcMedia.kind, state: ugcMedia.state, attachedId: ugcMedia.attachedId })
    .from(ugcMedia)
    .where(and(eq(ugcMedia.attachedKind, kind), inArray(ugcMedia.attachedId, ids)))
    .orderBy(asc(ugcMedia.createdAt));
  for (const row of rows) {
    const list = result.get(row.attachedId!) ?? [];
    list.push({ id: row.id, kind: row.kind, state: row.state, url: mediaUrl(row.id) });
    result.set(row.attachedId!, list);
  }
  return result;
}

/** How many items of each kind are in `state`. */
export async function queueCounts(db: Db, state: UgcState): Promise<Record<QueueKind, number>> {
  const count = sql<number>`count(*)`;
  const [[review], [question], [answer], [media]] = await db.batch([
    db.select({ n: count }).from(productReviews).where(eq(productReviews.state, state)),
    db.select({ n: count }).from(questions).where(eq(questions.state, state)),
    db.select({ n: count }).from(answers).where(eq(answers.state, state)),
    db.select({ n: count }).from(ugcMedia).where(and(eq(ugcMedia.state, state), sql`${ugcMedia.attachedId} is not null`)),
  ]);
  return { review: review?.n ?? 0, question: question?.n ?? 0, answer: answer?.n ?? 0, media: media?.n ?? 0 };
}

const author = { id: users.id, nick: users.nick, email: users.email };

/** One page of the queue. */
export async function moderationQueue(db: Db, input: { kind: QueueKind; state?: UgcState; page?: number; language: Language }): Promise<QueuePage> {
  const state = input.state ?? 'PENDING_REVIEW';
  const page = Math.max(1, input.page ?? 1);
  const offset = (page - 1) * QUEUE_PAGE_SIZE;
  const counts = await queueCounts(db, state);
  const base = { kind: input.kind, state, page, pageSize: QUEUE_PAGE_SIZE, total: counts[input.kind], counts };
  const blank = { article: null, title: null, body: null, rating: null, question: null, parent: null, note: [], reportCount: 0, reports: [], media: [] };
  const name = (articleId: unknown) => and(eq(articleTranslations.articleId, articleId as never), eq(articleTranslations.lang, input.language));

  if (input.kind === 'review') {
    const rows = await db
      .select({ row: productReviews, author, articleName: articleTranslations.name })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .leftJoin(articleTranslations, name(productReviews.articleId))
      .where(eq(productReviews.state, state))
      .orderBy(asc(productReviews.createdAt), asc(productReviews.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset(offset);
    const ids = rows.map(({ row }) => row.id);
    const [reports, media] = await Promise.all([reportsOf(db, 'review', ids), mediaOf(db, 'review', ids)]);
    return {
      ...base,
      items: rows.map(({ row, author: who, articleName }) => ({
        ...blank,
        kind: 'review',
        id: row.id,
        state: row.state,
        createdAt: iso(row.createdAt),
        author: who,
        article: { id: row.articleId, name: articleName },
        title: row.title,
        body: row.body,
        rating: row.rating,
        note: parseNote(row.moderationNote),
        reportCount: row.reportCount,
        reports: reports.get(row.id)?.reasons ?? [],
        media: media.get(row.id) ?? [],
      })),
    };
  }

  if (input.kind === 'question') {
    const rows = await db
      .select({ row: questions, author, articleName: articleTranslations.name })
      .from(questions)
      .innerJoin(users, eq(users.id, questions.userId))
      .leftJoin(articleTranslations, name(questions.articleId))
      .where(eq(questions.state, state))
      .orderBy(asc(questions.createdAt), asc(questions.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset(offset);
    const reports = await reportsOf(db, 'question', rows.map(({ row }) => row.id));
    return {
      ...base,
      items: rows.map(({ row, author: who, articleName }) => ({
        ...blank,
        kind: 'question',
        id: row.id,
        state: row.state,
        createdAt: iso(row.createdAt),
        author: who,
        article: { id: row.articleId, name: articleName },
        body: row.body,
        note: parseNote(row.moderationNote),
        reportCount: row.reportCount,
        reports: reports.get(row.id)?.reasons ?? [],
      })),
    };
  }

  if (input.kind === 'answer') {
    const rows = await db
      .select({ row: answers, author, question: { id: questions.id, body: questions.body, articleId: questions.articleId }, articleName: articleTranslations.name })
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .leftJoin(articleTranslations, name(questions.articleId))
      .where(eq(answers.state, state))
      .orderBy(asc(answers.createdAt), asc(answers.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset(offset);
    const ids = rows.map(({ row }) => row.id);
    const [reports, media] = await Promise.all([reportsOf(db, 'answer' satisfies ReportKind, ids), mediaOf(db, 'answer', ids)]);
    return {
      ...base,
      items: rows.map(({ row, author: who, question, articleName }) => ({
        ...blank,
        kind: 'answer',
        id: row.id,
        state: row.state,
        createdAt: iso(row.createdAt),
        author: who,
        article: { id: question.articleId, name: articleName },
        body: row.body,
        question: { id: question.id, body: question.body },
        note: parseNote(row.moderationNote),
        reportCount: row.reportCount,
        reports: reports.get(row.id)?.reasons ?? [],
        media: media.get(row.id) ?? [],
      })),
    };
  }

  const rows = await db
    .select({ row: ugcMedia, author })
    .from(ugcMedia)
    .innerJoin(users, eq(users.id, ugcMedia.userId))
    .where(and(eq(ugcMedia.state, state), sql`${ugcMedia.attachedId} is not null`))
    .orderBy(asc(ugcMedia.createdAt), asc(ugcMedia.id))
    .limit(QUEUE_PAGE_SIZE)
    .offset(offset);
  return {
    ...base,
    items: rows.map(({ row, author: who }) => ({
      ...blank,
      kind: 'media',
      id: row.id,
      state: row.state,
      createdAt: iso(row.createdAt),
      author: who,
      parent: row.attachedKind && row.attachedId !== null ? { kind: row.attachedKind, id: row.attachedId } : null,
      note: parseNote(row.moderationNote),
      media: [{ id: row.id, kind: row.kind, state: row.state, url: mediaUrl(row.id) }],
    })),
  };
}

export function isUgcState(value: string): value is UgcState {
  return (UGC_STATES as readonly string[]).includes(value);
}

/**
 * Staff reject one photo or video (the item it belongs to keeps its state). The review it belongs
 * to keeps its reviewMedia points only while it still has an OK file: withdrawn in the same batch
 * otherwise. Null when there is no such file.
 */
export async function rejectMedia(db: Db, id: string, reason: string): Promise<{ id: string; state: UgcState; parent: { kind: 'review' | 'answer'; id: number } | null } | null> {
  const [row] = await db.select({ attachedKind: ugcMedia.attachedKind, attachedId: ugcMedia.attachedId }).from(ugcMedia).where(eq(ugcMedia.id, id)).limit(1);
  if (!row) return null;
  const parent = row.attachedKind && row.attachedId !== null ? { kind: row.attachedKind, id: row.attachedId } : null;
  const update = db.update(ugcMedia).set({ state: 'REJECTED', moderationNote: JSON.stringify([reason]) }).where(eq(ugcMedia.id, id));
  if (parent?.kind === 'review') {
    const stillOk = db
      .select({ one: sql`1` })
      .from(ugcMedia)
      .where(and(eq(ugcMedia.attachedKind, 'review'), eq(ugcMedia.attachedId, parent.id), eq(ugcMedia.state, 'OK')));
    await db.batch([update, db.delete(userPoints).where(and(eq(userPoints.reason, 'reviewMedia'), eq(userPoints.refId, String(parent.id)), notExists(stillOk)))]);
  } else {
    await update;
  }
  return { id, state: 'REJECTED', parent };
}
