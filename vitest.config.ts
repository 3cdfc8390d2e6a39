import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const chakra = path.dirname(require.resolve('@chakra-ui/react/package.json'));

export default defineConfig({
  // As web/vite.config.ts: the public design system imports Chakra's theme parts one by one.
  resolve: {
    alias: [{ find: /^@chakra-ui\/theme-parts\/(.*)$/, replacement: `${chakra}/dist/esm/theme/$1.js` }],
  },
  test: {
    include: ['api/**/*.test.ts', 'openapi/**/*.test.ts', 'web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
    globalSetup: ['api/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share one PostgreSQL server but each gets its own database.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
