import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { generateSync } from 'otplib';
import { ADMIN, logIn } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// The second factor in the desk (docs/operations.md#second-factor), under `npm start`'s
// ADMIN_MFA=optional. Each project enrols an account of its own (made by scripts/e2e-server.mjs):
// enrolling the shared `admin` would ask every other spec for a code. The tests run in order in
// one browser, as one admin would: enrol, then sign in with codes. Named *.own-server.spec.ts:
// those accounts exist only on the e2e server, so a run against another server (BASE_URL) leaves it out.

// Serial: one admin's walk, each test going on from where the one before left the account; with
// time for a code's wait now and then (freshCode).
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;
let username: string;
let secret: string;
let recoveryCodes: string[];
/** The codes made anew by the recovery-codes test. */
let freshRecoveryCodes: string[];
/** The last time step whose code the server accepted: each code works once. */
let lastStep = 0;

/**
 * A code from the app that the server has not seen. The server takes codes 30 s either side of its
 * clock, so the previous step's code works until the current step ends: it is used while 10 s of
 * the step are left, then the current one's, then the next one's. The walk needs at most three per
 * secret (replacing the app takes a recovery code; the API tests try a current code there too, and
 * the new secret's first code may be any the server takes), so it waits for the time only when it
 * starts at the end of a step and runs quickly.
 */
async function freshCode(): Promise<string> {
  const now = Date.now();
  const current = Math.floor(now / 30_000);
  const earliest = now - current * 30_000 < 20_000 ? current - 1 : current;
  const step = Math.max(earliest, lastStep + 1);
  const wait = (step - 1) * 30_000 - now;
  if (wait > 0) await page.waitForTimeout(wait + 500);
  lastStep = step;
  return generateSync({ secret, epoch: step * 30 });
}

/** A 6-digit code that is not the current one. */
const wrongCode = () =>
  String((Number(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) })) + 1) % 1e6).padStart(6, '0');

async function passwordStep(target = '/admin') {
  await page.goto(target);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await logIn(page, username, ADMIN.password);
  await expect(page.getByRole('form', { name: 'Two-step sign-in' })).toBeVisible();
}

async function signOut() {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

test.beforeAll(async ({ browser }, info) => {
  username = `mfa-${info.project.name}`;
  page = await (await browser.newContext({ acceptDownloads: true })).newPage();
});
test.afterAll(() => page.context().close());

test('enrols with the QR code or the secret, and shows ten recovery codes once', async () => {
  await page.goto('/admin');
  await logIn(page, username, ADMIN.password);
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();

  const banner = page.getByRole('region', { name: 'Two-step sign-in suggestion' });
  await expect(banner).toContainText('Protect your account with two-step sign-in');
  await banner.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 2 })).toBeVisible();
  await expect(page.getByTestId('second-factor-status')).toContainText('Off');

  // The set-up asks for the password again: a session alone cannot bind an app.
  const setUp = page.getByRole('form', { name: 'Set up' });
  await setUp.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(setUp.getByText('Password is required')).toBeVisible();
  await setUp.getByLabel('Your password').fill(ADMIN.password);
  await setUp.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
  secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  const code = page.getByLabel('Authentication code');
  await code.fill('12');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await code.fill(wrongCode());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right' })).toBeVisible();

  await code.fill(await freshCode());
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  expect(new Set(recoveryCodes).size).toBe(10);
  await expect(page.getByText('They are shown only this once.')).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download codes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('lead-desk-recovery-codes.txt');
  const saved = await readFile(await download.path(), 'utf8');
  for (const c of recoveryCodes) expect(saved).toContain(c);

  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('second-factor-status')).toContainText('On');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Recovery codes left: 10');
  await page.reload();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Recovery codes left: 10');
  await expect(page.getByText(recoveryCodes[0]!)).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('asks for the code after the password, refuses a wrong one, and signs in with the right one', async () => {
  await signOut();
  await passwordStep('/admin/demos');
  const code = page.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toBeFocused();
  // The Login click left the mouse where Verify now is: axe reads the resting button, not its hover.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  await code.fill(wrongCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code' })).toBeVisible();
  await expect(page.getByText('Login failed')).toBeVisible();

  await code.fill(await freshCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  // Where the admin was going before signing in, as after a password-only sign-in.
  await expect(page).toHaveURL(/\/admin\/demos$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
});

test('signs in with a recovery code once; the same code is refused the second time', async () => {
  await signOut();
  await passwordStep();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Recovery codes left: 9');

  await signOut();
  await passwordStep();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const field = page.getByLabel('Recovery code');
  await field.fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code' })).toBeVisible();
  // Case and dashes do not matter.
  await field.fill(recoveryCodes[1]!.replace(/-/g, '').toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
});

test('makes new recovery codes for a current code; the old ones stop working', async () => {
  await page.goto('/admin/security');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Recovery codes left: 8');
  const form = page.getByRole('form', { name: 'Make new recovery codes' });
  await form.getByLabel('Authentication code').fill(await freshCode());
  await form.getByRole('button', { name: 'Make new recovery codes' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const fresh = await list.getByRole('listitem').allInnerTexts();
  freshRecoveryCodes = fresh;
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Recovery codes left: 10');

  await signOut();
  await passwordStep();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[2]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code' })).toBeVisible();
  await page.getByLabel('Recovery code').fill(fresh[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
});

test('replaces the authenticator app after asking for the password and a code again', async () => {
  await page.goto('/admin/security');
  const form = page.getByRole('form', { name: 'Replace authenticator app' });
  await form.getByRole('button', { name: 'Replace authenticator app' }).click();
  await expect(form.getByText('Password is required')).toBeVisible();
  await expect(
    form.getByText('Enter the 6-digit code from your authenticator app, or a recovery code'),
  ).toBeVisible();
  // (A wrong code is the API tests' to try: each counts against the code throttle these tests share.)
  await form.getByLabel('Your password').fill(ADMIN.password);
  await form.getByLabel('Code from your app, or a recovery code').fill(freshRecoveryCodes[1]!);
  await form.getByRole('button', { name: 'Replace authenticator app' }).click();
  const old = secret;
  secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).not.toBe(old);
  lastStep = 0;
  await page.getByLabel('Authentication code').fill(await freshCode());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();

  await signOut();
  await passwordStep();
  await page.getByLabel('Authentication code').fill(await freshCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Logged in as: ${username}`)).toBeVisible();
});
