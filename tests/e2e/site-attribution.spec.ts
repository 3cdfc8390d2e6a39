import { expect, test } from '@playwright/test';
import { signIn } from './admin-helpers.ts';
import { adminPassword } from './fixtures.ts';
import { readyToUse, unique } from './site-form-helpers.ts';

test.describe('attribution and the spam check (docs/product.md#attribution, docs/product.md#spam)', () => {
  test('a visitor from a campaign browses two pages, then sends the contact form: the lead carries where they came from', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto(
      '/privacy?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale&utm_content=banner',
      {
        referer: 'https://news.example.org/articles/7?reader=42',
      },
    );
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/get-started$/);
    await readyToUse(page, '/');

    const name = `Campaign ${unique()}`;
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Email *').fill('campaign@example.com');
    await form.getByLabel('Message *').fill('We saw your newsletter and want to talk.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();

    const login = await request.post('/api/admin/login', {
      data: { username: 'admin', password: adminPassword },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(login.status()).toBe(200);
    const list = await request.get(`/api/contacts?q=${encodeURIComponent(name)}&campaign=spring-sale`);
    const [lead] = (
      (await list.json()) as { contacts: { id: number; attribution: object; spamCheck: string }[] }
    ).contacts;
    expect(lead!.attribution).toEqual({
      landingPage: '/privacy',
      referrer: 'https://news.example.org',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-sale',
      utmTerm: '',
      utmContent: 'banner',
    });
    // The form's widget solved its challenge while the visitor typed.
    expect(lead!.spamCheck).toBe('passed');

    // On the lead's page in the desk, and its source on the overview and in the list's URL filter.
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Leads by source (last 30 days)' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Leads by source' }).getByRole('link', { name: 'newsletter' }),
    ).toBeVisible();
    await page.goto(`/admin/contacts?source=newsletter&campaign=spring-sale&q=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: 'Where it came from' })).toBeVisible();
    for (const value of ['/privacy', 'https://news.example.org', 'spring-sale', 'banner', 'Passed'])
      await expect(page.getByText(value, { exact: true })).toBeVisible();

    const csv = await (await request.get(`/api/contacts/export?q=${encodeURIComponent(name)}`)).text();
    expect(csv).toContain('Landing Page,Referrer,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content');
    expect(csv).toContain('/privacy,https://news.example.org,newsletter,email,spring-sale,,banner');
  });

  test('a lead posted without JavaScript reaches the desk marked "Not verified", in the list and on its page', async ({
    page,
    request,
  }) => {
    const name = `Noscript ${unique()}`;
    // The browser's own post of the form: no widget ran, so no solution went with it.
    const posted = await request.post('/api/contact', {
      form: { name, email: 'noscript@example.com', message: 'Sent from a browser without JavaScript.' },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);

    await signIn(page);
    await page.goto(`/admin/contacts?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row.getByText('Not verified', { exact: true })).toBeVisible();
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('Not verified', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('No solution', { exact: true })).toBeVisible();
  });
});
