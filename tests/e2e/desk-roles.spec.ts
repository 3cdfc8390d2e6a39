import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectDashboard, logIn, openAdmin, signIn, submitDemo, uniqueTag } from './admin-helpers.ts';
import { adminPassword, expectNoAxeViolations } from './fixtures.ts';

// Roles and the audit log in the desk (docs/operations.md#roles, #audit-log). The e2e server makes
// a `viewer` account (scripts/e2e-server.mjs); `admin` is an admin.

/** The names of every button and select on the page: what a person could use to change something. */
async function controls(page: Page): Promise<string[]> {
  const names = await page.getByRole('button').or(page.getByRole('combobox')).allInnerTexts();
  return names.map((n) => n.trim()).filter(Boolean);
}

test('an admin finds a status change in the audit log, filters it in the URL and exports it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const demo = await submitDemo(request, { name: `Audit ${tag}`, email: `${tag}@example.com` });
  await signIn(page);
  await page.goto(`/admin/demos/${demo.id}`);
  await page.getByLabel(`Status of Audit ${tag}`).selectOption('completed');
  await expect(page.getByTestId('status').first()).toHaveText('completed');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const rows = page.getByRole('table', { name: 'Audit entries' }).getByRole('row');
  const change = rows.filter({ hasText: `Demo ${demo.id}` }).filter({ hasText: 'Status changed' });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(ADMIN.username);
  await expect(change).toContainText('status: pending → completed');

  await page.getByLabel('Action').selectOption('lead.status-changed');
  await page.getByLabel('Target', { exact: true }).selectOption('demo');
  await page.getByLabel('Target id').fill(String(demo.id));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(
    // The router writes a text that looks like a number in quotes, so it reads back as text.
    new RegExp(`action=lead.status-changed.*targetType=demo.*targetId=(%22)?${demo.id}(%22)?$`),
  );
  await expect(rows).toHaveCount(2); // the header and the one change
  // A reload (or a shared link) shows the same filtered page.
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('lead.status-changed');
  await expect(rows).toHaveCount(2);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('action=lead.status-changed');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`,lead.status-changed,demo,${demo.id},`);
  await expectNoAxeViolations(page);
});

test('a viewer reads the desk and finds no control that changes anything', async ({ page, request }) => {
  const tag = uniqueTag();
  await submitDemo(request, { name: `Viewer ${tag}`, email: `${tag}@example.com` });
  await openAdmin(page);
  await logIn(page, 'viewer', adminPassword);
  await expect(page.getByText('Logged in as: viewer (Viewer)')).toBeVisible();
  await expect(page.getByTestId('count-Contact Forms')).toHaveText(/^\d+$/);
  await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  const readOnly = ['Dashboard', 'Refresh', 'Security', 'Logout', 'Back to Website'];
  await page.goto(`/admin/demos?q=${tag}`);
  await expect(page.getByRole('link', { name: `Viewer ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  expect((await controls(page)).filter((n) => !readOnly.includes(n) && !/^(Previous|Next)$/.test(n))).toEqual(
    [],
  );

  await page.getByRole('link', { name: `Viewer ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Viewer ${tag}` })).toBeVisible();
  await expect(page.getByTestId('status').first()).toHaveText('pending');
  await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
  expect((await controls(page)).filter((n) => !readOnly.includes(n))).toEqual([]);

  // The server, not the hidden controls, is what refuses: the audit page's address answers 403.
  await page.goto('/admin/audit');
  await expect(page.getByText(/needs the admin role/)).toBeVisible();
});

test('the dashboard says which role is signed in', async ({ page }) => {
  await signIn(page);
  await expectDashboard(page);
  await expect(page.getByText(`Logged in as: ${ADMIN.username} (Admin)`)).toBeVisible();
});
