/**
 * Writing reviews (worker/api/reviews.ts, worker/ugc/reviews.ts): who is a verified buyer, what
 * is published at once and what is held, one review per user and article, invitations, edits
 * through the transition, deletion with everything that hangs from it, and setReviewState.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbFor } from '../../worker/db/client';
import { signReviewInvitation } from '../../worker/identity/signed-token';
import { transitionOrder } from '../../worker/orders/transitions';
import { setReviewState } from '../../worker/ugc/reviews';
import { signUp, TestBrowser } from './browser';
import { add, checkoutOffers, shopper, type OfferRow, type Placed } from './checkout-helpers';

let own: OfferRow[] = [];
beforeAll(async () => {
  own = (await checkoutOffers()).own;
});

const CLEAN = { title: 'Does the job well', body: 'Quiet, easy to set up and it does exactly what the box says.' };
let nicks = 0;

async function withNick(browser: TestBrowser): Promise<string> {
  const nick = `rw${Date.now() % 1_000_000}x${++nicks}`;
  expect((await browser.api('PUT', '/api/users/info/update-nick', { nick })).status).toBe(200);
  return nick;
}

const userIdOf = async (email: string) => (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;

/** A signed-up customer with a nick who ordered the offer's article by bank transfer; paid unless told otherwise. */
async function buyer(offer: OfferRow, paid = true) {
  const session = await shopper();
  await add(session.browser, session.cartId, offer);
  const placed = await session.browser.api<Placed>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'transferencia', conditionsAccepted: true });
  expect([200, 201]).toContain(placed.status);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  if (paid) await transitionOrder(dbFor(env.DB), { orderNumber, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } });
  await withNick(session.browser);
  const userId = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(orderNumber).first<number>('user_id'))!;
  return { browser: session.browser, orderNumber, articleId: offer.article_id, userId };
}

async function customer(nick = true) {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  if (nick) await withNick(browser);
  return { browser, userId: await userIdOf(email), email };
}

const reviewRow = (id: number) =>
  env.DB.prepare('SELECT state, verified_order, moderation_note, published_at, rating, title FROM product_reviews WHERE id = ?').bind(id).first<{ state: string; verified_order: string | null; moderation_note: string; published_at: number | null; rating: number; title: string }>();
const pointsOf = async (userId: number) => (await env.DB.prepare('SELECT reason, ref_id, points FROM user_points WHERE user_id = ? ORDER BY reason, ref_id').bind(userId).all<{ reason: string; ref_id: string; points: number }>()).results;
const ratingOf = (articleId: number) => env.DB.prepare('SELECT rating_average, rating_count FROM articles WHERE id = ?').bind(articleId).first<{ rating_average: number; rating_count: number }>();
const okStats = (articleId: number) =>
  env.DB.prepare("SELECT count(*) AS n, coalesce(CAST(round(avg(rating)) AS INTEGER), 0) AS avg FROM product_reviews WHERE article_id = ? AND state = 'OK'").bind(articleId).first<{ n: number; avg: number }>();

type Created = { id: number; state: string };

