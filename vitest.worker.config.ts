// Worker tests: the real Worker in workerd through @cloudflare/vitest-plugin, with D1 migrated
// and seeded by tests/worker/setup.ts.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { clientManifestPlugin, linguiPlugins } from './scripts/vite/shared.ts';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    plugins: [
      ...linguiPlugins(),
      react(),
      clientManifestPlugin(),
      cloudflareTest({
        main: './worker/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.{ts,tsx}'],
      setupFiles: ['./tests/worker/setup.ts'],
      // Identity tests hash passwords (PBKDF2, 100,000 iterations) several times per test.
      testTimeout: 20_000,
    },
  };
});
