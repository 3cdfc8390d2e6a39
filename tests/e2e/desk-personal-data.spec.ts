import { expect, test } from '@playwright/test';
import { signIn, submitContact, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// The desk's Personal data page and the correction form on a lead's page (docs/product.md#personal-data).

test('an admin finds a person from their lead, corrects a field, and erases them after a confirmation', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const email = `${tag}@example.com`;
  const lead = await submitContact(request, {
    name: `Privacy ${tag}`,
    email,
    phone: '+1 555 0100',
    message: 'Please call me about SMS.',
  });
  await signIn(page);
  await page.goto(`/admin/contacts/${lead.id}`);

  // Correct the phone from the lead's page: only what changed is sent.
  const section = page.getByRole('region', { name: 'Personal data' });
  await section.getByRole('button', { name: 'Correct…' }).click();
  await section.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0199');
  await section.getByRole('button', { name: 'Save corrections' }).click();
  await expect(page.getByText('Changed: phone.')).toBeVisible();

  await section.getByRole('link', { name: 'Everything held about this person' }).click();
  await expect(page).toHaveURL(/\/admin\/personal-data\?leadKind=contact&leadId=/);
  await expect(page.getByRole('heading', { name: email })).toBeVisible();
  const leads = page.getByRole('region', { name: 'Leads', exact: true });
  await expect(leads).toContainText(`Contact ${lead.id}: Privacy ${tag}`);
  await expect(page.getByRole('region', { name: 'Retention' })).toContainText('RETENTION_LEAD_DAYS');
  await expect(page.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
    'href',
    `/api/admin/personal-data/export?leadKind=contact&leadId=${lead.id}`,
  );
  await expectNoAxeViolations(page);

  // Searching by the address as typed anywhere finds the same person.
  await page.getByRole('textbox', { name: 'Email address' }).fill(`  ${email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('region', { name: 'Leads', exact: true })).toContainText(`Contact ${lead.id}`);

  await page.getByRole('button', { name: 'Erase this person…' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Erase ${email}` });
  await expect(confirm).toContainText(`Erase everything held about ${email}?`);
  await expect(confirm).toContainText('1 lead keep only their kind, date and status');
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: `Erase ${email} for good` }).click();
  await expect(page.getByText('Nothing is held about this person.')).toBeVisible();

  await page.goto(`/admin/contacts/${lead.id}`);
  await expect(page.getByRole('region', { name: 'Personal data' })).toContainText('This lead was erased.');
});
