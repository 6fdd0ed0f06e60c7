/**
 * The store balance: the ledger statements (credit, spend, block) against D1 and its trigger,
 * the customer's calls, the operations refund call and the account screen.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/i18n/format';
import { createApp } from '../../worker/app';
import { balanceSpentError, blockStatements, creditStatements, spendStatements } from '../../worker/balance/balance';
import { createDb } from '../../worker/db/client';
import { orderEvents } from '../../worker/db/schema';
import { orderNumber } from '../../worker/domain/orders/order-number';
import { signUp, TestBrowser } from './browser';
import { request } from './helpers';

const db = createDb(env.DB);
const OPS = { Authorization: `Bearer ${env.OPS_API_TOKEN}` };
const RETURN_PATH = '/api/user/balance/api-return';

async function userIdOf(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
}

/** A signed-in customer and their id. */
async function customer(): Promise<{ browser: TestBrowser; userId: number }> {
  const browser = new TestBrowser();
  return { browser, userId: await userIdOf(await signUp(browser)) };
}

/** A user row without a session, for statement-level tests. */
async function plainUser(): Promise<number> {
  return (await env.DB.prepare("INSERT INTO users (hash_id, email, password_hash, channel, language, cart_id, created_at) VALUES (?, ?, 'x', 'ES', 'es_ES', ?, ?) RETURNING id")
    .bind(crypto.randomUUID(), `balance.${crypto.randomUUID()}@example.com`, crypto.randomUUID(), Date.now())
    .first<number>('id'))!;
}

/** An order of `userId` that paid 100 € of articles and 5 € of shipping. */
async function orderOf(userId: number): Promise<string> {
  const number = orderNumber('ES', new Date());
  await env.DB.prepare(
    "INSERT INTO orders (order_number, checkout_key, order_key, user_id, channel, language, state, seller_kind, seller_id, payment_method, shipping_type, shipping_address, articles_subtotal, shipping_cost, total, created_at, updated_at) VALUES (?, ?, 'own-0', ?, 'ES', 'es_ES', 'delivered', 'own', 0, 'transferencia', 1, '{}', 10000, 500, 10500, ?, ?)",
  )
    .bind(number, `test-${crypto.randomUUID()}`, userId, Date.now(), Date.now())
    .run();
  return number;
}

async function credit(userId: number, amount: number, at: Date, orderNumber: string | null = null, type: 'ADD' | 'RETURNS' = 'ADD') {
  await db.batch(creditStatements(db, { userId, type, amount, orderNumber, isPaidUsingCard: false, author: 'test', note: null, now: at }));
}

async function balanceOf(userId: number): Promise<number | null> {
  return env.DB.prepare('SELECT balance FROM user_balances WHERE user_id = ?').bind(userId).first<number>('balance');
}

async function movementCount(userId: number): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM balance_movements WHERE user_id = ?').bind(userId).first<number>('n'))!;
}

/** The sum of the ledger, which the balance row must always equal. */
async function ledgerSum(userId: number): Promise<number> {
  return (await env.DB.prepare("SELECT coalesce(sum(CASE WHEN type IN ('ADD', 'RETURNS') THEN amount ELSE -amount END), 0) AS s FROM balance_movements WHERE user_id = ?").bind(userId).first<number>('s'))!;
}

const at = (day: number) => new Date(Date.UTC(2026, 9, day, 12));

