/**
 * Where to go after signing in: `next` from the address bar or a form, reduced to a path of this
 * site. Shared by the Worker (redirects, page props, e-mailed links) and the islands
 * (`location.assign`), so both sides decide the same way.
 *
 * Prefix checks are not enough: browsers drop tabs and newlines from URLs and read `\` as `/`, so
 * `/\t/evil.example` or `/\evil.example` become `//evil.example`, another host. Instead `next` is
 * parsed with the WHATWG URL parser (the browser's own rules) against a placeholder origin and
 * kept only when it stays on that origin; a relative reference that leaves one origin leaves any,
 * so the answer does not depend on which host serves the request. What is returned is the
 * parser's serialisation (path, query, fragment), never the raw text.
 */

const PLACEHOLDER_ORIGIN = 'https://next.invalid';
const MAX_LENGTH = 500;

/** A same-origin path (`/…`) for `next`, or `fallback` when `next` is missing or could lead elsewhere. */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || next.length >= MAX_LENGTH || !next.startsWith('/')) return fallback;
  // Control characters (tabs, CR/LF, NUL…) and backslashes have no place in a path we link to;
  // refusing them outright also keeps them out of Location headers.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // The serialisation of a path-only URL never starts with `//`, but a path such as `/.//x`
  // normalises to `//x`, which a browser would read as a host.
  return path.startsWith('//') ? fallback : path;
}
