/**
 * The HTML document every page is rendered into: head (title, description, canonical,
 * alternates, stylesheet, the island loader) and the layout shell.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LANGUAGE_INFO } from '../i18n/languages';
import { Footer } from './footer';
import { Header } from './header';
import { useStore } from './store-context';

export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute canonical URL; omitted on pages that must not be indexed. */
  canonical?: string;
  noIndex?: boolean;
}

export interface Assets {
  script?: string;
  styles: string[];
}

export function Document({ meta, assets, nonce, origin, children }: { meta: PageMeta; assets: Assets; nonce: string; origin: string; children: ReactNode }) {
  const { language, channel, alternates } = useStore();
  return (
    <html
      lang={LANGUAGE_INFO[language].tag}
      data-language={language}
      data-channel={channel.id}
      data-default-language={channel.defaultLanguage}
      data-languages={channel.languages.join(',')}
      data-toast-position={channel.toastPosition}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        {meta.description ? <meta name="description" content={meta.description} /> : null}
        {meta.noIndex ? <meta name="robots" content="noindex" /> : null}
        {meta.canonical ? <link rel="canonical" href={meta.canonical} /> : null}
        {Object.entries(alternates).map(([lang, path]) => (
          <link key={lang} rel="alternate" hrefLang={LANGUAGE_INFO[lang as keyof typeof LANGUAGE_INFO].tag} href={origin + path} />
        ))}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {assets.script ? <script type="module" src={assets.script} nonce={nonce} async /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          <Trans>Skip to main content</Trans>
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <div id="toast-region" className={`toast-region toast-region--${channel.toastPosition}`} aria-live="polite" />
      </body>
    </html>
  );
}
