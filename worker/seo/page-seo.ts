/**
 * The head of a page for search engines: canonical URL, robots directive and the hreflang
 * cluster. Pure: the handler gives it the page's paths, the request URL and the channel table.
 */
import type { Language } from '../../client/i18n/languages';
import type { RouteId } from '../../client/routes';
import type { Channel, ChannelId } from '../channel/channels';
import type { SlugKind } from '../db/catalogue';
import { pageNumber } from '../ssr/pages/types';
import { channelOrigins, hreflangLinks, type HreflangLink, type PagePaths } from './hreflang';

/** Pages that list things and paginate with `?page=N`: page N > 1 is its own canonical URL. */
const LISTING_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['blog', 'blogTag', 'buyKeyword', 'search', 'comparatorCategory']);
const LISTING_SLUG_KINDS: ReadonlySet<SlugKind> = new Set<SlugKind>(['category', 'brand', 'collection', 'seller', 'buy-keyword']);

export type PageKind = { route: RouteId } | { slug: SlugKind };

export function isListing(kind: PageKind): boolean {
  return 'route' in kind ? LISTING_ROUTES.has(kind.route) : LISTING_SLUG_KINDS.has(kind.slug);
}

/** Query parameters that only say where a visitor came from: never part of a page's identity. */
const TRACKING = /^(utm_.+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|srsltid|ref)$/i;

export function isTrackingParameter(name: string): boolean {
  return TRACKING.test(name);
}

/** True when the query carries listing state beyond the page number (filters, sort, page size, a query). */
export function hasListingState(url: URL): boolean {
  for (const name of url.searchParams.keys()) if (name !== 'page' && !isTrackingParameter(name)) return true;
  return false;
}

export interface PageSeoInput {
  paths: PagePaths;
  kind: PageKind;
  language: Language;
  channel: ChannelId;
  channels: Record<ChannelId, Channel>;
  url: URL;
  /** The loader said the page must not be indexed (search results, previews). */
  noIndex?: boolean;
}

export interface PageSeo {
  /** Origin of the request's channel as search engines should see it. */
  origin: string;
  canonical?: string;
  noIndex: boolean;
  /** The hreflang cluster for the head (empty on pages that are not indexed). */
  hreflang: HreflangLink[];
}

/**
 * Canonical: the page's own address without query noise, except `?page=N` (N > 1) on a
 * listing. A listing with filters or sorting, or a page its loader marks, is `noindex,follow`
 * and has neither canonical nor hreflang: search engines ignore both on noindex pages, and a
 * filtered state must not claim to be the translation of an indexable page.
 */
export function pageSeo(input: PageSeoInput): PageSeo {
  const { paths, kind, language, channel, channels, url } = input;
  const origins = channelOrigins(url, channel, channels);
  const origin = origins[channel];
  const listing = isListing(kind);
  if (input.noIndex || (listing && hasListingState(url))) return { origin, noIndex: true, hreflang: [] };
  const page = listing ? pageNumber(url) : 1;
  const suffix = page > 1 ? `?page=${page}` : '';
  const own = paths(language, channels[channel]) ?? url.pathname;
  return { origin, canonical: origin + own + suffix, noIndex: false, hreflang: hreflangLinks(paths, origins, channels, suffix) };
}
