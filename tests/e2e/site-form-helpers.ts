import type { Page } from '@playwright/test';
import { expectFormsEnhanced, expectStarted } from './fixtures.ts';

/** Shared by the site's form specs (site-forms, site-contact-form, site-form-loading). */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Opens the page and waits until it has started (its forms are plain forms until used). */
export async function ready(page: Page, path: string) {
  await page.goto(path);
  await expectStarted(page);
}

/** Opens the page, started, its forms taken over by their code (docs/web.md#islands). */
export async function readyToUse(page: Page, path: string) {
  await ready(page, path);
  await expectFormsEnhanced(page);
}

/**
 * Holds the page's entry module until `release()`: until then only the page's markup and its
 * inline script exist, none of its listeners (docs/web.md#used-before-start).
 */
export async function holdEntryModule(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
