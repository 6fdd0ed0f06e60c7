// Moderation, reports and the opine-and-win draw (worker/api/admin-ugc.ts, worker/api/ugc-reports.ts,
// worker/api/ugc-campaigns.ts, worker/ugc/campaigns.ts, worker/ssr/pages/ugc-admin.tsx and
// ugc-campaigns.tsx): only staff reach the queue; every decision moves the item through its one
// transition; reports hide OK content at the threshold until staff approve it again; a review
// published inside the campaign window enters the draw, which runs only after the window and
// always answers the same winners, one prize per person.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { createDb } from '../../worker/db/client';
import { REPORTS_TO_HIDE } from '../../worker/domain/ugc/moderation';
import { setReviewState } from '../../worker/ugc/reviews';
import { host } from './helpers';
import { signUp, TestBrowser, type ApiResult } from './browser';

const db = () => createDb(env.DB);
const IN_WINDOW = new Date('2026-12-15T12:00:00Z');
const AFTER_WINDOW = new Date('2027-02-02T12:00:00Z');

interface Person {
  browser: TestBrowser;
  id: number;
  email: string;
  nick: string;
}

let articleIds: number[] = [];
let nextArticle = 0;
let people = 0;
let staff: Person;

async function person(roles?: string[], origin?: string): Promise<Person> {
  const browser = new TestBrowser(origin);
  const email = await signUp(browser);
  const nick = `Mod${Date.now().toString(36)}${++people}`;
  await env.DB.prepare('UPDATE users SET nick = ?, nick_key = ? WHERE email = ?').bind(nick, nick.toLowerCase(), email).run();
  if (roles) await env.DB.prepare('UPDATE users SET roles = ? WHERE email = ?').bind(JSON.stringify(roles), email).run();
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  return { browser, id, email, nick };
}

