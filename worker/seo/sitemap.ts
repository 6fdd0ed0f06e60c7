/**
 * Sitemap XML: the index of a channel and its child sitemaps. Each child lists an entity once
 * per language of the request's channel, with `<xhtml:link rel="alternate" hreflang>` for
 * every channel × language version (the same cluster as the page head). Children hold at most
 * MAX_URLS URLs, well under the protocol's 50,000 / 50 MB.
 */
import type { Channel, ChannelId } from '../channel/channels';
import { hreflangLinks } from './hreflang';
import type { SitemapEntry, SitemapKind } from './sitemap-data';

export const MAX_URLS = 10_000;

/** Entities per child sitemap on a channel: each gives one URL per language the channel offers. */
export function entitiesPerSitemap(channel: Channel): number {
  return Math.max(1, Math.floor(MAX_URLS / channel.languages.length));
}

export function sitemapPath(kind: SitemapKind, n: number): string {
  return `/sitemaps/${kind}-${n}.xml`;
}

/** `/sitemaps/<kind>-<n>.xml` → kind and n (1-based), or undefined. */
export function parseSitemapFile(file: string, kinds: readonly string[]): { kind: SitemapKind; n: number } | undefined {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match || !kinds.includes(match[1]!)) return undefined;
  return { kind: match[1] as SitemapKind, n: Number(match[2]) };
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/** W3C datetime to the second, in UTC. */
export function lastmodOf(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapIndexXml(locations: readonly string[]): string {
  const items = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export interface UrlsetContext {
  channel: ChannelId;
  channels: Record<ChannelId, Channel>;
  origins: Record<ChannelId, string>;
}

/** The `<url>` elements of one entity: one per language of the request's channel it exists in. */
export function urlElements(entry: SitemapEntry, context: UrlsetContext): string {
  const channel = context.channels[context.channel];
  const alternates = hreflangLinks(entry.paths, context.origins, context.channels)
    .map((link) => `<xhtml:link rel="alternate" hreflang="${escapeXml(link.hreflang)}" href="${escapeXml(link.href)}"/>`)
    .join('');
  const lastmod = entry.lastmod ? `<lastmod>${lastmodOf(entry.lastmod)}</lastmod>` : '';
  return channel.languages
    .flatMap((language) => {
      const path = entry.paths(language, channel);
      return path ? [`<url><loc>${escapeXml(context.origins[context.channel] + path)}</loc>${lastmod}${alternates}</url>\n`] : [];
    })
    .join('');
}

const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** A child sitemap as a stream, encoded a batch of entities at a time (a products child runs to megabytes). */
export function urlsetStream(entries: readonly SitemapEntry[], context: UrlsetContext, batch = 250): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN));
    },
    pull(controller) {
      if (index >= entries.length) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      const slice = entries.slice(index, index + batch);
      index += batch;
      controller.enqueue(encoder.encode(slice.map((entry) => urlElements(entry, context)).join('')));
    },
  });
}
