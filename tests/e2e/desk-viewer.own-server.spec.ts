import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  expectDashboard,
  logIn,
  openAdmin,
  signIn,
  submitContact,
  submitDemo,
  uniqueTag,
} from './admin-helpers.ts';
import { adminPassword } from './fixtures.ts';
import { apiSignIn, siteOrigin } from './mail-helpers.ts';

// What each role sees in the desk (docs/operations.md#roles), with the accounts the e2e server makes
// (scripts/e2e-server.mjs): a `viewer`, and `admin` an admin (another account is the owner). A
// stack started from nothing (the compose test) has only its first account, the owner.

/**
 * The names of every button and select on the page: what a person could use to change something.
 * The lists' assignee filter only chooses what to read.
 */
async function controls(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('button')
    .or(page.getByRole('combobox').and(page.locator(':not([aria-label="Assignee filter"])')))
    .allInnerTexts();
  return names.map((n) => n.trim()).filter(Boolean);
}

test('a viewer reads the desk and finds no control that changes anything', async ({ page, request }) => {
  const tag = uniqueTag();
  await submitDemo(request, { name: `Viewer ${tag}`, email: `${tag}@example.com` });
  await openAdmin(page);
  await logIn(page, 'viewer', adminPassword);
  await expect(page.getByText('Logged in as: viewer (Viewer)')).toBeVisible();
  await expect(page.getByTestId('count-Contact Forms')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Personal data' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Demo schedule' })).toHaveCount(0);

  const readOnly = ['Dashboard', 'Refresh', 'Security', 'Logout', 'Back to Website'];
  await page.goto(`/admin/demos?q=${tag}`);
  await expect(page.getByRole('link', { name: `Viewer ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  // The assignee is shown and can be filtered on, but nothing selects or assigns leads.
  await expect(page.getByRole('columnheader', { name: 'Assignee' })).toBeVisible();
  await expect(page.getByLabel('Assignee filter')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect((await controls(page)).filter((n) => !readOnly.includes(n) && !/^(Previous|Next)$/.test(n))).toEqual(
    [],
  );

  await page.getByRole('link', { name: `Viewer ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Viewer ${tag}` })).toBeVisible();
  await expect(page.getByTestId('status').first()).toHaveText('pending');
  await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
  await expect(page.getByTestId('assignee')).toHaveText('Nobody');
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await expect(page.getByLabel('Assign to', { exact: true })).toHaveCount(0);
  expect((await controls(page)).filter((n) => !readOnly.includes(n))).toEqual([]);

  // The server, not the hidden controls, is what refuses: the audit page's address answers 403.
  await page.goto('/admin/audit');
  await expect(page.getByText(/needs the admin role/)).toBeVisible();
});

test("a viewer reads a lead's notes but finds no note form and no Delete", async ({ page, request }) => {
  const tag = uniqueTag();
  const lead = await submitContact(request, {
    name: `Viewer notes ${tag}`,
    email: `${tag}@example.com`,
    message: 'Please call me about RCS.',
  });
  await apiSignIn(request);
  const written = await request.post(`/api/leads/contact/${lead.id}/notes`, {
    data: { text: `Seen by viewers ${tag}` },
    headers: await siteOrigin(request),
  });
  expect(written.status(), await written.text()).toBe(201);

  await openAdmin(page);
  await logIn(page, 'viewer', adminPassword);
  await expect(page.getByText('Logged in as: viewer (Viewer)')).toBeVisible();
  await page.goto(`/admin/contacts/${lead.id}`);
  const note = page.getByTestId('lead-history').getByTestId('note');
  await expect(note).toContainText(`Seen by viewers ${tag}`);
  await expect(note).toContainText(`by ${ADMIN.username}`);
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add note' })).toHaveCount(0);
  await expect(note.getByRole('button', { name: 'Delete note' })).toHaveCount(0);
});
test('the dashboard says which role is signed in', async ({ page }) => {
  await signIn(page);
  await expectDashboard(page);
  await expect(page.getByText(`Logged in as: ${ADMIN.username} (Admin)`)).toBeVisible();
});
