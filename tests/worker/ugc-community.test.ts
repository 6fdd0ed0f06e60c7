import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { levelOf, rank } from '../../worker/domain/ugc/points';
import { signUp, TestBrowser } from './browser';

const DAY = 24 * 60 * 60 * 1000;

interface RankingAnswer {
  period: string;
  items: { position: number; nick: string; points: number; level: string }[];
  totalItems: number;
  page: number;
  pageSize: number;
  me: { position: number | null; nick: string; points: number; totalPoints: number; level: string; toNext: number | null } | null;
}

interface Turn {
  question: { id: number; body: string; article: { id: number; name: string; slug: string | null; imageKey: string } } | null;
  remaining: number;
  progress: { answeredToday: number; pointsToday: number; totalPoints: number; level: string; toNext: number | null };
}

let users = 0;

/** A user straight in the database (no session): fast, for filling the ranking. */
async function insertUser(nick: string | null): Promise<number> {
  const n = ++users;
  const row = await env.DB.prepare(
    "INSERT INTO users (hash_id, email, password_hash, nick, nick_key, channel, language, cart_id, created_at) VALUES (?, ?, 'x', ?, ?, 'ES', 'es_ES', ?, 0) RETURNING id",
  )
    .bind(`community-${n}-${Date.now()}`, `community.${n}.${Date.now()}@example.com`, nick, nick?.toLowerCase() ?? null, `cart-community-${n}-${Date.now()}`)
    .first<{ id: number }>();
  return row!.id;
}

let refs = 0;
function points(userId: number, amount: number, at: number) {
  return env.DB.prepare("INSERT INTO user_points (user_id, reason, ref_id, points, created_at) VALUES (?, 'review', ?, ?, ?)").bind(userId, `community-test-${++refs}`, amount, at);
}

async function userIdOf(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
}

/** A signed-in user with a nick, and their id. */
async function player(nick: string | null) {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  if (nick) expect((await browser.api('PUT', '/api/users/info/update-nick', { nick })).status).toBe(200);
  return { browser, id: await userIdOf(email) };
}

async function wholeRanking(period: string): Promise<RankingAnswer['items']> {
  const all: RankingAnswer['items'] = [];
  for (let page = 1; ; page++) {
    const { data } = await new TestBrowser().api<RankingAnswer>('GET', `/api/ugc/ranking?period=${period}&page=${page}`);
    expect(data.items.length).toBeLessThanOrEqual(20);
    all.push(...data.items);
    if (data.items.length === 0 || all.length >= data.totalItems) return all;
  }
}

