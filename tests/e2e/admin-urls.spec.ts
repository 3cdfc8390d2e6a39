import { expect } from '@playwright/test';
import {
  ADMIN,
  expectDashboard,
  logIn,
  openDashboard,
  place,
  searchList,
  submitContact,
  submitDemo,
  test,
  uniqueTag,
} from './admin-helpers.ts';

test.describe('admin URLs', () => {
  test.describe('signed out', () => {
    test.use({ signedIn: false });

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
  });

  test('a link to a list with a search opens that tab with that search', async ({ page, request }) => {
    const tag = uniqueTag();
    await submitContact(request, {
      name: `Linked Contact ${tag}`,
      email: `linked.${tag}@example.com`,
      message: 'Found through a shared link.',
    });
    await openDashboard(page);
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
    await openDashboard(page);
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
    await openDashboard(page);
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

  test('a list URL with a search the contract does not allow says what is wrong', async ({ page }) => {
    await openDashboard(page);
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
