import { existsSync } from 'node:fs';

/**
 * Debian's Chromium when the machine has it (this repository's machines cannot download
 * Playwright's); undefined elsewhere, where Playwright's own (`npx playwright install chromium`) runs.
 */
export const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** The flags every Chromium of the tests and benchmarks starts with. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
