/**
 * Loaded only when the first island needs it: React, the page's catalog and the island's own
 * chunk, then hydration of the server-rendered markup.
 */
import type { I18n, Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Component as ReactComponent, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createI18n } from './i18n/i18n';
import { isLanguage, type Language } from './i18n/languages';
import { StoreProvider, type StoreContextValue } from './components/store-context';
import { pendingInput, replayInput } from './hydration-input';
import { setToastI18n } from './toast';

const ISLANDS = import.meta.glob<{ default: ComponentType<object> }>('./islands/*.tsx');
const CATALOGS = import.meta.glob<{ messages: Messages }>('../locales/*/messages.po');

let i18nPromise: Promise<I18n> | undefined;

function pageI18n(): Promise<I18n> {
  i18nPromise ??= (async () => {
    const declared = document.documentElement.dataset.language;
    const language = isLanguage(declared) ? declared : 'en_EN';
    const { messages } = await CATALOGS[`../locales/${language}/messages.po`]!();
    const i18n = createI18n(language, messages);
    setToastI18n(i18n);
    return i18n;
  })();
  return i18nPromise;
}

/** Keeps a failing island from taking the page down: its server-rendered markup stays. */
class IslandBoundary extends ReactComponent<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`Island "${this.props.name}" failed`, error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The store context an island sees, read from the attributes the server put on <html>: the
 * same channel and language facts server components use, so shared components work in islands.
 */
function islandStore(): StoreContextValue {
  const data = document.documentElement.dataset;
  const language = (isLanguage(data.language) ? data.language : 'en_EN') as Language;
  const defaultLanguage = (isLanguage(data.defaultLanguage) ? data.defaultLanguage : language) as Language;
  return {
    channel: {
      id: data.channel ?? '',
      defaultLanguage,
      languages: (data.languages ?? language).split(',').filter(isLanguage),
      domainExtension: (data.channel ?? '').toLowerCase(),
      toastPosition: data.toastPosition === 'top' ? 'top' : 'bottom',
    },
    language,
    menu: [],
    alternates: {},
    currentPath: location.pathname + location.search,
  };
}

/**
 * Resolves once the island is committed, after handing it what the visitor typed, ticked or
 * chose before hydration (client/hydration-input.ts). The fields are read at commit, before
 * any later render could reset them, and replayed just after React's work, before any other
 * event can arrive.
 */
function Hydrated({ children, root, onDone }: { children: ReactNode; root: HTMLElement; onDone: () => void }) {
  useLayoutEffect(() => {
    // Committed: the handlers are live, so the loader stops holding clicks (the replayed ones too).
    root.dataset.hydrated = 'true';
    const pending = pendingInput(root);
    if (pending.length > 0) queueMicrotask(() => replayInput(pending));
  }, [root]);
  useEffect(() => queueMicrotask(onDone), [onDone]);
  return children;
}

/** Hydrates one island; resolves once React has committed it (its handlers are live). */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = ISLANDS[`./islands/${name}.tsx`];
  if (!load) throw new Error(`Unknown island "${name}"`);
  const [module, i18n] = await Promise.all([load(), pageI18n()]);
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const Component = module.default;
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <Hydrated root={element} onDone={resolve}>
        <IslandBoundary name={name}>
          <I18nProvider i18n={i18n}>
            <StoreProvider value={islandStore()}>
              <Component {...props} />
            </StoreProvider>
          </I18nProvider>
        </IslandBoundary>
      </Hydrated>,
    );
  });
}
