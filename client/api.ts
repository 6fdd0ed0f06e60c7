/**
 * Calls to the store's own API from islands (spec §7), through Hono's typed client: `api` mirrors
 * the routes of worker/api (only their types reach the browser), and `unwrap` opens the §7
 * envelope with the data type the route's handler answers. Every call sends the selected-language
 * header and the session cookie and gives up after 10 s. A failure becomes an ApiError with the
 * catalogue's code, its message (already in the page's language) and the field issues of a 400.
 * A token verification error sends the person to the login page and back here afterwards (§6).
 *
 *   const cart = await unwrap(api.orders[':id'].cart.articles.$post({ param: { id }, json: { articles } }));
 */
import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '../worker/api';
import { LANGUAGE_HEADER_NAME } from './i18n/languages';

export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Messages per field of a 400 (validation) answer. */
  get fieldIssues(): Record<string, string> {
    const issues = (this.details as { issues?: FieldIssue[] } | undefined)?.issues ?? [];
    return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
  }
}

/** Default request timeout (spec §7): 10 s; a timeout reads as status 408. */
const TIMEOUT_MS = 10_000;

/**
 * `fetch` for the store's API: JSON accepted, the page's language, same-origin credentials and
 * the timeout. A network failure or timeout rejects with an ApiError (500 NETWORK, 408 TIMEOUT).
 */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set(LANGUAGE_HEADER_NAME, document.documentElement.dataset.language ?? '');
  try {
    return await fetch(input, { ...init, headers, credentials: 'same-origin', signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? 408 : 500, timedOut ? 'TIMEOUT' : 'NETWORK', '');
  }
}

const API_BASE = '/api';

/** The API under /api, typed by the Worker's own routes. */
export const api = hc<ApiType>(API_BASE, { fetch: apiFetch });

/** The address of a call for a form's `action` (sent without script): `$path` answers it without /api. */
export const apiAddress = (path: string): string => `${API_BASE}${path}`;

/**
 * The `data` of a route's successful §7 envelope (`c.json(okEnvelope(data))`). A redirect (the
 * answer to a form sent without script) adds nothing; a route whose handler does not answer
 * typed JSON reads as `unknown`, so using its data fails the typecheck.
 */
export type EnvelopeData<R> =
  R extends ClientResponse<infer Output, infer _Status, infer Format>
    ? Format extends 'redirect' // the 303 of a form sent without script
      ? never
      : Output extends { ok: true; data: infer Data }
        ? Data
        : Output extends { data: null }
          ? never
          : unknown
    : never;

/** The data of a client call, e.g. `ApiData<typeof api.basket.$get>` for the types an island keeps. */
export type ApiData<Call extends (...args: never[]) => Promise<ClientResponse<unknown, number, string>>> = EnvelopeData<Awaited<ReturnType<Call>>>;

interface ErrorPayload {
  code: number | string;
  message: string;
  details?: unknown;
}

/** The envelope's data, or the ApiError of its `err` (whose message is the catalogue's JSON payload). */
export async function unwrap<Pending extends Promise<ClientResponse<unknown, number, string>>>(pending: Pending): Promise<EnvelopeData<Awaited<Pending>>> {
  const response: ClientResponse<unknown, number, string> = await pending;
  const envelope = (await response.json().catch(() => null)) as { ok?: boolean; data?: unknown; err?: { message: string } | null } | null;
  if (response.ok && envelope?.ok) return envelope.data as EnvelopeData<Awaited<Pending>>;
  let payload: ErrorPayload = { code: 'UNKNOWN', message: '' };
  if (envelope?.err) {
    try {
      payload = JSON.parse(envelope.err.message) as ErrorPayload;
    } catch {
      // Not the catalogue's payload: the unknown error above.
    }
  }
  if (payload.code === 'TOKEN_VERIFICATION' && document.documentElement.dataset.loginPath) {
    window.location.assign(`${document.documentElement.dataset.loginPath}?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  throw new ApiError(response.status, payload.code, payload.message, payload.details);
}

/**
 * A JSON call to an address known only at run time (a URL handed to the island by the page), with
 * the same headers, timeout and envelope handling as `api`; its data is untyped.
 */
export function callUrl(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  return unwrap(apiFetch(url, init) as unknown as Promise<ClientResponse<unknown, number, string>>);
}
