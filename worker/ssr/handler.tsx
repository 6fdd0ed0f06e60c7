/**
 * The page side of the Worker: matches the path against the route table (or resolves a slug),
 * loads the page's data and streams it; renders the status pages for the failures.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { createElement, type ReactNode } from 'react';
import type { StoreContextValue, StoreLink } from '../../client/components/store-context';
import { ErrorPage, NotFoundPage } from '../../client/pages/status';
import { safeNext } from '../../client/safe-next';
import { decodeSegment, href, matchPath } from '../../client/routes';
import { currentUser } from '../identity/session';
import { unreadCount } from '../inbox/read';
import type { MenuCategory } from '../../client/types';
import { resolveSlug } from '../db/catalogue';
import type { AppContext } from '../http/context';
import { CHANNEL_IDS, type Channel } from '../channel/channels';
import { channelAlternates, channelOrigins, routePaths, slugPaths, type PagePaths } from '../seo/hreflang';
import { breadcrumbJsonLd, organizationJsonLd } from '../seo/json-ld';
import { pageSeo, type PageKind } from '../seo/page-seo';
import { limitEdgeCache, skipEdgeCache, tagEdgeCache } from './edge-cache';
import { ROUTE_PAGES, SLUG_PAGES, type Loaded, type PageDefinition } from './pages/index';
import { menuFor } from './menu';
import { fragmentRenderer } from './static-parts';
import { memoBindings, versionMemo } from './version-memo';
import { isCrawler, renderDocument, type RenderInput } from './render';

/**
 * Every store in each of its languages (the store selector): the same page where it has a
 * version there, else that store's home; a path on the request's channel, an absolute URL on
 * the others. `paths` absent (status pages): every store's homes.
 */
function storeLinks(url: URL, paths: PagePaths | undefined, current: Channel['id'], channels: Record<Channel['id'], Channel>): StoreLink[] {
  const origins = channelOrigins(url, current, channels);
  return CHANNEL_IDS.map((id) => {
    const channel = channels[id];
    const origin = id === current ? '' : origins[id];
    return {
      id,
      languages: channel.languages.map((language) => ({ language, href: origin + (paths?.(language, channel) ?? href('home', language, channel)) })),
    };
  });
}

function storeValue(c: AppContext, menu: MenuCategory[], alternates: StoreContextValue['alternates'], paths?: PagePaths): StoreContextValue {
  const { channel, language } = c.var;
  const url = new URL(c.req.url);
  const store: StoreContextValue = {
    channel: {
      id: channel.id,
      defaultLanguage: channel.defaultLanguage,
      languages: channel.languages,
      domainExtension: channel.domainExtension,
      toastPosition: channel.toastPosition,
    },
    language,
    menu,
    alternates,
    stores: storeLinks(url, paths, channel.id, c.var.channels),
    currentPath: url.pathname + url.search,
  };
  store.fragment = fragmentRenderer(store, c.var.i18n);
  return store;
}

interface RenderExtra {
  description?: string;
  canonical?: string;
  noIndex?: boolean;
  head?: RenderInput['head'];
  headers?: Record<string, string>;
}

function render(c: AppContext, status: number, title: string, body: ReactNode, store: StoreContextValue, extra: RenderExtra = { noIndex: true }) {
  const started = performance.now(); // Server-Timing `render` (worker/http/observability.ts)
  return renderDocument({
    status,
    meta: { title, description: extra.description, canonical: extra.canonical, noIndex: extra.noIndex },
    head: extra.head,
    headers: extra.headers,
    body,
    store,
    i18n: c.var.i18n,
    nonce: c.var.nonce,
    signal: c.req.raw.signal,
    complete: isCrawler(c.req.header('User-Agent')),
    onError: () => skipEdgeCache(c),
  }).finally(() => c.set('renderMs', performance.now() - started));
}

