// Builds the browser side: the tiny island loader, one chunk per island, one per catalog.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiPlugins } from './scripts/vite/shared.ts';

export default defineConfig({
  plugins: [...linguiPlugins(), react()],
  publicDir: 'client/public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: { input: { entry: 'client/entry.client.ts' } },
  },
});
