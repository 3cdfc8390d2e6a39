import type { components } from '@lead-desk/contract';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';

// ADMIN_MFA=required (the Docker stack) with an admin who has not enrolled: the server refuses
// every admin call but enrolment, session and logout (403). The e2e server runs `optional`, so the
// session is answered here as such a server answers it; the desk must show only the enrolment.
const session: components['schemas']['Session'] = {
  username: 'admin',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  secondFactor: { policy: 'required', enrolled: false, mustEnrol: true, recoveryCodesLeft: 0 },
};

test('an admin who must enrol is sent to the enrolment, wherever the link pointed', async ({ page }) => {
  await page.route('**/api/admin/session', (route) => route.fulfill({ json: session }));
  let refused = false;
  await page.route('**/api/{overview,contacts,demos}**', (route) => {
    refused = true;
    return route.fulfill({ status: 403, json: { type: 'about:blank', title: 'Forbidden', status: 403 } });
  });

  await page.goto('/admin/contacts');
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByText('Set up two-step sign-in to use the desk.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Two-step sign-in suggestion' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/security$/);
  expect(refused).toBe(false);
});
