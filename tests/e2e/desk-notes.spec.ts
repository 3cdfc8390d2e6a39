import { expect, test } from '@playwright/test';
import { ADMIN, shown, signIn, submitContact, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// Private notes on a lead's page (docs/product.md#notes); what a viewer sees of them:
// desk-viewer.own-server.spec.ts.

test('an admin writes a note on a lead, sees it in the history with author and time, and deletes it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const lead = await submitContact(request, {
    name: `Notes ${tag}`,
    email: `${tag}@example.com`,
    message: 'Please call me about WhatsApp.',
  });
  await signIn(page);
  await page.goto(`/admin/contacts/${lead.id}`);
  const history = page.getByTestId('lead-history');
  await expect(history).toBeVisible();

  // An empty note is refused where it is typed, and nothing is stored.
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note must not be empty')).toBeVisible();
  await expect(history.getByTestId('note')).toHaveCount(0);

  const text = `Called ${tag}: wants a quote for 50k messages.\nCall back Monday.`;
  await page.getByRole('textbox', { name: 'Note' }).fill(`  ${text}  `);
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = history.getByTestId('note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(`Called ${tag}: wants a quote for 50k messages.`);
  await expect(note).toContainText(`by ${ADMIN.username}`);
  const at = await note.locator('time').getAttribute('datetime');
  expect(Date.now() - Date.parse(at!)).toBeLessThan(5 * 60_000);
  await expect(note.locator('time')).toHaveText(await shown(page, at!));
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('');
  // The note stays after a reload, below the lead's first event.
  await page.reload();
  await expect(history.getByRole('listitem').last()).toContainText(`Called ${tag}`);
  await expectNoAxeViolations(page);

  await note.getByRole('button', { name: 'Delete note' }).click();
  await expect(note).toContainText('Note deleted');
  await expect(note).toContainText(`by ${ADMIN.username}`);
  await expect(note).not.toContainText(`Called ${tag}`);
  await expect(note.getByRole('button', { name: 'Delete note' })).toHaveCount(0);
  await page.reload();
  await expect(history.getByTestId('note')).toContainText('Note deleted');
  await expect(history).not.toContainText(`Called ${tag}`);
});
