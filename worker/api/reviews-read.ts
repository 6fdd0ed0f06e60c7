/**
 * Reading reviews and voting on them (mounted under /api/ugc):
 *
 * - `GET /reviews?articleId&page&stars=5,4&age=under-3-months&sort=relevance&verified=1`: an
 *   article's OK reviews, 10 per page, with the summary of all of them
 *   ({items, totalItems, page, pageSize, summary: {count, stars, buckets}}). Signed-in callers
 *   also get their own vote on each item (`myVote`).
 * - `POST /reviews/:id/vote {helpful}`: one vote per user and review (voting again changes it);
 *   one's own review 400 OWN_REVIEW_VOTE, a review that is not public 404.
 *
 * The logic is in worker/ugc/review-list.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { PUBLIC_PARAMETER_ROUTES } from '../identity/owned';
import { currentUser, requireUser, signedInUser } from '../identity/session';
import { REVIEW_AGE_FILTERS } from '../domain/catalogue/rating';
import { limitUgc } from '../ugc/common';
import { publicMediaOf } from '../ugc/media';
import { listReviews, REVIEW_SORTS, voteOnReview, type ReviewFilters } from '../ugc/review-list';
import { describe } from '../http/openapi-meta';

// A review is public content, not the voter's object: anyone signed in may vote on anyone's
// (their own is refused with 400, a hidden one answers 404 like a missing one).
PUBLIC_PARAMETER_ROUTES.add('POST /api/ugc/reviews/:id/vote');

const positiveId = z.string().regex(/^[1-9]\d{0,9}$/, 'a positive id').transform(Number);

const listQuery = z.object({
  articleId: positiveId,
  page: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, 'a page number')
    .transform(Number)
    .optional(),
  stars: z
    .string()
    .regex(/^[1-5](,[1-5]){0,4}$/, 'star buckets 1 to 5, separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))].sort((a, b) => b - a) as ReviewFilters['stars'])
    .optional(),
  age: z.enum(REVIEW_AGE_FILTERS).optional(),
  sort: z.enum(REVIEW_SORTS).optional(),
  verified: z.enum(['0', '1']).optional(),
});

export const reviewListApi = new Hono<AppEnv>()
  .get('/reviews', describe({ summary: 'Reviews of a product' }), validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    const viewer = await currentUser(c);
    const filters: ReviewFilters = { stars: query.stars ?? [], age: query.age ?? null, verified: query.verified === '1', sort: query.sort ?? 'relevance', page: query.page ?? 1 };
    const { db } = c.var;
    const page = await listReviews(db, query.articleId, filters, c.var.now, viewer?.id ?? null, (ids) => publicMediaOf(db, 'review', ids));
    // Personal when signed in (the caller's votes), and always fresh: a vote or a decision shows at once.
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(page));
  })
  .post('/reviews/:id/vote', describe({ summary: "Vote on a review's helpfulness", security: 'session', errors: ['notFound', 'ownReviewVote', 'tooManyAttempts', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('param', z.object({ id: positiveId })), validate('json', z.object({ helpful: z.boolean() })), async (c) => {
    const user = signedInUser(c);
    await limitUgc(c, 'ugcVote', user);
    const result = await voteOnReview(c.var.db, c.req.valid('param').id, user.id, c.req.valid('json').helpful, c.var.now);
    return c.json(okEnvelope(result));
  });

export type ReviewListApiType = typeof reviewListApi;