async function insertReview(author: Person, state: string, options: { channel?: string; body?: string; note?: string[] } = {}): Promise<number> {
  const articleId = articleIds[nextArticle++ % articleIds.length]!;
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO product_reviews (user_id, article_id, rating, created_at, title, body, language, channel, state, moderation_note, updated_at, published_at)
     VALUES (?, ?, 8, ?, 'A good one', ?, 'es_ES', ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(author.id, articleId, now, options.body ?? 'Works as described, fast delivery.', options.channel ?? 'ES', state, JSON.stringify(options.note ?? []), now, state === 'OK' ? now : null)
    .first<number>('id');
  return row!;
}

async function insertQuestion(author: Person, state: string): Promise<number> {
  const now = Date.now();
  return (await env.DB.prepare(
    `INSERT INTO questions (article_id, user_id, body, language, channel, state, moderation_note, created_at, updated_at, published_at)
     VALUES (?, ?, 'Does it fit a small kitchen?', 'es_ES', 'ES', ?, '[]', ?, ?, ?) RETURNING id`,
  )
    .bind(articleIds[0], author.id, state, now, now, state === 'OK' ? now : null)
    .first<number>('id'))!;
}

async function insertAnswer(author: Person, questionId: number, state: string): Promise<number> {
  const now = Date.now();
  return (await env.DB.prepare(
    `INSERT INTO answers (question_id, user_id, author_kind, body, language, state, moderation_note, created_at, updated_at, published_at)
     VALUES (?, ?, 'customer', 'Yes, it is quite compact.', 'es_ES', ?, '[]', ?, ?, ?) RETURNING id`,
  )
    .bind(questionId, author.id, state, now, now, state === 'OK' ? now : null)
    .first<number>('id'))!;
}

const stateOf = (table: string, id: number | string) => env.DB.prepare(`SELECT state, moderation_note AS note, report_count AS reports FROM ${table} WHERE id = ?`).bind(id).first<{ state: string; note: string; reports: number }>();
const entriesOf = (reviewId: number) => env.DB.prepare('SELECT campaign, channel, user_id, won_at FROM campaign_entries WHERE review_id = ?').bind(reviewId).all<{ campaign: string; channel: string; user_id: number; won_at: number | null }>();

/** An API call as `who`, through the app with the clock at `now` (the session is the browser's). */
async function apiAt<T = Record<string, unknown>>(who: TestBrowser, now: Date, method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  const headers = new Headers({ 'CF-Connecting-IP': who.ip, Origin: who.origin, 'Sec-Fetch-Site': 'same-origin' });
  headers.set('Cookie', [...who.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await createApp({ now: () => now }).fetch(new Request(who.origin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), env);
  const envelope = (await response.json()) as { data: T; err: { message: string } | null };
  return { status: response.status, headers: response.headers, data: envelope.data, error: envelope.err ? JSON.parse(envelope.err.message) : null };
}

beforeAll(async () => {
  articleIds = (await env.DB.prepare('SELECT id FROM articles ORDER BY id LIMIT 60').all<{ id: number }>()).results.map((row) => row.id);
  staff = await person(['customer', 'staff']);
});

describe('the staff queue', () => {
  it('refuses the API to customers and visitors (STAFF_ONLY, 403) and answers the screen with the 404 page', async () => {
    const customer = await person();
    const author = await person();
    const id = await insertReview(author, 'PENDING_REVIEW');
    for (const who of [customer.browser, new TestBrowser()]) {
      const queue = await who.api('GET', '/api/admin/ugc/queue?kind=review');
      expect(queue.status).toBe(403);
      expect(queue.error?.code).toBe('STAFF_ONLY');
      const approve = await who.api('POST', `/api/admin/ugc/review/${id}/approve`, {});
      expect(approve.status).toBe(403);
      const screen = await who.fetch('/admin/ugc');
      expect(screen.status).toBe(404);
      expect(await screen.text()).not.toContain('admin-nav');
    }
    expect((await stateOf('product_reviews', id))?.state).toBe('PENDING_REVIEW');
  });

  it('lists held items with author, article, text, rating and the rules tripped; the screen shows user text as text', async () => {
    const author = await person();
    const hostile = 'Visit <img src=x onerror=alert(1)> now';
    const id = await insertReview(author, 'PENDING_REVIEW', { body: hostile, note: ['markup'] });
    const queue = await staff.browser.api<{ items: { id: number; author: { nick: string; email: string }; body: string; rating: number; note: string[]; article: { id: number } }[]; counts: Record<string, number> }>('GET', '/api/admin/ugc/queue?kind=review&page=1');
    expect(queue.status).toBe(200);
    expect(queue.headers.get('Cache-Control')).toContain('no-store');
    const item = queue.data.items.find((candidate) => candidate.id === id);
    expect(item).toMatchObject({ author: { nick: author.nick, email: author.email }, body: hostile, rating: 8, note: ['markup'] });
    expect(queue.data.counts.review).toBeGreaterThanOrEqual(1);
    const bad = await staff.browser.api('GET', '/api/admin/ugc/queue?kind=photos');
    expect(bad.status).toBe(400);

    const screen = await staff.browser.fetch('/admin/ugc?kind=review');
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('admin-nav');
    expect(html).toContain(`data-ugc-id="${id}"`);
    expect(html).toContain('data-island="admin-ugc-actions"');
    expect(html).toContain('data-note="markup"');
    expect(html).not.toContain('<img src=x onerror');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(await (await staff.browser.fetch('/admin')).text()).toContain('/admin/ugc');
  });
});

describe('staff decisions', () => {
  it('approves and rejects reviews through their transition, with the reason as the note', async () => {
    const author = await person();
    const approveId = await insertReview(author, 'PENDING_REVIEW', { note: ['link'] });
    const approved = await staff.browser.api('POST', `/api/admin/ugc/review/${approveId}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.data).toEqual({ kind: 'review', id: approveId, state: 'OK' });
    expect(await stateOf('product_reviews', approveId)).toMatchObject({ state: 'OK', note: '[]' });
    expect(await env.DB.prepare("SELECT points FROM user_points WHERE reason = 'review' AND ref_id = ?").bind(String(approveId)).first('points')).toBe(10);

    const rejectId = await insertReview(author, 'PENDING_REVIEW');
    const noReason = await staff.browser.api('POST', `/api/admin/ugc/review/${rejectId}/reject`, {});
    expect(noReason.status).toBe(400);
    expect((await stateOf('product_reviews', rejectId))?.state).toBe('PENDING_REVIEW');
    const rejected = await staff.browser.api('POST', `/api/admin/ugc/review/${rejectId}/reject`, { reason: 'off-topic: talks about the courier' });
    expect(rejected.status).toBe(200);
    expect(await stateOf('product_reviews', rejectId)).toMatchObject({ state: 'REJECTED', note: JSON.stringify(['off-topic: talks about the courier']) });

    // Staff changing their mind on a published review withdraws its points.
    await staff.browser.api('POST', `/api/admin/ugc/review/${approveId}/reject`, { reason: 'spam' });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM user_points WHERE reason = 'review' AND ref_id = ?").bind(String(approveId)).first('n')).toBe(0);

    expect((await staff.browser.api('POST', '/api/admin/ugc/review/999999999/approve', {})).status).toBe(404);
    expect((await staff.browser.api('POST', `/api/admin/ugc/comment/${approveId}/approve`, {})).status).toBe(400);
  });

  it('approves and rejects questions and answers', async () => {
    const asker = await person();
    const answerer = await person();
    const questionId = await insertQuestion(asker, 'PENDING_REVIEW');
    const q = await staff.browser.api('POST', `/api/admin/ugc/question/${questionId}/approve`, {});
    expect(q.status).toBe(200);
    expect((await stateOf('questions', questionId))?.state).toBe('OK');
    const answerId = await insertAnswer(answerer, questionId, 'PENDING_REVIEW');
    expect((await staff.browser.api('POST', `/api/admin/ugc/answer/${answerId}/approve`, {})).status).toBe(200);
    expect((await stateOf('answers', answerId))?.state).toBe('OK');
    expect(await env.DB.prepare('SELECT answer_count FROM questions WHERE id = ?').bind(questionId).first('answer_count')).toBe(1);
    expect((await staff.browser.api('POST', `/api/admin/ugc/answer/${answerId}/reject`, { reason: 'personal-data' })).status).toBe(200);
    expect(await stateOf('answers', answerId)).toMatchObject({ state: 'REJECTED', note: '["personal-data"]' });
    expect(await env.DB.prepare('SELECT answer_count FROM questions WHERE id = ?').bind(questionId).first('answer_count')).toBe(0);
    expect((await staff.browser.api('POST', `/api/admin/ugc/question/${questionId}/reject`, { reason: 'spam' })).status).toBe(200);
    expect((await stateOf('questions', questionId))?.state).toBe('REJECTED');
  });

  it('rejects a single photo: the review stays published and loses its media points when no photo is left', async () => {
    const author = await person();
    const reviewId = await insertReview(author, 'OK');
    const mediaId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO ugc_media (id, user_id, kind, content_type, bytes, width, height, r2_key, attached_kind, attached_id, state, moderation_note, created_at)
        VALUES (?, ?, 'image', 'image/jpeg', 1000, 10, 10, ?, 'review', ?, 'OK', '[]', ?)`).bind(mediaId, author.id, `ugc/${mediaId}`, reviewId, Date.now()),
      env.DB.prepare("INSERT INTO user_points (user_id, reason, ref_id, points, created_at) VALUES (?, 'reviewMedia', ?, 5, ?)").bind(author.id, String(reviewId), Date.now()),
    ]);
    const queue = await staff.browser.api<{ items: { id: string; parent: { kind: string; id: number } }[] }>('GET', '/api/admin/ugc/queue?kind=media&state=OK');
    expect(queue.data.items.find((item) => item.id === mediaId)?.parent).toEqual({ kind: 'review', id: reviewId });
    const rejected = await staff.browser.api('POST', `/api/admin/ugc/media/${mediaId}/reject`, { reason: 'poor-media' });
    expect(rejected.status).toBe(200);
    expect(await env.DB.prepare('SELECT state, moderation_note AS note FROM ugc_media WHERE id = ?').bind(mediaId).first()).toEqual({ state: 'REJECTED', note: '["poor-media"]' });
    expect((await stateOf('product_reviews', reviewId))?.state).toBe('OK');
    expect(await env.DB.prepare("SELECT count(*) AS n FROM user_points WHERE reason = 'reviewMedia' AND ref_id = ?").bind(String(reviewId)).first('n')).toBe(0);
    expect((await staff.browser.api('POST', `/api/admin/ugc/media/${crypto.randomUUID()}/reject`, { reason: 'spam' })).status).toBe(404);
  });
});

describe('reports', () => {
  it('takes one report per user, never on one’s own or unpublished content, and hides the item at the threshold until staff approve it again', async () => {
    const author = await person();
    const reviewId = await insertReview(author, 'OK');
    const reporters = await Promise.all(Array.from({ length: REPORTS_TO_HIDE + 1 }, () => person()));

    expect((await new TestBrowser().api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'spam' })).status).toBe(401);
    const own = await author.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.error?.code).toBe('UGC_REPORT_OWN');
    expect((await reporters[0]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'insult' })).status).toBe(400);

    const first = await reporters[0]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'spam' });
    expect(first.status).toBe(201);
    expect(first.data).toEqual({ reportCount: 1, hidden: false });
    const again = await reporters[0]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'offensive' });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('ALREADY_REPORTED');
    expect((await stateOf('product_reviews', reviewId))?.reports).toBe(1);

    let last: ApiResult | undefined;
    for (const reporter of reporters.slice(1, REPORTS_TO_HIDE)) last = await reporter.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'offensive' });
    expect(last?.data).toEqual({ reportCount: REPORTS_TO_HIDE, hidden: true });
    expect(await stateOf('product_reviews', reviewId)).toMatchObject({ state: 'PENDING_REVIEW', note: '["reported"]' });
    // Hidden: no more reports (404), and staff see why it is held.
    expect((await reporters[REPORTS_TO_HIDE]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'spam' })).status).toBe(404);
    const queue = await staff.browser.api<{ items: { id: number; note: string[]; reportCount: number; reports: { reason: string; count: number }[] }[] }>('GET', '/api/admin/ugc/queue?kind=review');
    const held = queue.data.items.find((item) => item.id === reviewId);
    expect(held).toMatchObject({ note: ['reported'], reportCount: REPORTS_TO_HIDE });
    expect(held?.reports).toEqual([
      { reason: 'offensive', count: REPORTS_TO_HIDE - 1 },
      { reason: 'spam', count: 1 },
    ]);

    // Approved again: public, the count starts over, and one new report does not hide it.
    expect((await staff.browser.api('POST', `/api/admin/ugc/review/${reviewId}/approve`, {})).status).toBe(200);
    expect(await stateOf('product_reviews', reviewId)).toMatchObject({ state: 'OK', reports: 0 });
    const after = await reporters[REPORTS_TO_HIDE]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'spam' });
    expect(after.data).toEqual({ reportCount: 1, hidden: false });
    expect((await reporters[0]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: reviewId, reason: 'spam' })).status).toBe(409);
    expect((await stateOf('product_reviews', reviewId))?.state).toBe('OK');

    expect((await reporters[0]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: 999999999, reason: 'spam' })).status).toBe(404);
    const pending = await insertReview(author, 'PENDING_REVIEW');
    expect((await reporters[0]!.browser.api('POST', '/api/ugc/reports', { kind: 'review', id: pending, reason: 'spam' })).status).toBe(404);
  });

  it('hides a reported answer through its own transition', async () => {
    const asker = await person();
    const answerer = await person();
    const questionId = await insertQuestion(asker, 'OK');
    const answerId = await insertAnswer(answerer, questionId, 'OK');
    for (let i = 0; i < REPORTS_TO_HIDE; i++) {
      const reporter = await person();
      expect((await reporter.browser.api('POST', '/api/ugc/reports', { kind: 'answer', id: answerId, reason: 'personal-data' })).status).toBe(201);
    }
    expect(await stateOf('answers', answerId)).toMatchObject({ state: 'PENDING_REVIEW', note: '["reported"]' });
  });
});

