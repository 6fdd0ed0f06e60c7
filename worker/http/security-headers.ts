/**
 * Security headers on every response the Worker produces, with a fresh CSP nonce per request.
 * Static assets get the same headers from client/public/_headers.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context';

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = newNonce();
  c.set('nonce', nonce);
  await next();
  // Headers of a Response may be immutable (a fetched one): copy it then.
  let response = c.res;
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    response = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  c.res = response;
});
