import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mailCount, newEmail, PASSWORD, signUp, TestBrowser, waitForMail } from './browser';

describe('sign-up and confirmation', () => {
  it('answers 202 and e-mails a confirmation link; the link signs the person in once', async () => {
    const browser = new TestBrowser();
    const email = newEmail('signup');
    const signup = await browser.api('POST', '/api/users/signup', { email, password: PASSWORD, acceptTerms: true });
    expect(signup).toMatchObject({ status: 202, data: { status: 'check-email' } });
    const [, token] = await waitForMail(email, /[?&]confirm=([A-Za-z0-9_-]{43})/);
    const first = await browser.api('POST', '/api/users/signup/confirm', { token });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ isLoggedIn: true, email, roles: ['customer'] });
    const again = await new TestBrowser().api('POST', '/api/users/signup/confirm', { token });
    expect(again).toMatchObject({ status: 400, error: { code: 'INVALID_LINK' } });
  });

  it('answers the same for an e-mail that already has an account, and tells only its owner', async () => {
    const email = await signUp(new TestBrowser());
    const before = await mailCount(email);
    const repeat = await new TestBrowser().api('POST', '/api/users/signup', { email, password: 'another password 1', acceptTerms: true });
    expect(repeat).toMatchObject({ status: 202, data: { status: 'check-email' } });
    // The notice links to the login and recovery pages (it is in the channel's language).
    await waitForMail(email, /\/recovery-password/);
    expect(await mailCount(email)).toBe(before + 1);
    // The account's password did not change.
    const login = await new TestBrowser().api('POST', '/api/users/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('writes the e-mail in the language the visitor uses, with a link on their channel', async () => {
    const email = newEmail('fr');
    await new TestBrowser('http://fr.localhost').api('POST', '/api/users/signup', { email, password: PASSWORD, acceptTerms: true }, { 'X-Selected-Language': 'fr_FR' });
    await waitForMail(email, /http:\/\/fr\.localhost\/signup\?confirm=/);
    const subject = await env.DB.prepare('SELECT subject FROM dev_outbox WHERE recipient = ?').bind(email).first<string>('subject');
    expect(subject).toBe('Confirmez votre compte Ampora');
  });

  it('refuses bad input with the fields at fault and creates nothing', async () => {
    const browser = new TestBrowser();
    const email = newEmail('bad');
    const result = await browser.api('POST', '/api/users/signup', { email, password: 'short', acceptTerms: false });
    expect(result.status).toBe(400);
    const paths = (result.error!.details as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['password', 'acceptTerms']));
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(0);
  });
});

