/**
 * One entity, every address: the same page on every channel in every language that channel
 * offers, for `<link rel="alternate" hreflang>` in the head and `<xhtml:link>` in sitemaps.
 * Pure functions over the channel table, so the head and the sitemaps can never disagree.
 */
import { LANGUAGE_INFO, type Language } from '../../client/i18n/languages';
import { href, slugHref, type RouteId, type RouteParams } from '../../client/routes';
import { CHANNEL_IDS, isStagingHost, type Channel, type ChannelId } from '../channel/channels';

/** A page's path in a language on a channel, or undefined when it has no version there. */
export type PagePaths = (language: Language, channel: Channel) => string | undefined;

export interface HreflangLink {
  /** `es-ES`, `en-PT`… or `x-default`. */
  hreflang: string;
  /** Absolute URL. */
  href: string;
}

/** The channel whose Spanish page is `x-default` (the store's home market). */
export const X_DEFAULT_CHANNEL: ChannelId = 'ES';
const X_DEFAULT_LANGUAGE: Language = 'es_ES';

/** A screen of the route table; `translated` gives its parameters per language (a blog post's slug). */
export function routePaths(id: RouteId, params: RouteParams = {}, translated?: Partial<Record<Language, RouteParams>>): PagePaths {
  return (language, channel) => {
    const values = translated ? translated[language] : params;
    if (!values) return undefined;
    try {
      return href(id, language, channel, values);
    } catch {
      return undefined; // a parameter this language lacks: no version here
    }
  };
}

/** A slug-addressed page (category, product, brand…) from its slug per language. */
export function slugPaths(slugs: Partial<Record<Language, string>>): PagePaths {
  return (language, channel) => {
    const slug = slugs[language];
    return slug ? slugHref(slug, language, channel) : undefined;
  };
}

/** `localhost` and `*.localhost` are development hosts; everything else is production. */
export function isDevelopmentHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The origin of every channel as seen from a request. On a development host the request's own
 * channel keeps the request's origin and the others use their first development host with the
 * request's scheme and port; in production every channel is `https://` + its production host, on
 * a staging host its staging host.
 */
export function channelOrigins(requestUrl: URL, current: ChannelId, channels: Record<ChannelId, Channel>): Record<ChannelId, string> {
  const development = isDevelopmentHost(requestUrl.hostname);
  const staging = !development && isStagingHost(requestUrl.hostname, channels);
  const port = requestUrl.port ? `:${requestUrl.port}` : '';
  return Object.fromEntries(
    CHANNEL_IDS.map((id) => {
      const { hosts } = channels[id];
      if (!development) return [id, `https://${(staging && hosts.staging) || hosts.production}`];
      if (id === current) return [id, requestUrl.origin];
      return [id, `${requestUrl.protocol}//${hosts.development[0] ?? hosts.production}${port}`];
    }),
  ) as Record<ChannelId, string>;
}

/** The hreflang value of a language on a channel: the language's code and the channel's country (`en-PT`). */
export function hreflangTag(language: Language, channel: Channel): string {
  return `${LANGUAGE_INFO[language].prefix}-${channel.country.toUpperCase()}`;
}

/**
 * Every channel × language version of a page plus `x-default` (the ES channel's Spanish
 * version, or its default language if ops ever drop Spanish there). `suffix` is appended to
 * every URL (`?page=2` on a listing).
 */
export function hreflangLinks(paths: PagePaths, origins: Record<ChannelId, string>, channels: Record<ChannelId, Channel>, suffix = ''): HreflangLink[] {
  const links: HreflangLink[] = [];
  for (const id of CHANNEL_IDS) {
    const channel = channels[id];
    for (const language of channel.languages) {
      const path = paths(language, channel);
      if (path) links.push({ hreflang: hreflangTag(language, channel), href: origins[id] + path + suffix });
    }
  }
  const home = channels[X_DEFAULT_CHANNEL];
  const language = home.languages.includes(X_DEFAULT_LANGUAGE) ? X_DEFAULT_LANGUAGE : home.defaultLanguage;
  const fallback = paths(language, home);
  if (fallback) links.push({ hreflang: 'x-default', href: origins[X_DEFAULT_CHANNEL] + fallback + suffix });
  return links;
}

/** The page in each language of one channel (the in-channel language switcher's `alternates`). */
export function channelAlternates(paths: PagePaths, channel: Channel): Partial<Record<Language, string>> {
  return Object.fromEntries(channel.languages.flatMap((language) => {
    const path = paths(language, channel);
    return path ? [[language, path]] : [];
  }));
}
