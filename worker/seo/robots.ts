/**
 * robots.txt of a channel: everything is crawlable except the API, the checkout, the account
 * area, the CMS preview and search results, in every language the channel offers.
 */
import { href, languagePrefix, type RoutingChannel } from '../../client/routes';

/** A path and everything below it, but not longer names that start the same (`/konto` must not hide `/kontor-…`). */
function pathAndBelow(path: string): string[] {
  return [`${path}$`, `${path}?`, `${path}/`];
}

/** The Disallow rules of a channel, without duplicates, in a stable order. */
export function disallowedPaths(channel: RoutingChannel): string[] {
  const rules = ['/api/'];
  for (const language of channel.languages) {
    const prefix = languagePrefix(language, channel);
    rules.push(`${prefix}/cart/`, `${prefix}/cms-preview/`, ...pathAndBelow(href('account', language, channel)), ...pathAndBelow(href('search', language, channel)));
  }
  return [...new Set(rules)];
}

/** The robots.txt body; `origin` is the channel's own origin, for the absolute Sitemap URL. */
export function robotsTxt(channel: RoutingChannel, origin: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...disallowedPaths(channel).map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`];
  return `${lines.join('\n')}\n`;
}
