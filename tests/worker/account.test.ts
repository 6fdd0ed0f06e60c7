import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signReviewInvitation } from '../../worker/identity/signed-token';
import { PASSWORD, signUp, TestBrowser } from './browser';

const SHIPPING = { name: 'Ana', surname: 'García', address: 'Calle Mayor', streetNumber: '7', city: 'Madrid', postalCode: '28013', provinceId: 28, countryIso: 'ES', phone: '+34 612 345 678' };

describe('user data calls', () => {
  it('refuses anonymous callers with the token-verification error', async () => {
    const anonymous = new TestBrowser();
    for (const [method, path, body] of [
      ['PUT', '/api/user/updateBirthday', { birthday: '01/01/1990' }],
      ['GET', '/api/user/addresses/shipping', undefined],
      ['GET', '/api/users/info/pending-reviews', undefined],
      ['PUT', '/api/users/info/update-nick', { nick: 'someone' }],
    ] as const) {
      const result = await anonymous.api(method, path, body);
      expect(result, path).toMatchObject({ status: 401, error: { code: 'TOKEN_VERIFICATION' } });
    }
  });

  it('updates the nick with the four spec errors', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const nick = `alice${Date.now() % 100000}`;
    expect((await alice.api('PUT', '/api/users/info/update-nick', { nick })).data).toEqual({ nick });
    expect((await alice.api('PUT', '/api/users/info/update-nick', { nick: 'ab' })).error?.code).toBe(5104001);
    expect((await alice.api('PUT', '/api/users/info/update-nick', { nick: 'x'.repeat(21) })).error?.code).toBe(5104002);
    expect((await alice.api('PUT', '/api/users/info/update-nick', { nick: 'bad nick!' })).error?.code).toBe(5104003);
    const bob = new TestBrowser();
    await signUp(bob);
    const taken = await bob.api('PUT', '/api/users/info/update-nick', { nick: nick.toUpperCase() });
    expect(taken).toMatchObject({ status: 409, error: { code: 5104004 } });
    expect((await alice.api<{ nick: string }>('GET', '/api/users/info/basic-info')).data).toMatchObject({ nick, hasNick: true, isLoggedIn: true });
  });

  it('lets a review invitation set the nick without a session, only for its article', async () => {
    const alice = new TestBrowser();
    const email = await signUp(alice);
    const hashId = await env.DB.prepare('SELECT hash_id FROM users WHERE email = ?').bind(email).first<string>('hash_id');
    const token = await signReviewInvitation(env.AUTH_SECRET, { user: hashId!, article: 12, exp: Date.now() + 60_000 });
    const anonymous = new TestBrowser();
    const info = await anonymous.api('GET', `/api/users/info/basic-info?token=${token}&idArticle=12`);
    expect(info.data).toMatchObject({ isLoggedIn: false, hasNick: false, email: expect.stringMatching(/^u•••@example\.com$/) });
    expect((await anonymous.api('GET', `/api/users/info/basic-info?token=${token}&idArticle=13`)).error?.code).toBe('INVALID_LINK');
    const nick = `invited${Date.now() % 100000}`;
    expect((await anonymous.api('PUT', '/api/users/info/update-nick', { nick, token, idArticle: 12 })).data).toEqual({ nick });
    // One signature character changed, always to a different one (a fixed replacement was the same
    // character in 1 of 4,096 tokens), and not the last one, whose low bits may be padding.
    const at = token.length - 5;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await anonymous.api('PUT', '/api/users/info/update-nick', { nick: 'forged', token: forged, idArticle: 12 })).error?.code).toBe('INVALID_LINK');
  });

  it('stores a dd/mm/yyyy birthday and refuses impossible ones', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    expect((await browser.api('PUT', '/api/user/updateBirthday', { birthday: '24/05/1990' })).data).toEqual({ birthday: '24/05/1990' });
    expect((await browser.api('PUT', '/api/user/updateBirthday', { birthday: '1990-05-24' })).error?.code).toBe('INVALID_DATE');
    expect((await browser.api('PUT', '/api/user/updateBirthday', { birthday: '31/02/1990' })).error?.code).toBe('INVALID_DATE');
    expect((await browser.api('PUT', '/api/user/updateBirthday', { birthday: '01/01/2099' })).error?.code).toBe('DATE_IN_FUTURE');
    expect((await browser.api('POST', '/api/users/info')).data).toMatchObject({ birthday: '1990-05-24' });
  });

  it('lists pending reviews: bought and not yet reviewed', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    const userId = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id');
    const [first, second] = (await env.DB.prepare('SELECT id FROM articles ORDER BY id LIMIT 2').all<{ id: number }>()).results;
    await env.DB.batch([
      env.DB.prepare('INSERT INTO user_purchases (user_id, article_id, order_number, purchased_at) VALUES (?, ?, ?, ?)').bind(userId, first!.id, 'A-1', 1000),
      env.DB.prepare('INSERT INTO user_purchases (user_id, article_id, order_number, purchased_at) VALUES (?, ?, ?, ?)').bind(userId, second!.id, 'A-2', 2000),
      env.DB.prepare('INSERT INTO product_reviews (user_id, article_id, rating, created_at) VALUES (?, ?, 9, 3000)').bind(userId, second!.id),
    ]);
    const pending = await browser.api<{ items: { articleId: number; name: string }[]; total: number }>('GET', '/api/users/info/pending-reviews');
    expect(pending.data.total).toBe(1);
    expect(pending.data.items[0]).toMatchObject({ articleId: first!.id, orderNumber: 'A-1' });
    expect(pending.data.items[0]!.name.length).toBeGreaterThan(0);
  });

  it('returns the roles list with business and premium', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    await env.DB.prepare('UPDATE users SET is_b2b = 1, is_premium = 1 WHERE email = ?').bind(email).run();
    expect((await browser.api('POST', '/api/users/info')).data).toMatchObject({ isB2b: true, isPremium: true, roles: ['customer', 'business', 'premium'] });
  });
});