describe('user ranking', () => {
  it('orders exactly as rank() does, over the whole ledger, 20 a page, levels from all-time points', async () => {
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push(await insertUser(`rank_${i}_${now % 100000}`));
    // Few distinct totals and moments, so ties of points and of moments are common.
    const rows = ids.flatMap((id, i) => [points(id, 5 + (i % 4) * 5, now - (i % 3) * DAY), ...(i % 5 === 0 ? [points(id, 10, now - 200 * DAY)] : [])]);
    await env.DB.batch(rows);
    const noNick = await insertUser(null);
    await env.DB.batch([points(noNick, 10_000, now)]);

    for (const period of ['week', 'all'] as const) {
      const start = period === 'week' ? now - 7 * DAY - 60_000 : 0;
      const ledger = (
        await env.DB.prepare(
          'SELECT p.user_id AS userId, u.nick AS nick, sum(p.points) AS points, max(p.created_at) AS reachedAt, (SELECT sum(points) FROM user_points t WHERE t.user_id = p.user_id) AS total FROM user_points p JOIN users u ON u.id = p.user_id WHERE u.nick IS NOT NULL AND p.created_at >= ? GROUP BY p.user_id',
        )
          .bind(start)
          .all<{ userId: number; nick: string; points: number; reachedAt: number; total: number }>()
      ).results;
      const expected = rank(ledger).map((r) => ({ position: r.position, nick: r.nick, points: r.points, level: levelOf(r.total).level }));
      const listed = await wholeRanking(period);
      expect(listed).toEqual(expected);
      expect(listed.some((r) => r.points === 10_000)).toBe(false);
    }
    const first = await new TestBrowser().api<RankingAnswer>('GET', '/api/ugc/ranking?period=all');
    expect(first.data).toMatchObject({ period: 'all', page: 1, pageSize: 20, me: null });
    expect(first.data.items).toHaveLength(20);
  });

  it('puts the one who reached equal points first ahead, counts only the period, and shows `me` off the page', async () => {
    const now = Date.now();
    const early = await insertUser(`tie_early_${now % 100000}`);
    const late = await insertUser(`tie_late_${now % 100000}`);
    // The later one has the lower id in the other order: the moment decides, not the id.
    await env.DB.batch([points(late, 40_000, now - 2 * DAY), points(late, 40_000, now - 1 * DAY), points(early, 80_000, now - 3 * DAY)]);
    const week = await wholeRanking('week');
    const earlyRow = week.find((r) => r.nick.startsWith('tie_early_'))!;
    const lateRow = week.find((r) => r.nick.startsWith('tie_late_'))!;
    expect(earlyRow.points).toBe(80_000);
    expect(lateRow.points).toBe(80_000);
    expect(lateRow.position).toBe(earlyRow.position + 1);

    const me = await player(`periods_${now % 100000}`);
    await env.DB.batch([points(me.id, 3, now - 1 * DAY), points(me.id, 7, now - 20 * DAY), points(me.id, 11, now - 200 * DAY), points(me.id, 13, now - 800 * DAY)]);
    const expectations = { week: 3, month: 10, year: 21, all: 34 } as const;
    for (const [period, total] of Object.entries(expectations)) {
      const { data } = await me.browser.api<RankingAnswer>('GET', `/api/ugc/ranking?period=${period}`);
      expect(data.me, period).toMatchObject({ points: total, totalPoints: 34, level: 'newcomer', toNext: 16 });
      const listed = await wholeRanking(period);
      const mine = listed.find((r) => r.nick === data.me!.nick)!;
      expect(mine.points).toBe(total);
      expect(data.me!.position).toBe(mine.position);
    }
    // Off the first page (the big scorers above), `me` still says where they are.
    const { data } = await me.browser.api<RankingAnswer>('GET', '/api/ugc/ranking?period=week');
    expect(data.me!.position).toBeGreaterThan(2);
  });

  it('lists only users with a nick, and `me` is null for a caller without one', async () => {
    const anonymous = await player(null);
    await env.DB.batch([points(anonymous.id, 99_999, Date.now())]);
    const { data } = await anonymous.browser.api<RankingAnswer>('GET', '/api/ugc/ranking?period=week');
    expect(data.me).toBeNull();
    expect((await wholeRanking('week')).some((r) => r.points === 99_999)).toBe(false);
  });

  it('refuses an unknown period or page', async () => {
    const browser = new TestBrowser();
    expect((await browser.api('GET', '/api/ugc/ranking?period=decade')).status).toBe(400);
    expect((await browser.api('GET', '/api/ugc/ranking?page=0')).status).toBe(400);
  });
});

