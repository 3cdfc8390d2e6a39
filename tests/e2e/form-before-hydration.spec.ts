import { expect, test, type Locator, type Page } from '@playwright/test';
import { storedLeads } from './stored-leads.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// What hydrates a page's forms: React DOM's client and the forms' islands, which the entry module
// (index-*.js) imports (docs/web.md#islands). The entry itself runs, as it does first on a slow
// device.
const hydrationCode = /\/assets\/(island-lead-form|client|react-dom)-[^/]*\.js$/;

/**
 * Opens a page whose hydration waits until `release` is called. Resolves once the entry module has
 * run (it has asked for the held code).
 */
async function openUnhydrated(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entryRan!: () => void;
  const asked = new Promise<void>((resolve) => (entryRan = resolve));
  await page.route(hydrationCode, async (route) => {
    entryRan();
    await released;
    await route.continue();
  });
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await asked;
  // A reload or any other navigation would lose this.
  await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
  return { release, urls };
}

const cases: {
  form: string;
  path: string;
  fill: (form: Locator, tag: string) => Promise<void>;
  button: string;
  success: (page: Page) => Locator;
  list: Parameters<typeof storedLeads>[2];
}[] = [
  {
    form: 'Get started',
    path: '/get-started',
    fill: async (form, tag) => {
      await form.getByLabel('Full Name *').fill(`Early ${tag}`);
      await form.getByLabel('Email Address *').fill('early@example.com');
      await form.getByLabel('Phone Number').fill('+1 555 0100');
      await form.getByLabel('Additional Information').fill('Sent before the page was ready.');
    },
    button: 'Get Started',
    success: (page) => page.getByRole('heading', { name: 'Thank You!' }),
    list: '/api/get-started',
  },
  {
    form: 'Contact form',
    path: '/',
    fill: async (form, tag) => {
      await form.getByLabel('Name *').fill(`Early ${tag}`);
      await form.getByLabel('Email *').fill('early@example.com');
      await form.getByLabel('Phone').fill('+1 555 0100');
      await form.getByLabel('Message *').fill('Sent before the page was ready.');
    },
    button: 'Send Message',
    success: (page) => page.getByText('Message sent successfully!'),
    list: '/api/contacts',
  },
  {
    form: 'Newsletter',
    path: '/',
    fill: (form, tag) => form.getByLabel('Email for our newsletter').fill(`early-${tag}@example.com`),
    button: 'Subscribe',
    success: (page) => page.getByText('Check your inbox to confirm'),
    list: '/api/newsletters',
  },
];

for (const { form: label, path, fill, button, success, list } of cases) {
  test(`${label}: a submit before the page hydrated is held, then sent; never in the URL, no reload`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { release, urls } = await openUnhydrated(page, path);
    const form = page.getByRole('form', { name: label });
    const tag = unique();
    await fill(form, tag);
    await form.getByRole('button', { name: button }).click();
    // The browser's own submission would have navigated by now (to the page, fields in the URL).
    await page.waitForTimeout(500);
    const noQuery = () => {
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(new URL(url).search, url).toBe('');
      expect(new URL(page.url()).search).toBe('');
    };
    noQuery();
    expect(await success(page).count()).toBe(0);
    release();

    await expect(success(page)).toBeVisible({ timeout: 20_000 });
    noQuery();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await expect.poll(() => storedLeads(request, baseURL!, list, tag)).toBe(1);
  });
}

test('a submit before any of the page’s modules ran is not made: no navigation, no POST', async ({
  page,
}) => {
  // The entry module itself is held: only the page's inline script has run.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await page.goto('/get-started', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
  const form = page.getByRole('form', { name: 'Get started' });
  await form.getByLabel('Full Name *').fill('Too Early');
  await form.getByLabel('Email Address *').fill('too-early@example.com');
  await form.getByRole('button', { name: 'Get Started' }).click();
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  expect(urls.map((u) => new URL(u).pathname + new URL(u).search)).toEqual(['/get-started']);
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  // What was typed is still there for the next click, once the page's code has come.
  await expect(form.getByLabel('Full Name *')).toHaveValue('Too Early');
  release();
});