describe('addresses', () => {
  it('creates, lists with the default first, changes the default, edits and deletes', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const first = await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', SHIPPING);
    expect(first.status).toBe(201);
    const second = await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...SHIPPING, address: 'Gran Vía', postalCode: '08001', provinceId: 8, city: 'Barcelona' });
    type Listed = { id: number; default: boolean; phone: string; province: { id: number; name: string }; country: { iso: string; name: string } }[];
    // None marked default: the last one is used and sorts first.
    let list = (await browser.api<Listed>('GET', '/api/user/addresses/shipping')).data;
    expect(list.map((a) => a.id)).toEqual([second.data.id, first.data.id]);
    expect(list[0]).toMatchObject({ default: true, phone: '+34612345678', province: { id: 8, name: 'Barcelona' }, country: { iso: 'ES', name: 'España' } });
    await browser.api('PUT', `/api/user/addresses/shipping/${first.data.id}/default`);
    list = (await browser.api<Listed>('GET', '/api/user/addresses/shipping')).data;
    expect(list.map((a) => [a.id, a.default])).toEqual([[first.data.id, true], [second.data.id, false]]);
    expect((await browser.api('PUT', `/api/user/addresses/shipping/${second.data.id}`, { ...SHIPPING, city: 'Alcalá', isDefault: true })).status).toBe(200);
    list = (await browser.api<Listed>('GET', '/api/user/addresses/shipping')).data;
    expect(list[0]).toMatchObject({ id: second.data.id, default: true });
    expect((await browser.api('DELETE', `/api/user/addresses/shipping/${first.data.id}`)).status).toBe(200);
    expect((await browser.api<Listed>('GET', '/api/user/addresses/shipping')).data.map((a) => a.id)).toEqual([second.data.id]);
  });

  it('refuses a postal code of another province with 1201 and stores nothing', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const result = await browser.api('POST', '/api/user/addresses/shipping', { ...SHIPPING, postalCode: '08001' });
    expect(result).toMatchObject({ status: 422, error: { code: 1201 } });
    expect((await browser.api<unknown[]>('GET', '/api/user/addresses/shipping')).data).toEqual([]);
  });

  it('explains a bad phone, postal code and tax id per field, in the selected language', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const phone = await browser.api('POST', '/api/user/addresses/shipping', { ...SHIPPING, phone: '12345' });
    expect(phone.error?.details).toMatchObject({ issues: [{ path: 'phone' }] });
    const postal = await browser.api('POST', '/api/user/addresses/shipping', { ...SHIPPING, postalCode: '2801' });
    expect(postal.error?.details).toMatchObject({ issues: [{ path: 'postalCode' }] });
    const billing = { ...SHIPPING, billingType: 'individual', nif: '12345678A', cellPhone: '612345678' } as Record<string, unknown>;
    delete billing.phone;
    const nif = await browser.api('POST', '/api/user/addresses/billing', billing, { 'X-Selected-Language': 'es_ES' });
    expect(nif.status).toBe(400);
    expect(nif.error?.details).toMatchObject({ issues: [{ path: 'nif', message: expect.stringContaining('DNI') }] });
    const company = await browser.api('POST', '/api/user/addresses/billing', { ...billing, billingType: 'company', nif: 'B12345674' });
    expect(company.error?.details).toMatchObject({ issues: [{ path: 'companyName' }] });
    const good = await browser.api('POST', '/api/user/addresses/billing', { ...billing, billingType: 'company', companyName: 'Ampora Test SL', nif: 'b-12345674' });
    expect(good.status).toBe(201);
    const [stored] = (await browser.api<{ nif: string; billingType: string }[]>('GET', '/api/user/addresses/billing')).data;
    expect(stored).toMatchObject({ nif: 'B12345674', billingType: 'company' });
  });

  it('checks an address with POST /api/user/valid-address', async () => {
    const browser = new TestBrowser();
    const ok = await browser.api('POST', '/api/user/valid-address', { address: 'Calle Mayor 1', postalCode: '30001', city: 'Murcia', province: 30, country: 'es', responseId: 'r1' });
    expect(ok.data).toMatchObject({ valid: true, postalCode: '30001', responseId: 'r1' });
    const mismatch = await browser.api('POST', '/api/user/valid-address', { address: 'Calle Mayor 1', postalCode: '28001', city: 'Murcia', province: 30, country: 'ES' });
    expect(mismatch).toMatchObject({ status: 422, error: { code: 1201 } });
    const lisboa = await env.DB.prepare("SELECT id FROM provinces WHERE name = 'Lisboa'").first<number>('id');
    const pt = await browser.api('POST', '/api/user/valid-address', { address: 'Rua Augusta 1', postalCode: '1100048', city: 'Lisboa', province: lisboa, country: 'PT' });
    expect(pt.data).toMatchObject({ valid: true, postalCode: '1100-048' });
  });

  it('keeps at most 20 addresses of a kind', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    for (let i = 0; i < 20; i++) expect((await browser.api('POST', '/api/user/addresses/shipping', SHIPPING)).status).toBe(201);
    expect((await browser.api('POST', '/api/user/addresses/shipping', SHIPPING))).toMatchObject({ status: 409, error: { code: 'ADDRESS_LIMIT' } });
  });

  it('refuses the password used elsewhere: two-factor toggling needs the password', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    expect((await browser.api('PUT', '/api/user/two-factor', { enabled: true, password: 'wrong' })).error?.code).toBe('WRONG_PASSWORD');
    expect((await browser.api('PUT', '/api/user/two-factor', { enabled: true, password: PASSWORD })).data).toEqual({ twoFactorEnabled: true });
  });
});

describe('demo accounts (npm run seed:accounts)', () => {
  it('creates a customer with addresses and pending reviews, and a business customer with two-step sign-in', async () => {
    const { DEMO_PASSWORD, demoAccountStatements } = await import('../../scripts/seed/demo-accounts');
    const statements = await demoAccountStatements();
    // Running them twice replaces the demo accounts instead of failing.
    for (let round = 0; round < 2; round++) await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    const ana = new TestBrowser();
    expect((await ana.api('POST', '/api/users/login', { email: 'ana@ampora.test', password: DEMO_PASSWORD })).status).toBe(200);
    expect((await ana.api<unknown[]>('GET', '/api/user/addresses/shipping')).data).toHaveLength(2);
    expect((await ana.api<{ total: number }>('GET', '/api/users/info/pending-reviews')).data.total).toBe(2);
    const business = await new TestBrowser().api('POST', '/api/users/login', { email: 'empresa@ampora.test', password: DEMO_PASSWORD });
    expect(business.data).toMatchObject({ twoFactorRequired: true });
  });
});
