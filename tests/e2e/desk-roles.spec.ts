import { expect, test } from '@playwright/test';
import { ADMIN, signIn, submitDemo, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// Roles and the audit log in the desk (docs/operations.md#roles, #audit-log); what a viewer sees:
// desk-viewer.own-server.spec.ts.

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
