// End-to-end tests in Debian's Chromium against `wrangler dev` serving the built Worker with
// its own seeded local database (tests/e2e/server.mjs), on the channel hosts *.localhost.
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Islands load React on first use; on a busy two-core machine that can take a few seconds.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://es.localhost:${E2E_PORT}`,
    trace: 'off',
    // A step that cannot happen fails where it is, not at the end of the test's time.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node tests/e2e/server.mjs ${E2E_PORT}`,
    cwd: '../..',
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
