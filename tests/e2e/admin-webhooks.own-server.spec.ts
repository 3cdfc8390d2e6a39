import { expect } from '@playwright/test';
import { openDashboard, submitContact, test, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { addEndpoint, cleanedUpAfterEach, openEndpoint, refresh } from './webhook-desk.ts';
import { signedWith, startReceiver } from './webhook-receiver.ts';

// The desk's webhook pages against real receivers (docs/webhooks.md). The e2e server retries a
// failed delivery twice, 300 ms apart (scripts/e2e-server.mjs), so a delivery fails for good fast.
// Named *.own-server.spec.ts: it needs that server's settings (plain http to a private address, the
// short retries), so a run against another server (BASE_URL, the Docker stack) leaves it out.

const hook = cleanedUpAfterEach();
// Its endpoints receive every lead of their server: one of its worker's own
// (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

test.describe('admin webhooks', () => {
  test('adds an endpoint, shows its secret once, and delivers a signed test event', async ({ page }) => {
    hook.receiver = await startReceiver();
    const tag = uniqueTag();
    await openDashboard(page);
    const secret = await addEndpoint(page, hook.receiver.url, `Test receiver ${tag}`, ['Demo scheduled']);
    await expectNoAxeViolations(page);

    const row = page.getByRole('row').filter({ hasText: hook.receiver.url });
    await expect(row).toContainText(`Test receiver ${tag}`);
    await expect(row).toContainText('Demo scheduled');
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('No deliveries yet');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    await openEndpoint(page, hook.receiver.url, hook);
    await expect(page).toHaveURL(/\/admin\/webhooks\/\d+$/);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event delivered')).toBeVisible();

    // The receiver got one signed request, which verifies with the secret shown once.
    expect(hook.receiver.received).toHaveLength(1);
    const got = hook.receiver.received[0]!;
    expect(got.webhookId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.signature).toMatch(/^v1,/);
    expect(signedWith(secret, got)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });

    const log = page.getByRole('table', { name: 'Deliveries' });
    const delivery = log.getByRole('row').filter({ hasText: 'Test event' });
    await expect(delivery).toContainText('Succeeded');
    await expect(delivery).toContainText('HTTP 204');
    await delivery.getByRole('button', { name: /^Show delivery/ }).click();
    await expect(page).toHaveURL(/[?&]delivery=\d+/);
    await expect(page.getByRole('table', { name: /^Attempts of delivery/ })).toContainText('HTTP 204');
    await expect(page.getByText(got.webhookId)).toBeVisible();
    await expect(page.getByText('"webhook.test"')).toBeVisible();
    await expectNoAxeViolations(page);

    // A reload keeps the open delivery (it is in the URL) and never shows the secret again.
    await page.reload();
    await expect(page.getByText(got.webhookId)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a delivery the receiver refuses fails after its retries and is redelivered', async ({
    page,
    request,
  }) => {
    // The first three attempts (the attempt and its two retries) get a 500, then the receiver is fixed.
    hook.receiver = await startReceiver((n) => (n < 3 ? 500 : 204));
    const tag = uniqueTag();
    await openDashboard(page);
    await addEndpoint(page, hook.receiver.url, `Failing receiver ${tag}`, ['Lead created']);
    await openEndpoint(page, hook.receiver.url, hook);

    const lead = await submitContact(request, {
      name: `Webhook ${tag}`,
      email: `webhook.${tag}@example.com`,
      message: 'A lead for the webhook test.',
    });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed' });
    await expect(page).toHaveURL(/[?&]status=failed/);
    const log = page.getByRole('table', { name: 'Deliveries' });
    const failedRow = log.getByRole('row').filter({ hasText: 'Lead created' });
    // The event leaves through the job queue: the attempt and its two retries reach the receiver.
    await expect.poll(() => hook.receiver!.received.length, { timeout: 40_000 }).toBe(3);
    await expect(async () => {
      await refresh(page);
      await expect(failedRow).toContainText('Failed', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(failedRow).toContainText('3');
    await expect(failedRow).toContainText('HTTP 500');
    expect(hook.receiver.received).toHaveLength(3);

    await failedRow.getByRole('button', { name: /^Show delivery/ }).click();
    const attempts = page.getByRole('table', { name: /^Attempts of delivery/ });
    await expect(attempts.getByRole('row')).toHaveCount(4);
    await expect(attempts).toContainText('receiver says 500');
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Redelivery queued')).toBeVisible();

    // The redelivery carries the same webhook-id, and the receiver now takes it.
    await expect.poll(() => hook.receiver!.received.length, { timeout: 40_000 }).toBe(4);
    expect(hook.receiver.received[3]!.webhookId).toBe(hook.receiver.received[0]!.webhookId);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Succeeded' });
    await expect(async () => {
      await refresh(page);
      await expect(log.getByRole('row').filter({ hasText: 'Lead created' })).toContainText('Succeeded', {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    // The lead's page lists both deliveries it caused; each opens on its endpoint's page.
    await page.goto(`/admin/contacts/${lead.id}`);
    const onLead = page.getByRole('table', { name: 'Webhook deliveries of this lead' });
    await expect(onLead.getByRole('row')).toHaveCount(3);
    await expect(onLead).toContainText('Failed');
    await expect(onLead).toContainText('Succeeded');
    await expect(onLead).toContainText(hook.receiver.url);
    await expectNoAxeViolations(page);
    await onLead
      .getByRole('row')
      .filter({ hasText: 'Failed' })
      .getByRole('link', { name: 'Lead created' })
      .click();
    await expect(page).toHaveURL(/\/admin\/webhooks\/\d+\?delivery=\d+$/);
    await expect(page.getByRole('table', { name: /^Attempts of delivery/ })).toContainText(
      'receiver says 500',
    );
  });
});
