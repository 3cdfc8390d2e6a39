import { expect, test } from '@playwright/test';
import { ADMIN, logIn, openAdmin, signIn, uniqueTag } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

test.describe('admin login', () => {
  test('shows the login form with its fields, and nothing about accounts in the page', async ({ page }) => {
    await openAdmin(page);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Back to Website' })).toHaveAttribute('href', '/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(await page.content()).not.toContain(ADMIN.password);
    await expectNoAxeViolations(page);
  });

  test('the eye button shows and hides the password', async ({ page }) => {
    await openAdmin(page);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('requires both fields before asking the server', async ({ page }) => {
    await openAdmin(page);
    let asked = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/admin/login')) asked = true;
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(asked).toBe(false);
  });

  test('wrong then right credentials, a reload keeps the session, logout clears the fields', async ({
    page,
  }) => {
    await openAdmin(page);
    await logIn(page, ADMIN.username, 'not-the-password');
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible();
    await expect(page.getByTestId('notice')).toHaveCSS('opacity', '1');
    await expectNoAxeViolations(page);
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(ADMIN.username);

    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText('Welcome to the admin dashboard.')).toBeVisible();
    await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
    // The dashboard with its success notice fully shown meets contrast and the rest of axe.
    await expect(page.getByTestId('notice')).toHaveCSS('opacity', '1');
    await expectNoAxeViolations(page);

    const cookies = await page.context().cookies();
    const sid = cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Strict');

    await page.reload();
    await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
    await expect(page.getByText('You have been logged out successfully.')).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    // The session is gone on the server too: a reload shows the login form again.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    const status = await page.evaluate(async () => (await fetch('/api/admin/session')).status);
    expect(status).toBe(401);
  });

  test('shows the server throttle message after repeated failures', async ({ page }) => {
    // A made-up account, so the real admin is not locked out for the rest of the suite.
    const username = `nobody-${uniqueTag()}`;
    await openAdmin(page);
    for (let i = 0; i < 5; i++) {
      await logIn(page, username, `wrong-${i}`);
      await expect(page.getByText('Invalid username or password')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
    }
    await logIn(page, username, 'wrong-again');
    await expect(page.getByRole('alert').filter({ hasText: /^Too many failed login attempts\./ })).toHaveText(
      /Try again in \d+ minutes?\./,
    );
    await expect(page.getByText('Invalid username or password')).toHaveCount(0);
  });

  test('an expired session returns to the login form with a notice', async ({ page, playwright }) => {
    await signIn(page);
    // The server forgets the session (as at expiry) while the browser still holds its cookie.
    const sid = (await page.context().cookies()).find((c) => c.name === 'sid' || c.name === '__Host-sid');
    expect(sid).toBeDefined();
    const origin = new URL(page.url()).origin;
    const other = await playwright.request.newContext({ baseURL: origin });
    const res = await other.post('/api/admin/logout', {
      headers: { Origin: origin, Cookie: `${sid!.name}=${sid!.value}` },
    });
    expect(res.status()).toBe(204);
    await other.dispose();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Session expired')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    // Signing in again returns to where the session ended.
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
    await logIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
  });
});
