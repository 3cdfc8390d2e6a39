import { expect, type Page } from '@playwright/test';
import { openDashboard, submitDemo, test, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// A demo's calendar invitation from its page in the desk (docs/product.md#follow-up).
test.use({ timezoneId: 'Europe/Berlin' });

const form = (page: Page) => page.getByRole('form', { name: 'Calendar invitation' });

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form(page).getByLabel(label).fill(value);
}

test('an invitation is sent, moved and cancelled, with the server’s objections at their fields', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const demo = await submitDemo(request, {
    name: `Invite ${tag}`,
    email: `${tag}@example.com`,
    phone: '',
    company: '',
    preferredDate: '',
    preferredTime: '',
    message: '',
  });
  await openDashboard(page);
  await page.goto(`/admin/demos/${demo.id}`);
  await expect(page.getByTestId('invitation-state')).toHaveText('No invitation has been sent yet.');
  // The browser's own zone and 30 minutes to start with.
  await expect(form(page).getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  await expect(form(page).getByLabel('Duration (minutes)')).toHaveValue('30');
  await expectNoAxeViolations(page);

  const send = form(page).getByRole('button', { name: 'Send invitation' });
  await send.click();
  await expect(form(page).getByText('Date is required')).toBeVisible();
  await expect(form(page).getByText('Start time is required')).toBeVisible();

  await fill(page, { Date: '2020-01-06', 'Start time': '10:00', 'Meeting link': 'ftp://files.example' });
  await send.click();
  await expect(form(page).getByText('Meeting link must be an http:// or https:// address')).toBeVisible();

  // What only the server can tell, shown at the field it concerns.
  await fill(page, { 'Meeting link': '' });
  await send.click();
  await expect(form(page).getByText('The demo must start in the future')).toBeVisible();
  await expect(form(page).getByLabel('Date')).toBeFocused();
  await fill(page, { Date: '2030-03-31', 'Start time': '02:30' });
  await send.click();
  await expect(form(page).getByText(/does not exist in Europe\/Berlin/)).toBeVisible();
  await fill(page, { 'Start time': '10:00', 'Time zone': 'Mars/Olympus_Mons' });
  await send.click();
  await expect(form(page).getByText(/Unknown time zone "Mars\/Olympus_Mons"/)).toBeVisible();
  // Away from the button: Chakra's hover shade is the colour axe would check.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  await fill(page, {
    'Time zone': 'America/New_York',
    'Duration (minutes)': '45',
    'Meeting link': 'https://meet.example/textflow-demo',
  });
  await send.click();
  await expect(page.getByTestId('notice').getByText('Invitation sent', { exact: true })).toBeVisible();
  const state = page.getByTestId('invitation-state');
  await expect(state).toContainText(
    'Sent: Sunday, March 31, 2030 at 10:00 AM (America/New_York), 45 minutes',
  );
  await expect(state.getByRole('link', { name: 'https://meet.example/textflow-demo' })).toBeVisible();
  await expect(page.locator('dl').getByTestId('status')).toHaveText('confirmed');

  await fill(page, { 'Start time': '11:30' });
  await form(page).getByRole('button', { name: 'Move invitation' }).click();
  await expect(page.getByTestId('notice').getByText('Invitation moved', { exact: true })).toBeVisible();
  await expect(state).toContainText('11:30 AM (America/New_York)');

  await form(page).getByRole('button', { name: 'Cancel invitation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the demo' }).click();
  await expect(page.getByTestId('notice').getByText('Invitation cancelled', { exact: true })).toBeVisible();
  await expect(state).toContainText('Cancelled:');
  await expect(page.locator('dl').getByTestId('status')).toHaveText('cancelled');
  await expect(form(page).getByRole('button', { name: 'Send invitation' })).toBeVisible();

  const history = page.getByTestId('lead-history');
  for (const line of ['Invitation sent', 'Invitation moved', 'Invitation cancelled'])
    await expect(history.getByRole('listitem').filter({ hasText: line })).toHaveCount(1);
  await expect(history).toContainText('by admin');
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
});