describe('writing a review', () => {
  it('publishes a paid buyer\'s clean review at once: verified, points, rating, pending list', async () => {
    const me = await buyer(own[0]!);
    expect((await me.browser.api<{ items: { articleId: number }[] }>('GET', '/api/users/info/pending-reviews')).data.items.map((i) => i.articleId)).toContain(me.articleId);
    const before = await okStats(me.articleId);
    const created = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 8, ...CLEAN });
    expect(created.status).toBe(201);
    expect(created.data.state).toBe('OK');
    const row = await reviewRow(created.data.id);
    expect(row).toMatchObject({ state: 'OK', verified_order: me.orderNumber, moderation_note: '[]', rating: 8 });
    expect(row!.published_at).toBeGreaterThan(0);
    expect(await pointsOf(me.userId)).toEqual([{ reason: 'review', ref_id: String(created.data.id), points: 10 }]);
    const after = await okStats(me.articleId);
    expect(after!.n).toBe(before!.n + 1);
    expect(await ratingOf(me.articleId)).toEqual({ rating_average: after!.avg, rating_count: after!.n });
    // Reviewed: it leaves the "to review" list.
    expect((await me.browser.api<{ items: { articleId: number }[] }>('GET', '/api/users/info/pending-reviews')).data.items.map((i) => i.articleId)).not.toContain(me.articleId);
  });

  it('does not count an order still awaiting its payment: held, unverified, not in the pending list', async () => {
    const me = await buyer(own[1]!, false);
    expect((await me.browser.api<{ items: { articleId: number }[] }>('GET', '/api/users/info/pending-reviews')).data.items.map((i) => i.articleId)).not.toContain(me.articleId);
    const created = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 10, ...CLEAN });
    expect(created.data.state).toBe('PENDING_REVIEW');
    expect(await reviewRow(created.data.id)).toMatchObject({ state: 'PENDING_REVIEW', verified_order: null, published_at: null });
    expect(await pointsOf(me.userId)).toEqual([]);
  });

  it('lets someone who did not buy it write too, always held for moderation', async () => {
    const me = await customer();
    const articleId = own[2]!.article_id;
    const before = await ratingOf(articleId);
    const created = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId, rating: 2, ...CLEAN });
    expect(created).toMatchObject({ status: 201, data: { state: 'PENDING_REVIEW' } });
    expect(await reviewRow(created.data.id)).toMatchObject({ verified_order: null, moderation_note: '[]' });
    expect(await ratingOf(articleId)).toEqual(before);
    expect(await pointsOf(me.userId)).toEqual([]);
  });

  it('holds a buyer\'s review whose text trips a rule, naming the rules', async () => {
    const me = await buyer(own[3]!);
    const created = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 6, title: 'Good value', body: 'Better prices at www.example-shop.com, write to me at me@example.com' });
    expect(created.data.state).toBe('PENDING_REVIEW');
    expect(JSON.parse((await reviewRow(created.data.id))!.moderation_note)).toEqual(['link', 'contact']);
    expect(await pointsOf(me.userId)).toEqual([]);
  });

  it('allows one review per user and article (409 REVIEW_EXISTS)', async () => {
    const me = await customer();
    const articleId = own[4]!.article_id;
    expect((await me.browser.api('POST', '/api/ugc/reviews', { articleId, rating: 4, ...CLEAN })).status).toBe(201);
    const again = await me.browser.api('POST', '/api/ugc/reviews', { articleId, rating: 9, ...CLEAN });
    expect(again).toMatchObject({ status: 409, data: null, error: { code: 'REVIEW_EXISTS' } });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM product_reviews WHERE user_id = ?').bind(me.userId).first<number>('n'))).toBe(1);
  });

  it('answers 404 for an article that does not exist or is not sold on the channel', async () => {
    const me = await customer();
    expect((await me.browser.api('POST', '/api/ugc/reviews', { articleId: 2_000_000_000, rating: 4, ...CLEAN })).status).toBe(404);
    const elsewhere = await env.DB.prepare("SELECT id FROM articles WHERE id NOT IN (SELECT article_id FROM offers WHERE channel = 'ES') ORDER BY id LIMIT 1").first<number>('id');
    // Without such an article in the seed, take one (none the other tests use) off the channel for this test file's database.
    const articleId = elsewhere ?? (await env.DB.prepare("SELECT article_id FROM offers WHERE channel = 'ES' ORDER BY article_id DESC LIMIT 1").first<number>('article_id'))!;
    if (elsewhere === null) await env.DB.prepare("DELETE FROM offers WHERE article_id = ? AND channel = 'ES'").bind(articleId).run();
    expect((await me.browser.api('POST', '/api/ugc/reviews', { articleId, rating: 4, ...CLEAN })).error?.code).toBe('NOT_FOUND');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM product_reviews WHERE user_id = ?').bind(me.userId).first<number>('n')).toBe(0);
  });

  it('requires a session (401), a nick (409 NICK_REQUIRED), texts within limits and a score of 1 to 10', async () => {
    const articleId = own[0]!.article_id;
    expect((await new TestBrowser().api('POST', '/api/ugc/reviews', { articleId, rating: 4, ...CLEAN })).error?.code).toBe('TOKEN_VERIFICATION');
    const nickless = await customer(false);
    expect(await nickless.browser.api('POST', '/api/ugc/reviews', { articleId, rating: 4, ...CLEAN })).toMatchObject({ status: 409, error: { code: 'NICK_REQUIRED' } });
    const me = await customer();
    expect(await me.browser.api('POST', '/api/ugc/reviews', { articleId, rating: 4, title: '  ab  ', body: CLEAN.body })).toMatchObject({
      status: 400,
      error: { code: 'UGC_TEXT_TOO_SHORT', details: { field: 'title', min: 3 } },
    });
    expect(await me.browser.api('POST', '/api/ugc/reviews', { articleId, rating: 4, title: CLEAN.title, body: 'é'.repeat(3001) })).toMatchObject({
      status: 400,
      error: { code: 'UGC_TEXT_TOO_LONG', details: { field: 'body', max: 3000 } },
    });
    for (const rating of [0, 11, 4.5]) expect((await me.browser.api('POST', '/api/ugc/reviews', { articleId, rating, ...CLEAN })).status, String(rating)).toBe(400);
    // Exactly at the limits is fine, and any whole score 1–10 (odd ones too) is accepted.
    expect((await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId, rating: 7, title: 'abc', body: 'x'.repeat(3000).replace(/x{8}/g, 'good day') })).status).toBe(201);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM product_reviews WHERE user_id IN (?, ?)').bind(nickless.userId, me.userId).first<number>('n')).toBe(1);
  });

  it('lets an invitation write the review of its article without a session, and only that one', async () => {
    const me = await buyer(own[1]!);
    const hashId = (await env.DB.prepare('SELECT hash_id FROM users WHERE id = ?').bind(me.userId).first<string>('hash_id'))!;
    const token = await signReviewInvitation(env.AUTH_SECRET, { user: hashId, article: me.articleId, exp: Date.now() + 60_000 });
    const anonymous = new TestBrowser();
    const wrongArticle = await anonymous.api('POST', '/api/ugc/reviews', { articleId: own[2]!.article_id, rating: 8, ...CLEAN, token });
    expect(wrongArticle).toMatchObject({ status: 400, error: { code: 'INVALID_LINK' } });
    expect((await anonymous.api('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 8, ...CLEAN, token: `${token}x` })).error?.code).toBe('INVALID_LINK');
    const expired = await signReviewInvitation(env.AUTH_SECRET, { user: hashId, article: me.articleId, exp: Date.now() - 1 });
    expect((await anonymous.api('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 8, ...CLEAN, token: expired })).error?.code).toBe('INVALID_LINK');
    const created = await anonymous.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 8, ...CLEAN, token });
    expect(created).toMatchObject({ status: 201, data: { state: 'OK' } });
    expect(await env.DB.prepare('SELECT user_id, verified_order FROM product_reviews WHERE id = ?').bind(created.data.id).first()).toEqual({ user_id: me.userId, verified_order: me.orderNumber });
    // The same invitation edits it, still without a session.
    expect((await anonymous.api<Created>('PUT', `/api/ugc/reviews/${created.data.id}`, { rating: 6, ...CLEAN, token })).data).toEqual({ id: created.data.id, state: 'OK' });
  });
});

describe('editing, deleting and listing one\'s reviews', () => {
  it('runs moderation again on an edit, through the transition: points and rating follow', async () => {
    const me = await buyer(own[2]!);
    const { data } = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 10, ...CLEAN });
    expect(data.state).toBe('OK');
    const edited = await me.browser.api<Created>('PUT', `/api/ugc/reviews/${data.id}`, { rating: 10, title: CLEAN.title, body: 'Now cheaper on https://elsewhere.example/deal, trust me on this one.' });
    expect(edited.data).toEqual({ id: data.id, state: 'PENDING_REVIEW' });
    expect(JSON.parse((await reviewRow(data.id))!.moderation_note)).toEqual(['link']);
    expect(await pointsOf(me.userId)).toEqual([]);
    let stats = await okStats(me.articleId);
    expect(await ratingOf(me.articleId)).toEqual({ rating_average: stats!.avg, rating_count: stats!.n });
    const clean = await me.browser.api<Created>('PUT', `/api/ugc/reviews/${data.id}`, { rating: 2, ...CLEAN });
    expect(clean.data.state).toBe('OK');
    expect(await reviewRow(data.id)).toMatchObject({ rating: 2, moderation_note: '[]' });
    expect((await pointsOf(me.userId)).map((p) => p.reason)).toEqual(['review']);
    // OK to OK with a new score: the average follows too.
    await me.browser.api('PUT', `/api/ugc/reviews/${data.id}`, { rating: 9, ...CLEAN });
    stats = await okStats(me.articleId);
    expect(await ratingOf(me.articleId)).toEqual({ rating_average: stats!.avg, rating_count: stats!.n });
  });

  it('answers 404 to another user\'s PUT and DELETE and changes nothing', async () => {
    const alice = await customer();
    const bob = await customer();
    const { data } = await alice.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: own[3]!.article_id, rating: 8, ...CLEAN });
    const before = await reviewRow(data.id);
    expect(await bob.browser.api('PUT', `/api/ugc/reviews/${data.id}`, { rating: 1, title: 'Not mine at all', body: 'Trying to change somebody else\'s review here.' })).toMatchObject({ status: 404, data: null });
    expect(await bob.browser.api('DELETE', `/api/ugc/reviews/${data.id}`)).toMatchObject({ status: 404, data: null });
    expect(await bob.browser.api('PUT', '/api/ugc/reviews/2000000000', { rating: 1, ...CLEAN })).toMatchObject({ status: 404 });
    expect(await reviewRow(data.id)).toEqual(before);
  });

  it('deletes a review with its votes, reports, points and media links, and recomputes the rating', async () => {
    const me = await buyer(own[4]!);
    const voter = await customer();
    const { data } = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 2, ...CLEAN });
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO review_votes (review_id, user_id, helpful, created_at) VALUES (?, ?, 1, ?)').bind(data.id, voter.userId, now),
      env.DB.prepare("INSERT INTO user_points (user_id, reason, ref_id, points, created_at) VALUES (?, 'helpfulVote', ?, 1, ?)").bind(me.userId, `review:${data.id}:${voter.userId}`, now),
      env.DB.prepare("INSERT INTO ugc_reports (kind, target_id, user_id, reason, created_at) VALUES ('review', ?, ?, 'spam', ?)").bind(data.id, voter.userId, now),
      env.DB.prepare("INSERT INTO ugc_media (id, user_id, kind, content_type, bytes, r2_key, attached_kind, attached_id, state, created_at) VALUES (?, ?, 'image', 'image/png', 10, 'k', 'review', ?, 'OK', ?)").bind(crypto.randomUUID(), me.userId, data.id, now),
    ]);
    expect((await pointsOf(me.userId)).length).toBe(2);
    const deleted = await me.browser.api('DELETE', `/api/ugc/reviews/${data.id}`);
    expect(deleted.status).toBe(200);
    expect(await reviewRow(data.id)).toBeNull();
    expect(await pointsOf(me.userId)).toEqual([]);
    for (const table of ['review_votes WHERE review_id = ?', "ugc_reports WHERE kind = 'review' AND target_id = ?", "ugc_media WHERE attached_kind = 'review' AND attached_id = ?"]) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).bind(data.id).first<number>('n'), table).toBe(0);
    }
    const stats = await okStats(me.articleId);
    expect(await ratingOf(me.articleId)).toEqual({ rating_average: stats!.avg, rating_count: stats!.n });
    expect((await me.browser.api<{ items: { articleId: number }[] }>('GET', '/api/users/info/pending-reviews')).data.items.map((i) => i.articleId)).toContain(me.articleId);
    // Deleting it again: it is gone.
    expect((await me.browser.api('DELETE', `/api/ugc/reviews/${data.id}`)).status).toBe(404);
  });

  it('lists the caller\'s own reviews with state, note, verified mark and media', async () => {
    const me = await customer();
    expect((await new TestBrowser().api('GET', '/api/ugc/reviews/mine')).status).toBe(401);
    const { data } = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: own[0]!.article_id, rating: 6, title: 'Great', body: 'AMAZING PRODUCT, THE BEST THING I HAVE EVER BOUGHT' });
    const mine = await me.browser.api<{ items: Record<string, unknown>[] }>('GET', '/api/ugc/reviews/mine');
    expect(mine.headers.get('Cache-Control')).toBe('private, no-store');
    expect(mine.data.items).toEqual([
      expect.objectContaining({ id: data.id, articleId: own[0]!.article_id, rating: 6, title: 'Great', state: 'PENDING_REVIEW', moderationNote: ['shouting'], verified: false, publishedAt: null, media: [] }),
    ]);
    expect(mine.data.items[0]!.articleName).toEqual(expect.any(String));
  });

  it('refuses a 21st post within the hour (429 UGC_TOO_MANY_POSTS)', async () => {
    const me = await customer();
    const { data } = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: own[1]!.article_id, rating: 6, ...CLEAN });
    for (let edit = 1; edit < 20; edit++) expect((await me.browser.api('PUT', `/api/ugc/reviews/${data.id}`, { rating: 6, ...CLEAN })).status, `edit ${edit}`).toBe(200);
    const refused = await me.browser.api('PUT', `/api/ugc/reviews/${data.id}`, { rating: 1, ...CLEAN });
    expect(refused).toMatchObject({ status: 429, error: { code: 'UGC_TOO_MANY_POSTS' } });
    expect((await reviewRow(data.id))!.rating).toBe(6);
  });
});

