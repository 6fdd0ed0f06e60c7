// Plain vitest for pure functions (tests/unit), with the Lingui macro transform.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/vite/shared.ts';

export default defineConfig({
  plugins: linguiPlugins(),
  // A file per core (vitest's default leaves one core idle, half the machine on two cores).
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'], maxWorkers: availableParallelism() },
});