describe('answers game', () => {
  /** An article nobody asked about yet, so only this test's questions are in play. */
  async function freshArticles(count: number): Promise<number[]> {
    const { results } = await env.DB.prepare('SELECT id FROM articles WHERE id NOT IN (SELECT article_id FROM questions) AND id NOT IN (SELECT article_id FROM user_purchases) ORDER BY id DESC LIMIT ?').bind(count).all<{ id: number }>();
    return results.map((r) => r.id);
  }

  async function question(userId: number, articleId: number, fields: { createdAt: number; state?: string; answerCount?: number; bestAnswerId?: number | null }): Promise<number> {
    const row = await env.DB.prepare(
      "INSERT INTO questions (article_id, user_id, body, language, channel, state, best_answer_id, answer_count, created_at, updated_at, published_at) VALUES (?, ?, ?, 'es_ES', 'ES', ?, ?, ?, ?, ?, ?) RETURNING id",
    )
      .bind(articleId, userId, `Does it work with the old charger? (${fields.createdAt})`, fields.state ?? 'OK', fields.bestAnswerId ?? null, fields.answerCount ?? 0, fields.createdAt, fields.createdAt, fields.createdAt)
      .first<{ id: number }>();
    return row!.id;
  }

  it('offers only open questions about what the player bought, fewest answers then oldest; skip and answer move on, answering earns points and moves the ranking', async () => {
    const now = Date.now();
    const asker = await insertUser(`asker_${now % 100000}`);
    const other = await insertUser(`other_${now % 100000}`);
    const me = await player(`gamer_${now % 100000}`);
    const [bought, notBought, unpaid] = await freshArticles(3);
    // `unpaid` was ordered by transfer and never paid: not bought (the rule of verified reviews).
    const order = `ES-GAME-${now}`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO user_purchases (user_id, article_id, order_number, purchased_at) VALUES (?, ?, 'HIST-1', 1)").bind(me.id, bought!),
      env.DB.prepare('INSERT INTO user_purchases (user_id, article_id, order_number, purchased_at) VALUES (?, ?, ?, 1)').bind(me.id, unpaid!, order),
      env.DB.prepare(
        "INSERT INTO orders (order_number, checkout_key, order_key, user_id, channel, language, state, seller_kind, seller_id, payment_method, shipping_type, shipping_address, articles_subtotal, shipping_cost, total, created_at, updated_at) VALUES (?, ?, ?, ?, 'ES', 'es_ES', 'awaiting_payment', 'own', 1, 'transfer', 1, '{}', 1000, 0, 1000, 1, 1)",
      ).bind(order, `ck-${now}`, `ok-${now}`, me.id),
    ]);
    const older = await question(asker, bought!, { createdAt: now - 5 * DAY, answerCount: 1 });
    const newer = await question(asker, bought!, { createdAt: now - 1 * DAY });
    const third = await question(other, bought!, { createdAt: now - 2 * DAY, answerCount: 1 });
    const never = [
      await question(asker, notBought!, { createdAt: now - 9 * DAY }),
      await question(me.id, bought!, { createdAt: now - 9 * DAY }),
      await question(asker, bought!, { createdAt: now - 9 * DAY, bestAnswerId: 1 }),
      await question(asker, bought!, { createdAt: now - 9 * DAY, state: 'PENDING_REVIEW' }),
      await question(asker, bought!, { createdAt: now - 9 * DAY, answerCount: 3 }),
      await question(asker, bought!, { createdAt: now - 9 * DAY }),
    ];
    const answered = never.at(-1)!;
    await env.DB.prepare("INSERT INTO answers (question_id, user_id, author_kind, body, language, state, created_at, updated_at) VALUES (?, ?, 'customer', 'An earlier answer of mine.', 'es_ES', 'PENDING_REVIEW', ?, ?)")
      .bind(answered, me.id, now, now)
      .run();
    never.push(await question(asker, unpaid!, { createdAt: now - 9 * DAY }));

    const first = await me.browser.api<Turn>('GET', '/api/ugc/game/next');
    expect(first.status).toBe(200);
    expect(first.data.question?.id).toBe(newer);
    expect(first.data.question?.article.id).toBe(bought);
    expect(first.data.question?.article.name.length).toBeGreaterThan(0);
    expect(first.data.remaining).toBe(3);

    for (const id of never) {
      expect((await me.browser.api('POST', '/api/ugc/game/skip', { questionId: id })).error?.code, `question ${id}`).toBe('GAME_QUESTION_NOT_OFFERED');
      expect((await me.browser.api('POST', '/api/ugc/game/answer', { questionId: id, body: 'Yes, it works fine with the old charger.' })).status).toBe(404);
    }

    const skipped = await me.browser.api<Turn>('POST', '/api/ugc/game/skip', { questionId: newer });
    expect(skipped.status).toBe(200);
    expect(skipped.data).toMatchObject({ question: { id: older }, remaining: 2 });
    expect((await me.browser.api('POST', '/api/ugc/game/answer', { questionId: newer, body: 'Yes, it works fine with the old charger.' })).status).toBe(404);

    const before = (await me.browser.api<RankingAnswer>('GET', '/api/ugc/ranking?period=week')).data.me!;
    const answer = await me.browser.api<Turn & { answer: { id: number; state: string; earned: number } }>('POST', '/api/ugc/game/answer', { questionId: older, body: 'Yes, I have used it with the old charger every day for months.' });
    expect(answer.status).toBe(201);
    expect(answer.data.answer).toMatchObject({ state: 'OK', earned: 8 });
    expect(answer.data).toMatchObject({ question: { id: third }, remaining: 1, progress: { answeredToday: 1, pointsToday: 8, totalPoints: 8 } });
    const stored = await env.DB.prepare('SELECT source, state FROM answers WHERE id = ?').bind(answer.data.answer.id).first();
    expect(stored).toEqual({ source: 'game', state: 'OK' });
    const after = (await me.browser.api<RankingAnswer>('GET', '/api/ugc/ranking?period=week')).data.me!;
    expect(after.points).toBe(before.points + 8);
    expect(after.position).not.toBeNull();
    if (before.position !== null) expect(after.position!).toBeLessThanOrEqual(before.position);
    expect((await me.browser.api('POST', '/api/ugc/game/answer', { questionId: older, body: 'Answering twice is not possible here.' })).status).toBe(404);

    const last = await me.browser.api<Turn>('POST', '/api/ugc/game/skip', { questionId: third });
    expect(last.data).toMatchObject({ question: null, remaining: 0 });
  });

  it('a held answer earns nothing until it is published, and the game still moves on', async () => {
    const now = Date.now();
    const asker = await insertUser(`asker_held_${now % 100000}`);
    const me = await player(`held_${now % 100000}`);
    const [article] = await freshArticles(1);
    await env.DB.prepare("INSERT INTO user_purchases (user_id, article_id, order_number, purchased_at) VALUES (?, ?, 'HIST-2', 1)").bind(me.id, article!).run();
    const id = await question(asker, article!, { createdAt: now - DAY });
    const held = await me.browser.api<Turn & { answer: { id: number; state: string; earned: number } }>('POST', '/api/ugc/game/answer', { questionId: id, body: 'Mira las fotos en https://example.com/fotos antes de comprarlo.' });
    expect(held.status).toBe(201);
    expect(held.data.answer).toMatchObject({ state: 'PENDING_REVIEW', earned: 0 });
    expect(held.data).toMatchObject({ question: null, remaining: 0, progress: { answeredToday: 1, pointsToday: 0, totalPoints: 0 } });
    const ledger = await env.DB.prepare('SELECT count(*) AS n FROM user_points WHERE user_id = ?').bind(me.id).first<number>('n');
    expect(ledger).toBe(0);
  });

  it('is for signed-in players (401), answering needs a nick (409), and bad input is 400 and changes nothing', async () => {
    const anonymous = new TestBrowser();
    for (const [method, path, body] of [
      ['GET', '/api/ugc/game/next', undefined],
      ['POST', '/api/ugc/game/answer', { questionId: 1, body: 'Some answer text here.' }],
      ['POST', '/api/ugc/game/skip', { questionId: 1 }],
    ] as const) {
      expect(await anonymous.api(method, path, body), path).toMatchObject({ status: 401, error: { code: 'TOKEN_VERIFICATION' } });
    }
    const noNick = await player(null);
    expect((await noNick.browser.api('GET', '/api/ugc/game/next')).status).toBe(200);
    expect(await noNick.browser.api('POST', '/api/ugc/game/answer', { questionId: 1, body: 'Some answer text here.' })).toMatchObject({ status: 409, error: { code: 'NICK_REQUIRED' } });
    const withNick = await player(`bad_input_${Date.now() % 100000}`);
    for (const body of [{ questionId: 'x', body: 'text' }, { questionId: -1 }, {}]) {
      expect((await withNick.browser.api('POST', '/api/ugc/game/skip', body)).status).toBe(400);
    }
    const skips = await env.DB.prepare('SELECT count(*) AS n FROM game_skips WHERE user_id = ?').bind(withNick.id).first<number>('n');
    expect(skips).toBe(0);
  });
});

