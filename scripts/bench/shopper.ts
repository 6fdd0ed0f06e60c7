/**
 * What the API benchmarks share: the built store under `wrangler dev` with its own freshly seeded
 * database (tests/e2e/server.mjs), statements on that database, a browser (cookie jar and the
 * headers a page's fetch sends), and a signed-up shopper with a Madrid address.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { keepLog, percentile, sleep } from './shared';

export const PASSWORD = 'correct horse battery';
export const MADRID = { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', phone: '612345678' };
/** Sold by the store, new, buyable from stock: the cart rules add these without notices. */
export const OWN_IN_STOCK = "o.channel = 'ES' AND o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock') AND o.availability_code <= 3";

/** tests/e2e/server.mjs: migrates and seeds `dir`, then `wrangler dev` (and the Adyen sandbox on port + 1000); its log is shown only if it fails. */
export function startServer(port: number, dir: string): { server: ChildProcess; log: string[] } {
  const server = spawn('node', ['tests/e2e/server.mjs', String(port)], {
    env: { ...process.env, PERSIST_TO: dir, REUSE_DB: '0', EDGE_CACHE: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return { server, log: keepLog(server) };
}

/** One statement on a bench database, through wrangler (the running server shares the file). */
export function d1<T>(dir: string, sql: string): T[] {
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', dir, '--json', '--command', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { results: T[] }[])[0]!.results;
}

export interface Answer<T> {
  status: number;
  data: T;
  error: { code: number | string } | null;
  ms: number;
}

let browsers = 0;

export class Browser {
  readonly cookies = new Map<string, string>();
  /** Each browser has its own client address, so the per-client sign-up limit does not bite. */
  readonly ip = `198.51.100.${10 + (++browsers % 240)}`;

  constructor(readonly origin: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('CF-Connecting-IP', this.ip);
    if (init.method && init.method !== 'GET') {
      headers.set('Origin', this.origin);
      headers.set('Sec-Fetch-Site', 'same-origin');
    }
    const response = await fetch(this.origin + path, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Calls the API and parses the envelope; `ms` is the round trip including the body. */
  async api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const started = performance.now();
    const response = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { data: T; err: { message: string } | null };
    const ms = performance.now() - started;
    return { status: response.status, data: envelope.data, error: envelope.err ? JSON.parse(envelope.err.message) : null, ms };
  }

  async cartId(): Promise<string> {
    return (await this.api<{ idCart: string }>('GET', '/api/checkout/cart/token')).data.idCart;
  }
}

/** Fails loudly: a figure measured on refused calls would mean nothing. */
export function expectStatus<T>(answer: Answer<T>, statuses: number[], what: string): Answer<T> {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.error)}`);
  return answer;
}

export function latency(samples: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

/** Runs `work` over `items`, at most `limit` at a time (set-up work, kept off the measured figures). */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The confirmation token from the dev outbox, waiting for the background send. */
async function confirmationToken(browser: Browser, email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { messages } = (await (await browser.fetch(`/__dev/outbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
    const token = messages.map((m) => /[?&]confirm=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1]).find(Boolean);
    if (token) return token;
    await sleep(50);
  }
  throw new Error(`no confirmation e-mail to ${email}`);
}

export interface Shopper {
  browser: Browser;
  cartId: string;
  addressId: number;
}

/** A new account, confirmed and signed in, with its cart and a shipping address (Madrid unless given). */
export async function signedUpShopper(origin: string, index: number, address: Record<string, unknown> = MADRID): Promise<Shopper> {
  const browser = new Browser(origin);
  const email = `bench.${Date.now().toString(36)}.${index}@example.com`;
  expectStatus(await browser.api('POST', '/api/users/signup', { email, password: PASSWORD, acceptTerms: true }), [202], 'sign up');
  expectStatus(await browser.api('POST', '/api/users/signup/confirm', { token: await confirmationToken(browser, email) }), [200], 'confirm');
  const cartId = await browser.cartId();
  const addressId = expectStatus(await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', address), [201], 'add the address').data.id;
  return { browser, cartId, addressId };
}