describe('setReviewState', () => {
  it('publishes, withdraws and publishes again: points, helpful votes, rating, no-op on the same state', async () => {
    const author = await customer();
    const voter = await customer();
    const other = await customer();
    const articleId = own[2]!.article_id;
    const { data } = await author.browser.api<Created>('POST', '/api/ugc/reviews', { articleId, rating: 10, ...CLEAN });
    expect(data.state).toBe('PENDING_REVIEW');
    const db = dbFor(env.DB);
    const mediaId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO review_votes (review_id, user_id, helpful, created_at) VALUES (?, ?, 1, 1)').bind(data.id, voter.userId),
      env.DB.prepare('INSERT INTO review_votes (review_id, user_id, helpful, created_at) VALUES (?, ?, 0, 1)').bind(data.id, other.userId),
      env.DB.prepare("INSERT INTO ugc_media (id, user_id, kind, content_type, bytes, r2_key, attached_kind, attached_id, state, created_at) VALUES (?, ?, 'image', 'image/png', 10, 'k', 'review', ?, 'OK', 1)").bind(mediaId, author.userId, data.id),
    ]);
    const first = new Date('2026-11-20T10:00:00Z');
    expect(await setReviewState(db, data.id, 'OK', [], first)).toBe(true);
    expect(await reviewRow(data.id)).toMatchObject({ state: 'OK', published_at: first.getTime(), moderation_note: '[]' });
    const earned = [
      { reason: 'helpfulVote', ref_id: `review:${data.id}:${voter.userId}`, points: 1 },
      { reason: 'review', ref_id: String(data.id), points: 10 },
      { reason: 'reviewMedia', ref_id: String(data.id), points: 5 },
    ];
    expect(await pointsOf(author.userId)).toEqual(earned);
    let stats = await okStats(articleId);
    expect(await ratingOf(articleId)).toEqual({ rating_average: stats!.avg, rating_count: stats!.n });
    // The same state again: nothing changes, not even the publication date.
    expect(await setReviewState(db, data.id, 'OK', ['ignored'], new Date('2026-11-21T10:00:00Z'))).toBe(true);
    expect(await reviewRow(data.id)).toMatchObject({ published_at: first.getTime(), moderation_note: '[]' });
    expect(await pointsOf(author.userId)).toEqual(earned);
    // Hidden after reports: every point it earned goes.
    expect(await setReviewState(db, data.id, 'PENDING_REVIEW', ['reported'], new Date('2026-11-22T10:00:00Z'))).toBe(true);
    expect(await reviewRow(data.id)).toMatchObject({ state: 'PENDING_REVIEW', moderation_note: '["reported"]' });
    expect(await pointsOf(author.userId)).toEqual([]);
    stats = await okStats(articleId);
    expect(await ratingOf(articleId)).toEqual({ rating_average: stats!.avg, rating_count: stats!.n });
    // Approved again: published anew, the same points once each.
    const again = new Date('2026-11-23T10:00:00Z');
    await setReviewState(db, data.id, 'OK', [], again);
    expect((await reviewRow(data.id))!.published_at).toBe(again.getTime());
    expect(await pointsOf(author.userId)).toEqual(earned);
    await setReviewState(db, data.id, 'REJECTED', ['Off topic'], again);
    expect(await reviewRow(data.id)).toMatchObject({ state: 'REJECTED', moderation_note: '["Off topic"]' });
    expect(await pointsOf(author.userId)).toEqual([]);
    expect(await setReviewState(db, 2_000_000_000, 'OK', [], again)).toBe(false);
  });

  it('gives no media points for media that are not published', async () => {
    const author = await customer();
    const { data } = await author.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: own[3]!.article_id, rating: 8, ...CLEAN });
    await env.DB.prepare("INSERT INTO ugc_media (id, user_id, kind, content_type, bytes, r2_key, attached_kind, attached_id, state, created_at) VALUES (?, ?, 'image', 'image/png', 10, 'k', 'review', ?, 'REJECTED', 1)")
      .bind(crypto.randomUUID(), author.userId, data.id)
      .run();
    await setReviewState(dbFor(env.DB), data.id, 'OK', [], new Date());
    expect((await pointsOf(author.userId)).map((p) => p.reason)).toEqual(['review']);
  });
});

