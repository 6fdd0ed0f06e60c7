/**
 * Cross-site request refusal for every state-changing call (POST, PUT, PATCH, DELETE): a
 * browser tells where a request comes from with `Sec-Fetch-Site` and `Origin`. The call is
 * refused (403) when Sec-Fetch-Site says cross-site or same-site (another store subdomain is
 * another origin too), or when Origin names an origin other than the request's own. Requests
 * without either header do not come from a browser page and cannot carry a victim's cookies
 * by accident. Safe methods change nothing anywhere in the API, so they pass.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';
import { appError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossOrigin(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('Origin');
  if (origin === null) return false;
  const url = new URL(request.url);
  const host = request.headers.get('Host') ?? url.host;
  return origin !== `${url.protocol}//${host}`;
}

export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (isCrossOrigin(c.req.raw)) throw appError('crossOrigin', { origin: c.req.header('Origin') ?? null });
  await next();
});
