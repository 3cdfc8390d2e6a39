import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';
import { readyToUse } from './site-form-helpers.ts';

// How notices behave (swipes, one at a time, a dismissed one under the pointer) is the component
// test web/src/components/toaster.browser.test.tsx; here, how they look on a public page.

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
  return notice;
}

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
