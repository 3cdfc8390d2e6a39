import { expect, type Page } from '@playwright/test';
import { openDashboard, submitContact, test, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { apiSignIn, leadMessages } from './mail-helpers.ts';

// A lead's page in the desk: its history and its emails (docs/product.md#follow-up). Tests run
// without SMTP, so every email is held, readable, and can be sent again.

/** The page shows what it loaded; reloads until the history holds `count` lines of `label`. */
async function expectHistory(page: Page, label: string, count: number) {
  const lines = page.getByTestId('lead-history').getByRole('listitem').filter({ hasText: label });
  await expect(async () => {
    await page.reload();
    await expect(lines).toHaveCount(count, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('a contact lead’s page shows its history and its held emails, each readable and sendable again', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const email = `${tag}@example.com`;
  const lead = await submitContact(request, {
    name: `Follow ${tag}`,
    email,
    message: 'Please tell me about your SMS pricing.',
  });
  await apiSignIn(request);
  const messages = await leadMessages(
    request,
    'contact',
    lead.id,
    (m) => m.length === 2 && m.every((x) => x.status === 'held'),
  );
  const ack = messages.find((m) => m.template === 'acknowledgment')!;

  await openDashboard(page);
  await page.goto(`/admin/contacts/${lead.id}`);
  const history = page.getByTestId('lead-history');
  await expect(history.getByRole('listitem').first()).toContainText('Received');
  await expectHistory(page, 'Email held: email is not configured', 2);

  const emails = page.getByTestId('lead-emails');
  await expect(emails.getByRole('listitem')).toHaveCount(2);
  await expect(emails.getByTestId('mail-status')).toHaveText(['Held', 'Held']);
  await expectNoAxeViolations(page);
  await emails.getByRole('link', { name: `Show email #${ack.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${lead.id}\\?message=${ack.id}$`));
  const content = page.locator(`#email-${ack.id}-content`);
  await expect(content.getByRole('definition').nth(2)).toHaveText(email);
  await expect(content.getByLabel(/^Plain text of /)).toContainText("We'll get back to you within 24 hours.");
  const frame = content.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  // Its HTML as sent, in a frame where nothing runs (the content itself is the mail tests' business).
  await expect(frame).toHaveAttribute('srcdoc', /within 24 hours/);
  await expectNoAxeViolations(page, 'iframe');

  // The open email is in the address: a reload keeps it open.
  await page.reload();
  await expect(content.getByLabel(/^Plain text of /)).toBeVisible();

  await emails.getByRole('button', { name: `Send email #${ack.id} again` }).click();
  await expect(page.getByText('Queued to send again')).toBeVisible();
  const resent = history.getByRole('listitem').filter({ hasText: 'Email queued again' });
  await expect(resent).toHaveCount(1);
  await expect(resent).toContainText('by admin');
  // Still no SMTP: it is held again, and can be sent again again.
  await expectHistory(page, 'Email held: email is not configured', 3);
  await expect(emails.getByRole('button', { name: `Send email #${ack.id} again` })).toBeVisible();

  // A history line opens its email.
  await page.goto(`/admin/contacts/${lead.id}`);
  await history
    .getByRole('link', { name: `Open email #${ack.id}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?message=${ack.id}#email-${ack.id}$`));
  await expect(content.getByLabel(/^Plain text of /)).toBeVisible();
  await emails.getByRole('link', { name: `Hide email #${ack.id}` }).click();
  await expect(content).toHaveCount(0);
});
