import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  parseCsv,
  rowCells,
  searchList,
  shown,
  signIn,
  submitContact,
  submitDemo,
  submitGetStarted,
  subscribeConfirmed,
  typeSearch,
  uniqueTag,
} from './admin-helpers.ts';

test.describe('admin dashboard', () => {
  test('each list shows the spec columns with their values', async ({ page, request }) => {
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
    await signIn(page);

    let table = await searchList(page, /^Contacts/, 'Contacts', tag);
    expect(await rowCells(table, table.locator('tbody tr').first())).toEqual({
      Name: `Columns Contact ${tag}`,
      Email: `columns.contact.${tag}@example.com`,
      Date: await shown(page, contact.createdAt),
      Service: 'Data Lookups',
      Phone: '+1 (555) 010-0001',
      Company: `Acme ${tag}`,
      Message: 'Tell me about phone lookups, please.',
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
    ]);
    expect(demo).toMatchObject({
      Name: `Columns Demo ${tag}`,
      Email: `cd.${tag}@example.com`,
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
    expect(Object.keys(news)).toEqual(['Email', 'Subscribed', 'Status']);
    expect(news.Email).toBe(`news.${tag}@example.com`);
    expect(news.Status).toMatch(/^Active/);
  });

  test('pages through 120 leads with no row missing or repeated', async ({ page, request }) => {
    const tag = uniqueTag();
    const names = Array.from({ length: 120 }, (_, i) => `Pager ${String(i).padStart(3, '0')} ${tag}`);
    for (let i = 0; i < names.length; i += 12) {
      await Promise.all(
        names.slice(i, i + 12).map((name, j) =>
          submitContact(request, {
            name,
            email: `pager.${i + j}.${tag}@example.com`,
            company: `Paging Co ${tag}`,
            message: 'One of many leads to page through.',
          }),
        ),
      );
    }
    await signIn(page);
    const table = await searchList(page, /^Contacts/, 'Contacts', tag);
    const range = page.getByTestId('range-contacts');
    const next = page.getByRole('button', { name: 'Next' });
    const seen: string[] = [];
    for (let p = 0; p < 5; p++) {
      const first = p * 25 + 1;
      await expect(range).toHaveText(`Showing ${first}-${Math.min(first + 24, 120)} of 120`);
      seen.push(...(await table.locator('tbody tr td:first-child').allInnerTexts()));
      if (p < 4) await next.click();
    }
    await expect(next).toBeDisabled();
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect([...seen].sort()).toEqual([...names].sort());

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(range).toHaveText('Showing 76-100 of 120');
  });

  test('search matches name, email and company, and says when nothing matches', async ({ page, request }) => {
    const tag = uniqueTag();
    await submitContact(request, {
      name: `Searchable Ada ${tag}`,
      email: `ada.${tag}@lovelace.example`,
      company: `Engines ${tag}`,
      message: 'Find me by any of my fields.',
    });
    await submitContact(request, {
      name: `Searchable Grace ${tag}`,
      email: `grace.${tag}@hopper.example`,
      company: `Compilers ${tag}`,
      message: 'Find me by any of my fields.',
    });
    await signIn(page);
    const table = await searchList(page, /^Contacts/, 'Contacts', tag);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    for (const q of [`Ada ${tag}`, `ADA.${tag}@LOVELACE`, `engines ${tag}`]) {
      await typeSearch(page, 'Contacts', q);
      await expect(page.getByTestId('range-contacts')).toHaveText('Showing 1-1 of 1');
      await expect(rows.first()).toContainText(`Searchable Ada ${tag}`);
    }
    await typeSearch(page, 'Contacts', `no-such-lead-${tag}`);
    await expect(page.getByText('No leads match your search.')).toBeVisible();
    await expect(rows).toHaveCount(0);
  });

  test('exports the search to CSV with every row and formula-looking cells neutralised', async ({
    page,
    request,
  }) => {
    const tag = uniqueTag();
    await submitContact(request, {
      name: `Plain Export ${tag}`,
      email: `plain.${tag}@example.com`,
      company: `Exporters ${tag}`,
      message: 'An ordinary message.',
    });
    await submitContact(request, {
      name: `-Minus Export ${tag}`,
      email: `minus.${tag}@example.com`,
      phone: '+1 555 0100',
      company: `=HYPERLINK("http://evil.example") ${tag}`,
      service: 'sms-ai',
      message: '@SUM(1+1), "quoted"\nand a second line',
    });
    await signIn(page);
    await searchList(page, /^Contacts/, 'Contacts', tag);
    await expect(page.getByTestId('range-contacts')).toHaveText('Showing 1-2 of 2');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Name', 'Email', 'Date', 'Service', 'Phone', 'Company', 'Message']);
    expect(rows).toHaveLength(3);
    // Newest first, as in the list.
    expect(rows[1]).toEqual([
      `'-Minus Export ${tag}`,
      `minus.${tag}@example.com`,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      'sms-ai',
      "'+1 555 0100",
      `'=HYPERLINK("http://evil.example") ${tag}`,
      `'@SUM(1+1), "quoted"\nand a second line`,
    ]);
    expect(rows[2]?.[0]).toBe(`Plain Export ${tag}`);
    expect(rows[2]?.[5]).toBe(`Exporters ${tag}`);
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
    await signIn(page);
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
