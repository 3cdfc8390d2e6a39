import { expect } from '@playwright/test';
import { openDashboard, test, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { addEndpoint, cleanedUpAfterEach, openEndpoint, refresh } from './webhook-desk.ts';
import { signedWith, startReceiver } from './webhook-receiver.ts';

// The desk's webhook pages against real receivers (docs/webhooks.md): changing an endpoint and its
// delivery log; adding one and its deliveries are in admin-webhooks.own-server.spec.ts.
// Named *.own-server.spec.ts: it needs that server's settings (plain http to a private address, the
// short retries), so a run against another server (BASE_URL, the Docker stack) leaves it out.

const hook = cleanedUpAfterEach();
// Its endpoints receive every lead of their server: one of its worker's own
// (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

test.describe('admin webhooks', () => {
  test('edits, disables, rotates the secret of and deletes an endpoint', async ({ page }) => {
    hook.receiver = await startReceiver();
    const tag = uniqueTag();
    await openDashboard(page);
    const first = await addEndpoint(page, hook.receiver.url, `Edited ${tag}`, ['Lead created']);
    await openEndpoint(page, hook.receiver.url, hook);

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
    await expect.poll(() => hook.receiver!.received.length).toBe(2);
    expect(signedWith(first, hook.receiver.received[1]!)).toBe(true);
    expect(signedWith(second, hook.receiver.received[1]!)).toBe(true);

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
    await expect(page.getByRole('row').filter({ hasText: hook.receiver.url })).toHaveCount(0);
    hook.endpointId = undefined;
  });

  test('the delivery log keeps its filters and its page in the URL', async ({ page, baseURL }) => {
    hook.receiver = await startReceiver();
    await openDashboard(page);
    await addEndpoint(page, hook.receiver.url, `Paged ${uniqueTag()}`, ['Lead created']);
    await openEndpoint(page, hook.receiver.url, hook);
    // One more delivery than a page holds (25).
    for (let i = 0; i < 26; i++) {
      const res = await page.request.post(`/api/webhooks/${hook.endpointId}/test`, {
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
