import { expect, test } from '@playwright/test';
import { expectStarted, ownedByReact } from './fixtures.ts';
import { holdEntryModule, ready, unique } from './site-form-helpers.ts';

test('a form reached from the header loads when used and works @mobile', async ({ page }, info) => {
  await ready(page, '/');
  if (info.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Get Started' }).click();
  } else {
    await page.locator('header').getByRole('link', { name: 'Get Started', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/get-started$/);
  const form = page.getByRole('form', { name: 'Get started' });
  // Used: its code comes and takes the form over (before, the form is the browser's own).
  await form.getByLabel('Full Name *').focus();
  await expect.poll(() => ownedByReact(page, 'form[aria-label="Get started"]')).toBe(true);
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
  await form.getByLabel('Full Name *').fill(`Navigator ${unique()}`);
  await form.getByLabel('Email Address *').fill('navigator@example.com');
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
});

test.describe('when a form’s code fails to arrive', () => {
  const formLogic = /\/assets\/island-lead-form-[^/]*\.js$/;

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

  test('a field focused before the page’s script ran still asks for its code, and gets the reload', async ({
    page,
  }) => {
    // docs/web.md#used-before-start: the visitor is in the field before any listener of ours exists.
    const entry = await holdEntryModule(page);
    let asked = 0;
    await page.route(formLogic, (route) => {
      asked++;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('form', { name: 'Contact form' }).getByLabel('Name *').focus();
    entry.release();
    await expect.poll(() => loads).toBe(2);
    expect(asked).toBeGreaterThan(0);
  });

  test('a file that stays missing does not reload the page again and again', async ({ page }) => {
    await page.route(formLogic, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let loads = 0;
    page.on('load', () => loads++);
    await ready(page, '/');
    const field = page.getByRole('form', { name: 'Contact form' }).getByLabel('Name *');
    await field.focus();
    await expect.poll(() => loads).toBe(2);
    await expectStarted(page);
    // The reload set its guard's time; a second reload would set it again. (Not 'networkidle':
    // through nginx something may always be on the wire; the guard is what this waits for.)
    const guard = () => page.evaluate(() => sessionStorage.getItem('chunk-reload-at'));
    await expect.poll(guard).not.toBeNull();
    const reloadedAt = await guard();
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