describe('community pages', () => {
  it('the game page asks an anonymous visitor to sign in and come back; a player sees their question', async () => {
    const anonymous = await new TestBrowser().fetch('/preguntas/juego');
    expect(anonymous.status).toBe(200);
    const html = await anonymous.text();
    expect(html).toContain(`/login?next=${encodeURIComponent('/preguntas/juego')}`);
    expect(html).not.toContain('data-island="answers-game"');
    const noNick = await player(null);
    const own = await (await noNick.browser.fetch('/preguntas/juego')).text();
    expect(own).toContain('data-island="answers-game"');
    expect(own).toContain('id="game-nick-nick"');
  });

  it('the ranking page has period links, a captioned table, the caller highlighted, and the nick form without a nick', async () => {
    const me = await player(`page_me_${Date.now() % 100000}`);
    await env.DB.batch([points(me.id, 123_456, Date.now())]);
    const html = await (await me.browser.fetch('/ranking-de-usuarios?period=month')).text();
    for (const period of ['week', 'month', 'year', 'all']) expect(html).toContain(`href="/ranking-de-usuarios?period=${period}"`);
    expect(html).toMatch(/<a href="\/ranking-de-usuarios\?period=month" aria-current="page">/);
    expect(html).toContain('<caption>');
    expect(html).toMatch(/<tr class="ranking-table__me" aria-current="true" data-position="\d+">/);
    expect(html).not.toContain('data-island="nick-form"');
    const noNick = await player(null);
    expect(await (await noNick.browser.fetch('/ranking-de-usuarios')).text()).toContain('data-island="nick-form"');
    expect((await new TestBrowser().fetch('/ranking-de-usuarios?page=999')).status).toBe(404);
  });
});