describe('balance statements', () => {
  it('credits create the row, and the row is always the sum of the movements', async () => {
    const userId = await plainUser();
    expect(await balanceOf(userId)).toBeNull();
    await credit(userId, 2000, at(1));
    await credit(userId, 500, at(2), await orderOf(userId), 'RETURNS');
    expect(await balanceOf(userId)).toBe(2500);
    expect(await ledgerSum(userId)).toBe(2500);
  });

  it('a spend within the balance lowers it; past the balance the trigger aborts the whole batch', async () => {
    const userId = await plainUser();
    await credit(userId, 1000, at(1));
    const first = await orderOf(userId);
    await db.batch(spendStatements(db, { userId, amount: 400, orderNumber: first, now: at(2) }));
    expect(await balanceOf(userId)).toBe(600);

    const second = await orderOf(userId);
    const attempt = db.batch([db.insert(orderEvents).values({ orderNumber: second, state: 'confirmed', at: at(3).getTime() }), ...spendStatements(db, { userId, amount: 601, orderNumber: second, now: at(3) })]);
    const error = await attempt.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(balanceSpentError(error)).toBe(true);
    expect(await balanceOf(userId)).toBe(600);
    expect(await movementCount(userId)).toBe(2);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM order_events WHERE order_number = ?').bind(second).first('n')).toBe(0);
    expect(await ledgerSum(userId)).toBe(600);
  });

  it('a spend by a customer who never had a balance aborts too', async () => {
    const userId = await plainUser();
    const error = await db.batch(spendStatements(db, { userId, amount: 1, orderNumber: await orderOf(userId), now: at(1) })).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(balanceSpentError(error)).toBe(true);
    expect(await balanceOf(userId)).toBeNull();
    expect(await movementCount(userId)).toBe(0);
  });

  it('a BLOCK lowers the balance, counts as blocked, and cannot go below zero', async () => {
    const { browser, userId } = await customer();
    await credit(userId, 3000, at(1));
    await db.batch(blockStatements(db, { userId, amount: 1200, orderNumber: null, author: 'ops', note: 'Disputed refund', now: at(2) }));
    expect(await balanceOf(userId)).toBe(1800);
    const refused = await db.batch(blockStatements(db, { userId, amount: 1801, orderNumber: null, author: 'ops', note: null, now: at(3) })).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(balanceSpentError(refused)).toBe(true);
    const history = await browser.api<{ validateData: { balance: number; blocked: number }; movements: { type: string; amount: number }[] }>('GET', '/api/user/balance/history');
    expect(history.data.validateData).toMatchObject({ clientId: userId, balance: 1800, blocked: 1200 });
    expect(history.data.movements.map((m) => [m.type, m.amount])).toEqual([
      ['BLOCK', 1200],
      ['ADD', 3000],
    ]);
  });

  it('refuses amounts that are not positive whole cents before touching D1', () => {
    expect(() => spendStatements(db, { userId: 1, amount: 0, orderNumber: 'ES-261101-ABCDEF', now: at(1) })).toThrow(RangeError);
    expect(() => creditStatements(db, { userId: 1, type: 'ADD', amount: 1.5, orderNumber: null, isPaidUsingCard: false, author: 'x', note: null, now: at(1) })).toThrow(RangeError);
  });
});

