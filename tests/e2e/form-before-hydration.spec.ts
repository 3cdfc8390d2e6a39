import { expect } from '@playwright/test';
import { test } from './admin-helpers.ts';
import { leadFormCases } from './lead-form-cases.ts';
import { holdEntryModule, unique } from './site-form-helpers.ts';
import { storedLeads } from './stored-leads.ts';

// A submit made before the page's code arrived is the browser's own post, which works
// (docs/product.md#forms-without-javascript): the entry module is held until the post has been
// answered, as on a slow device (a fixed delay could run out while the form is being filled on a
// slow machine, and the page's code would send it). The pages are a visitor's; what was stored is
// read with the worker's desk session (deskApi).
test.use({ signedIn: false });

for (const { form: label, path, fill, button, success, list } of leadFormCases) {
  test(`${label}: a submit before the page's code arrived stores one lead and shows the success text`, async ({
    page,
    deskApi,
  }) => {
    const entry = await holdEntryModule(page);
    let entryAsked = false;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/index-[^/]*\.js$/.test(r.url())) entryAsked = true;
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: label });
    const tag = unique();
    await fill(form, tag);
    await form.getByRole('button', { name: button }).click();

    await expect(success(page)).toBeVisible();
    // It was the browser's own post, made before the code came: nothing of the code had run.
    expect(entryAsked).toBe(true);
    expect(posts.length).toBe(1);
    expect(new URL(page.url()).pathname).toMatch(/^\/forms\/[a-z-]+-sent$/);
    await expect.poll(() => storedLeads(deskApi, list, tag)).toBe(1);
    entry.release();
    // A reload of the success page posts nothing again.
    await page.reload();
    await expect(success(page)).toBeVisible();
    expect(posts.length).toBe(1);
    expect(await storedLeads(deskApi, list, tag)).toBe(1);
  });
}
