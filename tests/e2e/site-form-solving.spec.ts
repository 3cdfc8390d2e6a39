import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPassword } from './fixtures.ts';
import { readyToUse, unique } from './site-form-helpers.ts';

/** The spam check the API stored on the get-started lead whose fields contain `q`. */
async function storedSpamCheck(request: APIRequestContext, baseURL: string, q: string) {
  const login = await request.post('/api/admin/login', {
    data: { username: 'admin', password: adminPassword },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(login.status(), await login.text()).toBe(200);
  const res = await request.get(`/api/get-started?q=${encodeURIComponent(q)}&limit=1`);
  expect(res.status()).toBe(200);
  const { requests } = (await res.json()) as { requests: { spamCheck: string }[] };
  return requests.map((lead) => lead.spamCheck);
}

// docs/product.md#spam-while-solving: a submit made while the form's proof-of-work is still being
// solved waits for the solution with the button's pending text, then goes on by itself; no native
// dialog ever opens. The solving is made slow by holding the challenge until the test releases it
// (the widget is "verifying" until then), and the page's clock is moved past what a submit used to
// wait (5 s) by hand, not waited for.
test('a submit while the proof-of-work is being solved waits for it, with no dialog', async ({
  page,
  request,
  baseURL,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/spam-challenge', async (route) => {
    await released;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/get-started') posts.push(r.postData()!);
  });
  await readyToUse(page, '/get-started');
  await page.clock.install();
  const form = page.getByRole('form', { name: 'Get started' });
  const widget = form.locator('altcha-widget');
  await expect
    .poll(() => widget.evaluate((el) => (el as HTMLElement & { getState(): string }).getState()))
    .toBe('verifying');
  const tag = unique();
  await form.getByLabel('Full Name *').fill(`Solver ${tag}`);
  await form.getByLabel('Email Address *').fill('solver@example.com');
  // The form checked while it solves (the browser's own validation, an extension, a password
  // manager) is where the widget would open its "please wait" alert.
  await form.evaluate((el: HTMLFormElement) => el.checkValidity());

  await page.clock.pauseAt(Date.now() + 1000);
  await form.getByRole('button', { name: 'Get Started' }).click();
  await page.clock.runFor(10_000);
  // Still waiting for the solution: nothing has been sent without it, and no dialog has opened.
  expect(posts).toEqual([]);
  expect(dialogs).toEqual([]);
  const pending = form.getByRole('button', { name: 'Submitting...' });
  await expect(pending).toBeVisible();
  await expect(pending).toBeDisabled();

  release();
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(posts).toHaveLength(1);
  expect((JSON.parse(posts[0]!) as { altcha: string }).altcha).not.toBe('');
  expect(await storedSpamCheck(request, baseURL!, tag)).toEqual(['passed']);
  expect(dialogs).toEqual([]);
});

test('a submit whose challenge cannot come goes without a solution, as without JavaScript', async ({
  page,
  request,
  baseURL,
}) => {
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
  await page.route('**/api/spam-challenge', (route) => route.fulfill({ status: 503, body: '' }));
  await readyToUse(page, '/get-started');
  const form = page.getByRole('form', { name: 'Get started' });
  const tag = unique();
  await form.getByLabel('Full Name *').fill(`Unsolved ${tag}`);
  await form.getByLabel('Email Address *').fill('unsolved@example.com');
  await form.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(await storedSpamCheck(request, baseURL!, tag)).toEqual(['missing']);
});
