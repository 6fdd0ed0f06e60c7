/**
 * Request observability, mounted first in worker/app.ts (docs/operations.md, "Logs and timing"):
 *
 * - a request id: Cloudflare's `cf-ray` when present, else a random one; sent back as `X-Request-Id`
 *   and put in the §7 envelope's details of every 5xx answer (app.onError), so a customer's
 *   report finds its log line;
 * - `Server-Timing` on every answer: `db;dur` (time awaiting D1, measured by the metered D1 client
 *   of worker/db/client.ts), `render;dur` (the SSR render up to the shell, worker/ssr/handler.tsx),
 *   `cache;desc=hit|miss|bypass` (the edge cache's verdict) and `total;dur`;
 * - one structured JSON line per request once it is answered: level, requestId, method, path,
 *   status, channel, language, routeId, durations, cache and the number of D1 queries.
 *
 * Workers' clocks advance only while the isolate waits on I/O, so in production the durations are
 * I/O waits (D1, KV, the cache), not CPU time; under wrangler dev they are wall time.
 */
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { matchPath } from '../../client/routes';
import type { AppContext, AppEnv } from './context';

/** Counts D1 calls and the time at least one of them was in flight (overlapping calls count once). */
export class D1Meter {
  queries = 0;
  /** Whether a call of this request may have changed rows (worker/db/client.ts tells from the statements). */
  mayHaveWritten = false;
  private inFlight = 0;
  private since = 0;
  private total = 0;

  async time<T>(call: () => Promise<T>, writes = false): Promise<T> {
    this.queries++;
    if (writes) this.mayHaveWritten = true;
    if (this.inFlight++ === 0) this.since = performance.now();
    try {
      return await call();
    } finally {
      if (--this.inFlight === 0) this.total += performance.now() - this.since;
    }
  }

  /** D1 calls made elsewhere for this request (the cart's object), timed there. */
  record(queries: number, milliseconds: number): void {
    this.queries += queries;
    this.total += milliseconds;
  }

  /** Milliseconds spent awaiting D1 so far. */
  get milliseconds(): number {
    return this.inFlight > 0 ? this.total + performance.now() - this.since : this.total;
  }
}

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's id (X-Request-Id, log lines, 5xx envelopes). */
    requestId: string;
    /** D1 time and query count of this request (worker/db/client.ts meters the request's client). */
    d1Meter: D1Meter;
    /** Milliseconds the SSR render took up to the first byte of the document (worker/ssr/handler.tsx). */
    renderMs: number;
  }
}

const RAY = /^[0-9a-f]{16}(?:-[A-Z]{3})?$/i;

/** The request's id: its Cloudflare ray id when it has a well-formed one, else a random one. */
export function requestIdOf(request: Request): string {
  const ray = request.headers.get('cf-ray');
  return ray && RAY.test(ray) ? ray : crypto.randomUUID();
}

type CacheStatus = 'hit' | 'miss' | 'bypass';

/** The edge cache's verdict (worker/ssr/edge-cache.ts sets X-Cache); answers it does not see are bypasses. */
function cacheStatusOf(response: Response): CacheStatus {
  const header = response.headers.get('X-Cache')?.toLowerCase();
  return header === 'hit' || header === 'miss' ? header : 'bypass';
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/alerts' || path.startsWith('/alerts/');
}

/** The route the request was answered by: the API route pattern, or the page route id of the route table. */
function routeIdOf(c: AppContext, path: string): string {
  const pattern = routePath(c);
  if (isApiPath(path) || !c.var.channel || (pattern !== '*' && pattern !== '/*' && pattern !== '')) return pattern || 'unmatched';
  const match = matchPath(path, c.var.channel);
  return match.kind === 'route' ? match.id : match.kind === 'dynamic' ? 'slug' : match.kind;
}

const ms = (value: number) => Math.round(value * 10) / 10;

/** The Server-Timing value; a `db` entry a handler already set (worker/api/catalogue.ts) is kept as is. */
export function serverTiming(existing: string | null, timing: { dbMs: number; renderMs?: number; cache: CacheStatus; totalMs: number }): string {
  const entries = existing ? [existing] : [];
  if (!existing || !/(^|,)\s*db;/.test(existing)) entries.push(`db;dur=${timing.dbMs.toFixed(1)}`);
  if (timing.renderMs !== undefined) entries.push(`render;dur=${timing.renderMs.toFixed(1)}`);
  entries.push(`cache;desc=${timing.cache}`, `total;dur=${timing.totalMs.toFixed(1)}`);
  return entries.join(', ');
}

/**
 * Sets (or, with `append`, adds) headers on the answer once a middleware's `next()` returned,
 * copying the answer first when its headers are immutable (a fetched response).
 */
export function setResponseHeaders(c: AppContext, headers: Record<string, string>, append = false): void {
  const apply = (response: Response) => {
    for (const [name, value] of Object.entries(headers)) (append ? response.headers.append(name, value) : response.headers.set(name, value));
  };
  try {
    apply(c.res);
  } catch {
    const copy = new Response(c.res.body, c.res);
    apply(copy);
    c.res = undefined;
    c.res = copy;
  }
}

export const observability = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  const requestId = requestIdOf(c.req.raw);
  const meter = new D1Meter();
  c.set('requestId', requestId);
  c.set('d1Meter', meter);
  await next();
  const path = new URL(c.req.url).pathname;
  const cache = cacheStatusOf(c.res);
  const renderMs = c.get('renderMs');
  const totalMs = performance.now() - started;
  setResponseHeaders(c, { 'X-Request-Id': requestId, 'Server-Timing': serverTiming(c.res.headers.get('Server-Timing'), { dbMs: meter.milliseconds, renderMs, cache, totalMs }) });
  const status = c.res.status;
  console.log(
    JSON.stringify({
      level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
      requestId,
      method: c.req.method,
      path,
      status,
      channel: c.var.channel?.id ?? null,
      language: c.var.channel ? c.var.language : null,
      routeId: routeIdOf(c, path),
      durations: { totalMs: ms(totalMs), dbMs: ms(meter.milliseconds), ...(renderMs === undefined ? {} : { renderMs: ms(renderMs) }) },
      cache,
      d1Queries: meter.queries,
    }),
  );
});

/** The one log line of an unhandled error: the stack goes here, never into the answer. */
export function logUnhandledError(c: AppContext, error: unknown): void {
  const { name, message, stack } = error instanceof Error ? error : { name: 'NonError', message: String(error), stack: undefined };
  console.error(JSON.stringify({ level: 'error', event: 'unhandled-error', requestId: c.get('requestId'), method: c.req.method, path: new URL(c.req.url).pathname, error: { name, message, stack } }));
}
