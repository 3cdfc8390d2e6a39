import { expect, type Page } from '@playwright/test';
import { test } from './admin-helpers.ts';
import type { Receiver } from './webhook-receiver.ts';

// Shared by the desk's webhook specs (admin-webhooks and admin-webhook-endpoints, *.own-server).

/** What a test set up: the receiver it started and the endpoint it added. */
export interface WebhookTest {
  receiver: Receiver | undefined;
  endpointId: number | undefined;
}

/**
 * The calling spec's tests' state. An endpoint left behind would get the leads other specs make:
 * after each test its endpoint is deleted and its receiver closed.
 */
export function cleanedUpAfterEach(): WebhookTest {
  const hook: WebhookTest = { receiver: undefined, endpointId: undefined };
  test.afterEach(async ({ page, baseURL }) => {
    if (hook.endpointId !== undefined)
      await page.request.delete(`/api/webhooks/${hook.endpointId}`, { headers: { Origin: baseURL! } });
    hook.endpointId = undefined;
    await hook.receiver?.close();
    hook.receiver = undefined;
  });
  return hook;
}

/** Opens the endpoint's page from the list; remembers its id for the clean-up. */
export async function openEndpoint(page: Page, url: string, hook: WebhookTest): Promise<void> {
  await page.getByRole('row').filter({ hasText: url }).getByRole('link', { name: url }).click();
  await expect(page.getByRole('heading', { name: url, level: 2 })).toBeVisible();
  hook.endpointId = Number(/\/admin\/webhooks\/(\d+)/.exec(page.url())![1]);
}

export const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' }).click();

export /** Adds an endpoint for the receiver through the desk's form; returns the secret it showed once. */
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
