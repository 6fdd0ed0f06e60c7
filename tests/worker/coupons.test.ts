/**
 * The account's coupons (spec §7 GET /api/user/discountcode, POST /api/user/{email}/discountcode):
 * the list with status by precedence and its order, adding a code with every refusal (nothing
 * written), someone else's address, the form sent without script, the screen, and the demo seed;
 * then the remaining user calls of §7 (nick, birthday, basic info, pending reviews) against §5.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../worker/http/errors';
import { signUp, TestBrowser } from './browser';

const DAY = 86_400_000;
const NOW = Date.now();
const ALL = JSON.stringify(['ES', 'PT', 'FR', 'IT', 'DE']);

interface Coupon {
  couponId: string;
  code: string;
  name: string;
  description: string;
  status: 'ACTIVE' | 'EXPIRED' | 'USED';
  startDate: string;
  expirationDate: string;
  couponDiscount: { type: string; value: number | null; scope: string; minCartAmount: number | null } | null;
  notStarted: boolean;
}
interface CouponPage {
  items: Coupon[];
  page: number;
  pageSize: number;
  total: number;
}

function campaign(id: number, o: { starts?: number; ends?: number; channels?: string; perUser?: number; usageLimit?: number; usageCounter?: number; effects?: unknown[]; conditions?: unknown[] }) {
  return env.DB.prepare(
    'INSERT INTO promotion_campaigns (id, name, channels, starts_at, ends_at, priority, exclusive, coupon_required, conditions, effects, usage_limit, usage_counter, per_user_limit) VALUES (?, ?, ?, ?, ?, 10, 0, 1, ?, ?, ?, ?, ?)',
  ).bind(
    id,
    `Campaign ${id}`,
    o.channels ?? ALL,
    o.starts ?? NOW - 10 * DAY,
    o.ends ?? NOW + 30 * DAY,
    JSON.stringify(o.conditions ?? []),
    JSON.stringify(o.effects ?? [{ kind: 'percentOffCart', percent: 10 }]),
    o.usageLimit ?? 0,
    o.usageCounter ?? 0,
    o.perUser ?? 0,
  );
}
const coupon = (code: string, campaignId: number, usageLimit = 0, usageCounter = 0) =>
  env.DB.prepare('INSERT INTO coupons (code, campaign_id, usage_limit, usage_counter) VALUES (?, ?, ?, ?)').bind(code, campaignId, usageLimit, usageCounter);

beforeAll(async () => {
  await env.DB.batch([
    campaign(901, { perUser: 1, effects: [{ kind: 'percentOffCart', percent: 10 }] }),
    campaign(902, { ends: NOW - DAY, effects: [{ kind: 'amountOffCart', amount: 500 }], conditions: [{ kind: 'minCartAmount', amount: 5000 }] }),
    campaign(903, { channels: JSON.stringify(['DE']) }),
    campaign(904, { starts: NOW + 5 * DAY, effects: [{ kind: 'freeShipping' }] }),
    campaign(905, {}),
    campaign(906, { usageLimit: 3, usageCounter: 3 }),
    campaign(907, { effects: [{ kind: 'amountOffLines', amountPerUnit: 1500, categoryIds: [1] }] }),
    coupon('ONCE10', 901),
    coupon('OLD5', 902),
    coupon('NURDE', 903),
    coupon('SOON', 904),
    coupon('GONE', 905, 2, 2),
    coupon('EMPTYCAMP', 906),
    coupon('LINES15', 907),
    env.DB.prepare('INSERT INTO promotion_campaign_texts (campaign_id, texts) VALUES (901, ?)').bind(
      JSON.stringify({ es_ES: { name: 'Diez por ciento', description: 'Una vez por cliente' }, en_EN: { name: 'Ten percent', description: 'Once per customer' } }),
    ),
  ]);
});

async function customer(): Promise<{ browser: TestBrowser; email: string; id: number }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  return { browser, email, id };
}
const add = (browser: TestBrowser, email: string, code: string, headers: Record<string, string> = {}) =>
  browser.api<Coupon>('POST', `/api/user/${encodeURIComponent(email)}/discountcode?code=${encodeURIComponent(code)}`, undefined, headers);
const rowsOf = async (userId: number) => (await env.DB.prepare('SELECT code, source FROM user_coupons WHERE user_id = ? ORDER BY code').bind(userId).all<{ code: string; source: string }>()).results;

describe('POST /api/user/{email}/discountcode', () => {
  it('adds a code typed in any case, upper-cased like the checkout, with the §3 fields', async () => {
    const { browser, email, id } = await customer();
    const added = await add(browser, email, '  once10 ', { 'X-Selected-Language': 'es_ES' });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ couponId: 'ONCE10', code: 'ONCE10', name: 'Diez por ciento', description: 'Una vez por cliente', status: 'ACTIVE', couponDiscount: { type: 'percent', value: 10, scope: 'cart', minCartAmount: null }, notStarted: false });
    expect(Date.parse(added.data.expirationDate)).toBeGreaterThan(NOW);
    expect(await rowsOf(id)).toEqual([{ code: 'ONCE10', source: 'customer' }]);
  });

  it('refuses with the §7 envelope and writes nothing: unknown, duplicate, other store, ended, run out, used', async () => {
    const { browser, email, id } = await customer();
    expect((await add(browser, email, 'ONCE10')).status).toBe(201);
    await env.DB.prepare("INSERT INTO promotion_redemptions (campaign_id, coupon_code, user_id, order_number, at) VALUES (907, 'LINES15', ?, 'T-1', ?)").bind(id, NOW).run();
    const cases: [string, keyof typeof ERRORS, number][] = [
      ['NOPE-123', 'couponNotFound', 404],
      ['bad code!', 'couponNotFound', 404],
      ['once10', 'couponAlreadyAdded', 409],
      ['NURDE', 'couponOtherChannel', 409],
      ['OLD5', 'couponEnded', 409],
      ['GONE', 'couponRunOut', 409],
      ['EMPTYCAMP', 'couponRunOut', 409],
    ];
    for (const [code, name, status] of cases) {
      const answer = await add(browser, email, code);
      expect(answer, code).toMatchObject({ status, data: null, error: { code: ERRORS[name].code, type: ERRORS[name].type } });
      expect(answer.error!.message.length, code).toBeGreaterThan(0);
    }
    expect(await rowsOf(id)).toEqual([{ code: 'ONCE10', source: 'customer' }]);
    // A per-user limit of 0 is unlimited: a used LINES15 is still usable, so it can be added.
    expect((await add(browser, email, 'LINES15')).status).toBe(201);
    // Used up by this customer (once per customer, redeemed once): refused.
    const other = await customer();
    await env.DB.prepare("INSERT INTO promotion_redemptions (campaign_id, coupon_code, user_id, order_number, at) VALUES (901, 'ONCE10', ?, 'T-2', ?)").bind(other.id, NOW).run();
    expect((await add(other.browser, other.email, 'ONCE10')).error?.code).toBe(ERRORS.couponAlreadyUsed.code);
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it('refuses a missing code (400) and an anonymous caller (401)', async () => {
    const { browser, email, id } = await customer();
    const missing = await browser.api('POST', `/api/user/${encodeURIComponent(email)}/discountcode`);
    expect(missing).toMatchObject({ status: 400, error: { code: 'INVALID_REQUEST' } });
    expect((await browser.api('POST', `/api/user/${encodeURIComponent(email)}/discountcode?code=`)).status).toBe(400);
    expect((await browser.api('POST', `/api/user/${encodeURIComponent(email)}/discountcode?code=${'A'.repeat(101)}`)).status).toBe(400);
    expect((await new TestBrowser().api('POST', `/api/user/${encodeURIComponent(email)}/discountcode?code=ONCE10`)).status).toBe(401);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("answers 404 on someone else's address, whatever its case, and touches neither account", async () => {
    const alice = await customer();
    const bob = await customer();
    for (const address of [alice.email, alice.email.toUpperCase(), 'nobody@example.com']) {
      expect(await add(bob.browser, address, 'ONCE10'), address).toMatchObject({ status: 404, data: null, error: { code: 'NOT_FOUND' } });
    }
    expect(await rowsOf(alice.id)).toEqual([]);
    expect(await rowsOf(bob.id)).toEqual([]);
    // The owner's own address works in any case.
    expect((await add(alice.browser, alice.email.toUpperCase(), 'ONCE10')).status).toBe(201);
  });

  it('keeps one row when the same code is added twice at once', async () => {
    const { browser, email, id } = await customer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(browser, email, 'SOON')));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await rowsOf(id)).toEqual([{ code: 'SOON', source: 'customer' }]);
  });

  it('stops at 100 coupons per account', async () => {
    const { browser, email, id } = await customer();
    await env.DB.batch(Array.from({ length: 100 }, (_, i) => env.DB.prepare("INSERT INTO user_coupons (user_id, code, source, added_at) VALUES (?, ?, 'store', ?)").bind(id, `FILL${i}`, NOW)));
    expect((await add(browser, email, 'ONCE10')).error?.code).toBe(ERRORS.couponLimit.code);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM user_coupons WHERE user_id = ?').bind(id).first<number>('n'))).toBe(100);
  });

  it('answers a form sent without script with a 303 to the coupons screen', async () => {
    const { browser, email, id } = await customer();
    const post = (code: string) =>
      browser.fetch(`/api/user/${encodeURIComponent(email)}/discountcode`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code, respond: 'page', lang: 'es_ES' }).toString() });
    const added = await post('once10');
    expect(added.status).toBe(303);
    expect(added.headers.get('Location')).toBe('/usuarios/panel/mis-descuentos?added=ONCE10');
    const refused = await post('nope');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe('/usuarios/panel/mis-descuentos?error=COUPON_NOT_FOUND&code=nope');
    const page = await (await browser.fetch(refused.headers.get('Location')!)).text();
    expect(page).toContain('Este código de cupón no existe');
    expect(await rowsOf(id)).toEqual([{ code: 'ONCE10', source: 'customer' }]);
  });
});

describe('GET /api/user/discountcode', () => {
  it('lists ACTIVE, then EXPIRED, then USED, with the texts of the language and the readable discount', async () => {
    const { browser, id } = await customer();
    const give = (code: string, at = NOW) => env.DB.prepare("INSERT INTO user_coupons (user_id, code, source, added_at) VALUES (?, ?, 'store', ?)").bind(id, code, at);
    await env.DB.batch([
      give('ONCE10'),
      give('OLD5'),
      give('SOON'),
      give('NURDE'),
      give('GONE'),
      give('LINES15'),
      // Used once (per-user limit 1) and also expired would both hold for a used coupon of an ended campaign: ONCE10 is used here.
      env.DB.prepare("INSERT INTO promotion_redemptions (campaign_id, coupon_code, user_id, order_number, at) VALUES (901, 'ONCE10', ?, 'T-3', ?)").bind(id, NOW),
    ]);
    const list = await browser.api<CouponPage>('GET', '/api/user/discountcode', undefined, { 'X-Selected-Language': 'en_EN' });
    expect(list.status).toBe(200);
    // NURDE is for the German store only: not listed on the Spanish one.
    expect(list.data.items.map((c) => [c.code, c.status])).toEqual([
      ['LINES15', 'ACTIVE'],
      ['SOON', 'ACTIVE'],
      ['OLD5', 'EXPIRED'],
      ['GONE', 'USED'],
      ['ONCE10', 'USED'],
    ]);
    expect(list.data.total).toBe(5);
    const byCode = Object.fromEntries(list.data.items.map((c) => [c.code, c]));
    expect(byCode['ONCE10']).toMatchObject({ name: 'Ten percent', description: 'Once per customer' });
    expect(byCode['OLD5']).toMatchObject({ name: 'Campaign 902', description: '', couponDiscount: { type: 'amount', value: 500, scope: 'cart', minCartAmount: 5000 } });
    expect(byCode['SOON']).toMatchObject({ notStarted: true, couponDiscount: { type: 'freeShipping', value: null } });
    expect(byCode['LINES15']!.couponDiscount).toEqual({ type: 'amount', value: 1500, scope: 'lines', minCartAmount: null });
  });

  it('USED outranks EXPIRED: a used coupon of an ended campaign shows USED', async () => {
    const { browser, id } = await customer();
    await env.DB.batch([
      campaign(910, { perUser: 1, ends: NOW - DAY }),
      coupon('USEDOLD', 910),
      env.DB.prepare("INSERT INTO user_coupons (user_id, code, source, added_at) VALUES (?, 'USEDOLD', 'store', ?)").bind(id, NOW),
      env.DB.prepare("INSERT INTO promotion_redemptions (campaign_id, coupon_code, user_id, order_number, at) VALUES (910, 'USEDOLD', ?, 'T-4', ?)").bind(id, NOW - 2 * DAY),
    ]);
    expect((await browser.api<CouponPage>('GET', '/api/user/discountcode')).data.items.map((c) => c.status)).toEqual(['USED']);
  });

  it('takes the clock of the request: a coupon not started becomes plain ACTIVE, then EXPIRED', async () => {
    const { browser, id } = await customer();
    await env.DB.prepare("INSERT INTO user_coupons (user_id, code, source, added_at) VALUES (?, 'SOON', 'store', ?)").bind(id, NOW).run();
    const at = (ms: number) => browser.api<CouponPage>('GET', '/api/user/discountcode', undefined, { 'X-Test-Now': new Date(ms).toISOString() });
    expect((await at(NOW + 6 * DAY)).data.items[0]).toMatchObject({ status: 'ACTIVE', notStarted: false });
    expect((await at(NOW + 31 * DAY)).data.items[0]).toMatchObject({ status: 'EXPIRED' });
  });

  it('pages by 16 and refuses bad paging and anonymous callers', async () => {
    const { browser, id } = await customer();
    await env.DB.batch(Array.from({ length: 17 }, (_, i) => coupon(`PAGE${String(i).padStart(2, '0')}`, 905)));
    await env.DB.batch(Array.from({ length: 17 }, (_, i) => env.DB.prepare("INSERT INTO user_coupons (user_id, code, source, added_at) VALUES (?, ?, 'store', ?)").bind(id, `PAGE${String(i).padStart(2, '0')}`, NOW)));
    const first = await browser.api<CouponPage>('GET', '/api/user/discountcode');
    expect(first.data).toMatchObject({ page: 1, pageSize: 16, total: 17 });
    expect(first.data.items).toHaveLength(16);
    const second = await browser.api<CouponPage>('GET', '/api/user/discountcode?page=2');
    expect(second.data.items.map((c) => c.code)).toEqual(['PAGE16']);
    for (const query of ['page=0', 'page=x', 'pageSize=51', 'pageSize=0']) expect((await browser.api('GET', `/api/user/discountcode?${query}`)).status, query).toBe(400);
    expect((await new TestBrowser().api('GET', '/api/user/discountcode')).status).toBe(401);
  });
});

describe('the coupons screen and the demo seed', () => {
  it('shows each demo account one coupon of each status, in Spanish, with the form and the copy button', async () => {
    const { DEMO_PASSWORD, demoAccountStatements, demoPromotionStatements } = await import('../../scripts/seed/demo-accounts');
    const { userCouponStatements } = await import('../../scripts/seed/user-coupons');
    const statements = [...(await demoAccountStatements()), ...demoPromotionStatements(), ...userCouponStatements()];
    await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    const ana = new TestBrowser();
    expect((await ana.api('POST', '/api/users/login', { email: 'ana@ampora.test', password: DEMO_PASSWORD })).status).toBe(200);
    const list = await ana.api<CouponPage>('GET', '/api/user/discountcode', undefined, { 'X-Selected-Language': 'es_ES' });
    expect(list.data.items.map((c) => [c.code, c.status])).toEqual([
      ['AMPORA5', 'ACTIVE'],
      ['VERANO2026', 'EXPIRED'],
      ['BIENVENIDA10', 'USED'],
    ]);
    expect(list.data.items[0]!.name).toBe('5 € de descuento desde 50 €');
    // Seeding again replaces rather than doubles.
    await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    const again = new TestBrowser();
    expect((await again.api('POST', '/api/users/login', { email: 'ana@ampora.test', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await again.api<CouponPage>('GET', '/api/user/discountcode')).data.total).toBe(3);
    const page = await again.fetch('/usuarios/panel/mis-descuentos');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('AMPORA5');
    expect(html).toContain('data-coupon-status="EXPIRED"');
    expect(html).toContain('data-island="coupon-add-form"');
    expect(html).toContain('noindex');
  });

  it('shows the empty state and sends anonymous visitors to sign in', async () => {
    const { browser } = await customer();
    const html = await (await browser.fetch('/usuarios/panel/mis-descuentos')).text();
    expect(html).toContain('data-coupons-empty');
    const anonymous = await new TestBrowser().fetch('/usuarios/panel/mis-descuentos');
    expect([302, 303]).toContain(anonymous.status);
  });
});

describe('the remaining user calls of spec §7 (checked against §5)', () => {
  it('update-nick: 5104001–5104004, each with its own message, nothing changed on a refusal', async () => {
    const { browser, id } = await customer();
    const nick = `cp${Date.now() % 1_000_000}`;
    expect((await browser.api('PUT', '/api/users/info/update-nick', { nick })).data).toEqual({ nick });
    const other = await customer();
    const refusals = [
      await browser.api('PUT', '/api/users/info/update-nick', { nick: 'ab' }),
      await browser.api('PUT', '/api/users/info/update-nick', { nick: 'x'.repeat(21) }),
      await browser.api('PUT', '/api/users/info/update-nick', { nick: 'no way!' }),
      await other.browser.api('PUT', '/api/users/info/update-nick', { nick }),
    ];
    expect(refusals.map((r) => r.error?.code)).toEqual([5104001, 5104002, 5104003, 5104004]);
    expect(new Set(refusals.map((r) => r.error?.message)).size).toBe(4);
    expect(await env.DB.prepare('SELECT nick FROM users WHERE id = ?').bind(id).first<string>('nick')).toBe(nick);
    expect((await browser.api('GET', '/api/users/info/basic-info')).data).toMatchObject({ isLoggedIn: true, nick, hasNick: true });
    expect((await new TestBrowser().api('GET', '/api/users/info/basic-info')).data).toEqual({ isLoggedIn: false, nick: null, hasNick: false, email: null });
  });

  it('updateBirthday: dd/mm/yyyy only; a refused date leaves the stored one', async () => {
    const { browser, id } = await customer();
    expect((await browser.api('PUT', '/api/user/updateBirthday', { birthday: '4/5/1990' })).data).toEqual({ birthday: '04/05/1990' });
    for (const birthday of ['1990-05-04', '05/1990', '30/02/1990', 19900504, '']) {
      const answer = await browser.api('PUT', '/api/user/updateBirthday', { birthday });
      expect(answer.status, String(birthday)).toBe(400);
    }
    expect(await env.DB.prepare('SELECT birthday FROM users WHERE id = ?').bind(id).first<string>('birthday')).toBe('1990-05-04');
  });

  it('pending-reviews: the signed-in customer only', async () => {
    const { browser } = await customer();
    expect((await browser.api('GET', '/api/users/info/pending-reviews')).data).toEqual({ items: [], total: 0 });
    expect((await new TestBrowser().api('GET', '/api/users/info/pending-reviews')).status).toBe(401);
  });
});
