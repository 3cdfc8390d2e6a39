import type { components } from '@lead-desk/contract';
import { expect } from '@playwright/test';
import { openDashboard, submitContact, test, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { apiSignIn, leadMessages } from './mail-helpers.ts';

// The overview's delivery card (docs/product.md#follow-up). Tests run without SMTP: every email is
// held, and the card says why. The card counts every email of the server: it runs on one of its
// worker's own (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

test('the overview shows what email is waiting, failed or held, and that email is not configured', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const lead = await submitContact(request, {
    name: `Delivery ${tag}`,
    email: `${tag}@example.com`,
    message: 'How fast do your messages go out?',
  });
  await apiSignIn(request);
  await leadMessages(
    request,
    'contact',
    lead.id,
    (m) => m.length === 2 && m.every((x) => x.status === 'held'),
  );
  const health = (await (
    await request.get('/api/admin/delivery')
  ).json()) as components['schemas']['DeliveryHealth'];
  expect(health.emailConfigured).toBe(false);
  expect(health.held).toBeGreaterThanOrEqual(2);

  await openDashboard(page);
  const card = page.getByRole('region', { name: 'Email delivery' });
  await expect(card.getByTestId('email-configured')).toHaveText(
    'Email is not configured (SMTP_URL is not set): nothing is sent, and each email is held, readable on its lead’s page.',
  );
  await expect(card.getByTestId('delivery-Held')).toHaveText(String(health.held));
  await expect(card.getByTestId('delivery-Queued')).toHaveText(String(health.queued));
  await expect(card.getByTestId('delivery-Failed')).toHaveText(String(health.failed));
  await expect(card).toContainText(`${health.retrying} retrying after a failure`);
  if (health.lastError)
    await expect(card.getByTestId('delivery-last-error')).toContainText(health.lastError.error);
  else await expect(card).toContainText('No delivery errors.');
  await expectNoAxeViolations(page);

  // Another held email shows once the overview is opened again.
  await submitContact(request, {
    name: `Delivery ${tag} two`,
    email: `${tag}.2@example.com`,
    message: 'One more question.',
  });
  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId('delivery-Held')).toHaveText(String(health.held + 2), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});
