/**
 * Vite plugins shared by the client build, the Worker build and the test configs: Lingui macros
 * need a Babel pass (esbuild and oxc do not run them), and .po catalogs are imported directly.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';
import { utf8Length } from '../../worker/ssr/utf8-length.ts';

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

/**
 * React's Bun build (the page renderer, worker/ssr/page-stream.ts) counts the bytes of every
 * chunk it writes with `Buffer.byteLength`, a call into workerd's Node compatibility layer for
 * each tag, attribute and text: about a fifth of a page's render. The worker build counts them
 * in plain JavaScript instead (worker/ssr/utf8-length.ts, the same numbers). The build fails if
 * React's code no longer reads as expected, rather than silently keeping the slow count.
 */
export function reactByteLengthPlugin(): Plugin {
  const original = 'function byteLengthOfChunk(chunk) {\n  return Buffer.byteLength(chunk, "utf8");\n}';
  return {
    name: 'ampora:react-byte-length',
    transform(code, id) {
      if (!/react-dom-server\.bun\.production\.js$/.test(id)) return undefined;
      if (!code.includes(original)) throw new Error(`${id}: byteLengthOfChunk is not the Buffer.byteLength call reactByteLengthPlugin replaces`);
      const counted = utf8Length.toString().replace(/^function utf8Length\b/, 'function byteLengthOfChunk');
      return { code: code.replace(original, counted), map: null };
    },
  };
}
