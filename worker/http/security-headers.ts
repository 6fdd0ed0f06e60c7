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

/**
 * `cardFormOrigin`: set on pages that host the card form (client/payments/adyen-card.tsx). The
 * card's secured fields are the provider's frames, its logos and lookups come from the provider
 * (any *.adyen.com, test or live, or the development sandbox's origin), and 3-D Secure posts a
 * form into a frame of the shopper's bank, which may be any https origin. Every other page keeps
 * the strict policy.
 */
export function contentSecurityPolicy(nonce: string, cardFormOrigin?: string | null, gatewayOrigins?: readonly string[], inlineStyles = false): string {
  const card = cardFormOrigin === undefined ? null : ['https://*.adyen.com', cardFormOrigin].filter(Boolean).join(' ');
  // A gateway page posts the provider's signed form (Redsys) or frames its page (Aplazame): any https origin, and the local sandboxes.
  const gateway = gatewayOrigins === undefined ? null : ['https:', ...gatewayOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // The API reference page (/api/docs) renders with styles its script adds inline.
    inlineStyles ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    card ? `img-src 'self' data: ${card}` : "img-src 'self' data:",
    "font-src 'self'",
    card ? `connect-src 'self' ${card}` : "connect-src 'self'",
    ...(card ? [`frame-src 'self' https: ${cardFormOrigin ?? ''}`.trim()] : gateway ? [`frame-src 'self' ${gateway}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    card ? `form-action 'self' https: ${cardFormOrigin ?? ''}`.trim() : gateway ? `form-action 'self' ${gateway}` : "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origin adyen-web talks to in development (`ADYEN_CLIENT_API_URL`, the sandbox), or null. */
export function cardFormOrigin(env: Env): string | null {
  const url = (env as { ADYEN_CLIENT_API_URL?: string }).ADYEN_CLIENT_API_URL;
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
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
    // Assigning over `c.res` would copy the response once more and merge the old headers into it.
    c.res = undefined;
    c.res = response;
  }
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, c.get('cardForm') ? cardFormOrigin(c.env) : undefined, c.get('gatewayPage') ? gatewayOrigins(c.env) : undefined, c.get('apiReference')));
});

/** The payment providers' base URLs a gateway page may post to or frame, besides any https origin (worker/payments/<provider>/config). */
export const GATEWAY_URL_VARS = ['PAYPAL_API_BASE_URL', 'REDSYS_BASE_URL', 'APLAZAME_API_BASE_URL', 'SIBS_API_BASE_URL', 'INESPAY_API_BASE_URL', 'FINANCING_API_BASE_URL'] as const;

/** The origins of the providers' base URLs that are not https (the local sandboxes in development). */
export function gatewayOrigins(env: Env): string[] {
  const origins = new Set<string>();
  for (const name of GATEWAY_URL_VARS) {
    const url = (env as unknown as Record<string, string | undefined>)[name];
    if (!url) continue;
    try {
      const origin = new URL(url).origin;
      if (!origin.startsWith('https:')) origins.add(origin);
    } catch {
      // Not a URL: the adapter refuses it too.
    }
  }
  return [...origins];
}
