import { defineConfig } from 'vitest/config';

// This package's unit (src/) and integration (test/) suites: `npx vitest run --root packages/media`.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
