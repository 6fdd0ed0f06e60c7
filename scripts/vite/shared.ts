/**
 * Vite plugins shared by the client build, the Worker build and the test configs: Lingui macros
 * need a Babel pass (esbuild and oxc do not run them), and .po catalogs are imported directly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';

export function linguiPlugins(): Plugin[] {
  return [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }) as unknown as Plugin, ...(lingui() as unknown as Plugin[])];
}

export const CLIENT_MANIFEST_PATH = resolve(import.meta.dirname, '../../dist/client/.vite/manifest.json');

/**
 * `virtual:client-manifest`: the client build's manifest, so the Worker can link the hashed
 * entry script and stylesheet. Empty when the client has not been built (worker unit tests).
 */
export function clientManifestPlugin(): Plugin {
  const id = 'virtual:client-manifest';
  return {
    name: 'ampora:client-manifest',
    resolveId: (source) => (source === id ? '\0' + id : undefined),
    load(source) {
      if (source !== '\0' + id) return undefined;
      const manifest = existsSync(CLIENT_MANIFEST_PATH) ? readFileSync(CLIENT_MANIFEST_PATH, 'utf8') : '{}';
      return `export default ${manifest};`;
    },
  };
}

/**
 * The card provider's browser library (adyen-web) in the Worker: the card form imports it
 * dynamically, from an effect, so server rendering never runs it — but a single-file Worker
 * build would inline its ~1 MB. Here it resolves to a module whose every export fails loudly if
 * anything on the server ever calls it, and its stylesheet to nothing.
 */
export function browserOnlyPlugin(): Plugin {
  const prefix = '\0browser-only:';
  return {
    name: 'ampora:browser-only',
    enforce: 'pre',
    // A stylesheet becomes an empty module without the .css ending, so no CSS pipeline sees it.
    resolveId: (source) => (source === '@adyen/adyen-web' || source.startsWith('@adyen/adyen-web/') ? prefix + source.replace(/\.css$/, '') : undefined),
    load(id) {
      if (!id.startsWith(prefix)) return undefined;
      if (id.includes('/styles/')) return 'export {};';
      const fail = `() => { throw new Error('${id.slice(prefix.length)} runs in the browser only'); }`;
      return ['AdyenCheckout', 'Card', 'GooglePay', 'ApplePay'].map((name) => `export const ${name} = ${fail};`).join('\n');
    },
  };
}
