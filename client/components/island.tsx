/**
 * Marks an interactive component: the server renders it inside a `data-island` wrapper, and
 * client/entry.client.ts hydrates it from its own chunk when its `hydrate` moment comes.
 */
import type { ComponentType } from 'react';
import { Part } from './part';

/**
 * When an island comes alive. `stored`: at once when this browser keeps something under its
 * `storageKey` (it has something to show), else at the first click on an element marked
 * `data-wakes-island="<name>"` anywhere in the page, which is held and replayed — so a page
 * loads no React for it until it is used.
 */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction' | 'stored';

export interface IslandProps<P extends object> {
  /** The file name in client/islands/ (without .tsx). */
  name: string;
  component: ComponentType<P>;
  props: P;
  hydrate?: HydrateOn;
  /** With `hydrate="stored"`: the browser-storage key whose presence means the island has something to show. */
  storageKey?: string;
  /**
   * When the props are fixed by shared data of the catalogue version (`of`, a memoized object)
   * and `variant`: the server renders the island once per such object, variant, language and
   * channel, as a pre-rendered part (worker/ssr/static-parts.tsx), instead of on every request.
   */
  part?: { of: object; variant: string };
}

export function Island<P extends object>({ name, component: Component, props, hydrate = 'interaction', storageKey, part }: IslandProps<P>) {
  const island = (
    <div className="island" data-island={name} data-hydrate={hydrate} data-storage-key={storageKey} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
  return part ? (
    <Part of={part.of} variant={`island:${name}:${hydrate}:${part.variant}`}>
      {island}
    </Part>
  ) : (
    island
  );
}
