/**
 * Builds the Hono app: request id, timing and logs first, security headers, channel and language,
 * the secrets guard, the /api sub-apps, generated product images, and every other path to the
 * page renderer. One onError turns known errors into the §7 envelope (API) or a localized page,
 * and anything else into a 500 whose envelope carries the request id (the stack only in the log).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { LANGUAGE_INFO } from '../client/i18n/languages';
import { api } from './api';
import { alerts } from './api/alerts';
import { channelMiddleware, type ChannelMiddlewareOptions } from './channel/middleware';
import type { AppContext, AppEnv } from './http/context';
import { AppError, ERRORS, errorEnvelope, type CatalogueEntry } from './http/errors';
import { logUnhandledError, observability } from './http/observability';
import { guardState } from './http/secrets';
import { securityHeaders } from './http/security-headers';
import { translatedDetails } from './http/validation-messages';
import { devOutboxRoutes } from './email/sandbox';
import { images } from './media/images';
import { ugcMediaFiles } from './ugc/media-serve';
import { seoRoutes } from './seo/routes';
import { expireInvalidationLog } from './ssr/catalogue-version';
import { edgeCache } from './ssr/edge-cache';
import { renderStandalone } from './ssr/standalone';
import { handlePage, renderStatusPage } from './ssr/handler';

/** Paths that answer §7 JSON envelopes, never pages: the API and the internal alerts call (spec §7 `/alerts/…`). */
function isApi(c: AppContext): boolean {
  const path = new URL(c.req.url).pathname;
  return path.startsWith('/api/') || path === '/api' || path.startsWith('/alerts/') || path === '/alerts';
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    // Hono's own 400s (malformed JSON body, bad form data) and friends.
    if (error.status === 400) return new AppError(ERRORS.invalidJson);
    if (error.status === 413) return new AppError(ERRORS.payloadTooLarge);
    if (error.status === 404) return new AppError(ERRORS.notFound);
  }
  return new AppError(ERRORS.internal);
}

function envelopeResponse(c: AppContext, entry: CatalogueEntry, details: unknown) {
  // A 5xx names the request (its log line), never more: no stack, no message of the cause.
  if (entry.status >= 500) details = { ...(typeof details === 'object' && details !== null ? details : {}), requestId: c.get('requestId') };
  const message = c.var.i18n ? c.var.i18n._(entry.message) : (entry.message.message ?? String(entry.code));
  return c.json(errorEnvelope({ type: entry.type, code: entry.code, message, ...(details === undefined ? {} : { details: translatedDetails(details, c.var.i18n) }) }), entry.status);
}

/**
 * In production and staging, nothing is served while a secret is missing or holds a development
 * value (worker/http/secrets.ts): API paths answer 503 in the §7 envelope, pages a plain page.
 * `/api/health` answers that 503 too, so a health probe sees the refusal.
 */
const secretsGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const guard = guardState(c.env);
  if (guard.ok) return next();
  c.header('Retry-After', '300');
  // The variables at fault are named in the log only (worker/http/secrets.ts).
  if (isApi(c)) return envelopeResponse(c, ERRORS.serviceUnavailable, { secrets: 'refused', environment: guard.environment });
  const text = c.var.i18n._(ERRORS.serviceUnavailable.message);
  return c.html(`<!doctype html><html lang="${LANGUAGE_INFO[c.var.language].tag}"><meta charset="utf-8"><title>${text}</title><p>${text}</p></html>`, 503);
};

/**
 * After a request whose statements may have changed rows (the request's D1 meter tells from their
 * text), this isolate reads the user content's new invalidation rows before its next product
 * page: a review or answer published here shows there at once, as on the next request; other
 * isolates see it within VERSION_MEMO_MS. Requests that only read (a cart call, a refused form)
 * leave the isolate's copy alone.
 */
const ownWritesShow: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.var.d1Meter?.mayHaveWritten) expireInvalidationLog(c.env.DB, 'user_content_invalidations');
};

export interface AppOptions extends ChannelMiddlewareOptions {
  /** Force the edge cache on or off; by default it is on outside development (worker/ssr/edge-cache.ts). */
  edgeCache?: boolean;
  /**
   * Off only in tests of a single feature's own refusal of a development value in production
   * (the preview secret, the operations token), which the guard would answer first. Always on in
   * the Worker (worker/index.ts).
   */
  secretsGuard?: boolean;
}

export function createApp(options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  const cache = edgeCache({ enabled: options.edgeCache });
  app.use('*', observability);
  app.use('*', securityHeaders);
  app.use('*', channelMiddleware(options));
  if (options.secretsGuard !== false) app.use('*', secretsGuard);
  app.use('*', ownWritesShow);
  app.route('/api', api);
  app.route('/alerts', alerts);
  app.route('/images', images);
  app.route('/media/ugc', ugcMediaFiles());
  app.route('/__dev', devOutboxRoutes);
  app.use('/sitemap.xml', cache);
  app.use('/sitemaps/*', cache);
  app.route('/', seoRoutes);
  app.get('*', cache, handlePage);
  app.all('*', (c) => (isApi(c) ? envelopeResponse(c, ERRORS.notFound, undefined) : c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' })));

  app.onError(async (error, c) => {
    const known = toAppError(error);
    if (known.entry === ERRORS.internal) logUnhandledError(c, error);
    const { entry } = known;
    if (isApi(c)) return envelopeResponse(c, entry, entry === ERRORS.internal ? undefined : known.details);
    if (entry === ERRORS.unknownHost || entry === ERRORS.domainNotAllowed) return renderStandalone(c, entry);
    if (!c.var.channel || !c.var.db) return c.text('Internal Server Error', 500);
    try {
      return await renderStatusPage(c, entry.status === 404 ? 404 : 500);
    } catch (renderError) {
      console.error('Error page failed', renderError);
      return c.text('Internal Server Error', 500);
    }
  });
  return app;
}
