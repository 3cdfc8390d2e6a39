import { expect } from '@playwright/test';
import {
  logIn,
  notFound,
  openDashboard,
  place,
  searchList,
  submitDemo,
  subscribeConfirmed,
  test,
  uniqueTag,
} from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

test.describe('admin URLs', () => {
  test('a lead opens whole from its row and from its own URL', async ({ page, request }) => {
    const tag = uniqueTag();
    const demo = await submitDemo(request, {
      name: `Whole Demo ${tag}`,
      email: `whole.${tag}@example.com`,
      phone: '555 0199',
      company: `Whole Co ${tag}`,
      preferredDate: 'next-week',
      preferredTime: 'afternoon',
      message: 'Every field of me,\non two lines.',
    });
    await openDashboard(page);
    const table = await searchList(page, /^Demos/, 'Demos', tag);
    await table.getByRole('link', { name: `Whole Demo ${tag}` }).click();
    await expect.poll(() => place(page)).toBe(`/admin/demos/${demo.id}`);

    const expectWhole = async (status: string) => {
      await expect(page.getByRole('heading', { name: `Whole Demo ${tag}`, level: 2 })).toBeVisible();
      const fields = page.locator('dl');
      for (const [label, value] of [
        ['Email', `whole.${tag}@example.com`],
        ['Phone', '555 0199'],
        ['Company', `Whole Co ${tag}`],
        ['Preferred Date', 'Next Week'],
        ['Preferred Time', 'Afternoon (12PM-5PM)'],
        ['Message', 'Every field of me,\non two lines.'],
      ]) {
        await expect(fields.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
        await expect(fields.locator('dd', { hasText: value })).toHaveCount(1);
      }
      await expect(page.getByLabel(`Status of Whole Demo ${tag}`)).toHaveValue(status);
      await expect(page.locator('dl').getByTestId('status')).toHaveText(status);
      // Its history, emails and webhook deliveries (admin-follow-up.spec.ts and
      // admin-webhooks.own-server.spec.ts read them closely).
      for (const section of ['History', 'Emails', 'Webhook deliveries']) {
        const region = page.getByRole('region', { name: section });
        await expect(region.getByRole('heading', { name: section, level: 3 })).toBeVisible();
      }
      await expect(page.getByTestId('lead-history').getByRole('listitem').first()).toContainText('Received');
      // No endpoint is left subscribed by other specs (the admin-webhook*.own-server.spec.ts delete their own).
      await expect(page.getByRole('region', { name: 'Webhook deliveries' })).toContainText(
        'No webhook deliveries for this lead.',
      );
    };
    await expectWhole('pending');
    await expectNoAxeViolations(page);
    await page.getByLabel(`Status of Whole Demo ${tag}`).selectOption('completed');
    // The badge shows the status the server now holds (the select lists every status).
    await expect(page.locator('dl').getByTestId('status')).toHaveText('completed');

    await page.goto(`/admin/demos/${demo.id}`);
    await expectWhole('completed');
    await page.getByRole('link', { name: 'Back to Demos' }).click();
    await expect.poll(() => place(page)).toBe('/admin/demos');
    await expect(page.getByRole('tab', { name: /^Demos/ })).toHaveAttribute('aria-selected', 'true');

    const email = `whole.news.${tag}@example.com`;
    const subscriberId = await subscribeConfirmed(request, email);
    await page.goto(`/admin/newsletters/${subscriberId}`);
    await expect(page.getByRole('heading', { name: email, level: 2 })).toBeVisible();
    await page.getByRole('button', { name: `Deactivate ${email}` }).click();
    await expect(page.getByRole('button', { name: `Deactivate ${email}` })).toHaveCount(0);
    await page.reload();
    await expect(page.locator('dl')).toContainText('Inactive');
  });

  test.describe('signed out', () => {
    test.use({ signedIn: false });

    test('an unknown kind or lead is the not-found page, signed in or after signing in', async ({ page }) => {
      await page.goto('/admin/nope');
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await logIn(page);
      await expect(notFound(page)).toBeVisible();
      await expect(page).toHaveTitle('404 Page Not Found');
      for (const path of [
        '/admin/contacts/999999999',
        '/admin/demos/0',
        '/admin/demos/abc',
        '/admin/nope/1',
      ]) {
        await page.goto(path);
        await expect(notFound(page), path).toBeVisible();
      }
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect.poll(() => place(page)).toBe('/');
    });
  });
});
