import { expect, test } from '@playwright/test';
import { expandedState, expectNoAxeViolations } from './fixtures.ts';
import { siteMap } from './site-routes.ts';

// What each public page must show. The pages themselves come from the router (site-routes.ts).
const expected: Record<string, { title: string | RegExp; heading: string }> = {
  '/': { title: /Validate\. Engage\. Convert\./, heading: 'Validate. Engage. Convert.' },
  '/get-started': { title: 'Get Started | TextFlow', heading: 'Get Started' },
  '/schedule-demo': { title: 'Schedule a Demo | TextFlow', heading: 'Schedule a Demo' },
  '/documentation': { title: 'Documentation | TextFlow', heading: 'Documentation' },
  '/api-reference': { title: 'API Reference | TextFlow', heading: 'API Reference' },
  '/status': { title: 'System Status | TextFlow', heading: 'System Status' },
  '/terms': { title: 'Terms of Service | TextFlow', heading: 'Terms of Service' },
  '/privacy': { title: 'Privacy Policy | TextFlow', heading: 'Privacy Policy' },
};

test('every public route of the router has its expectations here, and no other', () => {
  expect(Object.keys(expected).sort()).toEqual([...siteMap.pages].sort());
});

for (const path of siteMap.pages) {
  test(`${path} hydrates without errors and passes axe (its HTML: site-html.spec.ts) @mobile`, async ({
    page,
  }) => {
    const r = expected[path];
    expect(r, `expectations for ${path}`).toBeDefined();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(r!.title);
    await expect(page.getByRole('heading', { level: 1, name: r!.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
  });
}

test('an unknown path answers 404 with the 404 page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle('404 Page Not Found');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('content is readable with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Validate. Engage. Convert.' })).toBeVisible();
  await expect(page.getByText('Ready to Transform Your Business Communication?')).toBeVisible();
  await expect(page.getByText('CALL for pricing').first()).toBeVisible();
  await context.close();
});

test('the Resources links lead to their pages (menu on desktop, toggled menu on small screens) @mobile', async ({
  page,
}, info) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'API Reference' }).click();
    await expect(page.locator('#mobile-menu')).toBeHidden();
  } else {
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('link', { name: 'API Reference' }).first().click();
  }
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
});

test('the small-screen menu repeats the links and closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  for (const name of [
    'Features',
    'Contact',
    'Documentation',
    'API Reference',
    'Status',
    'Schedule Demo',
    'Get Started',
  ]) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // The toggle says what it does next.
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect.poll(() => expandedState(page, 'Close menu')).toBe(true);
  await menu.getByRole('link', { name: 'Features' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#features$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect.poll(() => expandedState(page, 'Open menu')).toBe(false);
  await expect(page.locator('#features')).toBeInViewport();
});
