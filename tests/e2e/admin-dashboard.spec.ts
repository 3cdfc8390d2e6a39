import { expect, type Locator, type Page } from '@playwright/test';
import {
  counts,
  openDashboard,
  searchList,
  shown,
  submitContact,
  submitDemo,
  submitGetStarted,
  subscribe,
  subscribeConfirmed,
  test,
  uniqueTag,
} from './admin-helpers.ts';

// Its tests read the lead totals and the newest leads of their server: one of their worker's own
// (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

const refresh = (page: Page) => page.getByRole('button', { name: 'Refresh' }).click();

test.describe('admin dashboard', () => {
  test('count cards, tab labels and the daily chart follow what was submitted', async ({ page, request }) => {
    await openDashboard(page);
    for (const subtitle of ['total submissions', 'scheduled demos', 'sign-up requests', 'subscribers']) {
      await expect(page.getByText(subtitle, { exact: true })).toBeVisible();
    }
    const before = await counts(page);
    const tag = uniqueTag();
    const person = (n: number) => ({ name: `Count ${tag} ${n}`, email: `count.${tag}.${n}@example.com` });
    for (const n of [1, 2])
      await submitContact(request, { ...person(n), message: 'Counting contacts here.' });
    await submitDemo(request, person(3));
    for (const n of [4, 5, 6]) await submitGetStarted(request, person(n));
    // Subscribers count once confirmed (docs/product.md#leads): one of the two confirms.
    await subscribeConfirmed(request, person(7).email);
    await subscribe(request, person(8).email);

    await refresh(page);
    const after = {
      contacts: before.contacts + 2,
      demos: before.demos + 1,
      getStarted: before.getStarted + 3,
      newsletters: before.newsletters + 1,
    };
    await expect(page.getByTestId('count-Contact Forms')).toHaveText(String(after.contacts));
    await expect(page.getByTestId('count-Demo Requests')).toHaveText(String(after.demos));
    await expect(page.getByTestId('count-Get Started')).toHaveText(String(after.getStarted));
    await expect(page.getByTestId('count-Newsletter')).toHaveText(String(after.newsletters));
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Overview',
      `Contacts (${after.contacts})`,
      `Demos (${after.demos})`,
      `Get Started (${after.getStarted})`,
      `Newsletter (${after.newsletters})`,
    ]);

    // Today's bar in the 30-day chart, read through its table alternative (dates are UTC days).
    await page.getByText('Leads per day as a table').click();
    const today = page.getByRole('row', { name: new Date().toISOString().slice(0, 10) });
    const [contacts, demos, getStarted] = (await today.getByRole('cell').allInnerTexts()).map(Number);
    expect(contacts).toBeGreaterThanOrEqual(2);
    expect(demos).toBeGreaterThanOrEqual(1);
    expect(getStarted).toBeGreaterThanOrEqual(3);
    await expect(
      page.getByRole('img', { name: 'Leads per day over the last 30 days, by type' }),
    ).toBeVisible();
  });

  test('recent activity lists the newest leads first with their type badges', async ({ page, request }) => {
    const tag = uniqueTag();
    const contact = { name: `Recent Contact ${tag}`, email: `rc.${tag}@example.com` };
    const demo = { name: `Recent Demo ${tag}`, email: `rd.${tag}@example.com` };
    const start = { name: `Recent Start ${tag}`, email: `rs.${tag}@example.com` };
    const c = await submitContact(request, { ...contact, message: 'Oldest of the three leads.' });
    await submitDemo(request, demo);
    const s = await submitGetStarted(request, start);
    await openDashboard(page);

    const items = page.getByTestId('recent-activity').getByRole('listitem');
    expect(await items.count()).toBeLessThanOrEqual(10);
    const top = await items.allInnerTexts();
    expect(top[0]).toContain(start.name);
    expect(top[0]).toContain(start.email);
    expect(top[0]).toContain('Get Started');
    expect(top[1]).toContain(demo.name);
    expect(top[1]).toContain('Demo');
    expect(top[2]).toContain(contact.name);
    expect(top[2]).toContain('Contact');
    expect(top[2]).toContain(await shown(page, c.createdAt));
    // Each name leads to that lead's own page.
    await expect(items.first().getByRole('link', { name: start.name })).toHaveAttribute(
      'href',
      `/admin/get-started/${s.id}`,
    );
  });

  test('a status change persists across a reload', async ({ page, request }) => {
    const tag = uniqueTag();
    await submitDemo(request, { name: `Status Demo ${tag}`, email: `sd.${tag}@example.com` });
    await submitGetStarted(request, { name: `Status Start ${tag}`, email: `ss.${tag}@example.com` });
    await openDashboard(page);

    // The badge shows the status the server holds (the select lists every status).
    const status = (table: Locator) =>
      table.locator('tbody tr').first().locator('td').nth(3).getByTestId('status');
    let table = await searchList(page, /^Demos/, 'Demos', tag);
    await page.getByLabel(`Status of Status Demo ${tag}`).selectOption('confirmed');
    await expect(status(table)).toHaveText('confirmed');
    table = await searchList(page, /^Get Started/, 'Get Started', tag);
    await page.getByLabel(`Status of Status Start ${tag}`).selectOption('contacted');
    await expect(status(table)).toHaveText('contacted');

    await page.reload();
    table = await searchList(page, /^Demos/, 'Demos', tag);
    await expect(page.getByLabel(`Status of Status Demo ${tag}`)).toHaveValue('confirmed');
    await expect(status(table)).toHaveText('confirmed');
    await searchList(page, /^Get Started/, 'Get Started', tag);
    await expect(page.getByLabel(`Status of Status Start ${tag}`)).toHaveValue('contacted');
  });

  test('a subscriber can be deactivated, and it stays inactive after a reload', async ({ page, request }) => {
    const tag = uniqueTag();
    const email = `deactivate.${tag}@example.com`;
    await subscribeConfirmed(request, email);
    await openDashboard(page);
    const table = await searchList(page, /^Newsletter/, 'Newsletter', tag);
    const status = table.locator('tbody tr').first().locator('td').nth(2);
    await expect(status).toHaveText(/^\s*Active/);
    await page.getByRole('button', { name: `Deactivate ${email}` }).click();
    await expect(status).toHaveText(/^\s*Inactive/);
    // The reload reopens the same list and search (they are in the URL) and asks the server again.
    await expect(page).toHaveURL(new RegExp(`/admin/newsletters\\?q=${tag}$`));
    await page.reload();
    await expect(page.getByLabel('Search Newsletter')).toHaveValue(tag);
    await expect(status).toHaveText(/^\s*Inactive/);
    // Only the subscriber's own confirmation makes the address active again: nothing to click.
    await expect(page.getByRole('button', { name: `Deactivate ${email}` })).toHaveCount(0);
  });
});
