// Questions and answers (worker/api/questions.ts, worker/ugc/questions.ts): asking, answering,
// moderation holds, one answer per user, votes, the best answer, store answers, edits by others,
// hidden questions, the points ledger, pages of 10 and the posting limit.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbFor } from '../../worker/db/client';
import { setAnswerState, setQuestionState } from '../../worker/ugc/questions';
import { signUp, TestBrowser } from './browser';

interface Thread {
  question: { id: number; body: string; nick: string | null; state?: string; moderationNote?: string[]; answerCount: number; bestAnswerId: number | null; isMine: boolean };
  answers: { items: { id: number; nick: string | null; authorKind: string; isOwner: boolean; voteCount: number; isBest: boolean; state?: string; votedByMe: boolean }[]; totalItems: number; page: number; pageSize: number };
}
interface List {
  items: { id: number; articleId: number; body: string; nick: string; answerCount: number; hasBestAnswer: boolean }[];
  totalItems: number;
  page: number;
}

let articleId = 0;
let otherArticleId = 0;
let nicks = 0;

beforeAll(async () => {
  const rows = await env.DB.prepare("SELECT article_id FROM offers WHERE channel = 'ES' AND seller_id = 0 AND availability_code <= 3 AND stock > 5 ORDER BY article_id LIMIT 2").all<{ article_id: number }>();
  [articleId, otherArticleId] = rows.results.map((r) => r.article_id) as [number, number];
});

/** A signed-up user with a nick, and their id. */
async function member(label = 'qa'): Promise<{ browser: TestBrowser; id: number; nick: string }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const nick = `${label}${Date.now() % 100000}_${++nicks}`;
  expect((await browser.api('PUT', '/api/users/info/update-nick', { nick })).status).toBe(200);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  return { browser, id, nick };
}

async function makeStaff(user: { id: number }): Promise<void> {
  await env.DB.prepare(`UPDATE users SET roles = '["customer","staff"]' WHERE id = ?`).bind(user.id).run();
}