describe('GET /api/user/balance and /balance/history', () => {
  it('answers the signed-in customer’s balance and order movements, newest first', async () => {
    const { browser, userId } = await customer();
    const order = await orderOf(userId);
    await credit(userId, 2000, at(1));
    await credit(userId, 750, at(5), order, 'RETURNS');
    await db.batch(spendStatements(db, { userId, amount: 250, orderNumber: order, now: at(9) }));

    const balance = await browser.api<{ balance: number; orders: unknown[] }>('GET', '/api/user/balance');
    expect(balance.status).toBe(200);
    expect(balance.headers.get('Cache-Control')).toBe('private, no-store');
    expect(balance.data).toEqual({
      balance: 2500,
      orders: [
        { orderId: order, balance: -250, date: at(9).toISOString(), isPaidUsingCard: false },
        { orderId: order, balance: 750, date: at(5).toISOString(), isPaidUsingCard: false },
      ],
    });

    const history = await browser.api('GET', '/api/user/balance/history');
    expect(history.data).toEqual({
      validateData: { clientId: userId, balance: 2500, blocked: 0 },
      movements: [
        { type: 'SPEND', date: at(9).toISOString(), amount: 250, order },
        { type: 'RETURNS', date: at(5).toISOString(), amount: 750, order },
        { type: 'ADD', date: at(1).toISOString(), amount: 2000, order: null },
      ],
      total: 3,
      page: 1,
      pageSize: 16,
    });
  });

  it('a customer without movements has a zero balance', async () => {
    const { browser } = await customer();
    expect((await browser.api('GET', '/api/user/balance')).data).toEqual({ balance: 0, orders: [] });
    expect((await browser.api('GET', '/api/user/balance/history')).data).toMatchObject({ validateData: { balance: 0, blocked: 0 }, movements: [], total: 0 });
  });

  it('refuses anonymous visitors with the 401 envelope', async () => {
    for (const path of ['/api/user/balance', '/api/user/balance/history']) {
      const anonymous = await new TestBrowser().api('GET', path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.data).toBeNull();
      expect(anonymous.error).toMatchObject({ type: 'unauthorized', code: 'TOKEN_VERIFICATION' });
    }
  });

  it('pages the history (16 by default, up to 50) and validates page and pageSize', async () => {
    const { browser, userId } = await customer();
    for (let day = 1; day <= 20; day++) await credit(userId, day, at(day));
    const first = await browser.api<{ movements: { amount: number }[]; total: number }>('GET', '/api/user/balance/history');
    expect(first.data.total).toBe(20);
    expect(first.data.movements.map((m) => m.amount)).toEqual(Array.from({ length: 16 }, (_, i) => 20 - i));
    const second = await browser.api<{ movements: { amount: number }[] }>('GET', '/api/user/balance/history?page=2');
    expect(second.data.movements.map((m) => m.amount)).toEqual([4, 3, 2, 1]);
    const small = await browser.api<{ movements: { amount: number }[]; pageSize: number }>('GET', '/api/user/balance/history?page=3&pageSize=5');
    expect(small.data.movements.map((m) => m.amount)).toEqual([10, 9, 8, 7, 6]);
    expect((await browser.api<{ movements: unknown[] }>('GET', '/api/user/balance/history?page=9')).data.movements).toEqual([]);
    for (const query of ['pageSize=0', 'pageSize=51', 'page=0', 'page=x', 'pageSize=2.5']) {
      const bad = await browser.api('GET', `/api/user/balance/history?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
      expect((bad.error!.details as { issues: { path: string }[] }).issues[0]!.path).toBe(query.split('=')[0]);
    }
  });
});

describe('POST /api/user/balance/api-return', () => {
  const body = (clientId: number, orderNumber: string, amount = 4550) => ({ clientId, amount, orderNumber, isPaidUsingCard: true, author: 'Marta (returns desk)', note: 'RMA 1234: headphones returned' });

  it('credits a refund with the operations token, once per order', async () => {
    const { browser, userId } = await customer();
    await credit(userId, 1000, at(1));
    const order = await orderOf(userId);
    // An operations tool is no browser: no Origin, no cookies.
    const first = await request(`http://es.localhost${RETURN_PATH}`, { method: 'POST', headers: { ...OPS, 'Content-Type': 'application/json' }, body: JSON.stringify(body(userId, order)) });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { data: { created: boolean; balance: number; movement: Record<string, unknown> } };
    expect(created.data).toMatchObject({ created: true, balance: 5550, movement: { type: 'RETURNS', amount: 4550, order, isPaidUsingCard: true, author: 'Marta (returns desk)' } });
    const row = await env.DB.prepare("SELECT amount, is_paid_using_card, author, note FROM balance_movements WHERE user_id = ? AND type = 'RETURNS'").bind(userId).first();
    expect(row).toEqual({ amount: 4550, is_paid_using_card: 1, author: 'Marta (returns desk)', note: 'RMA 1234: headphones returned' });

    // The same refund again (a retry, another amount by mistake): nothing more is credited.
    const again = await new TestBrowser().api<{ created: boolean; balance: number; movement: { amount: number } }>('POST', RETURN_PATH, body(userId, order, 999), OPS);
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ created: false, balance: 5550, movement: { amount: 4550 } });
    expect(await movementCount(userId)).toBe(2);

    const seen = await browser.api<{ balance: number; orders: { orderId: string; balance: number; isPaidUsingCard: boolean }[] }>('GET', '/api/user/balance');
    expect(seen.data.balance).toBe(5550);
    expect(seen.data.orders).toEqual([expect.objectContaining({ orderId: order, balance: 4550, isPaidUsingCard: true })]);
  });

  it('credits concurrent duplicates exactly once', async () => {
    const userId = await plainUser();
    const order = await orderOf(userId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => new TestBrowser().api<{ created: boolean }>('POST', RETURN_PATH, body(userId, order, 1000), OPS)));
    expect(answers.filter((a) => a.data?.created === true)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(await balanceOf(userId)).toBe(1000);
    expect(await movementCount(userId)).toBe(1);
  });

  it('refuses a missing or wrong token with 401 and changes nothing', async () => {
    const userId = await plainUser();
    const order = await orderOf(userId);
    for (const headers of [{} as Record<string, string>, { Authorization: 'Bearer wrong-token' }, { Authorization: `Basic ${env.OPS_API_TOKEN}` }, { Authorization: `Bearer ${env.OPS_API_TOKEN}x` }]) {
      const refused = await new TestBrowser().api('POST', RETURN_PATH, body(userId, order), headers);
      expect(refused.status).toBe(401);
      expect(refused.data).toBeNull();
      expect(refused.error).toMatchObject({ type: 'unauthorized', code: 'OPS_TOKEN_INVALID' });
    }
    // The token is checked before the body: a bad body without a token is still a 401.
    expect((await new TestBrowser().api('POST', RETURN_PATH, { nonsense: true })).status).toBe(401);
    expect(await balanceOf(userId)).toBeNull();
    expect(await movementCount(userId)).toBe(0);
  });

  it('refuses every call when the Worker has no usable token', async () => {
    const userId = await plainUser();
    const order = await orderOf(userId);
    // Production answers on its own host only; the secrets guard, which would answer 503 first, is
    // tested in production-secrets.test.ts: here the operations call's own refusal.
    const call = (bindings: Partial<Env>, token: string) =>
      createApp({ secretsGuard: false }).fetch(new Request(`${bindings.ENVIRONMENT === 'production' ? 'https://www.ampora.es' : 'http://es.localhost'}${RETURN_PATH}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body(userId, order)) }), { ...env, ...bindings });
    expect((await call({ OPS_API_TOKEN: undefined }, 'undefined')).status).toBe(401);
    expect((await call({ OPS_API_TOKEN: '' }, '')).status).toBe(401);
    expect((await call({ OPS_API_TOKEN: 'short-token' }, 'short-token')).status).toBe(401);
    expect((await call({ ENVIRONMENT: 'production' }, env.OPS_API_TOKEN!)).status).toBe(401);
    expect(await movementCount(userId)).toBe(0);
    // A real secret works in production.
    const secret = 'p'.repeat(40);
    expect((await call({ ENVIRONMENT: 'production', OPS_API_TOKEN: secret }, secret)).status).toBe(201);
    expect(await balanceOf(userId)).toBe(4550);
  });

  it('needs an order of that customer, an existing customer and a sane amount; refusals change nothing', async () => {
    const userId = await plainUser();
    const other = await plainUser();
    const own = await orderOf(userId);
    const othersOrder = await orderOf(other);
    const post = (payload: unknown) => new TestBrowser().api('POST', RETURN_PATH, payload, OPS);

    const foreign = await post(body(userId, othersOrder));
    expect(foreign.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await post(body(userId, orderNumber('ES', new Date())))).status).toBe(404);
    const unknownUser = await post(body(2_000_000_000, own));
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.error).toMatchObject({ code: 1301 });
    // The order paid 105 €: a larger refund is a mistake.
    const tooMuch = await post(body(userId, own, 10_501));
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.error!.details as { issues: { path: string }[] }).issues[0]!.path).toBe('amount');

    const invalid: [string, unknown][] = [
      ['amount', { ...body(userId, own), amount: 0 }],
      ['amount', { ...body(userId, own), amount: -100 }],
      ['amount', { ...body(userId, own), amount: 12.5 }],
      ['amount', { ...body(userId, own), amount: 1_000_001 }],
      ['orderNumber', { ...body(userId, own), orderNumber: 'DEMO-0001' }],
      ['author', { ...body(userId, own), author: '   ' }],
      ['author', { ...body(userId, own), author: 'x'.repeat(81) }],
      ['isPaidUsingCard', { ...body(userId, own), isPaidUsingCard: 'yes' }],
      ['clientId', { ...body(userId, own), clientId: '1' }],
    ];
    for (const [field, payload] of invalid) {
      const refused = await post(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect((refused.error!.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(field);
    }
    expect(await movementCount(userId)).toBe(0);
    expect(await movementCount(other)).toBe(0);
    expect(await balanceOf(userId)).toBeNull();
  });
});

describe('the balance screen', () => {
  it('shows the balance, what is held, and the movements with their sign', async () => {
    const { browser, userId } = await customer();
    const order = await orderOf(userId);
    await credit(userId, 2000, at(1));
    await credit(userId, 500, at(2), order, 'RETURNS');
    await db.batch(blockStatements(db, { userId, amount: 300, orderNumber: null, author: 'ops', note: 'Internal note', now: at(3) }));
    const response = await browser.fetch('/usuarios/panel/saldos');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('data-balance-cents="2200"');
    expect(html).toContain(formatMoney(2200, 'es_ES'));
    expect(html).toContain('data-blocked-cents="300"');
    expect(html).toContain(`+${formatMoney(500, 'es_ES')}`);
    expect(html).toContain(`−${formatMoney(300, 'es_ES')}`);
    expect(html).toContain(`href="/tracking/${order}"`);
    expect(html).toContain('href="/usuarios/panel/saldos" aria-current="page"');
    expect(html).not.toContain('Internal note');
    expect(html).not.toMatch(/not available yet|todavía no está disponible/);
  });

  it('says so when there are no movements, and pages past the last one are not found', async () => {
    const { browser, userId } = await customer();
    const empty = await browser.fetch('/usuarios/panel/saldos');
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('data-balance-cents="0"');
    expect(emptyHtml).not.toContain('<table');
    for (let day = 1; day <= 17; day++) await credit(userId, 100, at(day));
    const first = await (await browser.fetch('/usuarios/panel/saldos')).text();
    expect(first.match(/data-movement-type=/g)).toHaveLength(16);
    expect(first).toContain('href="/usuarios/panel/saldos?page=2"');
    const second = await (await browser.fetch('/usuarios/panel/saldos?page=2')).text();
    expect(second.match(/data-movement-type=/g)).toHaveLength(1);
    expect((await browser.fetch('/usuarios/panel/saldos?page=3')).status).toBe(404);
  });

  it('sends an anonymous visitor to login and back', async () => {
    const response = await new TestBrowser().fetch('/usuarios/panel/saldos');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/login?next=${encodeURIComponent('/usuarios/panel/saldos')}`);
  });
});
