import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminPassword } from './fixtures.ts';

export const ADMIN = { username: 'admin', password: adminPassword };

/** A tag no other test or earlier run uses, so a search finds exactly this test's leads. */
export const uniqueTag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export async function openAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

export async function logIn(page: Page, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens /admin, signs in and waits for the dashboard with its counts loaded. */
export async function signIn(page: Page): Promise<void> {
  await openAdmin(page);
  await logIn(page);
  await expect(page.getByText(`Logged in as: ${ADMIN.username}`)).toBeVisible();
  await expect(page.getByTestId('count-Contact Forms')).toHaveText(/^\d+$/);
}

type Body = Record<string, string>;

/** Submits a lead as a visitor would; returns the created lead's id and timestamp. */
async function submit(
  request: APIRequestContext,
  path: string,
  body: Body,
): Promise<{ id: number; createdAt: string }> {
  const res = await request.post(path, { data: body });
  expect([200, 201], `${path} ${await res.text()}`).toContain(res.status());
  return (await res.json()) as { id: number; createdAt: string };
}

export const submitContact = (r: APIRequestContext, body: Body) => submit(r, '/api/contact', body);
export const submitDemo = (r: APIRequestContext, body: Body) => submit(r, '/api/demo', body);
export const submitGetStarted = (r: APIRequestContext, body: Body) => submit(r, '/api/get-started', body);
export const subscribe = (r: APIRequestContext, email: string) => submit(r, '/api/newsletter', { email });

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

/** Types a search and waits for the server's answer to it (the list asks once typing pauses). */
export async function typeSearch(page: Page, title: string, q: string): Promise<void> {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.startsWith('/api/') && url.searchParams.get('q') === q.trim();
  });
  await page.getByLabel(`Search ${title}`).fill(q);
  await answered;
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
