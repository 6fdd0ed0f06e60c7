/**
 * The HTML document every page is rendered into: head (title, description, robots, canonical,
 * hreflang alternates, JSON-LD, stylesheet, the island loader) and the layout shell.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LANGUAGE_INFO } from '../i18n/languages';
import { Footer } from './footer';
import { Header } from './header';
import { href } from '../routes';
import { useStore } from './store-context';

export interface PageMeta {
  title: string;
  description?: string;
  /** Absolute canonical URL; omitted on pages that must not be indexed. */
  canonical?: string;
  noIndex?: boolean;
}

/** One `<link rel="alternate" hreflang>` of the head: absolute URL (worker/seo/hreflang.ts builds them). */
export interface AlternateLink {
  hreflang: string;
  href: string;
}

/** What the head carries for search engines besides the meta. */
export interface DocumentHead {
  /** The page on every channel × language, plus x-default. */
  alternates?: AlternateLink[];
  /** schema.org documents, already serialized and escaped (worker/seo/json-ld.ts `serializeJsonLd`). */
  jsonLd?: string[];
}

export interface Assets {
  script?: string;
  styles: string[];
}

export function Document({ meta, head = {}, assets, nonce, children }: { meta: PageMeta; head?: DocumentHead; assets: Assets; nonce: string; children: ReactNode }) {
  // The store's `alternates` are the in-channel language switcher's; the head lists every channel.
  const { language, channel } = useStore();
  return (
    <html
      lang={LANGUAGE_INFO[language].tag}
      data-language={language}
      data-channel={channel.id}
      data-default-language={channel.defaultLanguage}
      data-languages={channel.languages.join(',')}
      data-toast-position={channel.toastPosition}
      data-login-path={href('login', language, channel)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        {meta.description ? <meta name="description" content={meta.description} /> : null}
        {meta.noIndex ? <meta name="robots" content="noindex,follow" /> : null}
        {meta.canonical ? <link rel="canonical" href={meta.canonical} /> : null}
        {(head.alternates ?? []).map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
        {(head.jsonLd ?? []).map((json, index) => (
          <script key={index} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
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
