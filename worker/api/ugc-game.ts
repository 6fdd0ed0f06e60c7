/**
 * The answers game and the user ranking (docs/user-content.md, "Game and ranking"), under /api/ugc:
 *
 * - `GET /game/next`: the caller's next question (worker/ugc/game.ts), how many are left and their
 *   points; `question` is null when nothing is left. Signed in only (401).
 * - `POST /game/answer {questionId, body}`: answers through the thread's rules (createAnswer, source
 *   'game'; 409 NICK_REQUIRED without a nick, the posting limit, the text checks) and answers with
 *   what it earned now and the next turn. A question the game does not offer to the caller (not
 *   bought, their own, already answered or skipped, closed) is 404 GAME_QUESTION_NOT_OFFERED.
 * - `POST /game/skip {questionId}`: not offered again; answers with the next turn.
 * - `GET /ranking?period=week|month|year|all&page`: 20 rows a page and the caller's own standing
 *   (`me`, null when anonymous or without a nick).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { currentUser, requireUser, signedInUser } from '../identity/session';
import { RANKING_PERIODS } from '../domain/ugc/points';
import { authorOf, limitUgc } from '../ugc/common';
import { isOffered, nextTurn, pointsOfAnswer, skipQuestion } from '../ugc/game';
import { createAnswer } from '../ugc/questions';
import { readRanking } from '../ugc/ranking';
import { describe } from '../http/openapi-meta';

const questionId = z.number().int().positive().max(2 ** 53 - 1);

const rankingQuery = z.object({
  period: z.enum(RANKING_PERIODS).default('week'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

function turnOf(c: AppContext, userId: number) {
  return nextTurn(c.var.db, userId, c.var.language, c.var.now);
}

export const ugcGameApi = new Hono<AppEnv>()
  .get('/game/next', describe({ summary: 'Answers game: the next question to answer', security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await turnOf(c, signedInUser(c).id)));
  })
  .post('/game/answer', describe({ summary: 'Answers game: answer a question', security: 'session', errors: ['answerExists', 'gameQuestionNotOffered', 'nickRequired', 'notFound', 'tooManyAttempts', 'ugcMediaPerItem', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('json', z.object({ questionId, body: z.string().max(20_000) })), async (c) => {
    const author = authorOf(c);
    const input = c.req.valid('json');
    if (!(await isOffered(c.var.db, author.id, input.questionId))) throw appError('gameQuestionNotOffered');
    await limitUgc(c, 'ugcPost', author);
    const answer = await createAnswer(c.var.db, { user: author, questionId: input.questionId, body: input.body, source: 'game', language: c.var.language, now: c.var.now });
    const earned = await pointsOfAnswer(c.var.db, answer.id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ answer: { ...answer, earned }, ...(await turnOf(c, author.id)) }), 201);
  })
  .post('/game/skip', describe({ summary: 'Answers game: skip a question', security: 'session', errors: ['gameQuestionNotOffered', 'unauthorized'] }), requireUser, validate('json', z.object({ questionId })), async (c) => {
    const user = signedInUser(c);
    const input = c.req.valid('json');
    if (!(await isOffered(c.var.db, user.id, input.questionId))) throw appError('gameQuestionNotOffered');
    await skipQuestion(c.var.db, user.id, input.questionId, c.var.now);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await turnOf(c, user.id)));
  })
  .get('/ranking', describe({ summary: 'Answers game ranking' }), validate('query', rankingQuery), async (c) => {
    const { period, page } = c.req.valid('query');
    const user = await currentUser(c);
    const { ranking, me } = await readRanking(c.var.db, period, page, c.var.now, user?.id ?? null);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ ...ranking, me }));
  });

export type UgcGameApi = typeof ugcGameApi;
