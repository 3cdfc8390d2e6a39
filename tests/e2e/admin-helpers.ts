import type { components } from '@lead-desk/contract';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { adminPassword } from './fixtures.ts';
import { startSpecServer } from './spec-server.ts';

export const ADMIN = { username: 'admin', password: adminPassword };

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * The desk's tests, signed in as the shared `admin` from their first line (docs/testing.md#signed-in).
 * Each worker signs in once, through the API as the login page does, and every test's browser
 * context starts with that session's cookies. The `request` fixture stays a signed-out visitor: a
 * login from a context holding the session would end it (each login starts a fresh session). So a
 * test here must not log out or sign in again in its page; the tests of signing in itself use
 * `@playwright/test`'s `test`, or `test.use({ signedIn: false })`, and sign in on their own.
 */
export const test = base.extend<
  { signedIn: boolean },
  { serverOfItsOwn: boolean; server: string; adminCookies: Cookies; deskApi: APIRequestContext }
>({
  signedIn: [true, { option: true }],
  /**
   * Whether the tests run on a server of their worker's own, not the shared one
   * (docs/testing.md#a-server-of-a-workers-own): `test.use({ serverOfItsOwn: true })` in a test that
   * reads or changes what every test shares there (the lead totals, the newest leads, the email
   * backlog, webhooks that receive every lead). Playwright gives such tests a worker of their own.
   */
  serverOfItsOwn: [false, { option: true, scope: 'worker' }],
  /** The origin the worker's tests run against: the shared e2e server's, or one of its own. */
  server: [
    async ({ serverOfItsOwn }, use, workerInfo) => {
      if (!serverOfItsOwn) return use(workerInfo.project.use.baseURL!);
      // As the shared e2e server (scripts/e2e-server.mjs): `admin` and the same other accounts.
      const own = await startSpecServer(
        { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
        undefined,
        [[['mfa-desktop', 'mfa-mobile']], [['viewer'], 'viewer']],
      );
      await use(own.url);
      await own.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server),
  adminCookies: [
    async ({ playwright, server: baseURL }, use) => {
      const api = await playwright.request.newContext({ baseURL, storageState: undefined });
      const res = await api.post('/api/admin/login', {
        data: ADMIN,
        headers: { Origin: new URL(baseURL).origin },
      });
      expect(res.status(), await res.text()).toBe(200);
      await use((await api.storageState()).cookies);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  /**
   * The desk's API with the worker's session, for a test that checks what the API stored while its
   * own page stays a visitor's (`test.use({ signedIn: false })`; tests/e2e/stored-leads.ts). It
   * only reads: it never signs in or out, which would end the session every test shares.
   */
  deskApi: [
    async ({ playwright, adminCookies, server }, use) => {
      const api = await playwright.request.newContext({
        baseURL: server,
        storageState: { cookies: adminCookies, origins: [] },
      });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  context: async ({ context, signedIn, adminCookies }, use) => {
    if (signedIn) await context.addCookies(adminCookies);
    await use(context);
  },
});

/** A tag no other test or earlier run uses, so a search finds exactly this test's leads. */
export const uniqueTag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Opens /admin signed out: the desk sends the visitor to its login page. */
export async function openAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

export async function logIn(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Waits for the signed-in dashboard with its counts loaded. */
export async function expectDashboard(page: Page): Promise<void> {
  await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
  await expect(page.getByTestId('count-Contact Forms')).toHaveText(/^\d+$/);
}

/** Opens /admin signed in (the `test` of this file) and waits for the dashboard with its counts loaded. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expectDashboard(page);
}

/** Opens /admin, signs in and waits for the dashboard with its counts loaded. */
export async function signIn(page: Page): Promise<void> {
  await openAdmin(page);
  await logIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expectDashboard(page);
}

type S = components['schemas'];

/** Submits a lead as a visitor would; returns the created lead's id and timestamp. */
async function submit(request: APIRequestContext, path: string, body: object): Promise<S['Created']> {
  const res = await request.post(path, { data: body });
  expect(res.status(), `${path} ${await res.text()}`).toBe(201);
  return (await res.json()) as S['Created'];
}

export const submitContact = (r: APIRequestContext, body: S['ContactInput']) =>
  submit(r, '/api/contact', body);
export const submitDemo = (r: APIRequestContext, body: S['DemoInput']) => submit(r, '/api/demo', body);
export const submitGetStarted = (r: APIRequestContext, body: S['GetStartedInput']) =>
  submit(r, '/api/get-started', body);
/** Subscribes an address; the answer is 202 whatever the address (docs/product.md#leads). */
export async function subscribe(r: APIRequestContext, email: string): Promise<void> {
  const res = await r.post('/api/newsletter', { data: { email } satisfies S['NewsletterInput'] });
  expect(res.status(), await res.text()).toBe(202);
}

/** The date as the dashboard shows it: the viewer's own locale and time zone. */
export const shown = (page: Page, iso: string) =>
  page.evaluate(
    (t) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(t)),
    iso,
  );

/**
 * Subscribes and confirms as the address's owner would: the confirmation email (held, as no SMTP
 * is configured in tests, and readable through the desk's API) holds the link whose token the
 * site's confirm page posts. Returns the subscriber's id.
 */
export async function subscribeConfirmed(request: APIRequestContext, email: string): Promise<number> {
  await subscribe(request, email);
  const origin = { Origin: new URL((await request.get('/api/health')).url()).origin };
  expect((await request.post('/api/admin/login', { data: ADMIN, headers: origin })).status()).toBe(200);
  const list = await (await request.get(`/api/newsletters?q=${encodeURIComponent(email)}`)).json();
  const id = (list as { newsletters: { id: number }[] }).newsletters[0]!.id;
  let html = '';
  await expect(async () => {
    const history = (await (await request.get(`/api/leads/newsletter/${id}/history`)).json()) as {
      messages: { id: number; status: string }[];
    };
    const held = history.messages.find((m) => m.status === 'held');
    expect(held).toBeDefined();
    html = ((await (await request.get(`/api/mail-messages/${held!.id}`)).json()) as { html: string }).html;
  }).toPass({ timeout: 15_000 });
  const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(html)![1]!;
  const confirmed = await request.post('/api/newsletter/confirm', { data: { token } });
  expect(confirmed.status()).toBe(200);
  await request.post('/api/admin/logout', { headers: origin });
  return id;
}

/** The four count cards, as numbers. */
export async function counts(page: Page) {
  const read = async (title: string) => Number(await page.getByTestId(`count-${title}`).innerText());
  return {
    contacts: await read('Contact Forms'),
    demos: await read('Demo Requests'),
    getStarted: await read('Get Started'),
    newsletters: await read('Newsletter'),
  };
}

/**
 * Types a search and waits until the list shows the answer to it (the list asks once typing pauses;
 * an answer it already has comes from its cache, with no request to wait for).
 */
export async function typeSearch(page: Page, title: string, q: string): Promise<void> {
  await page.getByLabel(`Search ${title}`).fill(q);
  await expect(page.getByRole('table', { name: `${title} list` })).toHaveAttribute('data-search', q.trim());
}

/** Opens a list tab and searches it; returns the list table once it shows the answer. */
export async function searchList(page: Page, tab: RegExp, title: string, q: string): Promise<Locator> {
  await page.getByRole('tab', { name: tab }).click();
  await typeSearch(page, title, q);
  await expect(page.getByText(/^Showing \d+-\d+ of \d+$/)).toBeVisible();
  return page.getByRole('table', { name: `${title} list` });
}

/** The text of each cell of a body row, keyed by its column header. */
export async function rowCells(table: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = await table.locator('thead th').allInnerTexts();
  const cells = await row.locator('td').allInnerTexts();
  return Object.fromEntries(headers.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
}

/** RFC 4180 CSV (quoted cells, doubled quotes, CRLF) into rows of cells; drops a leading BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && src[i + 1] === '\n')) {
      if (c === '\r') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The URL's path and search, as the address bar shows them (decoded). */
export const place = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

export const notFound = (page: Page) => page.getByRole('heading', { name: '404 Page Not Found' });
