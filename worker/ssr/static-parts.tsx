/**
 * Parts of a page that depend only on shared data that does not change within a catalogue
 * version (the category nav's ~1,000 elements from the menu tree, a product card from its card
 * data), the language and the channel: rendered to HTML once and reused. The page inserts the
 * string into the same wrapper element (client/components/category-nav.tsx, product-bits.tsx
 * `CardItem`), so the markup is the one a full render gives.
 *
 * Kept per key object: the isolate shares one frozen menu tree per channel, language and
 * catalogue version (./menu.ts) and one listing result per query and version
 * (./version-memo.ts), so a new version brings new objects and new renderings, and the old ones
 * go with their objects. Nothing in these parts may be per request: no nonce (islands carry
 * none), no session, no clock.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StoreProvider, type FragmentRenderer, type StoreContextValue } from '../../client/components/store-context';

const rendered = new WeakMap<object, Map<string, string>>();

/** The request's fragment renderer (the store's `fragment`). */
export function fragmentRenderer(store: StoreContextValue, i18n: I18n): FragmentRenderer {
  const { channel, language } = store;
  // Everything such a part may depend on besides its key: the language and how the channel writes addresses.
  const scope = `${channel.id}:${channel.defaultLanguage}:${channel.languages.join(',')}:${language}:${i18n.locale}`;
  return (key: object, variant: string, element: ReactElement) => {
    let byKey = rendered.get(key);
    if (!byKey) rendered.set(key, (byKey = new Map()));
    const name = `${scope}:${variant}`;
    let html = byKey.get(name);
    if (html === undefined) {
      html = renderToString(
        <I18nProvider i18n={i18n}>
          <StoreProvider value={store}>{element}</StoreProvider>
        </I18nProvider>,
      );
      byKey.set(name, html);
    }
    return html;
  };
}
