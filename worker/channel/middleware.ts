/**
 * Resolves the channel (host name), refuses unknown hosts and foreign canonical domains, then
 * sets the language, the Lingui instance and the db on the context.
 */
import { createMiddleware } from 'hono/factory';
import { isLanguage, LANGUAGE_HEADER_NAME, type Language } from '../../client/i18n/languages';
import { languageOfPath } from '../../client/routes';
import { dbFor } from '../db/client';
import type { AppEnv } from '../http/context';
import { appError } from '../http/errors';
import { i18nFor } from '../i18n/catalogs';
import { channelIdFromHost, isDomainAllowed, type Channel } from './channels';
import { channelConfigStore } from './config';
import { testClock } from '../http/test-clock';

/** Header a client may send to choose the language of API messages (spec §7). */
export const LANGUAGE_HEADER = LANGUAGE_HEADER_NAME;

function requestHost(request: Request): string {
  return request.headers.get('Host') ?? new URL(request.url).host;
}

function apiLanguage(request: Request, channel: Channel): Language {
  const asked = request.headers.get(LANGUAGE_HEADER);
  return isLanguage(asked) && channel.languages.includes(asked) ? asked : channel.defaultLanguage;
}

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
    c.set('db', dbFor(c.env.DB));
    await next();
  });
}
