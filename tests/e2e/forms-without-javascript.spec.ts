import { expect, type Page } from '@playwright/test';
import { test } from './admin-helpers.ts';
import { leadFormCases } from './lead-form-cases.ts';
import { unique } from './site-form-helpers.ts';
import { storedLeads } from './stored-leads.ts';

// Every lead form works with JavaScript off (docs/product.md#forms-without-javascript): a real form
// posting to the API, which answers with a page.
test.use({ javaScriptEnabled: false, signedIn: false });

for (const { form: label, path, fill, button, success, list } of leadFormCases) {
  test(`${label}: sent without JavaScript, stored once, and the success text shows`, async ({
    page,
    deskApi,
  }) => {
    await page.goto(path);
    const form = page.getByRole('form', { name: label });
    const tag = unique();
    await fill(form, tag);
    await form.getByRole('button', { name: button }).click();
    await expect(success(page)).toBeVisible();
    await expect.poll(() => storedLeads(deskApi, list, tag)).toBe(1);
  });
}

/** Every lead form's required fields, and what the browser stops on when they are empty. */
const required: { form: string; path: string; button: string; fields: string[] }[] = [
  { form: 'Contact form', path: '/', button: 'Send Message', fields: ['Name *', 'Email *', 'Message *'] },
  {
    form: 'Get started',
    path: '/get-started',
    button: 'Get Started',
    fields: ['Full Name *', 'Email Address *'],
  },
  {
    form: 'Book your demo',
    path: '/schedule-demo',
    button: 'Schedule Demo',
    fields: ['Full Name *', 'Email Address *'],
  },
  { form: 'Newsletter', path: '/', button: 'Subscribe', fields: ['Email for our newsletter'] },
];

/** The posts the page sends to the API, from now on. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  return posts;
}

for (const { form: label, path, button, fields } of required) {
  test(`${label}: an empty required field is stopped by the browser, nothing is sent`, async ({ page }) => {
    await page.goto(path);
    const form = page.getByRole('form', { name: label });
    const posts = postsOf(page);
    await form.getByRole('button', { name: button }).click();
    // The browser's own check: the first empty required field says why, and nothing left the page.
    await expect(form.getByLabel(fields[0]!)).toBeFocused();
    for (const name of fields) {
      const field = form.getByLabel(name);
      await expect(field).toHaveJSProperty('validity.valueMissing', true);
    }
    await expect(page).toHaveURL(path);
    expect(posts).toEqual([]);
  });
}

/** Forms filled in with what only the server refuses (a name of spaces: its rule trims it). */
const refused: {
  form: string;
  path: string;
  button: string;
  failed: string;
  typed: { label: string; value: string; select?: boolean }[];
}[] = [
  {
    form: 'Contact form',
    path: '/',
    button: 'Send Message',
    failed: 'Error sending message',
    typed: [
      { label: 'Name *', value: '   ' },
      { label: 'Email *', value: 'ada@example.com' },
      { label: 'Phone', value: '+1 555 0100' },
      { label: 'Company', value: 'Acme & "Sons" <Ltd>' },
      { label: 'Service Interest', value: 'call-warmup', select: true },
      { label: 'Message *', value: 'Long enough to be a message.' },
    ],
  },
  {
    form: 'Get started',
    path: '/get-started',
    button: 'Get Started',
    failed: 'Error submitting request',
    typed: [
      { label: 'Full Name *', value: '  ' },
      { label: 'Email Address *', value: 'bea@example.com' },
      { label: 'Company Name', value: 'Initech' },
      { label: 'Monthly Message Volume', value: '1m+', select: true },
      { label: 'Additional Information', value: 'Line one\nLine two' },
    ],
  },
  {
    form: 'Book your demo',
    path: '/schedule-demo',
    button: 'Schedule Demo',
    failed: 'Error scheduling demo',
    typed: [
      { label: 'Full Name *', value: '    ' },
      { label: 'Email Address *', value: 'cy@example.com' },
      { label: 'Phone Number', value: '555 0199' },
      { label: 'Preferred Time', value: 'evening', select: true },
    ],
  },
];

for (const { form: label, path, button, failed, typed } of refused) {
  test(`${label}: refused by the server, the page says so in the form's words, and Back keeps what was typed`, async ({
    page,
  }) => {
    await page.goto(path);
    const form = page.getByRole('form', { name: label });
    for (const f of typed) {
      if (f.select) await form.getByLabel(f.label).selectOption(f.value);
      else await form.getByLabel(f.label).fill(f.value);
    }
    await form.getByRole('button', { name: button }).click();

    // The one page of a refusal: the form's failure notice, the server's reason, the way back.
    await expect(page.getByRole('heading', { level: 1, name: failed })).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters', { exact: true })).toBeVisible();
    await expect(page.getByText("Go back to the form with your browser's Back button")).toBeVisible();

    // The browser's Back restores the form as it was typed.
    await page.goBack();
    await expect(page).toHaveURL(path);
    const again = page.getByRole('form', { name: label });
    for (const f of typed) await expect(again.getByLabel(f.label)).toHaveValue(f.value);
  });
}
