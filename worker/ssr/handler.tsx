/**
 * The page side of the Worker: matches the path against the route table (or resolves a slug),
 * loads the page's data and streams it; renders the status pages for the failures.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { createElement, type ReactNode } from 'react';
import type { StoreContextValue } from '../../client/components/store-context';
import type { Language } from '../../client/i18n/languages';
import { ErrorPage, NotFoundPage } from '../../client/pages/status';
import { href, matchPath, slugHref, type PathMatch, type RouteParams } from '../../client/routes';
import type { MenuCategory } from '../../client/types';
import { categoryTree, resolveSlug } from '../db/catalogue';
import type { AppContext } from '../http/context';
import { ROUTE_PAGES, SLUG_PAGES, type PageDefinition } from './pages/index';
import { isCrawler, renderDocument } from './render';

function storeValue(c: AppContext, menu: MenuCategory[], alternates: StoreContextValue['alternates']): StoreContextValue {
  const { channel, language } = c.var;
  const url = new URL(c.req.url);
  return {
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
    currentPath: url.pathname + url.search,
  };
}

function render(c: AppContext, status: number, title: string, body: ReactNode, store: StoreContextValue, extra: { description?: string; canonical?: boolean } = {}) {
  const url = new URL(c.req.url);
  return renderDocument({
    status,
    meta: { title, description: extra.description, canonical: extra.canonical ? url.origin + url.pathname : undefined, noIndex: !extra.canonical },
    body,
    store,
    i18n: c.var.i18n,
    nonce: c.var.nonce,
    origin: url.origin,
    signal: c.req.raw.signal,
    complete: isCrawler(c.req.header('User-Agent')),
  });
}

/** The localized status page (404, 500) inside the normal layout. */
export async function renderStatusPage(c: AppContext, status: 404 | 500, menu?: MenuCategory[]) {
  const resolvedMenu = menu ?? (await categoryTree(c.var.db, c.var.language).catch(() => []));
  const title: MessageDescriptor = status === 404 ? msg`Page not found | Ampora` : msg`Something went wrong | Ampora`;
  return render(c, status, c.var.i18n._(title), status === 404 ? <NotFoundPage /> : <ErrorPage />, storeValue(c, resolvedMenu, {}));
}

function routeAlternates(c: AppContext, match: Extract<PathMatch, { kind: 'route' }>, translated?: Partial<Record<Language, RouteParams>>): Partial<Record<Language, string>> {
  const { channel } = c.var;
  return Object.fromEntries(
    channel.languages.flatMap((lang) => {
      const params = translated ? translated[lang] : match.params;
      return params ? [[lang, href(match.id, lang, channel, params)]] : [];
    }),
  );
}

function slugAlternates(c: AppContext, slugs: Partial<Record<Language, string>>): Partial<Record<Language, string>> {
  const { channel } = c.var;
  return Object.fromEntries(channel.languages.flatMap((lang) => (slugs[lang] ? [[lang, slugHref(slugs[lang]!, lang, channel)]] : [])));
}

export async function handlePage(c: AppContext): Promise<Response> {
  const url = new URL(c.req.url);
  const match = matchPath(url.pathname, c.var.channel);
  if (match.kind === 'redirect') return c.redirect(match.location + url.search, 301);

  const { db, language, channel, i18n } = c.var;
  const menu = await categoryTree(db, language);
  let page: PageDefinition<unknown> | undefined;
  let entityId: number | undefined;
  let params = {};
  if (match.kind === 'route') {
    page = ROUTE_PAGES[match.id];
    params = match.params;
  } else {
    const segments = match.path.split('/').filter(Boolean);
    const found = segments.length === 1 ? await resolveSlug(db, language, decodeURIComponent(segments[0]!)) : undefined;
    if (found) {
      page = SLUG_PAGES[found.kind];
      entityId = found.entityId;
    }
  }
  const loaded = page ? await page.load({ db, channel, language, i18n, params, url, menu, entityId, now: c.var.now }) : null;
  if (!page || !loaded) return renderStatusPage(c, 404, menu);

  const alternates = match.kind === 'route' ? routeAlternates(c, match, loaded.routeParams) : slugAlternates(c, loaded.slugs ?? {});
  const body = createElement(page.component, { data: loaded.data });
  return render(c, 200, loaded.meta.title, body, storeValue(c, menu, alternates), { description: loaded.meta.description, canonical: !loaded.meta.noIndex });
}
