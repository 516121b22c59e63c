import { defineConfig } from 'vitest/config';

// Unit and integration tests. Browser tests live in test/e2e (Playwright), not here.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/e2e-electron/**', 'node_modules/**'],
    // One temporary folder per run, removed at its end (test/global-temp-dir.ts).
    globalSetup: ['test/global-temp-dir.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
