/**
 * A form with files (an after-sales case, a tax certificate) sent from script: its fields and
 * files as multipart, through the typed client's call for the address it posts to without
 * script. The answer is JSON (`respond=json`; worker/api/after-sales.ts, tax-certificates.ts).
 */

/** Files take longer than the usual 10 s on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The request options that send `form` (for the client call's `init`). */
export function multipartInit(form: HTMLFormElement): RequestInit {
  const body = new FormData(form);
  body.set('respond', 'json');
  return { body, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) };
}
