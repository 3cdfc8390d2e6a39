import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumArgs, systemChromium } from './tests/chromium.ts';
import { swipe } from './tests/component/commands.ts';
import { ProcessesFirst } from './tests/vitest-sequencer.ts';

export default defineConfig({
  test: {
    // No test is run again after it fails: a flake is a defect (docs/testing.md#repeating-a-file).
    retry: 0,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    // Three files at once on two cores: the files that wait on processes of their own, which start
    // first (tests/vitest-sequencer.ts), leave a core idle much of their time.
    maxWorkers: 3,
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // A worker's files share its modules instead of importing the API afresh each (about 2 s
          // of a core per file): a file sets the module state it relies on itself
          // (docs/testing.md#shared-modules).
          isolate: false,
          include: [
            'api/**/*.test.ts',
            'bench/**/*.test.ts',
            'openapi/**/*.test.ts',
            'tests/compose/*.test.ts',
            'web/src/**/*.test.ts',
            'web/src/**/*.test.tsx',
          ],
          exclude: [...configDefaults.exclude, 'web/src/**/*.browser.test.tsx'],
          globalSetup: ['api/test/global-setup.ts'],
          // Files share one PostgreSQL server but each gets its own database.
        },
      },
      {
        // Component tests: what lives in the browser alone (a form's messages, notices and their
        // timing), rendered in a real Chromium without a server (docs/testing.md#component-tests).
        extends: true,
        test: {
          name: 'browser',
          include: ['web/src/**/*.browser.test.tsx'],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              // The copy buttons' tests read what was copied.
              contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
              launchOptions: {
                ...(systemChromium ? { executablePath: systemChromium } : {}),
                args: chromiumArgs,
              },
            }),
            instances: [{ browser: 'chromium' }],
            commands: { swipe },
          },
        },
      },
    ],
  },
});
