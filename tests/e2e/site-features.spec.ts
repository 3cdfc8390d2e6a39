import { expect, test, type Page } from '@playwright/test';
import { approachIsland, ownedByReact } from './fixtures.ts';
import { holdEntryModule } from './site-form-helpers.ts';

test('the status page shows the banner rule and the averages', async ({ page }) => {
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'All Systems Operational' })).toBeVisible();
  await expect(page.getByTestId('Average uptime')).toHaveText('99.97%');
  await expect(page.getByTestId('Average response time')).toHaveText('140ms');
  await expect(page.getByTestId('Services monitored')).toHaveText('6');
  await expect(page.getByRole('article')).toHaveCount(4);
});

test('the documentation page has its cards and four tabs', async ({ page }) => {
  await page.goto('/documentation');
  await page.waitForLoadState('networkidle');
  for (const name of ['Guides', 'API Reference', 'SDKs'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await approachIsland(page, 'documentation');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByText('HMAC-SHA256')).toBeVisible();
  await page.getByRole('tab', { name: 'API Reference' }).click();
  await expect(page.getByText('Authorization: Bearer YOUR_API_KEY')).toBeVisible();
});

// docs/web.md#islands: the explorer and the documentation's tabs start once on screen and the
// browser idle (or when the visitor comes to use them, if sooner). What was typed before their code
// arrived is kept (hydration keeps the field's text, and the island reads it); a button pressed
// before is pressed again once the island has taken over (docs/web.md#presses-before-the-code).
test.describe('an island used before its code has arrived', () => {
  async function holdIsland(page: Page, island: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(new RegExp(`/assets/island-${island}-[^/]*\\.js$`), async (route) => {
      asked();
      await released;
      await route.continue();
    });
    return { release, requested };
  }

  test('the explorer asks for its code by itself; a category and a tab pressed before it came are applied, and its copy button copies', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const held = await holdIsland(page, 'api-explorer');
    await page.goto('/api-reference');
    // On screen, it starts without anyone coming to use it.
    await held.requested;
    const cards = page.locator('article');
    const campaigns = page.getByRole('button', { name: 'Campaigns' });
    const card = cards.filter({ hasText: 'Create campaign' });
    await campaigns.click();
    await card.getByRole('tab', { name: 'Example' }).click();
    // Nothing can happen without the code: the page is as prerendered.
    await expect(cards).toHaveCount(6);
    await expect(campaigns).toHaveAttribute('aria-pressed', 'false');
    expect(await ownedByReact(page, '[data-island="api-explorer"] > *')).toBe(false);

    held.release();
    await expect(campaigns).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(2);
    await expect(card.getByRole('tab', { name: 'Example' })).toHaveAttribute('aria-selected', 'true');
    await card.getByRole('button', { name: 'Copy request' }).click();
    const copied = card.getByRole('button', { name: 'Request copied' });
    await expect(copied).toHaveText('Copied!');
    const shown = await copied.locator('xpath=../..').locator('pre').innerText();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  });

  test('the explorer keeps the search typed, and the category pressed applies to it', async ({ page }) => {
    const held = await holdIsland(page, 'api-explorer');
    await page.goto('/api-reference');
    await held.requested;
    const cards = page.locator('article');
    const campaigns = page.getByRole('button', { name: 'Campaigns' });
    await page.getByLabel('Search endpoints').pressSequentially('send');
    await campaigns.click();
    await expect(cards).toHaveCount(6);
    held.release();
    await expect.poll(() => ownedByReact(page, '[data-island="api-explorer"] > *')).toBe(true);
    // "send" in the Campaigns category: Create campaign only.
    await expect(campaigns).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Create campaign');
    await expect(page.getByLabel('Search endpoints')).toHaveValue('send');
    await page.getByRole('button', { name: 'All' }).click();
    // "send" in any category: Send SMS and Create campaign.
    await expect(cards).toHaveCount(2);
  });

  test('a field focused before the page’s script ran starts its island', async ({ page }) => {
    // docs/web.md#used-before-start: no focus event comes again once the listeners exist.
    const entry = await holdEntryModule(page);
    const held = await holdIsland(page, 'api-explorer');
    await page.goto('/api-reference', { waitUntil: 'commit' });
    await page.getByLabel('Search endpoints').focus();
    entry.release();
    await held.requested;
    held.release();
    await expect.poll(() => ownedByReact(page, '[data-island="api-explorer"] > *')).toBe(true);
    await page.keyboard.type('send');
    await page.getByRole('button', { name: 'Campaigns' }).click();
    await expect(page.locator('article')).toHaveCount(1);
  });

  test('a copy button and a tab pressed before the tabs’ code arrived are pressed once it has', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const held = await holdIsland(page, 'documentation');
    await page.goto('/documentation');
    await held.requested;
    const request = page.getByRole('tabpanel', { name: 'Quick Start' }).locator('pre');
    const sample = await request.innerText();
    const webhooks = page.getByRole('tab', { name: 'Webhooks' });
    await page.getByRole('button', { name: 'Copy request' }).click();
    await webhooks.click();
    await expect(page.getByText('HMAC-SHA256')).toBeHidden();
    held.release();
    await expect(page.getByText('HMAC-SHA256')).toBeVisible();
    await expect(webhooks).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(sample);
  });
});

// docs/web.md#islands: each island is prerendered and hydrated with its own prefix for React's ids,
// so the ids `useId` draws in the browser (Chakra's tabs and fields) are the ones in the page.
for (const { path, island } of [
  { path: '/documentation', island: 'documentation' },
  { path: '/api-reference', island: 'api-explorer' },
  { path: '/get-started', island: 'lead-form' },
])
  test(`${path}: the ids of the ${island} island are React's own once it has hydrated`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await approachIsland(page, island);
    const ids = await page
      .locator(`[data-island="${island}"]`)
      .first()
      .evaluate((root) =>
        Array.from(root.querySelectorAll<HTMLElement>('[id]')).flatMap((el) => {
          const key = Object.keys(el).find((k) => k.startsWith('__reactProps'));
          const props = key ? (el as unknown as Record<string, { id?: unknown }>)[key] : undefined;
          return props?.id === undefined ? [] : [{ page: el.id, react: String(props.id) }];
        }),
      );
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => id.page !== id.react)).toEqual([]);
  });
