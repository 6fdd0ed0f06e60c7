/**
 * Parts of a page that depend only on shared data that does not change within a catalogue
 * version (the category nav's ~1,000 elements from the menu tree, a product card from its card
 * data), the language and the channel: rendered to HTML once, kept as UTF-8 bytes, and spliced
 * into the page as it is sent. React renders only a marker inside the part's wrapper element
 * (client/components/category-nav.tsx, product-bits.tsx `CardItem`) and the page stream
 * (./page-stream.ts) puts the bytes in its place, so the markup is the one a full render gives
 * and the part is neither rendered nor encoded again.
 *
 * Kept per key object: the isolate shares one frozen menu tree per channel, language and
 * catalogue version (./menu.ts) and one listing result per query and version
 * (./version-memo.ts), so a new version brings new objects and new renderings, and the old ones
 * go with their objects. Nothing in these parts may be per request: no nonce (islands carry
 * none), no session, no clock. What a page works out per request from such data (a delivery
 * estimate from the clock, reviews read again) can key parts through `interned`, which gives the
 * same object for the same value while the data it comes from lives.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server.bun';
import { StoreProvider, type FragmentRenderer, type StoreContextValue } from '../../client/components/store-context';

const encoder = new TextEncoder();
const rendered = new WeakMap<object, Map<string, Uint8Array>>();
/** The parts each request's renderer handed out, by marker number. */
const handedOut = new WeakMap<FragmentRenderer, Uint8Array[]>();

/**
 * The marker: BEL, a token random per isolate (so no content can forge one), the part's number,
 * BEL. The token is drawn at the first request (no random values at start-up).
 */
const MARK_END = '\u0007';
let MARK_TEXT = '';

function drawMark(): void {
  if (!MARK_TEXT) MARK_TEXT = `${MARK_END}part-${crypto.randomUUID()}:`;
}

/**
 * A part without the preload links React puts before it for its eager images: those belong to
 * the page's head, where the page asks for them (client/components/product-gallery.tsx).
 */
function withoutHeadResources(html: string): string {
  return html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
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
      // A part inside this one is rendered with it: its marker would name this request's list.
      const html = withoutHeadResources(renderToString(
        <I18nProvider i18n={i18n}>
          <StoreProvider value={{ ...store, fragment: undefined }}>{element}</StoreProvider>
        </I18nProvider>,
      ));
      byKey.set(name, (bytes = encoder.encode(html)));
    }
    parts.push(bytes);
    return `${MARK_TEXT}${parts.length - 1}${MARK_END}`;
  };
  handedOut.set(renderer, parts);
  return renderer;
}

/** Values kept per owners by `interned`; past this many, the first kept goes. */
const INTERNED_PER_OWNER = 8;

/** `interned`'s values under a chain of owners: the values of this chain, and the chains one owner longer. */
interface InternedNode {
  values: Map<string, object>;
  next: WeakMap<object, InternedNode>;
}
const internedRoots = new WeakMap<object, InternedNode>();

/**
 * The object `make()` gave with `owners` for a `variant` with the same JSON, else a new one, kept
 * from now on: a key for parts showing what a page works out on every request (`variant`: a
 * delivery estimate from the clock) beside data memoized in `owners` (the product's kept
 * catalogue data, its kept reviews), so that they are rendered once per different variant while
 * the owners live, not once per request. Owners are told apart by identity, the variant by its
 * JSON (keep it small). What the parts show must come from the object and depend on nothing but
 * the owners and `variant`.
 */
export function interned<T extends object>(owners: readonly [object, ...object[]], variant: unknown, make: () => T): T {
  let level = internedRoots;
  let node: InternedNode | undefined;
  for (const owner of owners) {
    node = level.get(owner);
    if (!node) level.set(owner, (node = { values: new Map(), next: new WeakMap() }));
    level = node.next;
  }
  const { values } = node!;
  const json = JSON.stringify(variant);
  let value = values.get(json) as T | undefined;
  if (value) return value;
  values.set(json, (value = make()));
  if (values.size > INTERNED_PER_OWNER) values.delete(values.keys().next().value!);
  return value;
}

/** A piece of a page as sent: text still to be encoded, or a part's UTF-8 bytes. */
export type PagePiece = string | Uint8Array;

/**
 * Page text split at the markers `renderer` handed out: the text between them and each
 * marker's part, in order. A marker cut by the end of `text` (the rest of it still to be
 * written) comes back as `rest`, to be put before the next text.
 */
export function splitAtParts(text: string, renderer: FragmentRenderer | undefined): { pieces: PagePiece[]; rest: string } {
  const parts = renderer && handedOut.get(renderer);
  if (!parts) return { pieces: [text], rest: '' };
  const pieces: PagePiece[] = [];
  const push = (piece: PagePiece) => piece.length > 0 && pieces.push(piece);
  let start = 0;
  for (;;) {
    const at = text.indexOf(MARK_TEXT, start);
    const end = at === -1 ? -1 : text.indexOf(MARK_END, at + MARK_TEXT.length);
    if (end === -1) {
      // No whole marker left: keep what may be the start of one.
      const bell = at === -1 ? text.lastIndexOf(MARK_END) : at;
      const keep = bell >= start && MARK_TEXT.startsWith(text.slice(bell, bell + MARK_TEXT.length)) ? text.length - bell : 0;
      push(text.slice(start, text.length - keep));
      return { pieces, rest: text.slice(text.length - keep) };
    }
    push(text.slice(start, at));
    pieces.push(parts[Number(text.slice(at + MARK_TEXT.length, end))] ?? text.slice(at, end + 1));
    start = end + 1;
  }
}
