// Request ids, Server-Timing, the one JSON log line per request, 5xx envelopes without stacks,
// and the D1 session of each request with its bookmark cookie (worker/http/observability.ts,
// worker/db/client.ts, docs/operations.md).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { BOOKMARK_COOKIE } from '../../worker/db/client';
import { bumpCatalogueVersion } from '../../worker/ssr/edge-cache';
import { signUp, TestBrowser } from './browser';
import { apiCall, page } from './helpers';

/** The entries of a Server-Timing header by name: `{ db: 'dur=1.0', cache: 'desc=hit' }`. */
function timing(header: string | null): Record<string, string> {
  return Object.fromEntries((header ?? '').split(',').map((entry) => entry.trim().split(/;(.*)/s).slice(0, 2) as [string, string]).filter(([name]) => name));
}

/** The JSON log lines of the calls made while `work` ran. */
async function logLines<T>(work: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const spy = vi.spyOn(console, 'log');
  try {
    const result = await work();
    const lines = spy.mock.calls.flatMap(([first]) => {
      try {
        const parsed = typeof first === 'string' ? (JSON.parse(first) as unknown) : undefined;
        return parsed && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
    return { result, lines };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('Server-Timing and request ids', () => {
  it('a page carries db, render, cache and total timings and a request id', async () => {
    const response = await page('http://es.localhost/');
    expect(response.status).toBe(200);
    const entries = timing(response.headers.get('Server-Timing'));
    expect(entries['db']).toMatch(/^dur=\d+(\.\d)?$/);
    expect(entries['render']).toMatch(/^dur=\d+(\.\d)?$/);
    expect(entries['total']).toMatch(/^dur=\d+(\.\d)?$/);
    expect(entries['cache']).toMatch(/^desc=(hit|miss|bypass)$/);
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an API answer carries db and total timings, and the cf-ray as its request id', async () => {
    const ray = '8c1d2e3f4a5b6c7d-MAD';
    const response = await createApp().fetch(new Request('http://es.localhost/api/catalogue/search/suggestions?q=ra', { headers: { 'cf-ray': ray } }), env);
    expect(response.status).toBe(200);
    const entries = timing(response.headers.get('Server-Timing'));
    expect(entries['db']).toMatch(/^dur=/);
    expect(entries['total']).toMatch(/^dur=/);
    expect(entries['cache']).toBe('desc=bypass');
    expect(response.headers.get('X-Request-Id')).toBe(ray);
  });

  it('a page served from the edge cache says cache hit', async () => {
    await bumpCatalogueVersion(env.CACHE);
    const app = createApp({ edgeCache: true });
    const get = async () => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request('http://fr.localhost/'), env, ctx);
      await response.text();
      await waitOnExecutionContext(ctx);
      return timing(response.headers.get('Server-Timing'));
    };
    expect((await get())['cache']).toBe('desc=miss');
    const hit = await get();
    expect(hit['cache']).toBe('desc=hit');
    expect(hit['total']).toMatch(/^dur=/);
  });
});

/** A D1 binding whose session fails every query: the request's first D1 read throws. */
function failingDb(): D1Database {
  const fail = () => {
    throw new Error('D1 is down: secret-internal-detail');
  };
  const statement = { bind: () => statement, first: fail, all: fail, run: fail, raw: fail };
  const session = { prepare: () => statement, batch: fail, getBookmark: () => null };
  return { ...env.DB, prepare: () => statement, batch: fail, withSession: () => session } as unknown as D1Database;
}

describe('errors and logs', () => {
  it('a 500 carries the request id in the envelope details, never the stack or the cause', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await createApp().fetch(new Request('http://es.localhost/api/catalogue/search/suggestions?q=ra'), { ...env, DB: failingDb() });
    const text = await response.text();
    expect(response.status).toBe(500);
    const requestId = response.headers.get('X-Request-Id');
    const error = JSON.parse((JSON.parse(text) as { err: { message: string } }).err.message) as { details: unknown };
    expect(error.details).toEqual({ requestId });
    expect(text).not.toContain('secret-internal-detail');
    expect(text).not.toMatch(/\bat\s.+:\d+:\d+/);
    // The stack goes to one JSON log line with the same request id.
    const logged = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { requestId?: string; error?: { message: string; stack?: string } });
    const line = logged.find((entry) => entry.requestId === requestId);
    expect(line?.error?.message).toContain('secret-internal-detail');
    expect(line?.error?.stack).toBeTruthy();
  });

  it('logs exactly one JSON line per request, with its route, channel, status and D1 figures', async () => {
    const { result: response, lines } = await logLines(() => page('http://pt.localhost/'));
    const requestId = response.headers.get('X-Request-Id');
    const mine = lines.filter((line) => line['requestId'] === requestId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 'info', method: 'GET', path: '/', status: 200, channel: 'PT', language: 'pt_PT', routeId: 'home' });
    expect(mine[0]!['d1Queries']).toBeGreaterThan(0);
    expect(mine[0]!['durations']).toHaveProperty('dbMs');

    const api = await logLines(() => apiCall('http://de.localhost/api/catalogue/listing?category=999999'));
    expect(api.result.status).toBe(404);
    expect(api.lines.filter((line) => line['path'] === '/api/catalogue/listing')).toEqual([expect.objectContaining({ level: 'warn', status: 404, channel: 'DE', routeId: '/api/catalogue/listing' })]);
  });
});