/** Places a paid-at-the-shop order with the article: the user has then bought it. */
async function buy(browser: TestBrowser, article: number): Promise<void> {
  const info = await browser.api<{ idCart: string }>('POST', '/api/users/info', {});
  expect((await browser.api('POST', `/api/orders/${info.data.idCart}/cart/articles`, { articles: [{ idArticle: article, qty: 1 }] })).status).toBe(200);
  const placed = await browser.api('POST', `/api/checkout/orders/${info.data.idCart}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true });
  expect([200, 201]).toContain(placed.status);
}

async function ask(browser: TestBrowser, body = 'Does it come with a charger in the box?', article = articleId) {
  return browser.api<{ id: number; state: string }>('POST', '/api/ugc/questions', { articleId: article, body });
}

async function answer(browser: TestBrowser, questionId: number, body = 'Yes, a 20 W charger and a cable.', extra: Record<string, unknown> = {}) {
  return browser.api<{ id: number; state: string }>('POST', `/api/ugc/questions/${questionId}/answers`, { body, ...extra });
}

async function pointsOf(userId: number): Promise<{ reason: string; ref_id: string; points: number }[]> {
  const { results } = await env.DB.prepare('SELECT reason, ref_id, points FROM user_points WHERE user_id = ? ORDER BY reason, ref_id').bind(userId).all<{ reason: string; ref_id: string; points: number }>();
  return results;
}

const thread = (browser: TestBrowser, id: number, page = 1) => browser.api<Thread>('GET', `/api/ugc/questions/${id}?page=${page}`);

describe('asking', () => {
  it('needs a session, a nick, an existing article and a text of the right length', async () => {
    const anonymous = new TestBrowser();
    expect((await ask(anonymous)).error?.code).toBe('TOKEN_VERIFICATION');
    const noNick = new TestBrowser();
    await signUp(noNick);
    expect(await ask(noNick)).toMatchObject({ status: 409, error: { code: 'NICK_REQUIRED' } });
    const { browser } = await member();
    expect(await ask(browser, 'Does it come with a charger?', 999_999_999)).toMatchObject({ status: 404, error: { code: 'ARTICLE_NOT_FOUND' } });
    expect(await ask(browser, 'Charger?')).toMatchObject({ status: 400, error: { code: 'UGC_TEXT_TOO_SHORT', details: { field: 'body', min: 10 } } });
    expect(await ask(browser, 'x'.repeat(1001))).toMatchObject({ status: 400, error: { code: 'UGC_TEXT_TOO_LONG', details: { field: 'body', max: 1000 } } });
    expect((await browser.api('POST', '/api/ugc/questions', { articleId: 'abc', body: 'Does it come with a charger?' })).status).toBe(400);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM questions WHERE article_id = 999999999').first<number>('n')).toBe(0);
  });

  it('publishes a clean question at once, lists it and gives the asker the question points', async () => {
    const asker = await member('asker');
    const created = await ask(asker.browser, 'Is the strap easy to change without tools?', otherArticleId);
    expect(created).toMatchObject({ status: 200, data: { state: 'OK' } });
    const list = await new TestBrowser().api<List>('GET', `/api/ugc/questions?articleId=${otherArticleId}`);
    expect(list.data.items.find((q) => q.id === created.data.id)).toMatchObject({ nick: asker.nick, answerCount: 0, hasBestAnswer: false, articleId: otherArticleId });
    expect(await pointsOf(asker.id)).toEqual([{ reason: 'question', ref_id: String(created.data.id), points: 2 }]);
    const read = await thread(new TestBrowser(), created.data.id);
    expect(read.data.question).toMatchObject({ body: 'Is the strap easy to change without tools?', nick: asker.nick, isMine: false });
    expect(read.data.question.state).toBeUndefined();
  });

  it('holds a question that trips a rule: hidden from everybody but its asker and staff, no points', async () => {
    const asker = await member('held');
    const created = await ask(asker.browser, 'Is it cheaper at www.example.com than here?');
    expect(created.data.state).toBe('PENDING_REVIEW');
    const id = created.data.id;
    expect((await thread(new TestBrowser(), id)).status).toBe(404);
    const other = await member();
    expect((await thread(other.browser, id)).status).toBe(404);
    expect((await thread(asker.browser, id)).data.question).toMatchObject({ state: 'PENDING_REVIEW', moderationNote: ['link'], isMine: true });
    const staff = await member('staff');
    await makeStaff(staff);
    expect((await thread(staff.browser, id)).data.question.state).toBe('PENDING_REVIEW');
    expect((await new TestBrowser().api<List>('GET', `/api/ugc/questions?articleId=${articleId}`)).data.items.map((q) => q.id)).not.toContain(id);
    expect(await pointsOf(asker.id)).toEqual([]);
    // Staff approve it: published, the points follow; hidden again (reports): withdrawn.
    const db = dbFor(env.DB);
    expect(await setQuestionState(db, id, 'OK', [], new Date())).toBe(true);
    expect((await thread(new TestBrowser(), id)).status).toBe(200);
    expect(await pointsOf(asker.id)).toEqual([{ reason: 'question', ref_id: String(id), points: 2 }]);
    expect(await setQuestionState(db, id, 'PENDING_REVIEW', ['reported'], new Date())).toBe(true);
    expect((await thread(other.browser, id)).status).toBe(404);
    expect(await pointsOf(asker.id)).toEqual([]);
    expect(await setQuestionState(db, 999_999_999, 'OK', [], new Date())).toBe(false);
  });
});

describe('answering', () => {
  it('marks owners, allows one answer per user and question, holds answers that trip a rule', async () => {
    const asker = await member('asker');
    const q = (await ask(asker.browser)).data.id;
    const owner = await member('owner');
    await buy(owner.browser, articleId);
    const first = await answer(owner.browser, q);
    expect(first.data.state).toBe('OK');
    expect(await answer(owner.browser, q, 'Another answer from me.')).toMatchObject({ status: 409, error: { code: 'ANSWER_EXISTS' } });
    const visitor = await member('visitor');
    const held = await answer(visitor.browser, q, 'Write to me at someone@example.com for details');
    expect(held.data.state).toBe('PENDING_REVIEW');
    // The asker may clarify in their own thread.
    expect((await answer(asker.browser, q, 'I mean the European plug.')).data.state).toBe('OK');
    const seen = await thread(new TestBrowser(), q);
    expect(seen.data.question.answerCount).toBe(2);
    expect(seen.data.answers.items.map((a) => [a.id === first.data.id, a.isOwner])).toEqual([
      [true, true],
      [false, false],
    ]);
    // The held answer is shown to its author only, with its state.
    expect((await thread(visitor.browser, q)).data.answers.items.find((a) => a.id === held.data.id)?.state).toBe('PENDING_REVIEW');
    expect(seen.data.answers.items.map((a) => a.id)).not.toContain(held.data.id);
    expect(await pointsOf(owner.id)).toEqual([{ reason: 'answer', ref_id: String(first.data.id), points: 5 }]);
    expect(await pointsOf(visitor.id)).toEqual([]);
    // Approving it publishes it: count and points follow.
    await setAnswerState(dbFor(env.DB), held.data.id, 'OK', [], new Date());
    expect((await thread(new TestBrowser(), q)).data.question.answerCount).toBe(3);
    expect(await pointsOf(visitor.id)).toEqual([{ reason: 'answer', ref_id: String(held.data.id), points: 5 }]);
  });

  it('answers a hidden or unknown question with 404', async () => {
    const asker = await member();
    const q = (await ask(asker.browser, 'Is it cheaper at www.example.com than here?')).data.id;
    const other = await member();
    expect((await answer(other.browser, q)).status).toBe(404);
    expect((await answer(other.browser, 999_999_999)).status).toBe(404);
  });

  it('lets staff answer as the store, published at once and shown as the store; others get 403', async () => {
    const asker = await member();
    const q = (await ask(asker.browser)).data.id;
    const customer = await member();
    expect(await answer(customer.browser, q, 'Yes, it does come with one.', { asStore: true })).toMatchObject({ status: 403, error: { code: 'STAFF_ONLY' } });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM answers WHERE question_id = ?').bind(q).first<number>('n')).toBe(0);
    const staff = await member('staff');
    await makeStaff(staff);
    const store = await answer(staff.browser, q, 'Yes: see www.example.com/charger for the model.', { asStore: true });
    expect(store.data.state).toBe('OK');
    const item = (await thread(new TestBrowser(), q)).data.answers.items[0]!;
    expect(item).toMatchObject({ id: store.data.id, authorKind: 'store', nick: null });
    // The store is not in the ranking.
    expect(await pointsOf(staff.id)).toEqual([]);
  });
});

describe('votes', () => {
  it('counts one vote per user, refuses one on one\'s own answer and withdraws on DELETE', async () => {
    const asker = await member();
    const q = (await ask(asker.browser)).data.id;
    const author = await member();
    const a = (await answer(author.browser, q)).data.id;
    expect(await author.browser.api('POST', `/api/ugc/answers/${a}/vote`)).toMatchObject({ status: 400, error: { code: 'ANSWER_OWN_VOTE' } });
    expect((await new TestBrowser().api('POST', `/api/ugc/answers/${a}/vote`)).status).toBe(401);
    const voter = await member();
    expect((await voter.browser.api('POST', `/api/ugc/answers/${a}/vote`)).data).toEqual({ voteCount: 1, voted: true });
    expect((await voter.browser.api('POST', `/api/ugc/answers/${a}/vote`)).data).toEqual({ voteCount: 1, voted: true });
    expect((await asker.browser.api('POST', `/api/ugc/answers/${a}/vote`)).data).toEqual({ voteCount: 2, voted: true });
    expect((await thread(voter.browser, q)).data.answers.items[0]).toMatchObject({ voteCount: 2, votedByMe: true });
    expect((await pointsOf(author.id)).filter((p) => p.reason === 'helpfulVote')).toEqual([
      { reason: 'helpfulVote', ref_id: `answer:${a}:${asker.id}`, points: 1 },
      { reason: 'helpfulVote', ref_id: `answer:${a}:${voter.id}`, points: 1 },
    ]);
    expect((await voter.browser.api('DELETE', `/api/ugc/answers/${a}/vote`)).data).toEqual({ voteCount: 1, voted: false });
    expect((await pointsOf(author.id)).filter((p) => p.reason === 'helpfulVote').map((p) => p.ref_id)).toEqual([`answer:${a}:${asker.id}`]);
    // Hidden, the answer's points go (votes kept); published again, they come back.
    const db = dbFor(env.DB);
    await setAnswerState(db, a, 'PENDING_REVIEW', ['reported'], new Date());
    expect(await pointsOf(author.id)).toEqual([]);
    expect((await voter.browser.api('POST', `/api/ugc/answers/${a}/vote`)).status).toBe(404);
    await setAnswerState(db, a, 'OK', [], new Date());
    expect((await pointsOf(author.id)).map((p) => p.reason)).toEqual(['answer', 'helpfulVote']);
  });
});

describe('the best answer', () => {
  it('is chosen by the asker only, never their own answer, and moves its points', async () => {
    const asker = await member('asker');
    const q = (await ask(asker.browser)).data.id;
    const first = await member();
    const second = await member();
    const a1 = (await answer(first.browser, q, 'The first answer, given early.')).data.id;
    const a2 = (await answer(second.browser, q, 'The second answer, given later.')).data.id;
    const own = (await answer(asker.browser, q, 'My own clarification here.')).data.id;
    const voter = await member();
    await voter.browser.api('POST', `/api/ugc/answers/${a2}/vote`);
    // By votes, then oldest: a2 (1 vote), a1, own.
    expect((await thread(new TestBrowser(), q)).data.answers.items.map((a) => a.id)).toEqual([a2, a1, own]);
    // Somebody else's question is not theirs to decide: 404, nothing changes.
    expect((await first.browser.api('POST', `/api/ugc/questions/${q}/best-answer`, { answerId: a1 })).status).toBe(404);
    expect(await asker.browser.api('POST', `/api/ugc/questions/${q}/best-answer`, { answerId: own })).toMatchObject({ status: 400, error: { code: 'BEST_ANSWER_OWN' } });
    expect((await asker.browser.api('POST', `/api/ugc/questions/${q}/best-answer`, { answerId: 999_999_999 })).status).toBe(404);
    expect((await asker.browser.api('POST', `/api/ugc/questions/${q}/best-answer`, { answerId: a1 })).data).toEqual({ bestAnswerId: a1 });
    const shown = (await thread(new TestBrowser(), q)).data;
    expect(shown.answers.items.map((a) => [a.id, a.isBest])).toEqual([
      [a1, true],
      [a2, false],
      [own, false],
    ]);
    expect((await pointsOf(first.id)).map((p) => p.reason)).toEqual(['answer', 'bestAnswer']);
    // Choosing another moves the points.
    await asker.browser.api('POST', `/api/ugc/questions/${q}/best-answer`, { answerId: a2 });
    expect((await pointsOf(first.id)).map((p) => p.reason)).toEqual(['answer']);
    expect((await pointsOf(second.id)).map((p) => p.reason)).toEqual(['answer', 'bestAnswer', 'helpfulVote']);
    // A best answer that stops being published stops being the best one.
    await setAnswerState(dbFor(env.DB), a2, 'PENDING_REVIEW', ['reported'], new Date());
    expect((await thread(new TestBrowser(), q)).data.question.bestAnswerId).toBeNull();
    expect(await pointsOf(second.id)).toEqual([]);
    // Another user's answer to a different question is not this question's.
    const q2 = (await ask(asker.browser, 'Is there a version in blue as well?')).data.id;
    expect((await asker.browser.api('POST', `/api/ugc/questions/${q2}/best-answer`, { answerId: a1 })).status).toBe(404);
  });
});

describe('edits and withdrawals', () => {
  it('answers 404 to anybody but the author and re-runs the publication rule on the author\'s edit', async () => {
    const asker = await member();
    const q = (await ask(asker.browser)).data.id;
    const author = await member();
    const a = (await answer(author.browser, q)).data.id;
    const other = await member();
    for (const [method, path, body] of [
      ['PUT', `/api/ugc/questions/${q}`, { body: 'Something else entirely, please.' }],
      ['DELETE', `/api/ugc/questions/${q}`, undefined],
      ['PUT', `/api/ugc/answers/${a}`, { body: 'Something else entirely.' }],
      ['DELETE', `/api/ugc/answers/${a}`, undefined],
    ] as const) {
      expect((await other.browser.api(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const before = await thread(asker.browser, q);
    expect(before.data.question.body).toBe('Does it come with a charger in the box?');
    // The author's edit with a link is held: hidden, its points withdrawn, the count follows.
    expect((await author.browser.api('PUT', `/api/ugc/answers/${a}`, { body: 'See www.example.com for the answer.' })).data).toEqual({ id: a, state: 'PENDING_REVIEW' });
    expect((await thread(new TestBrowser(), q)).data.question.answerCount).toBe(0);
    expect(await pointsOf(author.id)).toEqual([]);
    expect((await author.browser.api('PUT', `/api/ugc/answers/${a}`, { body: 'Yes, a charger comes with it.' })).data).toEqual({ id: a, state: 'OK' });
    expect((await thread(new TestBrowser(), q)).data.answers.items[0]?.id).toBe(a);
    expect((await asker.browser.api('PUT', `/api/ugc/questions/${q}`, { body: 'Does it come with a charger and a cable?' })).data).toEqual({ id: q, state: 'OK' });
    // Withdrawing the answer, then the question: points gone, the thread gone.
    expect((await author.browser.api('DELETE', `/api/ugc/answers/${a}`)).status).toBe(200);
    expect(await pointsOf(author.id)).toEqual([]);
    expect((await thread(new TestBrowser(), q)).data.question.answerCount).toBe(0);
    expect((await asker.browser.api('DELETE', `/api/ugc/questions/${q}`)).status).toBe(200);
    expect((await thread(asker.browser, q)).status).toBe(404);
    expect(await pointsOf(asker.id)).toEqual([]);
  });
});

describe('lists', () => {
  it('pages questions and answers by 10, with totals', async () => {
    // An article nobody has asked about yet (the demo catalogue has questions of its own).
    const article = (await env.DB.prepare('SELECT id FROM articles WHERE id NOT IN (SELECT article_id FROM questions) ORDER BY id DESC LIMIT 1').first<number>('id'))!;
    const asker = await member();
    const now = Date.now();
    const statements = Array.from({ length: 12 }, (_, i) =>
      env.DB.prepare("INSERT INTO questions (article_id, user_id, body, language, channel, state, created_at, updated_at, published_at, answer_count) VALUES (?, ?, ?, 'es_ES', 'ES', 'OK', ?, ?, ?, ?)").bind(article, asker.id, `Question number ${i}?`, now + i, now + i, now + i, i % 2),
    );
    await env.DB.batch(statements);
    const anonymous = new TestBrowser();
    const first = await anonymous.api<List>('GET', `/api/ugc/questions?articleId=${article}`);
    expect(first.data).toMatchObject({ totalItems: 12, page: 1 });
    expect(first.data.items.map((q) => q.body)).toEqual(Array.from({ length: 10 }, (_, i) => `Question number ${11 - i}?`));
    const second = await anonymous.api<List>('GET', `/api/ugc/questions?articleId=${article}&page=2`);
    expect(second.data.items.map((q) => q.body)).toEqual(['Question number 1?', 'Question number 0?']);
    expect((await anonymous.api<List>('GET', `/api/ugc/questions?articleId=${article}&sort=unanswered`)).data.totalItems).toBe(6);
    expect((await anonymous.api<List>('GET', `/api/ugc/questions?articleId=${article}&sort=answered`)).data.items.every((q) => q.answerCount > 0)).toBe(true);
    expect((await anonymous.api('GET', `/api/ugc/questions?sort=oldest`)).status).toBe(400);
    // The whole store's latest, without an article.
    expect((await anonymous.api<List>('GET', '/api/ugc/questions')).data.items.length).toBe(10);
    // Answers: 11 in a thread, 10 then 1.
    const q = first.data.items[0]!.id;
    const answers = Array.from({ length: 11 }, (_, i) =>
      env.DB.prepare("INSERT INTO answers (question_id, user_id, author_kind, body, language, state, created_at, updated_at) VALUES (?, ?, 'customer', ?, 'es_ES', 'OK', ?, ?)").bind(q, 1_000_000 + i, `Answer ${i}`, now + i, now + i),
    );
    await env.DB.batch(answers);
    expect((await thread(anonymous, q)).data.answers).toMatchObject({ totalItems: 11, page: 1, pageSize: 10 });
    expect((await thread(anonymous, q, 2)).data.answers.items).toHaveLength(1);
  });
});

describe('limits', () => {
  it('refuses posting past the hourly limit with UGC_TOO_MANY_POSTS', async () => {
    const { browser } = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await ask(browser, `Question ${i} about the warranty?`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await ask(browser, 'One question too many about it?');
    expect(refused).toMatchObject({ status: 429, error: { code: 'UGC_TOO_MANY_POSTS' } });
  });
});

describe('pages', () => {
  it('renders the thread with its marks and a QAPage of published content only; hidden threads are the 404 page', async () => {
    const asker = await member('pageasker');
    const q = (await ask(asker.browser, 'Is the <b>case</b> waterproof or not?')).data.id;
    expect((await thread(asker.browser, q)).data.question.state).toBe('PENDING_REVIEW');
    // Held for its markup: the 404 page for anybody else, the notice for its asker.
    expect((await new TestBrowser().fetch(`/wiki/thread/${q}`)).status).toBe(404);
    const own = await asker.browser.fetch(`/wiki/thread/${q}`);
    expect(own.status).toBe(200);
    const ownHtml = await own.text();
    expect(ownHtml).toContain('Is the &lt;b&gt;case&lt;/b&gt; waterproof or not?');
    expect(ownHtml).not.toContain('<b>case</b>');
    expect(ownHtml).not.toContain('"QAPage"');
    await setQuestionState(dbFor(env.DB), q, 'OK', [], new Date());
    const owner = await member('pageowner');
    await buy(owner.browser, articleId);
    const a = (await answer(owner.browser, q, 'Yes, I swim with it every week.')).data.id;
    const held = await member('pageheld');
    await answer(held.browser, q, 'Ask me on www.example.com please');
    await asker.browser.api('POST', `/api/ugc/questions/${q}/best-answer`, { answerId: a });
    const page = await new TestBrowser().fetch(`/wiki/thread/${q}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`id="answer-${a}"`);
    expect(html).toContain('qa-answer--best');
    expect(html).toContain('badge--owner');
    expect(html).not.toContain('www.example.com please');
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as { '@type': string; mainEntity?: { acceptedAnswer?: { text: string }; suggestedAnswer: unknown[]; answerCount: number } });
    const qa = ld.find((doc) => doc['@type'] === 'QAPage');
    expect(qa?.mainEntity).toMatchObject({ answerCount: 1, acceptedAnswer: { text: 'Yes, I swim with it every week.' }, suggestedAnswer: [] });
    expect((await new TestBrowser().fetch('/wiki/thread/999999999')).status).toBe(404);
    expect((await new TestBrowser().fetch('/wiki/thread/abc')).status).toBe(404);
  });

  it('lists an article\'s questions with the ask link, and the store\'s latest; an unknown article is the 404 page', async () => {
    const asker = await member();
    const q = (await ask(asker.browser, 'Which sizes does it come in?', otherArticleId)).data.id;
    const page = await new TestBrowser().fetch(`/wiki/${otherArticleId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`/wiki/thread/${q}`);
    expect(html).toContain(`/crea-tu-pregunta?article=${otherArticleId}`);
    const all = await (await new TestBrowser().fetch('/wiki')).text();
    expect(all).toContain(`/wiki/thread/${q}`);
    expect((await new TestBrowser().fetch('/wiki/999999999')).status).toBe(404);
    expect((await new TestBrowser().fetch(`/wiki/${otherArticleId}?page=500`)).status).toBe(404);
    // The ask form is for signed-in shoppers; without an article it points to the search.
    expect((await new TestBrowser().fetch(`/crea-tu-pregunta?article=${otherArticleId}`)).status).toBe(302);
    const form = await (await asker.browser.fetch(`/crea-tu-pregunta?article=${otherArticleId}`)).text();
    expect(form).toContain('name="body"');
    const noArticle = await (await asker.browser.fetch('/crea-tu-pregunta')).text();
    expect(noArticle).not.toContain('name="body"');
    expect(noArticle).toContain('href="/search"');
  });
});

/** The islands of a page with their hydration moment and props (the `data-props` attribute, unescaped). */
function islandsOf(html: string): { name: string; hydrate: string; props: Record<string, unknown> }[] {
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...html.matchAll(/data-island="([^"]+)" data-hydrate="([^"]+)" data-props="([^"]*)"/g)].map((m) => ({ name: m[1]!, hydrate: m[2]!, props: JSON.parse(unescape(m[3]!)) as Record<string, unknown> }));
}
const reportsOf = (html: string) => islandsOf(html).filter((i) => i.name === 'report-button').map((i) => `${String(i.props.kind)}:${String(i.props.id)}`).sort();
const ownControlsOf = (html: string) => islandsOf(html).filter((i) => i.name === 'own-ugc-actions').map((i) => `${String(i.props.kind)}:${String(i.props.id)}`).sort();

describe('thread page: reports, own edit and delete, answer media', () => {
  it('embeds a report island on the question and each published answer but the viewer\'s own, hydrated on interaction', async () => {
    const asker = await member('rptasker');
    const q = (await ask(asker.browser, 'How long does the battery last in a day?')).data.id;
    const author = await member('rptauthor');
    const a = (await answer(author.browser, q, 'About a full day with normal use.')).data.id;
    const other = await member('rptother');
    const b = (await answer(other.browser, q, 'Two days if you are careful with it.')).data.id;
    const held = await member('rptheld');
    const h = (await answer(held.browser, q, 'Write to me at www.example.com about it')).data.id;

    const byOther = await (await other.browser.fetch(`/wiki/thread/${q}`)).text();
    expect(reportsOf(byOther)).toEqual([`answer:${a}`, `question:${q}`].sort());
    expect(islandsOf(byOther).filter((i) => i.name === 'report-button').every((i) => i.hydrate === 'interaction' && i.props.signedIn === true)).toBe(true);
    expect(reportsOf(await (await asker.browser.fetch(`/wiki/thread/${q}`)).text())).toEqual([`answer:${a}`, `answer:${b}`].sort());
    // The held answer's author sees it, but nobody reports what is not published.
    expect(reportsOf(await (await held.browser.fetch(`/wiki/thread/${q}`)).text())).toEqual([`answer:${a}`, `answer:${b}`, `question:${q}`].sort());
    expect(reportsOf(await (await held.browser.fetch(`/wiki/thread/${q}`)).text())).not.toContain(`answer:${h}`);
    // Signed out: the island offers the login link back to the thread.
    const anonymous = islandsOf(await (await new TestBrowser().fetch(`/wiki/thread/${q}`)).text()).filter((i) => i.name === 'report-button');
    expect(anonymous).toHaveLength(3);
    expect(anonymous.every((i) => i.props.signedIn === false && String(i.props.loginHref).includes(encodeURIComponent(`/wiki/thread/${q}`)))).toBe(true);
  });

  it('shows Edit and Delete to the author only: the asker on the question, each author on their answers (held ones too)', async () => {
    const asker = await member('ownasker');
    const q = (await ask(asker.browser, 'Can the strap be changed for another one?')).data.id;
    const author = await member('ownauthor');
    const a = (await answer(author.browser, q, 'Yes, any 20 mm strap fits.')).data.id;
    const held = await member('ownheld');
    const h = (await answer(held.browser, q, 'See www.example.com for straps')).data.id;

    const askerHtml = await (await asker.browser.fetch(`/wiki/thread/${q}`)).text();
    expect(ownControlsOf(askerHtml)).toEqual([`question:${q}`]);
    // The question's heading is still the page's one h1 inside the island.
    expect(askerHtml.match(/<h1[^>]*id="qa-question-title"/g)).toHaveLength(1);
    expect(ownControlsOf(await (await author.browser.fetch(`/wiki/thread/${q}`)).text())).toEqual([`answer:${a}`]);
    expect(ownControlsOf(await (await held.browser.fetch(`/wiki/thread/${q}`)).text())).toEqual([`answer:${h}`]);
    const anonymousHtml = await (await new TestBrowser().fetch(`/wiki/thread/${q}`)).text();
    expect(ownControlsOf(anonymousHtml)).toEqual([]);
    expect(anonymousHtml).not.toContain('qa-own');
    const staff = await member('ownstaff');
    await makeStaff(staff);
    expect(ownControlsOf(await (await staff.browser.fetch(`/wiki/thread/${q}`)).text())).toEqual([]);
  });

  it('shows the OK media of OK answers as thumbnails linking to the full file, never held ones, and offers the picker in the answer form', async () => {
    const asker = await member('mediaasker');
    const q = (await ask(asker.browser, 'Does the lens scratch easily outdoors?')).data.id;
    const author = await member('mediaauthor');
    const a = (await answer(author.browser, q, 'Not so far, after a year of hiking.')).data.id;
    const ok = crypto.randomUUID();
    const waiting = crypto.randomUUID();
    const now = Date.now();
    const insert = "INSERT INTO ugc_media (id, user_id, kind, content_type, bytes, width, height, r2_key, attached_kind, attached_id, state, created_at) VALUES (?, ?, 'image', 'image/jpeg', 1000, 400, 300, ?, 'answer', ?, ?, ?)";
    await env.DB.batch([env.DB.prepare(insert).bind(ok, author.id, `ugc/${author.id}/${ok}`, a, 'OK', now), env.DB.prepare(insert).bind(waiting, author.id, `ugc/${author.id}/${waiting}`, a, 'PENDING_REVIEW', now + 1)]);
    const html = await (await new TestBrowser().fetch(`/wiki/thread/${q}`)).text();
    expect(html).toContain(`href="/media/ugc/${ok}/full"`);
    expect(html).toContain(`src="/media/ugc/${ok}/small"`);
    expect(html).not.toContain(waiting);
    // An answer that leaves OK takes its media off the page.
    await setAnswerState(dbFor(env.DB), a, 'PENDING_REVIEW', ['reported'], new Date());
    expect(await (await new TestBrowser().fetch(`/wiki/thread/${q}`)).text()).not.toContain(ok);
    // The answer form carries the media picker (file input inside the form).
    const form = await (await asker.browser.fetch(`/wiki/thread/${q}`)).text();
    expect(form).toMatch(/<form class="qa-form"[^>]*action="\/api\/ugc\/questions\/\d+\/answers"[\s\S]*?type="file"[\s\S]*?<\/form>/);
    expect(islandsOf(form).find((i) => i.name === 'answer-form')?.props.maxMedia).toBe(6);
  });
});
