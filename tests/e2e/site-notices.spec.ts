import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { readyToUse } from './site-form-helpers.ts';

/**
 * A subscription's notice, from a form the page's code has taken over: pressing Subscribe before
 * that posts the plain form, whose answer is a page of its own (docs/web.md#islands).
 */
async function showNotice(page: Page) {
  await readyToUse(page, '/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email for our newsletter').fill(`swipe-${Date.now().toString(36)}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('Check your inbox to confirm');
  // Where it ends up, not where its entrance passes: the swipes start at its box. (A trial click
  // waits until the box holds still across animation frames and the notice takes the pointer.)
  await notice.click({ trial: true });
  return notice;
}

async function swipe(page: Page, box: { x: number; y: number; width: number; height: number }, dx: number) {
  const x = box.x + 20;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 3 });
  await page.mouse.move(x + dx, y, { steps: 3 });
  await page.mouse.up();
}

test('a notice stays after a swipe right shorter than 50 px and goes after a longer one @mobile', async ({
  page,
}) => {
  const notice = await showNotice(page);
  await swipe(page, (await notice.boundingBox())!, 30);
  await expect(notice).toHaveAttribute('data-state', 'open');
  await swipe(page, (await notice.boundingBox())!, 80);
  // Dismissed: closed at once (the element itself is removed 1,000,000 ms later, docs/product.md#notices).
  await expect(notice).toHaveAttribute('data-state', 'closed');
});

test('only one notice is shown at a time @mobile', async ({ page }) => {
  await showNotice(page);
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email for our newsletter').fill('not-an-email');
  await form.getByLabel('Email for our newsletter').fill(`second-${Date.now().toString(36)}@example.com`);
  await page.route('**/api/newsletter', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 503, title: 'Unavailable', detail: 'Try later.' }),
    }),
  );
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Error subscribing')).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(1);
});

test('a dismissed notice no longer catches clicks meant for the page beneath it @mobile', async ({
  page,
}) => {
  const notice = await showNotice(page);
  const box = (await notice.boundingBox())!;
  await swipe(page, box, 80);
  await expect(notice).toHaveAttribute('data-state', 'closed');
  // Each point the notice covered (and the strip above it) reaches the page again.
  for (const [x, y] of [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 10, box.y + 5],
    [box.x + box.width / 2, box.y - 10],
  ]) {
    const onNotice = await page.evaluate(
      ([px, py]) => Boolean(document.elementFromPoint(px!, py!)?.closest('[data-scope="toast"]')),
      [x, y],
    );
    expect(onNotice, `point ${x},${y}`).toBe(false);
  }
});

test('success and error notices meet contrast and pass axe while shown @mobile', async ({ page }) => {
  const notice = await showNotice(page);
  await expect(notice).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  await page.route('**/api/newsletter', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 503, title: 'Unavailable', detail: 'Try later.' }),
    }),
  );
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email for our newsletter').fill(`contrast-${Date.now().toString(36)}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(notice).toContainText('Error subscribing');
  await expect(notice).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
});
