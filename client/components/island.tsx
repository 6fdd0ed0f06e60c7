/**
 * Marks an interactive component: the server renders it inside a `data-island` wrapper, and
 * client/entry.client.ts hydrates it from its own chunk when its `hydrate` moment comes.
 */
import type { ComponentType } from 'react';

export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction';

export interface IslandProps<P extends object> {
  /** The file name in client/islands/ (without .tsx). */
  name: string;
  component: ComponentType<P>;
  props: P;
  hydrate?: HydrateOn;
}

export function Island<P extends object>({ name, component: Component, props, hydrate = 'interaction' }: IslandProps<P>) {
  return (
    <div className="island" data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
