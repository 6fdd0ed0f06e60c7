import { describe, expect, it } from 'vitest';
import { ACCOUNT_GROUPS } from '../../client/account/sections';
import { ROUTE_TABLE } from '../../client/route-table';
import { signUp, TestBrowser, waitForMail } from './browser';

describe('account area and sign-in pages', () => {
  it('sends an anonymous visitor to login and remembers where they were going', async () => {
    for (const [origin, path, login] of [
      ['http://es.localhost', '/usuarios/panel/direcciones', '/login'],
      ['http://fr.localhost', '/compte/adresses', '/login'],
      ['http://pt.localhost', '/en/account/my-details', '/en/login'],
    ] as const) {
      const response = await new TestBrowser(origin).fetch(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('Location')).toBe(`${login}?next=${encodeURIComponent(path)}`);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('renders the login page, uncached and not indexed', async () => {
    const response = await new TestBrowser().fetch('/login?next=%2Fusuarios%2Fpanel%2Fdirecciones');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toContain('data-island="login-form"');
    expect(html).toContain('&quot;next&quot;:&quot;/usuarios/panel/direcciones&quot;');
    expect(html).toContain('name="robots" content="noindex');
  });

  it('never takes a visitor to another site after login', async () => {
    const html = await (await new TestBrowser().fetch('/login?next=%2F%2Fevil.example%2Fx')).text();
    expect(html).toContain('&quot;next&quot;:&quot;/usuarios/panel&quot;');
  });

  it('shows the account frame with every section to a signed-in user', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    const home = await browser.fetch('/usuarios/panel');
    const html = await home.text();
    expect(home.status).toBe(200);
    expect(html).toContain(email);
    for (const path of ['/usuarios/panel/mis-datos', '/usuarios/panel/direcciones', '/usuarios/panel/saldos', '/usuarios/panel/tarjetas', '/usuarios/panel/mis-claves']) {
      expect(html).toContain(`href="${path}"`);
    }
    const data = await (await browser.fetch('/usuarios/panel/mis-datos')).text();
    expect(data).toContain('data-island="user-data"');
    const addresses = await (await browser.fetch('/usuarios/panel/direcciones')).text();
    expect(addresses).toContain('data-island="address-book"');
    // A signed-in person opening /login goes on to the account.
    const login = await browser.fetch('/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('Location')).toBe('/usuarios/panel');
  });

  it('opens every screen of the account menu as a page of its own', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const routes = ACCOUNT_GROUPS.flatMap((group) => group.sections.map((section) => section.route));
    const headings = new Map<string, string>();
    for (const route of routes) {
      const path = ROUTE_TABLE[route].es_ES;
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();
      expect(heading, path).toBeTruthy();
      expect(html, path).not.toMatch(/todavía no está disponible|not available yet/);
      headings.set(path, heading!);
    }
    // No two screens share a page: each has its own heading.
    expect(new Set(headings.values()).size, JSON.stringify([...headings])).toBe(routes.length);
  });

  it('offers the new-password form only for a usable link', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    await new TestBrowser().api('POST', '/api/users/password/recovery', { email });
    const [, token] = await waitForMail(email, /\/new-password\/([A-Za-z0-9_-]{43})/);
    expect(await (await new TestBrowser().fetch(`/new-password/${token}`)).text()).toContain('data-island="new-password-form"');
    expect(await (await new TestBrowser().fetch(`/new-password/${'x'.repeat(43)}`)).text()).not.toContain('data-island="new-password-form"');
  });

  it('offers the confirmation button when opened from the e-mail', async () => {
    const html = await (await new TestBrowser().fetch(`/signup?confirm=${'a'.repeat(43)}`)).text();
    expect(html).toContain('data-island="account-confirm"');
    const plain = await (await new TestBrowser().fetch('/signup')).text();
    expect(plain).toContain('data-island="signup-form"');
  });

  it('shows the development outbox only while the sandbox is on', async () => {
    const response = await new TestBrowser().fetch('/__dev/outbox.json');
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('messages');
  });
});

describe('the e-mail sandbox speaks the provider API', () => {
  it('refuses a wrong key and a malformed message like the provider does', async () => {
    const { env } = await import('cloudflare:workers');
    const { emailSandbox } = await import('../../worker/email/sandbox');
    const { createDb } = await import('../../worker/db/client');
    const sandbox = emailSandbox(createDb(env.DB), 're_key');
    const post = (key: string, body: unknown) => sandbox.fetch(new Request('https://api.resend.com/emails', { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
    expect((await post('wrong', { from: 'a@b.c', to: 'x@y.z', subject: 's' })).status).toBe(401);
    const invalid = await post('re_key', { from: 'a@b.c', to: 'not an address', subject: 's' });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ name: 'validation_error' });
    const ok = await post('re_key', { from: 'a@b.c', to: 'sandbox@example.com', subject: 'Hello', text: 'Body' });
    expect(await ok.json()).toMatchObject({ id: expect.any(String) });
  });
});
