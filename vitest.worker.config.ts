// Worker tests: the real Worker in workerd through @cloudflare/vitest-plugin, with D1 migrated
// and seeded by tests/worker/setup.ts, and the Adyen sandbox on a free port
// (tests/worker/adyen-sandbox-setup.ts) as the Worker's Checkout API, and the other providers'
// sandbox (tests/worker/gateways-sandbox-setup.ts) on another, every adapter pointed at it.
import { createServer } from 'node:net';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { clientManifestPlugin, linguiPlugins } from './scripts/vite/shared.ts';
import { gatewaySandboxVars } from './scripts/sandboxes/gateways/vars.mjs';

/** A port nothing listens on now (the sandbox takes it in the global set-up). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  // Chosen once: the config may be evaluated again in this process, and the global set-up reads it.
  process.env.ADYEN_TEST_SANDBOX_PORT ??= String(await freePort());
  process.env.GATEWAYS_TEST_SANDBOX_PORT ??= String(await freePort());
  const adyenBase = `http://127.0.0.1:${process.env.ADYEN_TEST_SANDBOX_PORT}`;
  const gatewaysBase = `http://127.0.0.1:${process.env.GATEWAYS_TEST_SANDBOX_PORT}`;
  return {
    plugins: [
      ...linguiPlugins(),
      react(),
      clientManifestPlugin(),
      cloudflareTest({
        main: './worker/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ADYEN_API_BASE_URL: `${adyenBase}/checkout`, ADYEN_SANDBOX_URL: adyenBase, GATEWAYS_SANDBOX_URL: gatewaysBase, ...gatewaySandboxVars(gatewaysBase) } },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.{ts,tsx}'],
      setupFiles: ['./tests/worker/setup.ts'],
      globalSetup: ['./tests/worker/adyen-sandbox-setup.ts', './tests/worker/gateways-sandbox-setup.ts'],
      // The one JSON line every answered request logs (worker/http/observability.ts) would bury the
      // output; those of 5xx answers and every other log still show. tests/worker/observability.test.ts spies on them.
      onConsoleLog: (log: string) => !/^\{"level":"(info|warn)","requestId"/.test(log),
      // A file per core (vitest's default in a run is one fewer: half the machine on two cores).
      maxWorkers: '100%',
      // Identity tests hash passwords (PBKDF2, 100,000 iterations) several times per test.
      testTimeout: 20_000,
    },
  };
});
