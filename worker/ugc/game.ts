/**
 * The answers game (spec §2 /preguntas/juego): a signed-in customer answers, one after another,
 * open questions about articles they bought. A question is offered to a player when it is
 * published (OK), has no best answer and fewer than GAME_MAX_ANSWERS published answers, is about
 * an article the player bought (boughtPurchase, the rule of verified reviews in ./reviews.ts), and
 * the player neither asked it, answered it nor skipped it. Fewest answers first, then the oldest,
 * so every question gets its first answers before any gets a third.
 *
 * Answers go through createAnswer (worker/ugc/questions.ts) with source 'game': the same rules as
 * a thread's answer, and the game's extra points (gameAnswer) are awarded and withdrawn by the
 * answer's one transition (setAnswerState) with its own points.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { allRows } from '../db/raw';
import { gameSkips } from '../db/schema';
import { levelOf, type LevelId } from '../domain/ugc/points';
import { boughtPurchase } from './reviews';

/** A question with this many published answers is answered enough: the game stops offering it. */
export const GAME_MAX_ANSWERS = 3;

export interface GameQuestion {
  id: number;
  body: string;
  /** ISO date the question was asked. */
  askedAt: string;
  answerCount: number;
  article: { id: number; name: string; slug: string | null; imageKey: string };
}

export interface GameProgress {
  /** Answers given in the game since the start of the day (UTC). */
  answeredToday: number;
  /** Points earned since the start of the day (UTC), for anything. */
  pointsToday: number;
  totalPoints: number;
  level: LevelId;
  next: LevelId | null;
  toNext: number | null;
}

export interface GameTurn {
  /** The question to answer now; null when nothing is left to offer. */
  question: GameQuestion | null;
  /** How many questions are offered to the player now, this one included. */
  remaining: number;
  progress: GameProgress;
}

/** The questions offered to `userId` (alias `q`): see the module comment. */
function offeredTo(userId: number): SQL {
  return sql`q.state = 'OK' AND q.best_answer_id IS NULL AND q.answer_count < ${GAME_MAX_ANSWERS} AND q.user_id <> ${userId}
    AND EXISTS (SELECT 1 FROM user_purchases LEFT JOIN orders ON orders.order_number = user_purchases.order_number
      WHERE user_purchases.user_id = ${userId} AND user_purchases.article_id = q.article_id AND ${boughtPurchase()})
    AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id AND a.user_id = ${userId})
    AND NOT EXISTS (SELECT 1 FROM game_skips s WHERE s.user_id = ${userId} AND s.question_id = q.id)`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The player's next question, how many are left, and their points — in one D1 round trip. */
export async function nextTurn(db: Db, userId: number, language: Language, now: Date): Promise<GameTurn> {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  type QuestionRow = { id: number; body: string; createdAt: number; answerCount: number; articleId: number; name: string | null; slug: string | null; imageKey: string };
  const [questions, remaining, today] = await allRows<[QuestionRow, { n: number }, { answered: number; points: number; total: number }]>(db, [
    sql`SELECT q.id AS id, q.body AS body, q.created_at AS createdAt, q.answer_count AS answerCount, q.article_id AS articleId,
        t.name AS name, t.slug AS slug, ar.image_key AS imageKey
      FROM questions q JOIN articles ar ON ar.id = q.article_id
      LEFT JOIN article_translations t ON t.article_id = q.article_id AND t.lang = ${language}
      WHERE ${offeredTo(userId)}
      ORDER BY q.answer_count ASC, q.created_at ASC, q.id ASC LIMIT 1`,
    sql`SELECT count(*) AS n FROM questions q WHERE ${offeredTo(userId)}`,
    sql`SELECT (SELECT count(*) FROM answers WHERE user_id = ${userId} AND source = 'game' AND created_at >= ${dayStart}) AS answered,
        (SELECT coalesce(sum(points), 0) FROM user_points WHERE user_id = ${userId} AND created_at >= ${dayStart}) AS points,
        (SELECT coalesce(sum(points), 0) FROM user_points WHERE user_id = ${userId}) AS total`,
  ]);
  const total = today[0]?.total ?? 0;
  const row = questions[0];
  return {
    question: row
      ? { id: row.id, body: row.body, askedAt: new Date(row.createdAt).toISOString(), answerCount: row.answerCount, article: { id: row.articleId, name: row.name ?? '', slug: row.slug, imageKey: row.imageKey } }
      : null,
    remaining: remaining[0]?.n ?? 0,
    progress: { answeredToday: today[0]?.answered ?? 0, pointsToday: today[0]?.points ?? 0, totalPoints: total, ...levelOf(total) },
  };
}

/** Whether the game offers this question to this player now (answering or skipping anything else is refused). */
export async function isOffered(db: Db, userId: number, questionId: number): Promise<boolean> {
  const [rows] = await allRows<[{ id: number }]>(db, [sql`SELECT q.id AS id FROM questions q WHERE q.id = ${questionId} AND ${offeredTo(userId)}`]);
  return rows.length > 0;
}

/** The player passes on a question: it is not offered to them again. */
export async function skipQuestion(db: Db, userId: number, questionId: number, now: Date): Promise<void> {
  await db.insert(gameSkips).values({ userId, questionId, createdAt: now.getTime() }).onConflictDoNothing();
}

/** Points an answer earned (answer and gameAnswer), read back from the ledger (the answer's state decides them). */
export async function pointsOfAnswer(db: Db, answerId: number): Promise<number> {
  const [[row]] = await allRows<[{ points: number }]>(db, [sql`SELECT coalesce(sum(points), 0) AS points FROM user_points WHERE reason IN ('answer', 'gameAnswer') AND ref_id = ${String(answerId)}`]);
  return row?.points ?? 0;
}
