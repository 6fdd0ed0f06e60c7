/**
 * Sends a case form (fields and files) as multipart to the after-sales API and unwraps the §7
 * envelope like `callApi` does. The forms post to the same address without script, with
 * `respond=page` (worker/api/after-sales.ts); from here the answer is JSON.
 */
import { ApiError } from '../api';
import { LANGUAGE_HEADER_NAME } from '../i18n/languages';

export async function postCaseForm<T>(form: HTMLFormElement): Promise<T> {
  const body = new FormData(form);
  body.set('respond', 'json');
  let response: Response;
  try {
    // Files take longer than the usual 10 s on a slow connection.
    response = await fetch(form.action, { method: 'POST', body, headers: { Accept: 'application/json', [LANGUAGE_HEADER_NAME]: document.documentElement.dataset.language ?? '' }, credentials: 'same-origin', signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? 408 : 500, timedOut ? 'TIMEOUT' : 'NETWORK', '');
  }
  const envelope = (await response.json().catch(() => null)) as { ok: boolean; data: T; err: { message: string } | null } | null;
  if (response.ok && envelope?.ok) return envelope.data;
  const payload = envelope?.err ? (JSON.parse(envelope.err.message) as { code: number | string; message: string; details?: unknown }) : { code: 'UNKNOWN', message: '' };
  throw new ApiError(response.status, payload.code, payload.message, payload.details);
}
