import { existsSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { swipe } from './tests/component/commands.ts';

// The system's Chromium where there is one (this repository's machines cannot download Playwright's);
// elsewhere the one `npx playwright install chromium` puts in Playwright's cache.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  test: {
    // No test is run again after it fails: a flake is a defect (docs/testing.md#repeating-a-file).
    retry: 0,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'api/**/*.test.ts',
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
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-quic',
                  '--no-first-run',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                ],
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
