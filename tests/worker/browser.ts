/**
 * A small browser for worker tests: keeps cookies between calls, sends the same-origin headers
 * a page's fetch sends, and reads the development outbox (the e-mail sandbox).
 */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { request } from './helpers';

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data: T;
  error: { type: string; code: number | string; message: string; details?: unknown } | null;
}

let clients = 0;

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Every test browser has its own client address, so rate limits do not leak between tests. */
  readonly ip = `203.0.113.${++clients % 250}`;

  constructor(readonly origin = 'http://es.localhost') {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('CF-Connecting-IP', this.ip);
    if (init.method && init.method !== 'GET') {
      if (!headers.has('Origin')) headers.set('Origin', this.origin);
      if (!headers.has('Sec-Fetch-Site')) headers.set('Sec-Fetch-Site', 'same-origin');
    }
    const response = await request(this.origin + path, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
    const response = await this.fetch(path, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { ok: boolean; data: T; err: { message: string } | null };
    return { status: response.status, headers: response.headers, data: envelope.data, error: envelope.err ? JSON.parse(envelope.err.message) : null };
  }
}

interface OutboxRow {
  subject: string;
  text_body: string;
}

/** The newest message to `to` whose text matches `pattern`, waiting (up to ~6 s) for the background send. */
export async function waitForMail(to: string, pattern: RegExp, after = 0): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const { results } = await env.DB.prepare('SELECT subject, text_body FROM dev_outbox WHERE recipient = ? AND created_at >= ? ORDER BY created_at DESC').bind(to, after).all<OutboxRow>();
    for (const row of results) {
      const match = pattern.exec(row.text_body);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No e-mail to ${to} matching ${pattern}`);
}

export async function mailCount(to: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM dev_outbox WHERE recipient = ?').bind(to).first<{ n: number }>();
  return row?.n ?? 0;
}

let accounts = 0;

/** A fresh e-mail address for one test. */
export function newEmail(label = 'user'): string {
  return `${label}.${Date.now().toString(36)}.${++accounts}@example.com`;
}

export const PASSWORD = 'correct horse battery';

/** Signs up and confirms through the e-mailed link: the browser is then signed in. */
export async function signUp(browser: TestBrowser, email = newEmail(), password = PASSWORD): Promise<string> {
  const signup = await browser.api('POST', '/api/users/signup', { email, password, acceptTerms: true });
  expect(signup.status).toBe(202);
  const [, token] = await waitForMail(email, /[?&]confirm=([A-Za-z0-9_-]{43})/);
  const confirm = await browser.api('POST', '/api/users/signup/confirm', { token });
  expect(confirm.status).toBe(200);
  return email;
}
