import { expect, test, type Page } from '@playwright/test';
import { signIn, submitContact, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { signedWith, startReceiver, type Receiver } from './webhook-receiver.ts';

// The desk's webhook pages against real receivers (docs/webhooks.md). The e2e server retries a
// failed delivery twice, 300 ms apart (scripts/e2e-server.mjs), so a delivery fails for good fast.

let receiver: Receiver | undefined;
test.afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' }).click();

/** Adds an endpoint for the receiver through the desk's form; returns the secret it showed once. */
async function addEndpoint(page: Page, url: string, description: string, events: string[]): Promise<string> {
  await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('form', { name: 'New endpoint' });
  // Nothing chosen yet: the contract's messages say what is missing.
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText("Enter the endpoint's full URL, starting with https://")).toBeVisible();
  await expect(form.getByText('Choose at least one event')).toBeVisible();
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel('Description').fill(description);
  for (const event of events) await form.getByText(event, { exact: true }).click();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const notice = page.getByRole('region', { name: `Endpoint added: ${url}` });
  await expect(notice).toContainText('It will not be shown again');
  const secret = (await notice.getByTestId('signing-secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
  return secret;
}

test.describe('admin webhooks', () => {
  test('adds an endpoint, shows its secret once, and delivers a signed test event', async ({ page }) => {
    receiver = await startReceiver();
    const tag = uniqueTag();
    await signIn(page);
    const secret = await addEndpoint(page, receiver.url, `Test receiver ${tag}`, ['Demo scheduled']);
    await expectNoAxeViolations(page);

    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText(`Test receiver ${tag}`);
    await expect(row).toContainText('Demo scheduled');
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('No deliveries yet');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('link', { name: receiver.url }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks\/\d+$/);
    await expect(page.getByRole('heading', { name: receiver.url, level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event delivered')).toBeVisible();

    // The receiver got one signed request, which verifies with the secret shown once.
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
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
  });

  test('a delivery the receiver refuses fails after its retries and is redelivered', async ({
    page,
    request,
  }) => {
    // The first three attempts (the attempt and its two retries) get a 500, then the receiver is fixed.
    receiver = await startReceiver((n) => (n < 3 ? 500 : 204));
    const tag = uniqueTag();
    await signIn(page);
    await addEndpoint(page, receiver.url, `Failing receiver ${tag}`, ['Lead created']);
    await page.getByRole('link', { name: receiver.url }).click();
    await expect(page.getByRole('heading', { name: receiver.url, level: 2 })).toBeVisible();

    await submitContact(request, {
      name: `Webhook ${tag}`,
      email: `webhook.${tag}@example.com`,
      message: 'A lead for the webhook test.',
    });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed' });
    await expect(page).toHaveURL(/[?&]status=failed/);
    const log = page.getByRole('table', { name: 'Deliveries' });
    const failedRow = log.getByRole('row').filter({ hasText: 'Lead created' });
    await expect(async () => {
      await refresh(page);
      await expect(failedRow).toContainText('Failed', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(failedRow).toContainText('3');
    await expect(failedRow).toContainText('HTTP 500');
    expect(receiver.received).toHaveLength(3);

    await failedRow.getByRole('button', { name: /^Show delivery/ }).click();
    const attempts = page.getByRole('table', { name: /^Attempts of delivery/ });
    await expect(attempts.getByRole('row')).toHaveCount(4);
    await expect(attempts).toContainText('receiver says 500');
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Redelivery queued')).toBeVisible();

    // The redelivery carries the same webhook-id, and the receiver now takes it.
    await expect.poll(() => receiver!.received.length, { timeout: 15_000 }).toBe(4);
    expect(receiver.received[3]!.webhookId).toBe(receiver.received[0]!.webhookId);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Succeeded' });
    await expect(async () => {
      await refresh(page);
      await expect(log.getByRole('row').filter({ hasText: 'Lead created' })).toContainText('Succeeded', {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await expectNoAxeViolations(page);
  });
});
