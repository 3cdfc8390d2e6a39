import { expect, test, type Page } from '@playwright/test';
import { schemas } from '@lead-desk/contract/values';
import { storedContacts } from './stored-leads.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test.describe('contact form', () => {
  test('validates on submit with the spec messages, then on change', async ({ page }) => {
    await ready(page, '/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name *').fill('A');
    await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
    await form.getByLabel('Name *').fill('Ada');
    await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
  });

  test('sends a message, shows the success notice and resets the form', async ({ page }) => {
    await ready(page, '/');
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

  test('keeps what was typed and shows the server detail when sending fails', async ({ page }) => {
    await ready(page, '/');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail: 'The service is briefly unavailable. Please try again shortly.',
        }),
      }),
    );
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name *').fill('Grace Hopper');
    await form.getByLabel('Email *').fill('grace@example.com');
    await form.getByLabel('Message *').fill('This should fail but stay typed.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Error sending message')).toBeVisible();
    await expect(
      page.getByText('The service is briefly unavailable. Please try again shortly.'),
    ).toBeVisible();
    await expect(form.getByLabel('Name *')).toHaveValue('Grace Hopper');
    await expect(form.getByLabel('Message *')).toHaveValue('This should fail but stay typed.');
  });

  test('shows Sending... with the button disabled while pending', async ({ page }) => {
    await ready(page, '/');
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name *').fill('Pending Person');
    await form.getByLabel('Email *').fill('pending@example.com');
    await form.getByLabel('Message *').fill('Waiting for the server to answer.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const pending = form.getByRole('button', { name: 'Sending...' });
    await expect(pending).toBeDisabled();
    release();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
  });

  test('keeps unsent text across a reload', async ({ page }) => {
    await ready(page, '/');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Message *').fill('A draft that must survive a reload');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('Message *')).toHaveValue(
      'A draft that must survive a reload',
    );
  });
});

test('the get-started form submits and shows Thank You!', async ({ page }) => {
  await ready(page, '/get-started');
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
  await ready(page, '/get-started');
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
  await ready(page, '/schedule-demo');
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
  await ready(page, '/schedule-demo');
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
    if (new URL(page.url(), 'http://x').pathname !== path) await ready(page, path);
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
  await ready(page, '/');
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

test('a double click stores one lead (same Idempotency-Key)', async ({ page, request, baseURL }) => {
  await ready(page, '/');
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
  expect(await storedContacts(request, baseURL!, tag)).toBe(1);
});

test('F8 focuses the notice region', async ({ page }) => {
  await ready(page, '/');
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

test('a form reached by a client-side navigation loads at once and works', async ({ page }, info) => {
  await ready(page, '/');
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Get Started' }).click();
  } else {
    await page.locator('header').getByRole('link', { name: 'Get Started', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/get-started$/);
  const form = page.getByRole('form', { name: 'Get started' });
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('Full Name *').fill(`Navigator ${unique()}`);
  await form.getByLabel('Email Address *').fill('navigator@example.com');
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test.describe('when a form’s code fails to arrive', () => {
  const formLogic = /\/assets\/lead-form-[^/]*\.js$/;

  test('the page reloads once and keeps what was typed', async ({ page }) => {
    // As after a release replaced the files: the first request for the form's code fails, once
    // the visitor has typed (a browser would not ask for that file again without a reload).
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    let failed = 0;
    await page.route(formLogic, async (route) => {
      if (failed > 0) return route.continue();
      failed++;
      await typed;
      await route.abort('internetdisconnected');
    });
    await ready(page, '/');
    const name = `Reloaded ${unique()}`;
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Email *').fill('reload@example.com');
    await form.getByLabel('Message *').fill('Typed before the page reloaded.');
    const reloaded = page.waitForEvent('load');
    release();
    await reloaded;

    await expect(form.getByLabel('Name *')).toHaveValue(name);
    await expect(form.getByLabel('Message *')).toHaveValue('Typed before the page reloaded.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(failed).toBe(1);
  });

  test('a file that stays missing does not reload the page again and again', async ({ page }) => {
    await page.route(formLogic, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let loads = 0;
    page.on('load', () => loads++);
    await ready(page, '/');
    const field = page.getByRole('form', { name: 'Contact form' }).getByLabel('Name *');
    await field.focus();
    await expect.poll(() => loads).toBe(2);
    await page.waitForLoadState('networkidle');
    // The reload set its guard's time; a second reload would set it again.
    const guard = () => page.evaluate(() => sessionStorage.getItem('chunk-reload-at'));
    const reloadedAt = await guard();
    expect(reloadedAt).not.toBeNull();
    // The code fails again when the field is used; the page's own handler of that failure runs
    // before this listener, added after it.
    const failedAgain = page.evaluate(
      () => new Promise<void>((resolve) => window.addEventListener('vite:preloadError', () => resolve())),
    );
    await field.focus();
    await failedAgain;
    expect(await guard()).toBe(reloadedAt);
    await field.fill('Still here');
    await expect(field).toHaveValue('Still here');
    expect(loads).toBe(2);
  });
});
