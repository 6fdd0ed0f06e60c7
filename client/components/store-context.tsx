/**
 * What every server-rendered component may know about the request: channel, language, the
 * menu and the same page's address in the other languages. Islands get the parts they need
 * as props instead (they hydrate alone).
 */
import { createContext, useContext, type ReactElement } from 'react';
import type { Language } from '../i18n/languages';
import { href, type RouteId, type RouteParams, type RoutingChannel } from '../routes';
import type { MenuCategory } from '../types';

export interface StoreChannel extends RoutingChannel {
  id: string;
  domainExtension: string;
  toastPosition: 'bottom' | 'top';
}

export interface StoreLink {
  id: string;
  languages: { language: Language; href: string }[];
}

export interface StoreContextValue {
  channel: StoreChannel;
  language: Language;
  menu: MenuCategory[];
  /** This page in each offered language (absent: the page has no version in that language). */
  alternates: Partial<Record<Language, string>>;
  /**
   * Every store (channel) with each language it offers: the same page where it has a version
   * there, else that store's home; paths on the request's channel, absolute URLs on the others
   * (the store selector of header and footer).
   */
  stores?: StoreLink[];
  /** Path and query of the current request. */
  currentPath: string;
  /**
   * The signed-in customer's unread inbox messages: set only on personal pages (never cached),
   * absent on the pages that are the same for everyone (docs/account.md "Inbox").
   */
  inboxUnread?: number;
  /**
   * On the server: renders `element` to HTML once per `key` object and `variant` (and the
   * request's language and channel) and gives the same string again after that
   * (worker/ssr/static-parts.tsx). For parts that depend only on shared, unchanging data (the
   * menu tree, a product card of the catalogue version): nothing per request, no nonce. Absent
   * in the browser: such parts render as usual.
   */
  fragment?: FragmentRenderer;
}

export type FragmentRenderer = (key: object, variant: string, element: ReactElement) => string;

const StoreContext = createContext<StoreContextValue | null>(null);

export const StoreProvider = StoreContext.Provider;

export function useStore(): StoreContextValue {
  const value = useContext(StoreContext);
  if (!value) throw new Error('useStore() outside a StoreProvider');
  return value;
}

/** The server's part renderer, if any (none in the browser, nor outside a store: an island's own render). */
export function useFragment(): FragmentRenderer | undefined {
  return useContext(StoreContext)?.fragment;
}

/** A link builder bound to the request's language and channel. */
export function useHref(): (id: RouteId, params?: RouteParams) => string {
  const { language, channel } = useStore();
  return (id, params) => href(id, language, channel, params);
}
