import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api/**/*.test.ts',
      'openapi/**/*.test.ts',
      'tests/compose/*.test.ts',
      'web/src/**/*.test.ts',
      'web/src/**/*.test.tsx',
    ],
    globalSetup: ['api/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share one PostgreSQL server but each gets its own database.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
