// Builds the Worker (server rendering included) into dist/worker/index.js, which wrangler serves.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserOnlyPlugin, clientManifestPlugin, linguiPlugins, reactByteLengthPlugin } from './scripts/vite/shared.ts';

export default defineConfig({
  plugins: [browserOnlyPlugin(), ...linguiPlugins(), react(), clientManifestPlugin(), reactByteLengthPlugin()],
  publicDir: false,
  resolve: { conditions: ['workerd', 'worker', 'browser', 'import', 'default'] },
  ssr: {
    target: 'webworker',
    noExternal: true,
    resolve: { conditions: ['workerd', 'worker', 'browser', 'import', 'default'], externalConditions: ['workerd', 'worker'] },
  },
  build: {
    ssr: 'worker/index.ts',
    outDir: 'dist/worker',
    emptyOutDir: true,
    target: 'es2023',
    minify: false,
    rollupOptions: {
      external: [/^cloudflare:/, /^node:/],
      output: { entryFileNames: 'index.js', format: 'es' },
    },
  },
});
