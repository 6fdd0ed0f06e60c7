/**
 * Streams a page: React 19's streaming renderer (./page-stream.ts) with the request's nonce and abort signal.
 * A failure before the shell is sent turns into the error page with status 500; crawlers get
 * the whole document at once (`allReady`).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import manifest from 'virtual:client-manifest';
import { Document, type AlternateLink, type Assets, type DocumentHead, type PageMeta } from '../../client/components/document';
import { StoreProvider, type StoreContextValue } from '../../client/components/store-context';
import { ErrorPage } from '../../client/pages/status';
import { serializeJsonLd } from '../seo/json-ld';
import { renderPageStream, type PageStream } from './page-stream';

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** The hashed entry script and stylesheets of the client build. */
export function clientAssets(chunks: Record<string, ManifestChunk> = manifest as Record<string, ManifestChunk>): Assets {
  const entry = chunks['client/entry.client.ts'];
  if (!entry) return { styles: [] };
  return { script: `/${entry.file}`, styles: (entry.css ?? []).map((file) => `/${file}`) };
}

export interface RenderInput {
  status: number;
  meta: PageMeta;
  body: ReactNode;
  store: StoreContextValue;
  i18n: I18n;
  nonce: string;
  /** For search engines: the hreflang cluster and schema.org documents (worker/seo). */
  head?: { alternates?: AlternateLink[]; jsonLd?: object[] };
  /** Told about every render error, also those after the shell was sent (the edge cache must not keep such a page). */
  onError?: (error: unknown) => void;
  signal?: AbortSignal;
  /** Wait for every Suspense boundary before sending (crawlers, tests). */
  complete?: boolean;
  headers?: Record<string, string>;
}

const BOT = /bot|crawler|spider|slurp|bingpreview|facebookexternalhit|lighthouse/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && BOT.test(userAgent);
}

/** Documents as written, by object: a loader may give every request the same kept document (the product page's). */
const serializedDocuments = new WeakMap<object, string>();

function serialized(document: object): string {
  let text = serializedDocuments.get(document);
  if (text === undefined) serializedDocuments.set(document, (text = serializeJsonLd(document)));
  return text;
}

export async function renderDocument(input: RenderInput): Promise<Response> {
  const assets = clientAssets();
  const head: DocumentHead = { alternates: input.head?.alternates, jsonLd: input.head?.jsonLd?.map(serialized) };
  const tree = (meta: PageMeta, body: ReactNode, pageHead?: DocumentHead) => (
    <I18nProvider i18n={input.i18n}>
      <StoreProvider value={input.store}>
        <Document meta={meta} head={pageHead} assets={assets} nonce={input.nonce}>
          {body}
        </Document>
      </StoreProvider>
    </I18nProvider>
  );
  const options = {
    nonce: input.nonce,
    signal: input.signal,
    fragment: input.store.fragment,
    onError(error: unknown) {
      console.error('Page render error', error);
      input.onError?.(error);
    },
  };
  let status = input.status;
  let page: PageStream;
  try {
    page = await renderPageStream(tree(input.meta, input.body, head), options);
  } catch {
    status = 500;
    const meta = { title: input.i18n._(msg`Something went wrong`), noIndex: true };
    // The error page is nobody's translation and describes no product: no hreflang, no JSON-LD.
    page = await renderPageStream(tree(meta, <ErrorPage />), options);
  }
  if (input.complete) await page.allReady;
  return new Response(page.stream, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...input.headers },
  });
}