describe('login, sessions and cookies', () => {
  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const email = await signUp(new TestBrowser());
    const wrong = await new TestBrowser().api('POST', '/api/users/login', { email, password: 'not the password' });
    const unknown = await new TestBrowser().api('POST', '/api/users/login', { email: newEmail('nobody'), password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.error).toEqual(unknown.error);
  });

  it('refuses login before the e-mail is confirmed', async () => {
    const email = newEmail('unconfirmed');
    await new TestBrowser().api('POST', '/api/users/signup', { email, password: PASSWORD, acceptTerms: true });
    const login = await new TestBrowser().api('POST', '/api/users/login', { email, password: PASSWORD });
    expect(login).toMatchObject({ status: 403, error: { code: 'EMAIL_NOT_CONFIRMED' } });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie; Secure with __Host- over https', async () => {
    const email = await signUp(new TestBrowser());
    const local = new TestBrowser();
    const plain = await local.fetch('/api/users/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const plainCookie = plain.headers.getSetCookie().find((line) => line.startsWith('ampora_session='))!;
    expect(plainCookie).toMatch(/HttpOnly/);
    expect(plainCookie).toMatch(/SameSite=Lax/);
    expect(plainCookie).toMatch(/Path=\//);

    const secure = new TestBrowser('https://es.localhost');
    const response = await secure.fetch('/api/users/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__Host-ampora_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
    const info = await secure.api('POST', '/api/users/info');
    expect(info.data).toMatchObject({ isLoggedIn: true, email });
  });

  it('opens a new session id on every login and ends the old one', async () => {
    const email = await signUp(new TestBrowser());
    const browser = new TestBrowser();
    await browser.api('POST', '/api/users/login', { email, password: PASSWORD });
    const first = browser.cookies.get('ampora_session')!;
    await browser.api('POST', '/api/users/login', { email, password: PASSWORD });
    const second = browser.cookies.get('ampora_session')!;
    expect(second).not.toBe(first);
    const stale = new TestBrowser();
    stale.cookies.set('ampora_session', first);
    expect((await stale.api('POST', '/api/users/info')).data).toMatchObject({ isLoggedIn: false });
    expect((await browser.api('POST', '/api/users/info')).data).toMatchObject({ isLoggedIn: true });
  });

  it('logs out: the session no longer works', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const session = browser.cookies.get('ampora_session')!;
    await browser.api('POST', '/api/users/logout');
    const replay = new TestBrowser();
    replay.cookies.set('ampora_session', session);
    expect((await replay.api('POST', '/api/users/info')).data).toMatchObject({ isLoggedIn: false });
  });

  it('gives anonymous visitors isLoggedIn false and a cart id that stays with the browser', async () => {
    const browser = new TestBrowser();
    const first = await browser.api<{ isLoggedIn: boolean; idCart: string; encryptedCartId: string }>('POST', '/api/users/info');
    expect(first.data.isLoggedIn).toBe(false);
    expect(first.data.idCart).toMatch(/^[0-9a-f-]{36}$/);
    const second = await browser.api<{ idCart: string }>('POST', '/api/users/info');
    expect(second.data.idCart).toBe(first.data.idCart);
    const other = await new TestBrowser().api<{ idCart: string }>('POST', '/api/users/info');
    expect(other.data.idCart).not.toBe(first.data.idCart);
  });
});

describe('two-factor sign-in', () => {
  async function twoFactorUser() {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    const enable = await browser.api('PUT', '/api/user/two-factor', { enabled: true, password: PASSWORD });
    expect(enable.status).toBe(200);
    return email;
  }

  async function startLogin(email: string) {
    const browser = new TestBrowser();
    const since = Date.now();
    const login = await browser.api<{ twoFactorRequired: boolean; temporalToken: string }>('POST', '/api/users/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.data.twoFactorRequired).toBe(true);
    expect(browser.cookies.has('ampora_session')).toBe(false);
    const [, code] = await waitForMail(email, /^(\d{6})$/m, since);
    return { browser, token: login.data.temporalToken, code: code! };
  }

  it('signs in with the e-mailed code, once', async () => {
    const email = await twoFactorUser();
    const { browser, token, code } = await startLogin(email);
    const done = await browser.api('POST', '/api/users/login/two-factor', { temporalToken: token, code });
    expect(done.data).toMatchObject({ isLoggedIn: true, email });
    expect(browser.cookies.has('ampora_session')).toBe(true);
    const replay = await new TestBrowser().api('POST', '/api/users/login/two-factor', { temporalToken: token, code });
    expect(replay.error?.code).toBe('TWO_FACTOR_INVALID_TEMPORAL_TOKEN');
  });

  it('answers invalid code, invalid temporal token, then too many attempts after five wrong codes', async () => {
    const email = await twoFactorUser();
    const { browser, token, code } = await startLogin(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await browser.api('POST', '/api/users/login/two-factor', { temporalToken: 'x'.repeat(43), code });
    expect(bad).toMatchObject({ status: 401, error: { code: 'TWO_FACTOR_INVALID_TEMPORAL_TOKEN' } });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const result = await browser.api('POST', '/api/users/login/two-factor', { temporalToken: token, code: wrong });
      expect(result).toMatchObject({ status: 400, error: { code: 'TWO_FACTOR_INVALID_CODE' } });
    }
    const fifth = await browser.api('POST', '/api/users/login/two-factor', { temporalToken: token, code: wrong });
    expect(fifth).toMatchObject({ status: 429, error: { code: 'TWO_FACTOR_TOO_MANY_ATTEMPTS' } });
    // Even the right code no longer works on that challenge.
    const late = await browser.api('POST', '/api/users/login/two-factor', { temporalToken: token, code });
    expect(late.error?.code).toBe('TWO_FACTOR_INVALID_TEMPORAL_TOKEN');
    expect(browser.cookies.has('ampora_session')).toBe(false);
  });
});

describe('password recovery and change', () => {
  it('answers the same for known and unknown e-mails and sends a single-use link', async () => {
    const email = await signUp(new TestBrowser());
    const unknown = await new TestBrowser().api('POST', '/api/users/password/recovery', { email: newEmail('ghost') });
    const known = await new TestBrowser().api('POST', '/api/users/password/recovery', { email });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.data).toEqual(unknown.data);
    const [, token] = await waitForMail(email, /\/new-password\/([A-Za-z0-9_-]{43})/);
    const browser = new TestBrowser();
    const reset = await browser.api('POST', '/api/users/password/reset', { token, password: 'a brand new password' });
    expect(reset.data).toMatchObject({ isLoggedIn: true });
    const reuse = await new TestBrowser().api('POST', '/api/users/password/reset', { token, password: 'yet another password' });
    expect(reuse.error?.code).toBe('INVALID_LINK');
    expect((await new TestBrowser().api('POST', '/api/users/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await new TestBrowser().api('POST', '/api/users/login', { email, password: 'a brand new password' })).status).toBe(200);
  });

  it('expires reset links after an hour', async () => {
    const email = await signUp(new TestBrowser());
    await new TestBrowser().api('POST', '/api/users/password/recovery', { email });
    const [, token] = await waitForMail(email, /\/new-password\/([A-Za-z0-9_-]{43})/);
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE purpose = 'reset-password'").bind(Date.now() - 1).run();
    const reset = await new TestBrowser().api('POST', '/api/users/password/reset', { token, password: 'a brand new password' });
    expect(reset.error?.code).toBe('INVALID_LINK');
  });

  it('a password change ends the other sessions and renews this one', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    const other = new TestBrowser();
    await other.api('POST', '/api/users/login', { email, password: PASSWORD });
    const before = browser.cookies.get('ampora_session');
    const wrong = await browser.api('PUT', '/api/user/password', { currentPassword: 'nope nope nope', newPassword: 'changed password 1' });
    expect(wrong.error?.code).toBe('WRONG_PASSWORD');
    const change = await browser.api('PUT', '/api/user/password', { currentPassword: PASSWORD, newPassword: 'changed password 1' });
    expect(change.status).toBe(200);
    expect(browser.cookies.get('ampora_session')).not.toBe(before);
    expect((await browser.api('POST', '/api/users/info')).data).toMatchObject({ isLoggedIn: true });
    expect((await other.api('POST', '/api/users/info')).data).toMatchObject({ isLoggedIn: false });
  });
});

describe('rate limits', () => {
  it('after 10 logins for one account in 15 minutes, asks a new browser for the e-mailed code instead of refusing', async () => {
    const email = await signUp(new TestBrowser());
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await new TestBrowser().api('POST', '/api/users/login', { email, password: 'wrong password' })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const last = await new TestBrowser().api('POST', '/api/users/login', { email, password: PASSWORD });
    expect(last.status).toBe(200);
    expect(last.data).toMatchObject({ twoFactorRequired: true });
  });

  it('lets the owner recover an account someone else keeps asking recovery e-mails for, and caps the account at 20 an hour', async () => {
    const email = await signUp(new TestBrowser());
    const before = await mailCount(email);
    const attacker = new TestBrowser();
    const asks: number[] = [];
    for (let i = 0; i < 4; i++) asks.push((await attacker.api('POST', '/api/users/password/recovery', { email })).status);
    // The asker uses up their own three; the owner, from another address, still gets the link.
    expect(asks).toEqual([202, 202, 202, 429]);
    const owner = await new TestBrowser().api('POST', '/api/users/password/recovery', { email });
    expect(owner.status).toBe(202);
    // Four links went out: the three the asker got sent to the owner's inbox, and the owner's own.
    await expect.poll(() => mailCount(email), { timeout: 6000 }).toBe(before + 4);
    // A flood from many addresses stops at the account's cap (5 counted so far, the refused one included).
    const flood: number[] = [];
    for (let i = 0; i < 16; i++) flood.push((await new TestBrowser().api('POST', '/api/users/password/recovery', { email })).status);
    expect(flood.slice(0, 15)).toEqual(Array(15).fill(202));
    expect(flood[15]).toBe(429);
  });

  it('limits recovery per client to 10 an hour', async () => {
    const browser = new TestBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await browser.api('POST', '/api/users/password/recovery', { email: newEmail('many') })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
  });
});

describe('cross-origin refusal', () => {
  it('refuses a state change from another site and changes nothing', async () => {
    const email = newEmail('csrf');
    const browser = new TestBrowser();
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
      const response = await browser.fetch('/api/users/signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email, password: PASSWORD, acceptTerms: true }),
      });
      expect(response.status).toBe(403);
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(0);
  });
});