/** env with a DB that records how each request opened its session. */
function recordingEnv(): { bindings: Env; sessions: string[] } {
  const sessions: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === 'withSession') {
        return (constraint: string) => {
          sessions.push(constraint);
          return target.withSession(constraint);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { bindings: { ...env, DB: db }, sessions };
}

describe('D1 sessions', () => {
  it('a write sets the bookmark cookie and the next read sees the written data', async () => {
    const browser = new TestBrowser('http://it.localhost');
    await signUp(browser);
    browser.cookies.delete(BOOKMARK_COOKIE);
    const nick = `ops${Date.now() % 1_000_000}`;
    const write = await browser.fetch('/api/users/info/update-nick', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ nick }) });
    expect(write.status).toBe(200);
    const cookie = write.headers.getSetCookie().find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=\d+/);
    expect(browser.cookies.get(BOOKMARK_COOKIE)).toBeTruthy();
    const read = await browser.api<{ nick: string }>('GET', '/api/users/info/basic-info');
    expect(read.data.nick).toBe(nick);
    // A read sets no bookmark: it changed nothing.
    expect(read.headers.getSetCookie().some((line) => line.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
  });

  it('reads start anywhere, writes at the primary, a bookmark cookie anchors the session, and no D1 means no session', async () => {
    const { bindings, sessions } = recordingEnv();
    const app = createApp();
    const read = (cookie?: string) => app.fetch(new Request('http://es.localhost/api/catalogue/search/suggestions?q=ra', { headers: cookie ? { Cookie: cookie } : {} }), bindings);
    await read();
    const login = await app.fetch(
      new Request('http://es.localhost/api/users/login', {
        method: 'POST',
        headers: { Origin: 'http://es.localhost', 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.251' },
        body: JSON.stringify({ email: 'nobody@ampora.test', password: 'not the password' }),
      }),
      bindings,
    );
    expect(login.status).toBe(401);
    const session = env.DB.withSession('first-primary');
    await session.prepare('SELECT 1').first();
    const bookmark = session.getBookmark()!;
    await read(`${BOOKMARK_COOKIE}=${bookmark}`);
    await read(`${BOOKMARK_COOKIE}=not a bookmark; x=1`);
    // The health check reads nothing from D1: it opens no session.
    await app.fetch(new Request('http://es.localhost/api/health'), bindings);
    expect(sessions).toEqual(['first-unconstrained', 'first-primary', bookmark, 'first-unconstrained']);
  });
});
