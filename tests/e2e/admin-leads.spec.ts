import { expect } from '@playwright/test';
import {
  openDashboard,
  rowCells,
  searchList,
  shown,
  submitContact,
  submitDemo,
  submitGetStarted,
  subscribeConfirmed,
  test,
  uniqueTag,
} from './admin-helpers.ts';

// One test looks for its lead at the top of the newest leads: the file runs on a server of its
// worker's own (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

test.describe('admin dashboard', () => {
  test('each list shows its columns (docs/product.md#admin-desk) with their values', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    const contact = await submitContact(request, {
      name: `Columns Contact ${tag}`,
      email: `Columns.Contact.${tag}@Example.com`,
      phone: '+1 (555) 010-0001',
      company: `Acme ${tag}`,
      service: 'data-lookups',
      message: 'Tell me about phone lookups, please.',
    });
    await submitDemo(request, {
      name: `Columns Demo ${tag}`,
      email: `cd.${tag}@example.com`,
      phone: '555 0002',
      company: `Demo Co ${tag}`,
      preferredDate: 'next-week',
      preferredTime: 'afternoon',
      message: 'Show me voice agents.',
    });
    await submitGetStarted(request, {
      name: `Columns Start ${tag}`,
      email: `cs.${tag}@example.com`,
      phone: '555 0003',
      company: `Start Co ${tag}`,
      service: 'call-warmup',
      monthlyVolume: '100k-1m',
      message: 'We send a lot.',
    });
    await subscribeConfirmed(request, `news.${tag}@example.com`);
    await openDashboard(page);
    // Sent through the API without a proof-of-work solution, as a form without JavaScript is: each
    // lead's address carries the spam check's mark (docs/product.md#spam).
    const unverified = (email: string) =>
      expect.stringMatching(new RegExp(`^${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*Not verified$`));

    let table = await searchList(page, /^Contacts/, 'Contacts', tag);
    expect(await rowCells(table, table.locator('tbody tr').first())).toEqual({
      Name: `Columns Contact ${tag}`,
      Email: unverified(`columns.contact.${tag}@example.com`),
      Date: await shown(page, contact.createdAt),
      Service: 'Data Lookups',
      Phone: '+1 (555) 010-0001',
      Company: `Acme ${tag}`,
      Message: 'Tell me about phone lookups, please.',
      Assignee: 'Nobody',
    });

    table = await searchList(page, /^Demos/, 'Demos', tag);
    const demo = await rowCells(table, table.locator('tbody tr').first());
    expect(Object.keys(demo)).toEqual([
      'Name',
      'Email',
      'Date',
      'Status',
      'Phone',
      'Company',
      'Preferred Date',
      'Preferred Time',
      'Message',
      'Assignee',
    ]);
    expect(demo).toMatchObject({
      Name: `Columns Demo ${tag}`,
      Email: unverified(`cd.${tag}@example.com`),
      Phone: '555 0002',
      Company: `Demo Co ${tag}`,
      'Preferred Date': 'Next Week',
      'Preferred Time': 'Afternoon (12PM-5PM)',
      Message: 'Show me voice agents.',
    });
    expect(demo.Status).toMatch(/^pending/);

    table = await searchList(page, /^Get Started/, 'Get Started', tag);
    const start = await rowCells(table, table.locator('tbody tr').first());
    expect(Object.keys(start)).toEqual([
      'Name',
      'Email',
      'Date',
      'Status',
      'Phone',
      'Company',
      'Service',
      'Monthly Volume',
      'Message',
      'Assignee',
    ]);
    expect(start).toMatchObject({
      Name: `Columns Start ${tag}`,
      Service: 'AI Call Warmup',
      'Monthly Volume': '100k-1m',
      Message: 'We send a lot.',
    });
    expect(start.Status).toMatch(/^pending/);

    table = await searchList(page, /^Newsletter/, 'Newsletter', tag);
    const news = await rowCells(table, table.locator('tbody tr').first());
    expect(Object.keys(news)).toEqual(['Email', 'Subscribed', 'Status', 'Assignee']);
    expect(news.Email).toBe(`news.${tag}@example.com`);
    expect(news.Status).toMatch(/^Active/);
  });

  test('lead text is shown as text, never as HTML', async ({ page, request }) => {
    const tag = uniqueTag();
    const name = '<img src=x onerror=alert(1)>';
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await submitContact(request, {
      name,
      email: `xss.${tag}@example.com`,
      company: `<script>alert(2)</script> ${tag}`,
      message: '<b>bold?</b> <a href="javascript:alert(3)">link</a>',
    });
    await openDashboard(page);
    await expect(page.getByTestId('recent-activity').getByRole('listitem').first()).toContainText(name);
    const table = await searchList(page, /^Contacts/, 'Contacts', tag);
    const cells = await rowCells(table, table.locator('tbody tr').first());
    expect(cells.Name).toBe(name);
    expect(cells.Company).toBe(`<script>alert(2)</script> ${tag}`);
    expect(cells.Message).toBe('<b>bold?</b> <a href="javascript:alert(3)">link</a>');
    await expect(table.locator('img, b, tbody script')).toHaveCount(0);
    // The one link in the row is the desk's own, to the lead's page; the message's stays text.
    const links = table.locator('tbody a');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', /^\/admin\/contacts\/\d+$/);
    await expect(links).toHaveText(name);
    await expect(page.locator('[data-testid="recent-activity"] img')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});