/** The localized status page (404, 500) inside the normal layout. */
export async function renderStatusPage(c: AppContext, status: 404 | 500, menu?: MenuCategory[]) {
  const resolvedMenu = menu ?? (await menuFor(c).catch(() => []));
  const title: MessageDescriptor = status === 404 ? msg`Page not found | Ampora` : msg`Something went wrong | Ampora`;
  return render(c, status, c.var.i18n._(title), status === 404 ? <NotFoundPage /> : <ErrorPage />, storeValue(c, resolvedMenu, {}));
}

/** The page's schema.org documents: the loader's, the Organization on the home, the breadcrumb trail. */
function jsonLdOf(loaded: Loaded<unknown>, kind: PageKind, origin: string): object[] {
  return [
    ...(loaded.jsonLd ?? []),
    ...('route' in kind && kind.route === 'home' ? [organizationJsonLd(origin)] : []),
    ...(loaded.breadcrumbs?.length ? [breadcrumbJsonLd(loaded.breadcrumbs, origin)] : []),
  ];
}

/** Personal pages (account, sign-in): no shared cache, no browser cache. */
const PRIVATE = 'private, no-store';

export async function handlePage(c: AppContext): Promise<Response> {
  const url = new URL(c.req.url);
  const match = matchPath(url.pathname, c.var.channel);
  if (match.kind === 'redirect') return c.redirect(match.location + url.search, 301);

  const { db, language, channel, i18n } = c.var;
  const menu = await menuFor(c);
  let page: PageDefinition<unknown> | undefined;
  let kind: PageKind | undefined;
  let entityId: number | undefined;
  let params = {};
  if (match.kind === 'route') {
    page = ROUTE_PAGES[match.id];
    kind = { route: match.id };
    params = match.params;
  } else {
    const segments = match.path.split('/').filter(Boolean);
    // A segment with a malformed escape names no slug: the 404 page, like any unknown path.
    const slug = segments.length === 1 ? decodeSegment(segments[0]!) : undefined;
    // A slug names the same page until the catalogue changes.
    const found = slug === undefined ? undefined : await versionMemo(memoBindings(c.env), `slug:${language}:${slug}`, () => resolveSlug(db, language, slug));
    if (found) {
      page = SLUG_PAGES[found.kind];
      kind = { slug: found.kind };
      entityId = found.entityId;
    }
  }
  const user = page?.access ? await currentUser(c) : null;
  if (page?.access) {
    c.header('Cache-Control', PRIVATE);
    skipEdgeCache(c);
    const account = href('account', language, channel);
    if (page.access === 'user' && !user) return c.redirect(`${href('login', language, channel)}?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    if (page.access === 'visitor' && user) return c.redirect(safeNext(url.searchParams.get('next'), account), 302);
  }
  const loaded = page ? await page.load({ db, channel, language, i18n, params, url, menu, entityId, now: c.var.now, user, http: c, env: c.env }) : null;
  if (loaded && 'redirect' in loaded) return c.redirect(loaded.redirect, 302);
  if (loaded && 'response' in loaded) return loaded.response;
  if (!page || !kind || !loaded) return renderStatusPage(c, 404, menu);
  if (loaded.cacheUntil) limitEdgeCache(c, loaded.cacheUntil);
  if (loaded.articles) tagEdgeCache(c, loaded.articles);

  const paths = match.kind === 'route' ? routePaths(match.id, match.params, loaded.routeParams) : slugPaths(loaded.slugs ?? {});
  const channels = c.var.channels;
  const seo = pageSeo({ paths, kind, language, channel: channel.id, channels, url, noIndex: loaded.meta.noIndex });
  const body = createElement(page.component, { data: loaded.data });
  const store = storeValue(c, menu, channelAlternates(paths, channel), paths);
  // The account menu's unread count, on personal pages only (after the loader: opening a message reads it).
  if (user) store.inboxUnread = await unreadCount(db, user.id);
  return render(c, 200, loaded.meta.title, body, store, {
    description: loaded.meta.description,
    canonical: seo.canonical,
    noIndex: seo.noIndex,
    head: { alternates: seo.hreflang, jsonLd: jsonLdOf(loaded, kind, seo.origin) },
    headers: page.access ? { 'Cache-Control': PRIVATE, ...loaded.headers } : loaded.headers,
  });
}
