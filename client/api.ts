/**
 * Calls to the store's own API from islands (spec §7): JSON bodies, the selected-language
 * header, the §7 envelope unwrapped. A failure becomes an ApiError with the catalogue's code,
 * its message (already in the page's language) and the field issues of a 400. A token
 * verification error sends the person to the login page and back here afterwards (spec §6).
 */
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

export async function callApi<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [LANGUAGE_HEADER_NAME]: document.documentElement.dataset.language ?? '' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? 408 : 500, timedOut ? 'TIMEOUT' : 'NETWORK', '');
  }
  const envelope = (await response.json().catch(() => null)) as { ok: boolean; data: T; err: { message: string } | null } | null;
  if (response.ok && envelope?.ok) return envelope.data;
  const payload = envelope?.err ? (JSON.parse(envelope.err.message) as { code: number | string; message: string; details?: unknown }) : { code: 'UNKNOWN', message: '' };
  if (payload.code === 'TOKEN_VERIFICATION' && document.documentElement.dataset.loginPath) {
    window.location.assign(`${document.documentElement.dataset.loginPath}?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  throw new ApiError(response.status, payload.code, payload.message, payload.details);
}
