import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  expectDashboard,
  logIn,
  searchList,
  signIn,
  submitContact,
  submitDemo,
  subscribeConfirmed,
  uniqueTag,
} from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

/** The URL's path and search, as the address bar shows them (decoded). */
const place = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

const notFound = (page: Page) => page.getByRole('heading', { name: '404 Page Not Found' });

test.describe('admin URLs', () => {
  test('a signed-out visitor signs in and comes back to the list they asked for', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await submitDemo(request, { name: `Deep Demo ${tag}`, email: `deep.${tag}@example.com` });
    await page.goto(`/admin/demos?q=${tag}`);
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/admin/login' && url.searchParams.get('redirect') === `/admin/demos?q=${tag}`,
    );
    await logIn(page);
    await expect.poll(() => place(page)).toBe(`/admin/demos?q=${tag}`);
    await expect(page.getByRole('tab', { name: /^Demos/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Search Demos')).toHaveValue(tag);
    await expect(page.getByTestId('range-demos')).toHaveText('Showing 1-1 of 1');
    await expect(page.getByRole('table', { name: 'Demos list' })).toContainText(`Deep Demo ${tag}`);
  });

  test('a link to a list with a search opens that tab with that search', async ({ page, request }) => {
    const tag = uniqueTag();
    await submitContact(request, {
      name: `Linked Contact ${tag}`,
      email: `linked.${tag}@example.com`,
      message: 'Found through a shared link.',
    });
    await signIn(page);
    await page.goto(`/admin/contacts?q=${encodeURIComponent(`Linked Contact ${tag}`)}`);
    await expect(page.getByRole('tab', { name: /^Contacts/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Search Contacts')).toHaveValue(`Linked Contact ${tag}`);
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 1-1 of 1');
    // The tabs change the URL in the page: none of this loads a document again.
    const documents: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'document' && documents.push(r.url())));
    // Another tab opens its own list from the start; Back returns to the search.
    await page.getByRole('tab', { name: /^Demos/ }).click();
    await expect.poll(() => place(page)).toBe('/admin/demos');
    await expect(page.getByLabel('Search Demos')).toHaveValue('');
    await page.goBack();
    await expect(page.getByLabel('Search Contacts')).toHaveValue(`Linked Contact ${tag}`);
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 1-1 of 1');
    // The arrow keys move between tabs, and so between their URLs.
    await page.getByRole('tab', { name: /^Contacts/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => place(page)).toBe('/admin/demos');
    await expect(page.getByRole('tab', { name: /^Demos/ })).toHaveAttribute('aria-selected', 'true');
    expect(documents).toEqual([]);
  });

  test('reload, Back and Forward keep the list, its search and its page', async ({ page, request }) => {
    const tag = uniqueTag();
    for (let i = 0; i < 60; i += 12) {
      await Promise.all(
        Array.from({ length: 12 }, (_, j) =>
          submitContact(request, {
            name: `Place ${String(i + j).padStart(2, '0')} ${tag}`,
            email: `place.${i + j}.${tag}@example.com`,
            message: 'One of the leads to keep our place in.',
          }),
        ),
      );
    }
    await signIn(page);
    // Only the reload below loads a document: paging, Back and Forward stay in the page.
    const documents: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'document' && documents.push(r.url())));
    const table = await searchList(page, /^Contacts/, 'Contacts', tag);
    const range = page.getByTestId('range-contacts');
    const names = () => table.locator('tbody tr td:first-child').allInnerTexts();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range).toHaveText('Showing 26-50 of 60');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range).toHaveText('Showing 51-60 of 60');
    const third = await names();
    expect(new URL(page.url()).searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);

    await page.reload();
    await expect(range).toHaveText('Showing 51-60 of 60');
    expect(await names()).toEqual(third);
    await expect(page.getByLabel('Search Contacts')).toHaveValue(tag);

    await page.goBack();
    await expect(range).toHaveText('Showing 26-50 of 60');
    await page.goBack();
    await expect(range).toHaveText('Showing 1-25 of 60');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.goForward();
    await expect(range).toHaveText('Showing 26-50 of 60');
    await page.goForward();
    await expect(range).toHaveText('Showing 51-60 of 60');
    expect(await names()).toEqual(third);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(range).toHaveText('Showing 26-50 of 60');

    // Before the list, the Overview tab the admin came from.
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(range).toHaveText('Showing 1-25 of 60');
    await page.goBack();
    await expect.poll(() => place(page)).toBe('/admin');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    expect(documents).toHaveLength(1);
  });

  test('a page of a list opened from a copied link shows the same rows', async ({ page, request }) => {
    const tag = uniqueTag();
    for (let i = 0; i < 30; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          submitContact(request, {
            name: `Copied ${String(i + j).padStart(2, '0')} ${tag}`,
            email: `copied.${i + j}.${tag}@example.com`,
            message: 'One of the leads behind a copied link.',
          }),
        ),
      );
    }
    await signIn(page);
    const table = await searchList(page, /^Contacts/, 'Contacts', tag);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 26-30 of 30');
    const rows = await table.locator('tbody tr td:first-child').allInnerTexts();

    const other = await page.context().newPage();
    await other.goto(page.url());
    const range = other.getByTestId('range-contacts');
    // A fresh tab does not know the pages before this one: it says how many it shows, of how many.
    await expect(range).toHaveText('Showing 5 of 30');
    const copy = other.getByRole('table', { name: 'Contacts list' });
    expect(await copy.locator('tbody tr td:first-child').allInnerTexts()).toEqual(rows);
    await other.getByRole('button', { name: 'Previous' }).click();
    await expect(range).toHaveText('Showing 1-25 of 30');
    await other.close();
  });

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
    await signIn(page);
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

  test('an unknown kind or lead is the not-found page, signed in or after signing in', async ({ page }) => {
    await page.goto('/admin/nope');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await logIn(page);
    await expect(notFound(page)).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found');
    for (const path of ['/admin/contacts/999999999', '/admin/demos/0', '/admin/demos/abc', '/admin/nope/1']) {
      await page.goto(path);
      await expect(notFound(page), path).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect.poll(() => place(page)).toBe('/');
  });

  test('a list URL with a search the contract does not allow says what is wrong', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/contacts?cursor=not*a*cursor');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This page could not be shown');
    await expect(alert).toContainText('The page cursor in this address is not one the server gave out.');
    await page.goto(`/admin/contacts?q=${'x'.repeat(201)}`);
    await expect(alert).toContainText('The search text in this address is longer than 200 characters.');
    await alert.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect.poll(() => place(page)).toBe('/admin');
    await expectDashboard(page);
    await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
  });
});
