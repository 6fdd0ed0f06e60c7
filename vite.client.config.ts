// Builds the browser side: the tiny island loader, one chunk per island, one per catalog.
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { linguiPlugins } from './scripts/vite/shared.ts';

/** The API reference's script (/api/docs), served from our own assets: hashed, and listed in the manifest under SCALAR_BUNDLE. */
function scalarBundlePlugin(): Plugin {
  const source = 'node_modules/@scalar/api-reference/dist/browser/standalone.js';
  return {
    name: 'ampora:scalar-bundle',
    generateBundle() {
      const file = createRequire(import.meta.url).resolve('@scalar/api-reference').replace(/dist\/.*$/, 'dist/browser/standalone.js');
      this.emitFile({ type: 'asset', name: 'scalar-standalone.js', originalFileName: source, source: readFileSync(file) });
    },
  };
}

export default defineConfig({
  plugins: [...linguiPlugins(), react(), scalarBundlePlugin()],
  publicDir: 'client/public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: { entry: 'client/entry.client.ts' } },
  },
});
