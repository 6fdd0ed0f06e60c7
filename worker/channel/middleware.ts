/**
 * Resolves the channel (host name), refuses unknown hosts and foreign canonical domains, then
 * sets the language, the Lingui instance and the db on the context.
 */
import { createMiddleware } from 'hono/factory';
import { isLanguage, LANGUAGE_HEADER_NAME, type Language } from '../../client/i18n/languages';
import { languageOfPath } from '../../client/routes';
import { getCookie } from 'hono/cookie';
import { BOOKMARK_COOKIE, BOOKMARK_MAX_AGE_SECONDS, parseBookmark, requestDb } from '../db/client';
import type { AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { i18nFor } from '../i18n/catalogs';
import { channelIdFromHost, isDomainAllowed, type Channel } from './channels';
import { channelConfigStore } from './config';
import { testClock } from '../http/test-clock';
import { D1Meter, setResponseHeaders } from '../http/observability';

/** Header a client may send to choose the language of API messages (spec §7). */
export const LANGUAGE_HEADER = LANGUAGE_HEADER_NAME;

function requestHost(request: Request): string {
  return request.headers.get('Host') ?? new URL(request.url).host;
}

function apiLanguage(request: Request, channel: Channel): Language {
  const asked = request.headers.get(LANGUAGE_HEADER);
  return isLanguage(asked) && channel.languages.includes(asked) ? asked : channel.defaultLanguage;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ChannelMiddlewareOptions {
  now?: () => Date;
}

export function channelMiddleware(options: ChannelMiddlewareOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('now', options.now?.() ?? testClock(c.req.raw, c.env) ?? new Date());
    const store = channelConfigStore(c.env.CONFIG, c.env.ENVIRONMENT);
    const channels = await store.all();
    const host = requestHost(c.req.raw);
    const id = channelIdFromHost(host, channels);
    // Until a channel is known, messages are in English.
    c.set('language', 'en_EN');
    c.set('i18n', i18nFor('en_EN'));
    if (!id) throw appError('unknownHost', { host });
    const channel = channels[id];
    c.set('channel', channel);
    c.set('channels', channels);
    const path = new URL(c.req.url).pathname;
    const language = path.startsWith('/api/') ? apiLanguage(c.req.raw, channel) : languageOfPath(path, channel);
    c.set('language', language);
    c.set('i18n', i18nFor(language));
    if (!isDomainAllowed(channel, host, channels)) throw appError('domainNotAllowed', { host });
    // A D1 session per request (docs/operations.md, "D1 read replicas"): reads may go to a replica,
    // from the bookmark of the client's last write when it sent one; writes start at the primary.
    const writes = !READ_METHODS.has(c.req.method);
    const session = requestDb(c.env.DB, { bookmark: parseBookmark(getCookie(c, BOOKMARK_COOKIE)), writes, timer: c.get('d1Meter') ?? new D1Meter() });
    c.set('db', session.db);
    c.set('d1Session', session);
    await next();
    const bookmark = writes ? session.bookmark() : null;
    if (bookmark) {
      const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
      setResponseHeaders(c, { 'Set-Cookie': `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}` }, true);
    }
  });
}
