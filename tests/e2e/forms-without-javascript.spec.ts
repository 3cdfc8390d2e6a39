import { expect, test, type Locator, type Page } from '@playwright/test';
import { leadFormCases } from './lead-form-cases.ts';
import { unique } from './site-form-helpers.ts';
import { storedLeads } from './stored-leads.ts';

// Every lead form works with JavaScript off (docs/product.md#forms-without-javascript): a real form
// posting to the API, which answers with a page.
test.use({ javaScriptEnabled: false });

for (const { form: label, path, fill, button, success, list } of leadFormCases) {
  test(`${label}: sent without JavaScript, stored once, and the success text shows`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto(path);
    const form = page.getByRole('form', { name: label });
    const tag = unique();
    await fill(form, tag);
    await form.getByRole('button', { name: button }).click();
    await expect(success(page)).toBeVisible();
    await expect.poll(() => storedLeads(request, baseURL!, list, tag)).toBe(1);
  });
}

/** What a visitor typed wrong, field by field: the value, and the contract's message for it (docs/product.md#forms). */
const invalid: {
  form: string;
  path: string;
  button: string;
  typed: { label: string; value: string; select?: boolean; message?: string }[];
  fix: { label: string; value: string }[];
  success: (page: Page) => Locator;
  list: Parameters<typeof storedLeads>[2];
}[] = [
  {
    form: 'Contact form',
    path: '/',
    button: 'Send Message',
    typed: [
      { label: 'Name *', value: 'A', message: 'Name must be at least 2 characters' },
      { label: 'Email *', value: 'not-an-email', message: 'Please enter a valid email address' },
      { label: 'Phone', value: '+1 555 0100' },
      { label: 'Company', value: 'Acme & "Sons" <Ltd>' },
      { label: 'Service Interest', value: 'call-warmup', select: true },
      { label: 'Message *', value: 'Too short', message: 'Message must be at least 10 characters' },
    ],
    fix: [
      { label: 'Name *', value: 'Ada TAG' },
      { label: 'Email *', value: 'ada@example.com' },
      { label: 'Message *', value: 'Long enough to be a message.' },
    ],
    success: (page) => page.getByText('Message sent successfully!'),
    list: '/api/contacts',
  },
  {
    form: 'Get started',
    path: '/get-started',
    button: 'Get Started',
    typed: [
      { label: 'Full Name *', value: 'B', message: 'Name must be at least 2 characters' },
      { label: 'Email Address *', value: 'b@', message: 'Please enter a valid email address' },
      { label: 'Company Name', value: 'Initech' },
      { label: 'Primary Service Interest', value: 'sms-ai', select: true },
      { label: 'Monthly Message Volume', value: '1m+', select: true },
      { label: 'Additional Information', value: 'Line one\nLine two' },
    ],
    fix: [
      { label: 'Full Name *', value: 'Bea TAG' },
      { label: 'Email Address *', value: 'bea@example.com' },
    ],
    success: (page) => page.getByRole('heading', { name: 'Thank You!' }),
    list: '/api/get-started',
  },
  {
    form: 'Book your demo',
    path: '/schedule-demo',
    button: 'Schedule Demo',
    typed: [
      { label: 'Full Name *', value: ' ', message: 'Name must be at least 2 characters' },
      { label: 'Email Address *', value: 'nobody', message: 'Please enter a valid email address' },
      { label: 'Phone Number', value: '555 0199' },
      { label: 'Preferred Date', value: 'next-week', select: true },
      { label: 'Preferred Time', value: 'evening', select: true },
    ],
    fix: [
      { label: 'Full Name *', value: 'Cy TAG' },
      { label: 'Email Address *', value: 'cy@example.com' },
    ],
    success: (page) => page.getByRole('heading', { name: 'Demo Scheduled!' }),
    list: '/api/demos',
  },
  {
    form: 'Newsletter',
    path: '/',
    button: 'Subscribe',
    typed: [
      { label: 'Email for our newsletter', value: 'news@', message: 'Please enter a valid email address' },
    ],
    fix: [{ label: 'Email for our newsletter', value: 'news-TAG@example.com' }],
    success: (page) => page.getByText('Check your inbox to confirm'),
    list: '/api/newsletters',
  },
];

for (const { form: label, path, button, typed, fix, success, list } of invalid) {
  test(`${label}: invalid input without JavaScript shows the contract's messages and loses nothing typed`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto(path);
    const form = page.getByRole('form', { name: label });
    for (const f of typed) {
      if (f.select) await form.getByLabel(f.label).selectOption(f.value);
      else await form.getByLabel(f.label).fill(f.value);
    }
    await form.getByRole('button', { name: button }).click();

    // The page the API answered with: each message, and every field as it was typed.
    await expect(page).toHaveURL(/\/api\/forms\/[A-Za-z0-9_-]+$/);
    for (const f of typed) {
      const field = page.getByLabel(f.label);
      await expect(field).toHaveValue(f.value);
      if (f.message) await expect(field).toHaveAccessibleDescription(f.message);
    }

    // Corrected and sent again from there, it is stored once.
    const tag = unique();
    for (const f of fix) await page.getByLabel(f.label).fill(f.value.replace('TAG', tag));
    await page.getByRole('button', { name: button }).click();
    await expect(success(page)).toBeVisible();
    await expect.poll(() => storedLeads(request, baseURL!, list, tag)).toBe(1);
  });
}
