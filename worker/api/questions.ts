/**
 * Questions and answers, under /api/ugc (rules in worker/ugc/questions.ts; docs/user-content.md):
 *
 * - `GET /questions?articleId&page&sort=new|answered|unanswered`: published questions, 10 per page.
 * - `POST /questions` {articleId, body}; `GET /questions/{id}?page`: the question and a page of its
 *   answers (best first, then by votes, then the oldest); `PUT`/`DELETE /questions/{id}` (asker only).
 * - `POST /questions/{id}/answers` {body, mediaIds?, asStore?} (asStore: staff only, 403 otherwise).
 * - `PUT`/`DELETE /answers/{id}` (author only); `POST`/`DELETE /answers/{id}/vote`.
 * - `POST /questions/{id}/best-answer` {answerId} (asker only).
 *
 * Someone else's question or answer is the same 404 as none on every call that changes it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isStaff } from '../admin/access';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { PUBLIC_PARAMETER_ROUTES, registerOwnedResource } from '../identity/owned';
import { currentUser, requireUser, signedInUser } from '../identity/session';
import { authorOf, limitUgc } from '../ugc/common';
import {
  chooseBestAnswer,
  createAnswer,
  createQuestion,
  deleteAnswer,
  deleteQuestion,
  listQuestions,
  QUESTION_SORTS,
  questionThread,
  unvoteAnswer,
  updateAnswer,
  updateQuestion,
  voteAnswer,
} from '../ugc/questions';
import { describe } from '../http/openapi-meta';

const id = z.coerce.number().int().positive().max(2 ** 31);
const idParam = z.object({ id });
const page = z.coerce.number().int().positive().max(10_000).default(1);
/** Media are the caller's uploads (UUIDs); worker/ugc/media.ts checks them. */
const mediaIds = z.array(z.string().uuid()).max(10);

const listQuery = z.object({ articleId: id.optional(), page, sort: z.enum(QUESTION_SORTS).default('new') });
const questionBody = z.object({ articleId: id, body: z.string().max(20_000) });
const questionEdit = z.object({ body: z.string().max(20_000) });
const answerBody = z.object({ body: z.string().max(20_000), mediaIds: mediaIds.optional(), asStore: z.boolean().optional() });
const answerEdit = z.object({ body: z.string().max(20_000), mediaIds: mediaIds.optional() });
const bestAnswerBody = z.object({ answerId: id });

const ctx = (c: AppContext) => ({ language: c.var.language, channel: c.var.channel.id, now: c.var.now });

/** A question of the caller's: the asker edits, withdraws it and chooses its best answer. */
registerOwnedResource({
  name: 'question',
  create: {
    before: [{ method: 'PUT', path: '/api/users/info/update-nick', body: { nick: 'owner.question' } }],
    path: '/api/ugc/questions',
    body: { articleId: ':articleId', body: 'Does it come with a charger in the box?' },
  },
  list: '/api/ugc/questions/:id',
  routes: [
    { method: 'PUT', path: '/api/ugc/questions/:id', body: { body: 'Does it come with a charger and a cable?' } },
    // Choosing needs someone else's answer: the asker's own success is in tests/worker/questions.test.ts.
    { method: 'POST', path: '/api/ugc/questions/:id/best-answer', body: { answerId: 1 }, ownerPass: false },
    { method: 'DELETE', path: '/api/ugc/questions/:id' },
  ],
});

/** An answer of the caller's (here to their own question, which is allowed): only its author edits or withdraws it. */
registerOwnedResource({
  name: 'answer',
  create: {
    before: [
      { method: 'PUT', path: '/api/users/info/update-nick', body: { nick: 'owner.answer' } },
      { method: 'POST', path: '/api/ugc/questions', body: { articleId: ':articleId', body: 'How long does the battery last?' }, save: { questionId: 'id' } },
    ],
    path: '/api/ugc/questions/:questionId/answers',
    body: { body: 'About two days with normal use.' },
  },
  list: '/api/ugc/questions/:questionId',
  routes: [
    { method: 'PUT', path: '/api/ugc/answers/:id', body: { body: 'About two days, one with heavy use.' } },
    { method: 'DELETE', path: '/api/ugc/answers/:id' },
  ],
});

// Public content: a published thread is read by anyone, answered and voted on by any signed-in user.
for (const route of ['GET /api/ugc/questions/:id', 'POST /api/ugc/questions/:id/answers', 'POST /api/ugc/answers/:id/vote', 'DELETE /api/ugc/answers/:id/vote']) PUBLIC_PARAMETER_ROUTES.add(route);

