/**
 * What a page is: a lazily imported component plus a loader that reads its data and says "not
 * found" by returning null. Each area of the store keeps its pages in a file of this folder.
 */
import type { I18n } from '@lingui/core';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageMeta } from '../../../client/components/document';
import type { Language } from '../../../client/i18n/languages';
import type { RouteParams } from '../../../client/routes';
import type { MenuCategory } from '../../../client/types';
import type { Channel } from '../../channel/channels';
import type { Db } from '../../db/client';
import type { AppContext } from '../../http/context';
import { ERRORS } from '../../http/errors';
import type { UserRow } from '../../identity/session';

export interface LoadContext {
  db: Db;
  channel: Channel;
  language: Language;
  i18n: I18n;
  params: RouteParams;
  url: URL;
  menu: MenuCategory[];
  /** The entity the dynamic resolver found, for slug pages. */
  entityId?: number;
  /** The request's clock (tests inject one). */
  now: Date;
  /** The signed-in user, looked up only for pages with an `access` rule (others are shared and cacheable). */
  user: UserRow | null;
  /** The request itself, for personal pages (`access` set) that read its session or cart. */
  http: AppContext;
  /** The Worker's bindings (secrets such as PREVIEW_SECRET). */
  env: Env;
}

export interface Loaded<D> {
  data: D;
  meta: Omit<PageMeta, 'canonical'>;
  /** The page's slug per language when its address is a slug (the language switcher uses it). */
  slugs?: Partial<Record<Language, string>>;
  /** For a route page whose parameters are translated (a blog post's slug): its parameters per language. */
  routeParams?: Partial<Record<Language, RouteParams>>;
  /** schema.org documents to embed as JSON-LD. */
  jsonLd?: object[];
  /** The trail to this page, root first, paths on the request's channel; rendered as a BreadcrumbList. */
  breadcrumbs?: { name: string; path: string }[];
  /** Extra response headers (a preview must not be stored anywhere). */
  headers?: Record<string, string>;
  /** When what the page shows next changes by the clock (a banner ends): the edge keeps no copy past it. */
  cacheUntil?: Date | null;
  /** The articles whose price or availability the page shows: a catalogue update of one retires its cached copies. */
  articles?: Iterable<number>;
}

export interface PageDefinition<D> {
  /**
   * Who the page is for: 'user' needs a session (anonymous visitors go to login and come back);
   * 'visitor' is a sign-in screen (a signed-in person goes on to `next` or the account);
   * 'anyone' is open to all but personal (the basket). Any of them: never cached.
   */
  access?: 'user' | 'visitor' | 'anyone';
  component: LazyExoticComponent<ComponentType<{ data: D }>>;
  /**
   * The page's data; null is "not found"; `redirect` sends the visitor elsewhere (302);
   * `response` answers as it is (a file download such as an invoice PDF, worker/ssr/pages/account-documents.tsx).
   */
  load(context: LoadContext): Promise<Loaded<D> | { redirect: string } | { response: Response } | null>;
}

export function definePage<D>(page: PageDefinition<D>): PageDefinition<unknown> {
  return page as unknown as PageDefinition<unknown>;
}

/**
 * The message, in the page's language, of the catalogue code a form sent without script came back
 * with (`?error=CODE`, or `param`); null without one, or for a code the catalogue does not know.
 */
export function formRefusal(url: URL, i18n: I18n, param = 'error'): string | null {
  const code = url.searchParams.get(param);
  const entry = code ? Object.values(ERRORS).find((e) => String(e.code) === code) : undefined;
  return entry ? i18n._(entry.message) : null;
}

/** `?page=N`, clamped to a sane positive integer. */
export function pageNumber(url: URL): number {
  const value = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 10_000) : 1;
}

