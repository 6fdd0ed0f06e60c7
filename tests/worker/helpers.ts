/** Requests through the real Worker, on a channel host, or through the app with an injected clock. */
import { env, exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { createApp } from '../../worker/app';

/** The test catalogue's "today" (scripts/seed/generate.ts). */
export const SEED_NOW = new Date(Date.UTC(2026, 10, 1));

/** A channel's development host (`http://es.localhost`). */
export const host = (id: string) => `http://${id.toLowerCase()}.localhost`;

/**
 * GET a page through the app with the clock at `now`. No ExecutionContext: the shared edge
 * cache, which needs one to store pages, stays out of these clock-dependent requests.
 */
export async function pageAt(now: Date, url: string) {
  const response = await createApp({ now: () => now }).fetch(new Request(url), env);
  return { status: response.status, html: await response.text() };
}

const worker = exports as unknown as { default: { fetch(request: Request): Promise<Response> } };

export async function request(url: string, init?: RequestInit): Promise<Response> {
  return worker.default.fetch(new Request(url, init));
}

/** GET a page and return status, headers and the whole HTML. */
export async function page(url: string, init?: RequestInit) {
  const response = await request(url, init);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Calls the API and parses the §7 envelope, including the JSON inside err.message. */
export async function apiCall<T = unknown>(url: string, init?: RequestInit) {
  const response = await request(url, init);
  const body = (await response.json()) as { ok: boolean; data: T | null; err: { message: string } | null };
  const error = body.err ? (JSON.parse(body.err.message) as { type: string; code: number | string; message: string; details?: unknown }) : null;
  return { status: response.status, body, error };
}

/** The text of the first element matching a simple tag/attribute pattern. */
export function htmlLang(html: string): string | undefined {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
}

/** The D1 round trips of one call, from its log line (worker/http/observability.ts). */
export async function roundTrips<T>(call: () => Promise<T>): Promise<{ result: T; d1: number }> {
  const log = vi.spyOn(console, 'log');
  try {
    const result = await call();
    const lines = log.mock.calls.flatMap(([line]) => (typeof line === 'string' && line.includes('"d1Queries"') ? [JSON.parse(line) as { d1Queries: number }] : []));
    expect(lines).toHaveLength(1);
    return { result, d1: lines[0]!.d1Queries };
  } finally {
    log.mockRestore();
  }
}
