/**
 * Markup rendered once on the server and spliced into every page that shows it
 * (worker/ssr/static-parts.tsx): once per key object `of`, `variant`, language and channel.
 * Only for markup that depends on nothing else (no request, session, clock or nonce). React
 * renders the part's marker as text in its place, so a part needs no wrapper element of its
 * own; in the browser, and on the server without a part renderer, the children render as usual.
 */
import type { ReactElement } from 'react';
import { useFragment } from './store-context';

export function Part({ of, variant, children }: { of: object; variant: string; children: ReactElement }) {
  const fragment = useFragment();
  return fragment ? <>{fragment(of, variant, children)}</> : children;
}

/** The key of the parts that depend on the language and channel alone (the header's and footer's fixed markup). */
export const CHROME = Object.freeze({});
