import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and integration tests; e2e runs in Playwright.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'tools/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
      'apps/*/bench/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
