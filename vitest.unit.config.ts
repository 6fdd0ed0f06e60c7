// Plain vitest for pure functions (tests/unit), with the Lingui macro transform.
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/vite/shared.ts';

export default defineConfig({
  plugins: linguiPlugins(),
  // A file per core (vitest's default in a run is one fewer: half the machine on two cores).
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'], maxWorkers: '100%' },
});
