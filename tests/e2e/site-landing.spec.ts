import { expect, test } from '@playwright/test';
import { expandedState, expectStarted, ownedByReact } from './fixtures.ts';
import { holdEntryModule } from './site-form-helpers.ts';

// The landing page: its sections, the statistics' count-up, and what of a prerendered page is
// hydrated, and the Resources menu. What every page gets (its head, axe, 404) and the small-screen
// menu are in site-pages.spec.ts.

test('the landing page has its ten sections in order with their anchors @mobile', async ({ page }) => {
  await page.goto('/');
  const ids = await page
    .locator('header, main section:not(main section section), footer')
    .evaluateAll((els) => els.map((e) => e.id || e.tagName.toLowerCase()));
  expect(ids).toEqual([
    'header',
    'section',
    'section',
    'features',
    'section',
    'setup',
    'pricing',
    'section',
    'cta',
    'contact',
  ]);
  await expect(page.getByRole('heading', { name: 'Seamless Integrations with Zapier' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Ready to Transform Your Business Communication?' }),
  ).toBeVisible();
  for (const name of ['Shopify', 'Salesforce', 'HubSpot', 'Zapier', 'Mailchimp', 'Slack']) {
    await expect(page.getByTestId('integrations-grid').getByText(name, { exact: true })).toBeVisible();
  }
  for (const text of [
    'Free setup',
    'No contracts',
    '24/7 support',
    'CALL for pricing',
    'Custom pricing',
    '98%',
    'Read Rate',
  ]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('© 2024')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/get-started');
  await expect(page.getByRole('link', { name: 'View Demo' })).toHaveAttribute('href', '/schedule-demo');
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/get-started');
});

test('statistics count up from 0 to their targets', async ({ page }) => {
  // The page's script is held until the figure is seen as prerendered: its target, readable
  // without JavaScript. Then the script runs and the figure, on screen, counts up from 0 to it.
  const entry = await holdEntryModule(page);
  await page.goto('/');
  const stat = page.locator('[data-target="750"]');
  await expect(stat).toHaveText('750%');
  entry.release();
  await expect(stat).not.toHaveText('750%');
  await expect(stat).toHaveText('750%');
});

test('a scroll made before the page script runs is kept when it hydrates', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const stat = page.locator('[data-target="750"]');
  await stat.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  release();
  // Hydrated: the count-up starts from 0 only once the page script runs.
  await expect(stat).not.toHaveText('750%', { timeout: 10_000 });
  await expect(stat).toHaveText('750%', { timeout: 5000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('with reduced motion the numbers appear at once', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-target="98"]')).toHaveText('98%');
  await context.close();
});

test('a prerendered page hydrates only its islands; its header works without React @mobile', async ({
  page,
}, info) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/terms');
  await expectStarted(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Last updated: January 15, 2024')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();

  // docs/web.md#islands: the forms are not React's until used (they work as plain forms), nor the
  // header, nor the page's content.
  expect(await ownedByReact(page, '[data-island="lead-form"] > *')).toBe(false);
  expect(await ownedByReact(page, 'form[aria-label="Contact form"]')).toBe(false);
  expect(await ownedByReact(page, 'header button')).toBe(false);
  expect(await ownedByReact(page, 'text=Last updated: January 15, 2024')).toBe(false);
  // Nothing was styled in the browser: no style cache was even created.
  expect(await page.locator('style[data-emotion="css"]').count()).toBe(0);

  // The header's menu leads to the status page, prerendered too.
  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Status' }).click();
  } else {
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.locator('header').getByRole('link', { name: 'Status', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System Status' })).toBeVisible();
  await expect(page.getByText('All Systems Operational')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the Resources menu closes on Escape and on a press outside it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 }); // the menu of wide screens
  await page.goto('/');
  await expectStarted(page);
  const toggle = page.getByRole('button', { name: 'Resources' });
  const menu = page.locator('#resources-menu');
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect.poll(() => expandedState(page, 'Resources')).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect.poll(() => expandedState(page, 'Resources')).toBe(false);
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();
  await toggle.click();
  await toggle.click();
  await expect(menu).toBeHidden();
});
