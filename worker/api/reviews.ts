/**
 * /api/ugc/reviews — writing reviews (docs/user-content.md "Reviews (write)"): create, edit,
 * delete, and the author's own list. A review invitation (`token`, e-mailed after a purchase)
 * acts for its user and article without a session, as /api/users/info/basic-info does.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { productReviews, users } from '../db/schema';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { loadOwned, registerOwnedResource } from '../identity/owned';
import { currentUser, requireUser, signedInUser, type UserRow } from '../identity/session';
import { verifyReviewInvitation } from '../identity/signed-token';
import { checkedText, limitUgc, type Author } from '../ugc/common';
import { createReview, deleteReview, editReview, myReviews } from '../ugc/reviews';
import { describe } from '../http/openapi-meta';

const OWNED_REVIEWS = { table: productReviews, id: productReviews.id, userId: productReviews.userId };

const reviewFields = {
  // The doubled scale (spec §9): the stars UI sends stars × 2; any whole score 1–10 is accepted.
  rating: z.number().int().min(1).max(10),
  // Generous caps: the real limits are checkedText's, with their own messages.
  title: z.string().max(2_000),
  body: z.string().max(20_000),
  mediaIds: z.array(z.string().uuid()).max(20).optional(),
  token: z.string().min(1).max(512).optional(),
};

const createBody = z.object({ articleId: z.number().int().positive().max(2 ** 31), ...reviewFields }).strict();
const editBody = z.object(reviewFields).strict();
const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });

/** The user a call acts for: the invitation's user (only for its article) or the signed-in caller; 401 without either. */
async function actingUser(c: AppContext, token: string | undefined, articleId: number | undefined): Promise<UserRow> {
  if (token === undefined) {
    const user = await currentUser(c);
    if (!user) throw appError('unauthorized');
    return user;
  }
  const invitation = await verifyReviewInvitation(c.env.AUTH_SECRET, token, c.var.now);
  if (!invitation || (articleId !== undefined && invitation.article !== articleId)) throw appError('invalidLink');
  const [user] = await c.var.db.select().from(users).where(eq(users.hashId, invitation.user));
  if (!user) throw appError('invalidLink');
  return user;
}

/** The nick is shown with the review: 409 NICK_REQUIRED without one. */
function asAuthor(user: UserRow): Author {
  if (!user.nick) throw appError('nickRequired');
  return user as Author;
}

function checkedReview(body: { rating: number; title: string; body: string; mediaIds?: string[] }) {
  return {
    rating: body.rating,
    title: checkedText(body.title, 'reviewTitle', 'title'),
    body: checkedText(body.body, 'reviewBody', 'body'),
    mediaIds: [...new Set(body.mediaIds ?? [])],
  };
}

/** A review that the caller may edit or delete. */
registerOwnedResource({
  name: 'review',
  create: {
    before: [{ method: 'PUT', path: '/api/users/info/update-nick', body: { nick: 'ReviewOwner' } }],
    path: '/api/ugc/reviews',
    body: { articleId: ':articleId', rating: 8, title: 'Works as promised', body: 'Quiet, easy to set up and it does what it says on the box.' },
  },
  list: '/api/ugc/reviews/mine',
  routes: [
    { method: 'PUT', path: '/api/ugc/reviews/:id', body: { rating: 6, title: 'Works, mostly', body: 'After a month it is still fine, but the cable is rather short.' } },
    { method: 'DELETE', path: '/api/ugc/reviews/:id' },
  ],
});

export const reviewsApi = new Hono<AppEnv>()
  .get('/reviews/mine', describe({ summary: "The customer's reviews", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ items: await myReviews(c.var.db, signedInUser(c).id, c.var.language) }));
  })
  .post('/reviews', describe({ summary: 'Write a review', security: 'optionalSession', errors: ['invalidLink', 'nickRequired', 'notFound', 'reviewExists', 'tooManyAttempts', 'ugcMediaPerItem', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), validate('json', createBody), async (c) => {
    const body = c.req.valid('json');
    const author = asAuthor(await actingUser(c, body.token, body.articleId));
    const input = checkedReview(body);
    await limitUgc(c, 'ugcPost', author);
    const created = await createReview(c.var.db, { ...input, userId: author.id, articleId: body.articleId, channel: c.var.channel.id, language: c.var.language, now: c.var.now });
    return c.json(okEnvelope(created), 201);
  })
  .put('/reviews/:id', describe({ summary: 'Edit a review', security: 'optionalSession', errors: ['invalidLink', 'nickRequired', 'notFound', 'tooManyAttempts', 'ugcMediaPerItem', 'ugcTextTooLong', 'ugcTextTooShort', 'ugcTooManyPosts', 'unauthorized'] }), validate('param', idParam), validate('json', editBody), async (c) => {
    const body = c.req.valid('json');
    const user = await actingUser(c, body.token, undefined);
    // Ownership first: someone else's review is a 404 whatever else is wrong with the call.
    const review = await loadOwned(c.var.db, OWNED_REVIEWS, user.id, c.req.valid('param').id);
    // An invitation is for one article: it edits only that article's review.
    if (body.token !== undefined) await actingUser(c, body.token, review.articleId);
    const author = asAuthor(user);
    const input = checkedReview(body);
    await limitUgc(c, 'ugcPost', author);
    return c.json(okEnvelope(await editReview(c.var.db, review, input, c.var.now)));
  })
  .delete('/reviews/:id', describe({ summary: 'Delete a review', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const review = await loadOwned(c.var.db, OWNED_REVIEWS, signedInUser(c).id, c.req.valid('param').id);
    await deleteReview(c.var.db, review, c.var.now);
    return c.json(okEnvelope({ id: review.id, deleted: true }));
  });
