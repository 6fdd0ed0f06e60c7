/**
 * Parts of every page that depend only on the channel, the language and the catalogue (the
 * category nav's ~1,000 elements), rendered to HTML once and reused: the page inserts the string
 * into the same wrapper element (client/components/category-nav.tsx), so the markup is the one a
 * full render gives. Kept per menu tree: the isolate shares one frozen tree per channel,
 * language and catalogue version (./menu.ts), so a new version brings a new tree and a new
 * rendering, and the old one goes with its tree. Nothing in these parts is per request (no
 * nonce, no island, no session).
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { CategoryList } from '../../client/components/category-nav';
import { StoreProvider, type StoreContextValue } from '../../client/components/store-context';
import type { MenuCategory } from '../../client/types';

const rendered = new WeakMap<readonly MenuCategory[], Map<string, string>>();

/** The category nav's content for the store's menu, language and channel. */
export function menuHtml(store: StoreContextValue, i18n: I18n): string {
  let byStore = rendered.get(store.menu);
  if (!byStore) rendered.set(store.menu, (byStore = new Map()));
  const { channel, language } = store;
  // Everything the links and labels depend on: the language and how the channel writes addresses.
  const key = `${channel.id}:${channel.defaultLanguage}:${channel.languages.join(',')}:${language}:${i18n.locale}`;
  let html = byStore.get(key);
  if (html === undefined) {
    html = renderToString(
      <I18nProvider i18n={i18n}>
        <StoreProvider value={store}>
          <CategoryList />
        </StoreProvider>
      </I18nProvider>,
    );
    byStore.set(key, html);
  }
  return html;
}