export const questionsApi = new Hono<AppEnv>()
  .get('/questions', describe({ summary: 'Questions about a product' }), validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    return c.json(okEnvelope(await listQuestions(c.var.db, { ...query, language: c.var.language })));
  })
  .post('/questions', describe({ summary: 'Ask a question about a product', security: 'session', errors: ['articleNotFound', 'nickRequired', 'tooManyAttempts', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('json', questionBody), async (c) => {
    const author = authorOf(c);
    const body = c.req.valid('json');
    await limitUgc(c, 'ugcPost', author);
    return c.json(okEnvelope(await createQuestion(c.var.db, { ...ctx(c), user: author, articleId: body.articleId, body: body.body })));
  })
  .get('/questions/:id', describe({ summary: 'One question with its answers', errors: ['notFound'] }), validate('param', idParam), validate('query', z.object({ page })), async (c) => {
    const user = await currentUser(c);
    const thread = await questionThread(c.var.db, { id: c.req.valid('param').id, viewer: user ? { userId: user.id, staff: isStaff(user) } : null, page: c.req.valid('query').page, language: c.var.language });
    if (!thread) throw appError('notFound');
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(thread));
  })
  .put('/questions/:id', describe({ summary: 'Edit a question', security: 'session', errors: ['notFound', 'tooManyAttempts', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('param', idParam), validate('json', questionEdit), async (c) => {
    const user = signedInUser(c);
    await limitUgc(c, 'ugcPost', user);
    return c.json(okEnvelope(await updateQuestion(c.var.db, { userId: user.id, id: c.req.valid('param').id, body: c.req.valid('json').body, now: c.var.now })));
  })
  .delete('/questions/:id', describe({ summary: 'Delete a question', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    await deleteQuestion(c.var.db, { userId: signedInUser(c).id, id: c.req.valid('param').id });
    return c.json(okEnvelope({ deleted: true }));
  })
  .post('/questions/:id/answers', describe({ summary: 'Answer a question', security: 'session', errors: ['answerExists', 'nickRequired', 'notFound', 'staffOnly', 'tooManyAttempts', 'ugcMediaPerItem', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('param', idParam), validate('json', answerBody), async (c) => {
    const author = authorOf(c);
    const body = c.req.valid('json');
    if (body.asStore && !isStaff(author)) throw appError('staffOnly');
    await limitUgc(c, 'ugcPost', author);
    const created = await createAnswer(c.var.db, { ...ctx(c), user: author, questionId: c.req.valid('param').id, body: body.body, mediaIds: body.mediaIds, asStore: body.asStore, source: 'thread' });
    return c.json(okEnvelope(created));
  })
  .post('/questions/:id/best-answer', describe({ summary: 'Choose the best answer of a question', security: 'session', errors: ['bestAnswerOwn', 'notFound', 'unauthorized'] }), requireUser, validate('param', idParam), validate('json', bestAnswerBody), async (c) => {
    const user = signedInUser(c);
    return c.json(okEnvelope(await chooseBestAnswer(c.var.db, { userId: user.id, questionId: c.req.valid('param').id, answerId: c.req.valid('json').answerId, now: c.var.now })));
  })
  .put('/answers/:id', describe({ summary: 'Edit an answer', security: 'session', errors: ['notFound', 'tooManyAttempts', 'ugcMediaPerItem', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('param', idParam), validate('json', answerEdit), async (c) => {
    const user = signedInUser(c);
    const body = c.req.valid('json');
    await limitUgc(c, 'ugcPost', user);
    return c.json(okEnvelope(await updateAnswer(c.var.db, { userId: user.id, id: c.req.valid('param').id, body: body.body, mediaIds: body.mediaIds, now: c.var.now })));
  })
  .delete('/answers/:id', describe({ summary: 'Delete an answer', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    await deleteAnswer(c.var.db, { userId: signedInUser(c).id, id: c.req.valid('param').id });
    return c.json(okEnvelope({ deleted: true }));
  })
  .post('/answers/:id/vote', describe({ summary: 'Vote for an answer', security: 'session', errors: ['answerOwnVote', 'notFound', 'tooManyAttempts', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    await limitUgc(c, 'ugcVote', user);
    return c.json(okEnvelope(await voteAnswer(c.var.db, { userId: user.id, answerId: c.req.valid('param').id, now: c.var.now })));
  })
  .delete('/answers/:id/vote', describe({ summary: 'Take back a vote for an answer', security: 'session', errors: ['notFound', 'tooManyAttempts', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    await limitUgc(c, 'ugcVote', user);
    return c.json(okEnvelope(await unvoteAnswer(c.var.db, { userId: user.id, answerId: c.req.valid('param').id })));
  });

export type QuestionsApiType = typeof questionsApi;
