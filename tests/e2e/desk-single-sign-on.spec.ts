import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../oidc/test-provider.ts';
import { adminPassword } from './fixtures.ts';
import { freePort, startSpecServer, type SpecServer } from './spec-server.ts';

// Single sign-on (docs/operations.md#single-sign-on) in the browser, end to end: a real OpenID
// Connect provider (oidc-provider) runs in this test's process, and a server of this spec's own
// (docs/testing.md#a-server-of-a-specs-own) is configured with it, its passwords for the owner only
// (LOCAL_LOGIN=owner). People sign in by the button on the desk's sign-in page, through the
// provider's own page, and back.

const OWNER = { username: 'owner', password: adminPassword };
const MEMBER = { username: 'pat', password: 'a member password of length' };

const test = base.extend<object, { desk: { server: SpecServer; idp: TestProvider } }>({
  desk: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const idp = await startTestProvider({
        redirectUri: `${url}/api/admin/sso/callback`,
        postLogoutRedirectUri: `${url}/admin/login`,
      });
      const server = await startSpecServer(
        {
          ADMIN_USERNAME: OWNER.username,
          ADMIN_PASSWORD: OWNER.password,
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          OIDC_ALLOW_HTTP: 'true',
          OIDC_DISPLAY_NAME: 'Test IdP',
          OIDC_ALLOWED_DOMAINS: 'allowed.example',
          LOCAL_LOGIN: 'owner',
        },
        port,
      );
      await use({ server, idp });
      await server.stop();
      await idp.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ desk }, use) => use(desk.server.url),
});

/** A browser of its own, on the desk's sign-in page (optionally with a desk address to return to). */
async function signInPage(browser: Browser, baseURL: string, query = '') {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/admin/login${query}`);
  return page;
}

/** Through the provider: its button, the provider's page, the address, back to the desk. */
async function throughProvider(page: Page, email: string) {
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The owner's API calls, with the owner's password (allowed under LOCAL_LOGIN=owner). */
async function ownerRequest(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await context.request.post('/api/admin/login', { data: OWNER });
  expect(res.status()).toBe(200);
  return context.request;
}

test('an invited person signs in through the provider with the invited role, and signs out there too', async ({
  browser,
  baseURL,
  desk,
}) => {
  const owner = await ownerRequest(browser, baseURL!);
  expect(
    (
      await owner.post('/api/team/invitations', { data: { email: 'ines@corp.example', role: 'member' } })
    ).status(),
  ).toBe(201);
  const page = await signInPage(browser, baseURL!, `?redirect=${encodeURIComponent('/admin/team')}`);
  await throughProvider(page, 'ines@corp.example');
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByText('Logged in as: ines@corp.example')).toBeVisible();
  const session = await page.request.get('/api/admin/session');
  expect(await session.json()).toMatchObject({ role: 'member', signedInWith: 'single-sign-on' });

  // Signing out ends the desk's session and the provider's, and comes back to the sign-in page.
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  // The provider's own page asks to end its session too (oidc-provider's default logout page).
  await expect(page).toHaveURL(new RegExp(`^${desk.idp.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test("an invitation's link leads to the provider's sign-in, not to a password of one's own", async ({
  browser,
  baseURL,
}) => {
  const owner = await ownerRequest(browser, baseURL!);
  const sent = await owner.post('/api/team/invitations', {
    data: { email: 'joiner@corp.example', role: 'member' },
  });
  expect(sent.status()).toBe(201);
  // No SMTP server on this desk: the link is the one the desk holds for the owner to pass on.
  const { heldLink } = (await sent.json()) as { heldLink: string };
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(heldLink);
  await expect(
    page.getByText('You are invited as a Member. Sign in with Test IdP using joiner@corp.example'),
  ).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await throughProvider(page, 'joiner@corp.example');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Logged in as: joiner@corp.example')).toBeVisible();
  expect(await (await page.request.get('/api/admin/session')).json()).toMatchObject({ role: 'member' });
});

test('an address in an allowed domain gets a viewer account at its first sign-in', async ({
  browser,
  baseURL,
}) => {
  const page = await signInPage(browser, baseURL!);
  await throughProvider(page, 'dana@allowed.example');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Logged in as: dana@allowed.example')).toBeVisible();
  expect(await (await page.request.get('/api/admin/session')).json()).toMatchObject({ role: 'viewer' });
});

test('an unknown address is refused with a plain message saying whom to ask', async ({
  browser,
  baseURL,
}) => {
  const page = await signInPage(browser, baseURL!);
  await throughProvider(page, 'stranger@elsewhere.example');
  await expect(page).toHaveURL(/\/admin\/login\?sso=not-known/);
  await expect(page.getByRole('alert')).toHaveText(
    'There is no desk account for the address your identity provider gave us. Ask an admin of your team to invite you (or the owner of the desk), then sign in again.',
  );
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test("a token the desk's checks refuse (another audience) lets nobody in", async ({
  browser,
  baseURL,
  desk,
}) => {
  desk.idp.tamperNextIdToken((claims) => ({ ...claims, aud: 'another-client' }));
  const page = await signInPage(browser, baseURL!);
  await throughProvider(page, 'dana@allowed.example');
  await expect(page).toHaveURL(/\/admin\/login\?sso=failed/);
  await expect(page.getByRole('alert')).toContainText(
    "Single sign-on did not complete: the identity provider's answer could not be checked.",
  );
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test('passwords are for the owner only: an invitation is accepted through the provider, and a deactivated person is refused', async ({
  browser,
  baseURL,
}) => {
  const owner = await ownerRequest(browser, baseURL!);
  // The held link (this server sends no email) cannot be accepted with a password here.
  const invitation = await owner.post('/api/team/invitations', {
    data: { email: 'pat@corp.example', role: 'member' },
  });
  const token = new URL((await invitation.json()).heldLink).hash.replace('#token=', '');
  const patContext = await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const byPassword = await patContext.request.post('/api/team-invitation/accept', {
    data: { token, email: 'pat@corp.example', ...MEMBER },
  });
  expect(byPassword.status()).toBe(403);
  expect((await byPassword.json()).detail).toMatch(/^Passwords are for the owner of the desk only/);

  const page = await signInPage(browser, baseURL!);
  await expect(
    page.getByText(
      'Password sign-in is for the owner of the desk only; everyone else signs in with Test IdP.',
    ),
  ).toBeVisible();
  // Through the provider, with the invited address, Pat joins and gets in, until deactivated.
  await throughProvider(page, 'pat@corp.example');
  await expect(page.getByText(/^Logged in as: /)).toBeVisible();
  const { members } = (await (await owner.get('/api/team/members')).json()) as {
    members: { id: number; email: string | null; role: string }[];
  };
  const pat = members.find((m) => m.email === 'pat@corp.example')!;
  expect(pat.role).toBe('member');
  expect((await owner.post(`/api/team/members/${pat.id}/deactivate`, { data: {} })).status()).toBe(200);
  const again = await signInPage(browser, baseURL!);
  await throughProvider(again, 'pat@corp.example');
  await expect(again).toHaveURL(/\/admin\/login\?sso=deactivated/);
  await expect(again.getByRole('alert')).toHaveText(
    'This account has been deactivated. Ask an admin of the team to reactivate it.',
  );
  await patContext.close();
});
