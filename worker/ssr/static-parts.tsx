/**
 * Parts of a page that depend only on shared data that does not change within a catalogue
 * version (the category nav's ~1,000 elements from the menu tree, a product card from its card
 * data), the language and the channel: rendered to HTML once, kept as UTF-8 bytes, and spliced
 * into the page's byte stream. React renders only a marker inside the part's wrapper
 * element (client/components/category-nav.tsx, product-bits.tsx `CardItem`) and the stream
 * replaces it with the bytes, so the markup is the one a full render gives and the part is
 * neither rendered nor encoded again.
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

const encoder = new TextEncoder();
const rendered = new WeakMap<object, Map<string, Uint8Array>>();
/** The parts each request's renderer handed out, by marker number. */
const handedOut = new WeakMap<FragmentRenderer, Uint8Array[]>();

/**
 * The marker: BEL, a token random per isolate (so no content can forge one), the part's number,
 * BEL. The control character is rare in a page, so the stream finds candidates with one native
 * search. The token is drawn at the first request (no random values at start-up).
 */
const BEL = 7;
let MARK_TEXT = '';
let MARK = new Uint8Array();
const MARK_END = new Uint8Array([BEL]);

function drawMark(): void {
  if (MARK_TEXT) return;
  MARK_TEXT = `\u0007part-${crypto.randomUUID()}:`;
  MARK = encoder.encode(MARK_TEXT);
}

/** The request's fragment renderer (the store's `fragment`): gives the marker of the part. */
export function fragmentRenderer(store: StoreContextValue, i18n: I18n): FragmentRenderer {
  const { channel, language } = store;
  // Everything such a part may depend on besides its key: the language and how the channel writes addresses.
  const scope = `${channel.id}:${channel.defaultLanguage}:${channel.languages.join(',')}:${language}:${i18n.locale}`;
  drawMark();
  const parts: Uint8Array[] = [];
  const renderer: FragmentRenderer = (key, variant, element: ReactElement) => {
    let byKey = rendered.get(key);
    if (!byKey) rendered.set(key, (byKey = new Map()));
    const name = `${scope}:${variant}`;
    let bytes = byKey.get(name);
    if (bytes === undefined) {
      const html = renderToString(
        <I18nProvider i18n={i18n}>
          <StoreProvider value={store}>{element}</StoreProvider>
        </I18nProvider>,
      );
      byKey.set(name, (bytes = encoder.encode(html)));
    }
    parts.push(bytes);
    return `${MARK_TEXT}${parts.length - 1}\u0007`;
  };
  handedOut.set(renderer, parts);
  return renderer;
}

/** Where `needle` starts in `bytes` at or after `from`, or -1. */
function find(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(needle[0]!, from); at !== -1 && at <= bytes.length - needle.length; at = bytes.indexOf(needle[0]!, at + 1)) {
    let i = 1;
    while (i < needle.length && bytes[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}

/** How many bytes at the end of `bytes` could be the start of a marker cut by the chunk's end. */
function partialMarker(bytes: Uint8Array): number {
  const at = bytes.lastIndexOf(BEL);
  if (at === -1 || bytes.length - at >= MARK.length) return 0;
  for (let i = 1; at + i < bytes.length; i++) if (bytes[at + i] !== MARK[i]) return 0;
  return bytes.length - at;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** The page's byte stream with each marker the renderer handed out replaced by its part; the stream as is without a renderer. */
export function withParts(stream: ReadableStream<Uint8Array>, renderer: FragmentRenderer | undefined): ReadableStream<Uint8Array> {
  const parts = renderer && handedOut.get(renderer);
  if (!parts) return stream;
  let carry: Uint8Array | undefined;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const bytes = carry ? concat(carry, chunk) : chunk;
        carry = undefined;
        let start = 0;
        for (;;) {
          const at = find(bytes, MARK, start);
          const end = at === -1 ? -1 : find(bytes, MARK_END, at + MARK.length);
          if (end === -1) {
            // No (whole) marker left: keep what may be the start of one for the next chunk.
            const keep = at === -1 ? partialMarker(bytes.subarray(start)) : bytes.length - at;
            if (bytes.length - keep > start) controller.enqueue(bytes.slice(start, bytes.length - keep));
            if (keep > 0) carry = bytes.slice(bytes.length - keep);
            return;
          }
          if (at > start) controller.enqueue(bytes.slice(start, at));
          const part = parts[Number(new TextDecoder().decode(bytes.subarray(at + MARK.length, end)))];
          // A copy: the runtime may take over (detach) the buffer of what is enqueued, and the part is shared.
          controller.enqueue(part ? part.slice() : bytes.slice(at, end + MARK_END.length));
          start = end + MARK_END.length;
        }
      },
      flush(controller) {
        if (carry) controller.enqueue(carry);
      },
    }),
  );
}