describe('opine-and-win', () => {
  it('gives a review published inside the window one entry, none outside it, and withdraws it when the review stops being OK', async () => {
    const author = await person();
    const inside = await insertReview(author, 'PENDING_REVIEW');
    expect(await setReviewState(db(), inside, 'OK', [], IN_WINDOW)).toBe(true);
    expect((await entriesOf(inside)).results).toEqual([{ campaign: 'opina-y-gana', channel: 'ES', user_id: author.id, won_at: null }]);
    // Published again (after a report, say): still one entry.
    await setReviewState(db(), inside, 'PENDING_REVIEW', ['reported'], IN_WINDOW);
    expect((await entriesOf(inside)).results).toEqual([]);
    await setReviewState(db(), inside, 'OK', [], IN_WINDOW);
    expect((await entriesOf(inside)).results).toHaveLength(1);

    const outside = await insertReview(author, 'PENDING_REVIEW');
    await setReviewState(db(), outside, 'OK', [], AFTER_WINDOW);
    expect((await entriesOf(outside)).results).toEqual([]);
    const before = await insertReview(author, 'PENDING_REVIEW');
    await setReviewState(db(), before, 'OK', [], new Date('2026-10-15T00:00:00Z'));
    expect((await entriesOf(before)).results).toEqual([]);

    const mine = await author.browser.api<{ entries: { reviewId: number; won: boolean }[]; slug: string; signedIn: boolean; prize: string }>('GET', '/api/ugc/campaigns/opine-and-win');
    expect(mine.status).toBe(200);
    expect(mine.data.slug).toBe('opina-y-gana');
    expect(mine.data.prize).toContain('100');
    expect(mine.data.entries.map((entry) => entry.reviewId)).toEqual([inside]);
    const visitor = await new TestBrowser().api<{ entries: unknown[]; signedIn: boolean }>('GET', '/api/ugc/campaigns/opine-and-win');
    expect(visitor.data).toMatchObject({ entries: [], signedIn: false });

    const page = await author.browser.fetch('/opina-y-gana');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control') ?? '').not.toMatch(/public|max-age=[1-9]/);
    expect(await page.text()).toContain(`data-review-id="${inside}"`);
    const anonymous = await new TestBrowser().fetch('/opina-y-gana');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.text()).toContain('/login?next=');
  });

  it('draws only after the window, one prize per person, and answers the same winners every time', async () => {
    const many = await person();
    const others = await Promise.all([person(), person()]);
    for (let i = 0; i < 4; i++) await setReviewState(db(), await insertReview(many, 'PENDING_REVIEW', { channel: 'DE' }), 'OK', [], IN_WINDOW);
    for (const other of others) await setReviewState(db(), await insertReview(other, 'PENDING_REVIEW', { channel: 'DE' }), 'OK', [], IN_WINDOW);

    const early = await staff.browser.api('POST', '/api/admin/ugc/campaigns/opina-y-gana/draw', { channel: 'DE', winners: 5 });
    expect(early.status).toBe(409);
    expect(early.error?.code).toBe('CAMPAIGN_NOT_ENDED');
    expect(await env.DB.prepare("SELECT count(*) AS n FROM campaign_entries WHERE channel = 'DE' AND won_at IS NOT NULL").first('n')).toBe(0);
    expect((await apiAt(others[0]!.browser, AFTER_WINDOW, 'POST', '/api/admin/ugc/campaigns/opina-y-gana/draw', { channel: 'DE' })).status).toBe(403);
    expect((await apiAt(staff.browser, AFTER_WINDOW, 'POST', '/api/admin/ugc/campaigns/no-such-campaign/draw', { channel: 'DE' })).status).toBe(404);

    const drawn = await apiAt<{ entries: number; winners: { entryId: number; userId: number; reviewId: number; nick: string }[] }>(staff.browser, AFTER_WINDOW, 'POST', '/api/admin/ugc/campaigns/opina-y-gana/draw', { channel: 'DE', winners: 5 });
    expect(drawn.status).toBe(200);
    const winners = drawn.data.winners;
    expect(drawn.data.entries).toBeGreaterThanOrEqual(6);
    expect(new Set(winners.map((winner) => winner.userId)).size).toBe(winners.length);
    expect(winners.filter((winner) => winner.userId === many.id).length).toBe(1);
    for (const other of others) expect(winners.some((winner) => winner.userId === other.id)).toBe(true);

    const again = await apiAt<{ winners: unknown[] }>(staff.browser, AFTER_WINDOW, 'POST', '/api/admin/ugc/campaigns/opina-y-gana/draw', { channel: 'DE', winners: 1 });
    expect(again.data.winners).toEqual(winners);

    // A won entry stays when its review later leaves OK; the winners are shown by nick.
    const won = winners.find((winner) => winner.userId === many.id)!;
    await setReviewState(db(), won.reviewId, 'PENDING_REVIEW', ['reported'], AFTER_WINDOW);
    expect((await entriesOf(won.reviewId)).results).toHaveLength(1);
    const onDe = new TestBrowser(host('DE'));
    for (const [name, value] of many.browser.cookies) onDe.cookies.set(name, value);
    const view = await apiAt<{ winners: string[]; ended: boolean }>(onDe, AFTER_WINDOW, 'GET', '/api/ugc/campaigns/opine-and-win');
    expect(view.data.ended).toBe(true);
    expect(view.data.winners).toContain(many.nick);
  });
});

describe('the help-centre page about reviews', () => {
  it('is public and cacheable, on each channel’s own slug, with the points values and the latest reviews', async () => {
    const author = await person();
    await insertReview(author, 'OK', { body: 'Latest published review for the help centre.' });
    const id = (await env.DB.prepare("SELECT id FROM product_reviews WHERE state = 'OK' ORDER BY published_at DESC, id DESC LIMIT 1").first<number>('id'))!;
    for (const [channel, path] of [
      ['ES', '/centro-de-ayuda/opiniones'],
      ['PT', '/centro-de-apoio/opinioes'],
      ['FR', '/centre-d-aide/avis'],
    ] as const) {
      const response = await new TestBrowser(host(channel)).fetch(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Cache-Control') ?? '', path).not.toMatch(/private|no-store/);
      const html = await response.text();
      expect(html).toContain('ugc-support__points');
      expect(html).toContain(`data-review-id="${id}"`);
    }
  });
});
