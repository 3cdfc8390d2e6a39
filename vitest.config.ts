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
    // No test is run again after it fails: a flake is a defect (docs/testing.md#repeating-a-file).
    retry: 0,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share one PostgreSQL server but each gets its own database.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
