import { expect } from '@playwright/test';
import { test } from './admin-helpers.ts';
import { expectStarted, ownedByReact } from './fixtures.ts';
import { readyToUse, unique } from './site-form-helpers.ts';
import { storedContacts } from './stored-leads.ts';

// A visitor's pages; what was stored is read with the worker's desk session (deskApi).
test.use({ signedIn: false });

test.describe('contact form', () => {
  test('sends a message, shows the success notice and resets the form', async ({ page }) => {
    await readyToUse(page, '/');
    const name = `Contact ${unique()}`;
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Email *').fill('ada@example.com');
    await expect(form.getByLabel('Phone')).toHaveAttribute('placeholder', '+1 (555) 123-4567');
    await form.getByLabel('Service Interest').selectOption('data-lookups');
    await form.getByLabel('Message *').fill('Please tell me about phone lookups.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await expect(form.getByLabel('Name *')).toHaveValue('');
  });

  test('keeps unsent text across a reload', async ({ page }) => {
    await readyToUse(page, '/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Message *').fill('A draft that must survive a reload');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('Message *')).toHaveValue(
      'A draft that must survive a reload',
    );
  });

  test('text typed while the form’s code arrives stays, and the code sends it', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/island-lead-form-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/terms');
    await expectStarted(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    const name = `Typed Early ${unique()}`;
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Email *').fill('early@example.com');
    await form.getByLabel('Message *').fill('Typed before the code came.');
    release();
    await expect.poll(() => ownedByReact(page, 'form[aria-label="Contact form"]')).toBe(true);
    await expect(form.getByLabel('Name *')).toHaveValue(name);
    await expect(form.getByLabel('Message *')).toHaveValue('Typed before the code came.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    // Sent by the code: the page stayed, and the form is emptied.
    await expect(page).toHaveURL(/\/terms$/);
    await expect(form.getByLabel('Name *')).toHaveValue('');
  });

  test('keeps unsent text when the visitor goes to another page and back', async ({ page }) => {
    await readyToUse(page, '/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Message *').fill('Typed text that must survive going back');
    await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.goBack();
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('Message *')).toHaveValue(
      'Typed text that must survive going back',
    );
  });
});

test('a double click stores one lead (same Idempotency-Key)', async ({ page, deskApi }) => {
  await readyToUse(page, '/');
  const keys: string[] = [];
  let answered = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact') && r.method() === 'POST')
      keys.push(r.headers()['idempotency-key'] ?? '');
  });
  page.on('response', (r) => {
    if (r.url().endsWith('/api/contact') && r.request().method() === 'POST') answered++;
  });
  const tag = unique();
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name *').fill(`Double Clicker ${tag}`);
  await form.getByLabel('Email *').fill('double@example.com');
  await form.getByLabel('Message *').fill('Clicking twice should not store twice.');
  await form.getByRole('button', { name: 'Send Message' }).dblclick();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  // Every request the clicks made has been answered before the leads are counted.
  await expect.poll(() => answered).toBe(keys.length);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(await storedContacts(deskApi, tag)).toBe(1);
});
