/**
 * Identity hardening: `next` never leads off the site, guessing passwords cannot lock an owner
 * out, a sealed cart id is no key to an account's cart, easy passwords are refused, and sign-up
 * and recovery do the same work before answering whether or not the e-mail has an account.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { seal } from '../../worker/identity/crypto';
import { mailCount, newEmail, PASSWORD, signUp, TestBrowser, waitForMail, type ApiResult } from './browser';

const ACCOUNT = '/usuarios/panel';

/** `next` values as they arrive in the query string; none may lead anywhere but this site. */
const HOSTILE_NEXT = [
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0A/evil.example',
  '%09//evil.example',
  '//evil.example',
  '/%5Cevil.example',
  '/%5C/evil.example',
  '%2F%2Fevil.example',
  '/.//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/x%0D%0ASet-Cookie:%20a=1',
];

describe('where `next` leads', () => {
  it('sends a signed-in visitor to the account, never elsewhere, and never fails on CR/LF', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    for (const next of HOSTILE_NEXT) {
      for (const page of ['/login', '/signup']) {
        const response = await browser.fetch(`${page}?next=${next}`);
        expect(response.status, `${page}?next=${next}`).toBe(302);
        expect(response.headers.get('Location'), `${page}?next=${next}`).toBe(ACCOUNT);
        await response.body?.cancel();
      }
    }
    const kept = await browser.fetch('/login?next=%2Fusuarios%2Fpanel%2Fdirecciones%3Fx%3D1');
    expect(kept.headers.get('Location')).toBe('/usuarios/panel/direcciones?x=1');
    await kept.body?.cancel();
  });

  it('gives the login and sign-up forms of a signed-out visitor only a path of this site', async () => {
    for (const next of HOSTILE_NEXT) {
      for (const page of ['/login', '/signup', '/signup?confirm=' + 'a'.repeat(43)]) {
        const url = `${page}${page.includes('?') ? '&' : '?'}next=${next}`;
        const response = await new TestBrowser().fetch(url);
        const html = await response.text();
        expect(response.status, url).toBe(200);
        expect(html, url).toContain(`&quot;next&quot;:&quot;${ACCOUNT}&quot;`);
        expect(html, url).not.toContain('evil.example');
      }
    }
  });

  it('puts only a path of this site into the confirmation link', async () => {
    const hostile = newEmail('next-hostile');
    await new TestBrowser().api('POST', '/api/users/signup', { email: hostile, password: PASSWORD, acceptTerms: true, next: '/\t/evil.example' });
    const [link] = await waitForMail(hostile, /http:\/\/es\.localhost\/signup\?\S+/);
    expect(link).not.toContain('next=');
    const fine = newEmail('next-fine');
    await new TestBrowser().api('POST', '/api/users/signup', { email: fine, password: PASSWORD, acceptTerms: true, next: '/usuarios/panel/direcciones' });
    const [kept] = await waitForMail(fine, /http:\/\/es\.localhost\/signup\?\S+/);
    expect(kept).toContain('&next=%2Fusuarios%2Fpanel%2Fdirecciones');
  });
});

type LoginAnswer = { twoFactorRequired?: boolean; temporalToken?: string; isLoggedIn?: boolean };

const login = (browser: TestBrowser, email: string, password: string) => browser.api<LoginAnswer>('POST', '/api/users/login', { email, password });

/** Wrong passwords for `email`, each from another address (as a botnet would send them). */
async function guess(email: string, times: number): Promise<ApiResult<LoginAnswer>[]> {
  const answers: ApiResult<LoginAnswer>[] = [];
  for (let i = 0; i < times; i++) answers.push(await login(new TestBrowser(), email, `wrong guess ${i}`));
  return answers;
}

