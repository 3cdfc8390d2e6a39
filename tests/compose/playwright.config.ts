// The browser checks that only make sense through nginx (run by tests/compose/run.sh with BASE_URL).
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  // Not the shared test-results/: a concurrent `npm test` empties that folder when it starts.
  outputDir: process.env.COMPOSE_TEST_OUTPUT ?? path.join(os.tmpdir(), 'lead-desk-compose-results'),
  webServer: undefined,
  // Nothing here starts a server of its own, so no PostgreSQL for one (tests/e2e/global-setup.ts).
  globalSetup: undefined,
  projects: base.projects?.filter((p) => p.name === 'desktop'),
});
