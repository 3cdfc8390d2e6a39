import { expect, test } from '@playwright/test';
import { schemas } from '@lead-desk/contract/values';
import { readyToUse, unique } from './site-form-helpers.ts';

test('the get-started form submits and shows Thank You!', async ({ page }) => {
  await readyToUse(page, '/get-started');
  await expect(page.getByRole('heading', { name: 'Start Your Journey' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Get started' });
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('Full Name *').fill(`Starter ${unique()}`);
  await form.getByLabel('Email Address *').fill('starter@example.com');
  await form.getByLabel('Primary Service Interest').selectOption('all');
  await form.getByLabel('Monthly Message Volume').selectOption('1m+');
  await form.getByLabel('Additional Information').fill('We send a lot.');
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('Request submitted successfully!')).toBeVisible();
  await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the get-started form shows the error notice and keeps values on failure', async ({ page }) => {
  await readyToUse(page, '/get-started');
  await page.route('**/api/get-started', (route) => route.fulfill({ status: 500, body: '' }));
  const form = page.getByRole('form', { name: 'Get started' });
  await form.getByLabel('Full Name *').fill('Kept Name');
  await form.getByLabel('Email Address *').fill('kept@example.com');
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText('Error submitting request')).toBeVisible();
  await expect(page.getByText('Please try again later.')).toBeVisible();
  await expect(form.getByLabel('Full Name *')).toHaveValue('Kept Name');
});

test('the demo form schedules a demo and shows Demo Scheduled!', async ({ page }) => {
  await readyToUse(page, '/schedule-demo');
  for (const t of ['30-Minute Demo', 'Flexible Timing', 'Live Q&A', 'Book Your Demo'])
    await expect(page.getByRole('heading', { name: t })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book your demo' });
  await form.getByLabel('Full Name *').fill(`Demo ${unique()}`);
  await form.getByLabel('Email Address *').fill('demo@example.com');
  await form.getByLabel('Preferred Date').selectOption('next-week');
  await form.getByLabel('Preferred Time').selectOption('afternoon');
  await expect(
    form.getByLabel('Preferred Time').locator('option', { hasText: 'Afternoon (12PM-5PM)' }),
  ).toHaveCount(1);
  await form.getByLabel('What would you like to see in the demo?').fill('Voice agents');
  await form.getByRole('button', { name: 'Schedule Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Scheduled!' })).toBeVisible();
  await expect(page.getByText('Demo scheduled successfully!')).toBeVisible();
});

test('the demo form shows its error notice on failure', async ({ page }) => {
  await readyToUse(page, '/schedule-demo');
  await page.route('**/api/demo', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        status: 429,
        title: 'Too Many Requests',
        detail: 'Too many submissions from your address. Please try again in a minute.',
      }),
    }),
  );
  const form = page.getByRole('form', { name: 'Book your demo' });
  await form.getByLabel('Full Name *').fill('Busy Person');
  await form.getByLabel('Email Address *').fill('busy@example.com');
  await form.getByRole('button', { name: 'Schedule Demo' }).click();
  await expect(page.getByText('Error scheduling demo')).toBeVisible();
  await expect(
    page.getByText('Too many submissions from your address. Please try again in a minute.'),
  ).toBeVisible();
  await expect(form.getByLabel('Full Name *')).toHaveValue('Busy Person');
});

test('each select offers the contract’s options with its labels, after an empty choice', async ({ page }) => {
  const selects = [
    { path: '/', form: 'Contact form', label: 'Service Interest', schema: schemas.Service },
    { path: '/get-started', form: 'Get started', label: 'Primary Service Interest', schema: schemas.Service },
    {
      path: '/get-started',
      form: 'Get started',
      label: 'Monthly Message Volume',
      schema: schemas.MonthlyVolume,
    },
    {
      path: '/schedule-demo',
      form: 'Book your demo',
      label: 'Preferred Date',
      schema: schemas.PreferredDate,
    },
    {
      path: '/schedule-demo',
      form: 'Book your demo',
      label: 'Preferred Time',
      schema: schemas.PreferredTime,
    },
  ];
  for (const { path, form, label, schema } of selects) {
    if (new URL(page.url(), 'http://x').pathname !== path) await readyToUse(page, path);
    const options = await page
      .getByRole('form', { name: form })
      .getByLabel(label)
      .locator('option')
      .evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    const labels = schema['x-enum-labels'] as Record<string, string>;
    const expected = schema.enum.filter((v) => v !== '').map((v) => [v, labels[v]]);
    expect(options[0]?.[0], label).toBe('');
    expect(options.slice(1), label).toEqual(expected);
  }
});

test('the newsletter form shows what the visitor agrees to, sends it, and asks to confirm', async ({
  page,
}) => {
  await readyToUse(page, '/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  const wording = schemas.NewsletterConsent['x-enum-labels']['newsletter-v1'];
  await expect(form.getByText(wording)).toBeVisible();
  const address = `reader-${unique()}@example.com`;
  await form.getByLabel('Email for our newsletter').fill(address);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/newsletter') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  expect((await sent).postDataJSON()).toEqual({ email: address, consent: 'newsletter-v1', website: '' });
  await expect(page.getByText('Check your inbox to confirm')).toBeVisible();
  await expect(form.getByLabel('Email for our newsletter')).toHaveValue('');
});

test('F8 focuses the notice region', async ({ page }) => {
  await readyToUse(page, '/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabel('Email for our newsletter').fill(`f8-${unique()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Check your inbox to confirm')).toBeVisible();
  await page.keyboard.press('F8');
  const focusedInRegion = await page.evaluate(() =>
    Boolean(document.activeElement?.closest('[data-scope="toast"], [role="region"]')),
  );
  expect(focusedInRegion).toBe(true);
});