describe('the review pages', () => {
  it('sends an anonymous visitor to sign in, 404s an unknown article and shows the form to a customer', async () => {
    const articleId = own[0]!.article_id;
    const anonymous = await new TestBrowser().fetch(`/opinion-productos/${articleId}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toMatch(new RegExp(`\\?next=${encodeURIComponent(`/opinion-productos/${articleId}`)}$`));
    const me = await customer(false);
    expect((await me.browser.fetch('/opinion-productos/2000000000')).status).toBe(404);
    const page = await me.browser.fetch(`/opinion-productos/${articleId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toMatch(/private/);
    const html = await page.text();
    expect(html).toContain('data-island="review-form"');
    // No nick yet: the island opens on the nick step.
    expect(html).toContain('id="review-nick"');
    expect(html).toMatch(/<noscript>/);
  });

  it('opens the form from an invitation without a session, and says when the link is not valid', async () => {
    const me = await buyer(own[3]!);
    const hashId = (await env.DB.prepare('SELECT hash_id FROM users WHERE id = ?').bind(me.userId).first<string>('hash_id'))!;
    const token = await signReviewInvitation(env.AUTH_SECRET, { user: hashId, article: me.articleId, exp: Date.now() + 60_000 });
    const anonymous = new TestBrowser();
    const html = await (await anonymous.fetch(`/opinion-productos/${me.articleId}?token=${token}`)).text();
    expect(html).toContain('name="rating"');
    expect(html).toContain(`&quot;token&quot;:&quot;${token}&quot;`);
    // Uploads need an account session: the invitation writes text only.
    expect(html).not.toContain('type="file"');
    const other = await (await anonymous.fetch(`/opinion-productos/${own[4]!.article_id}?token=${token}`)).text();
    expect(other).not.toContain('data-island="review-form"');
    expect(other).toContain('notification--warning');
  });

  it('lists what is left to review and the customer\'s reviews with their state in the account', async () => {
    const me = await buyer(own[1]!);
    let html = await (await me.browser.fetch('/usuarios/panel/opiniones')).text();
    expect(html).toContain(`/opinion-productos/${me.articleId}`);
    const { data } = await me.browser.api<Created>('POST', '/api/ugc/reviews', { articleId: me.articleId, rating: 8, title: 'Call me', body: 'Ask me anything about it at 612 345 678, happy to help.' });
    html = await (await me.browser.fetch('/usuarios/panel/opiniones')).text();
    expect(html).toContain('data-island="review-delete"');
    expect(html).toContain(`&quot;reviewId&quot;:${data.id}`);
    expect(html).toContain('account-review__state--waiting');
  });
});
