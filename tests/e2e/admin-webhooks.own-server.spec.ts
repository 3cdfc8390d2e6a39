import { expect, test, type Page } from '@playwright/test';
import { signIn, submitContact, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { signedWith, startReceiver, type Receiver } from './webhook-receiver.ts';

// The desk's webhook pages against real receivers (docs/webhooks.md). The e2e server retries a
// failed delivery twice, 300 ms apart (scripts/e2e-server.mjs), so a delivery fails for good fast.
// Named *.own-server.spec.ts: it needs that server's settings (plain http to a private address, the
// short retries), so a run against another server (BASE_URL, the Docker stack) leaves it out.

let receiver: Receiver | undefined;
let endpointId: number | undefined;
// An endpoint left behind would get the leads other specs make: each test deletes its own.
test.afterEach(async ({ page, baseURL }) => {
  if (endpointId !== undefined)
    await page.request.delete(`/api/webhooks/${endpointId}`, { headers: { Origin: baseURL! } });
  endpointId = undefined;
  await receiver?.close();
  receiver = undefined;
});

/** Opens the endpoint's page from the list; remembers its id for the clean-up. */
async function openEndpoint(page: Page, url: string): Promise<void> {
  await page.getByRole('row').filter({ hasText: url }).getByRole('link', { name: url }).click();
  await expect(page.getByRole('heading', { name: url, level: 2 })).toBeVisible();
  endpointId = Number(/\/admin\/webhooks\/(\d+)/.exec(page.url())![1]);
}

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

    await openEndpoint(page, receiver.url);
    await expect(page).toHaveURL(/\/admin\/webhooks\/\d+$/);
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
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
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
    await openEndpoint(page, receiver.url);

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
    await expect.poll(() => receiver!.received.length, { timeout: 40_000 }).toBe(3);
    await expect(async () => {
      await refresh(page);
      await expect(failedRow).toContainText('Failed', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
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
    await expect.poll(() => receiver!.received.length, { timeout: 40_000 }).toBe(4);
    expect(receiver.received[3]!.webhookId).toBe(receiver.received[0]!.webhookId);
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
    await expect(onLead).toContainText(receiver.url);
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

  test('edits, disables, rotates the secret of and deletes an endpoint', async ({ page }) => {
    receiver = await startReceiver();
    const tag = uniqueTag();
    await signIn(page);
    const first = await addEndpoint(page, receiver.url, `Edited ${tag}`, ['Lead created']);
    await openEndpoint(page, receiver.url);

    const settings = page.getByRole('form', { name: 'Endpoint settings' });
    await settings.getByLabel('Description').fill(`Edited again ${tag}`);
    await settings.getByText('Newsletter unsubscribed', { exact: true }).click();
    await settings.getByText(/^Enabled/).click();
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Endpoint saved')).toBeVisible();
    await expect(page.getByText('Disabled in the desk')).toBeVisible();
    await page.reload();
    await expect(settings.getByLabel('Description')).toHaveValue(`Edited again ${tag}`);
    await expect(settings.getByRole('checkbox', { name: 'Newsletter unsubscribed' })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: /^Enabled/ })).not.toBeChecked();

    // A disabled endpoint can still be tested.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event delivered')).toBeVisible();

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page
      .getByRole('group', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const notice = page.getByRole('region', { name: 'New signing secret' });
    await expect(notice).toContainText('It will not be shown again');
    const second = (await notice.getByTestId('signing-secret').innerText()).trim();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    await expect(page.getByText(/The previous secret also signs every message until/)).toBeVisible();
    await expectNoAxeViolations(page);

    // The old and the new secret both sign for now (docs/webhooks.md#rotating-the-secret).
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver!.received.length).toBe(2);
    expect(signedWith(first, receiver.received[1]!)).toBe(true);
    expect(signedWith(second, receiver.received[1]!)).toBe(true);

    // A filter the contract does not know is refused by the page, not sent to the server.
    const here = page.url();
    await page.goto(`${here}?status=lost`);
    await expect(page.getByText('The status in this address is not one the desk knows.')).toBeVisible();
    await page.goto(here);

    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    const confirm = page.getByRole('group', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
    endpointId = undefined;
  });

  test('the delivery log keeps its filters and its page in the URL', async ({ page, baseURL }) => {
    receiver = await startReceiver();
    await signIn(page);
    await addEndpoint(page, receiver.url, `Paged ${uniqueTag()}`, ['Lead created']);
    await openEndpoint(page, receiver.url);
    // One more delivery than a page holds (25).
    for (let i = 0; i < 26; i++) {
      const res = await page.request.post(`/api/webhooks/${endpointId}/test`, {
        headers: { Origin: baseURL! },
      });
      expect(res.status()).toBe(200);
    }
    await refresh(page);
    const rows = page.getByRole('table', { name: 'Deliveries' }).getByRole('row');
    await expect(rows).toHaveCount(26); // the header row and 25 deliveries

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]cursor=/);
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).not.toHaveURL(/cursor=/);
    await expect(rows).toHaveCount(26);

    // A filter starts the log again at its first page; Back returns to the filter before.
    await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Lead created' });
    await expect(page).toHaveURL(/[?&]event=lead\.created/);
    await expect(page.getByText('No deliveries match these filters.')).toBeVisible();
    await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Test event' });
    await page.getByLabel('Made on or after').fill('2099-01-01');
    await expect(page).toHaveURL(/[?&]since=2099-01-01/);
    await expect(page.getByText('No deliveries match these filters.')).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/since=/);
    await expect(page.getByLabel('Event', { exact: true })).toHaveValue('webhook.test');
    await expect(rows).toHaveCount(26);
    await expectNoAxeViolations(page);
  });
});
