import type { Page } from '@playwright/test';

/** Shared by the site's form specs (site-forms, site-contact-form, site-form-loading). */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Opens the page and waits until its requests have settled (which does not mean its islands have started). */
export async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}
