// Plain vitest for pure functions (tests/unit), with the Lingui macro transform.
import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './scripts/vite/shared.ts';

export default defineConfig({
  plugins: linguiPlugins(),
  test: { include: ['tests/unit/**/*.test.{ts,tsx}'] },
});
