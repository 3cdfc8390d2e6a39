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
