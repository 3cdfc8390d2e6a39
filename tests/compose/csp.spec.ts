import { expect, test, type Page } from '@playwright/test';
import { adminPassword } from '../../playwright.config.ts';
import { siteMap } from '../e2e/site-routes.ts';

const routes = [...siteMap.pages, ...siteMap.unlisted, siteMap.shell];

/** Everything the page reports: CSP violations (from the DOM event) and console errors. */
async function watch(page: Page) {
  const violations: string[] = [];
  const errors: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  page.on('console', (msg) => {
    // The browser logs every 4xx it is given; the ones a test expects are checked by status instead.
    if (msg.type() === 'error' && !/status of (401|404)\b/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { violations, errors };
}

test('no page breaks the Content-Security-Policy or logs an error', async ({ page }) => {
  const seen = await watch(page);
  for (const route of routes) {
    const res = await page.goto(route);
    expect(res?.status(), route).toBe(200);
    expect(res?.headers()['content-security-policy'], route).toContain("frame-ancestors 'none'");
    await page.waitForLoadState('networkidle');
  }
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  expect(seen.violations).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('a form submitted through nginx runs its scripts within the policy', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').fill('CSP Check');
  await form.getByLabel('Email *').fill('csp@example.com');
  await form.getByLabel('Message *').fill('Checking the policy end to end.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  expect(seen.violations).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('the admin desk signs in and loads within the policy', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/admin');
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Logged in as: admin')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.violations).toEqual([]);
  expect(seen.errors).toEqual([]);
});
