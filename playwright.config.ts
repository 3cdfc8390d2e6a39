import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, systemChromium } from './tests/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const external = process.env.BASE_URL;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-Passw0rd!';

export default defineConfig({
  testDir: 'tests/e2e',
  // Specs that need what scripts/e2e-server.mjs sets up (its accounts) run only against it.
  testIgnore: external ? ['**/*.own-server.spec.ts'] : [],
  // Both cores: files run side by side, each file's tests in order in one worker. What every test
  // shares on the server is kept apart by the projects below (docs/testing.md#browser-tests).
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A flake is a defect, found with `npm run test:repeat` (docs/testing.md#repeating-a-file).
  retries: 0,
  // A test's own budget; each expectation has 10 s of its own. The longest walks (several people
  // signing in, each password a 128 MiB scrypt hash on the API's lowest-priority thread) took 45 s
  // on a slow machine, its 2 cores shared with the other worker's file: they get twice that.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    // A trace of each failed test, locally (`npx playwright show-trace`). Under CI none is
    // recorded: a run there keeps its log only, and recording every test's trace to throw it away
    // cost the browsers about a fifth of their work.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: chromiumArgs,
    },
  },
  // desktop: every test. mobile: at a phone's width and with touch, only the tests tagged @mobile,
  // for what differs there (the layout, the small-screen menu, touch). Tests that read or change what
  // every test shares on a server have one of their own (docs/testing.md#a-server-of-a-workers-own).
  projects: [
    { name: 'desktop', use: desktop },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 740 },
        isMobile: false,
        hasTouch: true,
      },
      grep: /@mobile/,
    },
  ],
  // The run's one PostgreSQL, for the servers the specs start (docs/testing.md#one-postgresql).
  globalSetup: './tests/e2e/global-setup.ts',
  webServer: external
    ? undefined
    : {
        command: 'node --import tsx scripts/e2e-server.mjs',
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 240_000,
        // Under CI a server already on the port is an error, except the one `npm run test:repeat`
        // started for all its runs (scripts/test-repeat.mjs).
        reuseExistingServer: !process.env.CI || process.env.E2E_REUSE_SERVER === '1',
        stdout: 'ignore',
        stderr: 'pipe',
        // A signal its servers end on, so that it stops the PostgreSQL and removes their folders.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
        env: { E2E_PORT: String(port), E2E_ADMIN_PASSWORD: adminPassword },
      },
});
