import type { components } from '@lead-desk/contract';
import { expect } from '@playwright/test';
import { openDashboard, test } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// What the desk asks of an admin without a second factor (docs/operations.md#second-factor).

test('under optional, a dismissible banner suggests two-step sign-in and links to it', async ({ page }) => {
  await openDashboard(page); // the shared admin, never enrolled by any spec
  const banner = page.getByRole('region', { name: 'Two-step sign-in suggestion' });
  await expect(banner).toContainText('Protect your account with two-step sign-in');
  await expect(banner.getByRole('link', { name: 'Set up two-step sign-in' })).toHaveAttribute(
    'href',
    '/admin/security',
  );
  await expect(page.getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/admin/security');
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Dismiss the two-step sign-in suggestion' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('count-Contact Forms')).toHaveText(/^\d+$/);
  await expect(banner).toHaveCount(0);
});

// ADMIN_MFA=required (the Docker stack) with an admin who has not enrolled: the server refuses
// every admin call but enrolment, session and logout (403); admin-mfa-required.own-server.spec.ts
// signs in to such a server. Here, the moment the policy changes under an open desk: the e2e
// server runs `optional`, so the session is answered as a `required` server answers it.
const session: components['schemas']['Session'] = {
  username: 'admin',
  role: 'owner',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  secondFactor: { policy: 'required', enrolled: false, mustEnrol: true, recoveryCodesLeft: 0 },
  signedInWith: 'password',
  hasPassword: true,
};

test('a desk page refused for want of a second factor says so and leads to the set-up', async ({ page }) => {
  // The server was switched to `required` while this admin's desk was open.
  const open = {
    ...session,
    secondFactor: { ...session.secondFactor, policy: 'optional', mustEnrol: false },
  };
  await page.route('**/api/admin/session', (route) => route.fulfill({ json: open }));
  const detail = 'Set up two-step sign-in (an authenticator app) before using the desk.';
  await page.route(/\/api\/admin\/overview/, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/problem+json',
      json: { type: 'about:blank', title: 'Forbidden', status: 403, detail },
    }),
  );
  await page.goto('/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
  await expect(alert.getByText(detail, { exact: true })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Set up two-step sign-in' })).toHaveAttribute(
    'href',
    '/admin/security',
  );
});
