import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { ADMIN, logIn } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// ADMIN_MFA=required, as the Docker stack runs (docs/operations.md#second-factor), against a real
// server of that policy: scripts/e2e-server.mjs starts it on the port after the e2e server's, with
// an account per project that has no second factor yet. Such an admin can do nothing in the desk
// but set one up; once it is set up, the desk opens. Named *.own-server.spec.ts: the server and
// its accounts exist only beside the e2e server.

const requiredUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`;
test.use({ baseURL: requiredUrl });
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  // It starts after the e2e server (which builds the site first).
  for (let i = 0; i < 1200; i++) {
    const up = await fetch(`${requiredUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ADMIN_MFA=required server did not come up at ${requiredUrl}`);
});

test('an admin without a second factor is sent to the enrolment, and the desk opens once it is set up', async ({
  page,
}, info) => {
  const username = `required-${info.project.name}`;
  await page.goto('/admin/contacts');
  await logIn(page, username, ADMIN.password);

  // Wherever the link pointed, only the enrolment: no tabs, no banner, and the server refuses the rest.
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByText('Set up two-step sign-in to use the desk.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Two-step sign-in suggestion' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const refused = await page.request.get('/api/admin/overview');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe(
    'Set up two-step sign-in (an authenticator app) before using the desk.',
  );
  await page.goto('/admin/demos');
  await expect(page).toHaveURL(/\/admin\/security$/);

  await page.getByLabel('Your password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = await page.getByLabel('Secret key').inputValue();
  await page.getByLabel('Authentication code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  // Set up: the page says so while it shows the codes; once they are saved, the desk is next
  // (security-page.tsx), so the page's status is read before, not after, that step.
  await expect(page.getByTestId('second-factor-status')).toContainText('On');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/contacts');
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Contacts/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('count-Contact Forms')).toHaveText(/^\d+$/);
  expect((await page.request.get('/api/admin/overview')).status()).toBe(200);
});