describe('guessing passwords cannot lock the owner out', () => {
  it('lets the owner in with the password on a browser they signed in from, and then counts afresh', async () => {
    const owner = new TestBrowser();
    const email = await signUp(owner);
    await owner.api('POST', '/api/users/logout');
    const answers = await guess(email, 12);
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    // Past the limit the guesses get the two-step challenge, not a refusal.
    expect(answers.slice(10).map((a) => a.data?.twoFactorRequired)).toEqual([true, true]);

    const back = await login(owner, email, PASSWORD);
    expect(back.status).toBe(200);
    expect(back.data).toMatchObject({ isLoggedIn: true, twoFactorRequired: false });
    // A successful sign-in resets the account's count.
    expect((await login(new TestBrowser(), email, 'wrong again')).status).toBe(401);
  });

  it('asks a new browser for the e-mailed code, answering right and wrong passwords alike', async () => {
    const email = await signUp(new TestBrowser());
    await guess(email, 10);
    const mailsBefore = await mailCount(email);

    const stranger = new TestBrowser();
    const wrong = await login(stranger, email, 'still guessing');
    const newcomer = new TestBrowser();
    const since = Date.now();
    const right = await login(newcomer, email, PASSWORD);
    expect(wrong.status).toBe(right.status);
    expect(Object.keys(wrong.data).sort()).toEqual(Object.keys(right.data).sort());
    expect(right.data).toMatchObject({ twoFactorRequired: true, protection: true });
    expect(wrong.data).toMatchObject({ twoFactorRequired: true, protection: true });
    expect(newcomer.cookies.has('ampora_session')).toBe(false);

    // Only the right password sends a code; a wrong one's challenge behaves the same and never opens.
    const [, code] = await waitForMail(email, /^(\d{6})$/m, since);
    expect(await mailCount(email)).toBe(mailsBefore + 1);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const result = await stranger.api('POST', '/api/users/login/two-factor', { temporalToken: wrong.data.temporalToken, code });
      expect(result).toMatchObject({ status: 400, error: { code: 'TWO_FACTOR_INVALID_CODE' } });
    }
    const fifth = await stranger.api('POST', '/api/users/login/two-factor', { temporalToken: wrong.data.temporalToken, code });
    expect(fifth).toMatchObject({ status: 429, error: { code: 'TWO_FACTOR_TOO_MANY_ATTEMPTS' } });

    const done = await newcomer.api('POST', '/api/users/login/two-factor', { temporalToken: right.data.temporalToken, code });
    expect(done.data).toMatchObject({ isLoggedIn: true, email });
  });

  it('answers an unknown e-mail past the limit as it answers an account', async () => {
    const email = newEmail('nobody');
    await guess(email, 10);
    const answer = await login(new TestBrowser(), email, 'anything at all');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.data).sort()).toEqual(['protection', 'temporalToken', 'twoFactorRequired']);
  });

  it('still refuses one client past 30 logins, whatever X-Forwarded-For it claims', async () => {
    const browser = new TestBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await browser.fetch('/api/users/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i}` },
        body: JSON.stringify({ email: newEmail('spray'), password: 'wrong password' }),
      });
      statuses.push(response.status);
      if (i === 30) expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      await response.body?.cancel();
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

interface OfferRow {
  id: number;
  article_id: number;
}

describe('a sealed cart id is no key to an account', () => {
  let offer: OfferRow;
  beforeAll(async () => {
    offer = (await env.DB.prepare(
      "SELECT o.id, o.article_id FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock') AND o.availability_code <= 3 AND o.stock >= 5 ORDER BY o.article_id LIMIT 1",
    ).first<OfferRow>())!;
  });

  async function ownerWithCart() {
    const owner = new TestBrowser();
    await signUp(owner);
    const info = await owner.api<{ idCart: string; encryptedCartId: string }>('POST', '/api/users/info');
    const added = await owner.api<{ units: number }>('POST', `/api/orders/${info.data.idCart}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 2 }] });
    expect(added.data.units).toBe(2);
    return { owner, ...info.data };
  }

  const units = async (browser: TestBrowser, cartId: string) => (await browser.api<{ units: number }>('GET', `/api/checkout/orders/${cartId}/cart`)).data.units;

  it('is not accepted as a cart cookie, and signing in with it moves nothing', async () => {
    const { owner, idCart, encryptedCartId } = await ownerWithCart();
    // The user info's sealed id, and the form every sealed id had before it said what it is for.
    for (const stolen of [encryptedCartId, await seal(env.AUTH_SECRET, 'cart-id', idCart)]) {
      const thief = new TestBrowser();
      thief.cookies.set('ampora_cart', stolen);
      const info = await thief.api<{ idCart: string; isLoggedIn: boolean }>('POST', '/api/users/info');
      expect(info.data.isLoggedIn).toBe(false);
      expect(info.data.idCart).not.toBe(idCart);
      expect((await thief.api('GET', `/api/checkout/orders/${idCart}/cart`)).status).toBe(404);

      const signingIn = new TestBrowser();
      signingIn.cookies.set('ampora_cart', stolen);
      await signUp(signingIn);
      const theirs = await signingIn.api<{ idCart: string }>('POST', '/api/users/info');
      expect(await units(signingIn, theirs.data.idCart)).toBe(0);
      expect(await units(owner, idCart)).toBe(2);
    }
  });

  it('stays out of reach after logout and a password change', async () => {
    const { owner, idCart, encryptedCartId } = await ownerWithCart();
    await owner.api('PUT', '/api/user/password', { currentPassword: PASSWORD, newPassword: 'a fresh passphrase 7' });
    await owner.api('POST', '/api/users/logout');
    const later = new TestBrowser();
    later.cookies.set('ampora_cart', encryptedCartId);
    expect((await later.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart).not.toBe(idCart);
  });

  it('lets an anonymous cart cookie expire', async () => {
    const cartId = crypto.randomUUID();
    const browser = new TestBrowser();
    browser.cookies.set('ampora_cart', await seal(env.AUTH_SECRET, 'cart-id', `a.${cartId}.${Date.now() - 1000}`));
    expect((await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart).not.toBe(cartId);
    const live = new TestBrowser();
    live.cookies.set('ampora_cart', await seal(env.AUTH_SECRET, 'cart-id', `a.${cartId}.${Date.now() + 60_000}`));
    expect((await live.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart).toBe(cartId);
  });
});

describe('easy passwords are refused', () => {
  it('refuses common, trivial and personal passwords at sign-up, with the message on the field, creating nothing', async () => {
    for (const [password, email] of [
      ['12345678', newEmail('common')],
      ['password', newEmail('common')],
      ['        ', newEmail('spaces')],
      ['zzzzzzzzzz', newEmail('repeat')],
      ['marta.lopez', 'marta.lopez@example.com'],
    ] as const) {
      const result = await new TestBrowser().api('POST', '/api/users/signup', { email, password, acceptTerms: true });
      expect(result, password).toMatchObject({ status: 400, error: { code: 'PASSWORD_TOO_EASY' } });
      expect((result.error!.details as { issues: { path: string; message: string }[] }).issues).toEqual([{ path: 'password', message: result.error!.message }]);
      expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(0);
    }
  });

  it('says so in the visitor language', async () => {
    const messages = new Set<string>();
    for (const [origin, language] of [
      ['http://es.localhost', 'es_ES'],
      ['http://es.localhost', 'en_EN'],
      ['http://fr.localhost', 'fr_FR'],
      ['http://pt.localhost', 'pt_PT'],
      ['http://it.localhost', 'it_IT'],
      ['http://de.localhost', 'de_DE'],
    ] as const) {
      const result = await new TestBrowser(origin).api('POST', '/api/users/signup', { email: newEmail('lang'), password: 'password', acceptTerms: true }, { 'X-Selected-Language': language });
      expect(result.error?.code).toBe('PASSWORD_TOO_EASY');
      messages.add(result.error!.message);
    }
    expect(messages.size).toBe(6);
  });

  it('refuses them on a reset (the link keeps working) and on a password change', async () => {
    const email = await signUp(new TestBrowser());
    await new TestBrowser().api('POST', '/api/users/password/recovery', { email });
    const [, token] = await waitForMail(email, /\/new-password\/([A-Za-z0-9_-]{43})/);
    const refused = await new TestBrowser().api('POST', '/api/users/password/reset', { token, password: email.split('@')[0] });
    expect(refused.error?.code).toBe('PASSWORD_TOO_EASY');
    const browser = new TestBrowser();
    const reset = await browser.api('POST', '/api/users/password/reset', { token, password: 'a sturdier passphrase' });
    expect(reset.data).toMatchObject({ isLoggedIn: true });

    const change = await browser.api('PUT', '/api/user/password', { currentPassword: 'a sturdier passphrase', newPassword: 'qwerty123' });
    expect(change).toMatchObject({ status: 400, error: { code: 'PASSWORD_TOO_EASY' } });
    expect((change.error!.details as { issues: { path: string }[] }).issues[0]!.path).toBe('newPassword');
  });
});

/**
 * Runs one API call through the app with counting bindings and holds back what it leaves for
 * after the answer, so the work done before the answer can be compared between two calls.
 */
async function workBeforeAnswer(path: string, body: unknown, ip: string) {
  const ops: string[] = [];
  const counted = <T extends object>(name: string, target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          ops.push(`${name}.${String(property)}`);
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  const bindings = new Proxy(env, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      return property === 'DB' || property === 'SESSIONS' || property === 'RATE_LIMITER' ? counted(String(property), value as object) : value;
    },
  });
  const later: Promise<unknown>[] = [];
  const context = { waitUntil: (promise: Promise<unknown>) => void later.push(promise), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const derive = vi.spyOn(crypto.subtle, 'deriveBits');
  derive.mockClear();
  const request = new Request(`http://es.localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://es.localhost', 'Sec-Fetch-Site': 'same-origin', 'CF-Connecting-IP': ip },
    body: JSON.stringify(body),
  });
  const response = await createApp().fetch(request, bindings, context);
  const answer = { status: response.status, body: await response.text(), ops: [...ops], derivations: derive.mock.calls.length };
  derive.mockRestore();
  // The held-back work still runs to the end (and may hold back more).
  for (let settled = 0; settled < later.length; settled++) await later[settled];
  return answer;
}

describe('known and unknown e-mails cost the same before the answer', () => {
  it('signs up either with the same work', async () => {
    const known = await signUp(new TestBrowser());
    const forKnown = await workBeforeAnswer('/api/users/signup', { email: known, password: 'another good password', acceptTerms: true }, '192.0.2.10');
    const forNew = await workBeforeAnswer('/api/users/signup', { email: newEmail('fresh'), password: 'another good password', acceptTerms: true }, '192.0.2.11');
    expect(forKnown.status).toBe(202);
    expect(forNew.body).toBe(forKnown.body);
    expect(forNew.ops).toEqual(forKnown.ops);
    expect(forNew.derivations).toBe(forKnown.derivations);
  });

  it('answers a recovery request with the same work', async () => {
    const known = await signUp(new TestBrowser());
    const forKnown = await workBeforeAnswer('/api/users/password/recovery', { email: known }, '192.0.2.12');
    const forUnknown = await workBeforeAnswer('/api/users/password/recovery', { email: newEmail('ghost') }, '192.0.2.13');
    expect(forKnown.status).toBe(202);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.ops).toEqual(forKnown.ops);
    expect(forUnknown.derivations).toBe(forKnown.derivations);
    // The link still goes out after the answer.
    await waitForMail(known, /\/new-password\/([A-Za-z0-9_-]{43})/);
  });

  it('refuses a wrong password and an unknown e-mail with the same work', async () => {
    const known = await signUp(new TestBrowser());
    const forKnown = await workBeforeAnswer('/api/users/login', { email: known, password: 'not the password' }, '192.0.2.14');
    const forUnknown = await workBeforeAnswer('/api/users/login', { email: newEmail('ghost'), password: 'not the password' }, '192.0.2.15');
    expect(forKnown.status).toBe(401);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.ops).toEqual(forKnown.ops);
    expect(forUnknown.derivations).toBe(forKnown.derivations);
  });
});
