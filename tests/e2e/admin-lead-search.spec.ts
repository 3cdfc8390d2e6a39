import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import {
  openDashboard,
  parseCsv,
  searchList,
  submitContact,
  test,
  typeSearch,
  uniqueTag,
} from './admin-helpers.ts';

test.describe('admin dashboard', () => {
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
    await openDashboard(page);
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
    await openDashboard(page);
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
    await openDashboard(page);
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
    const attribution = [
      'Landing Page',
      'Referrer',
      'UTM Source',
      'UTM Medium',
      'UTM Campaign',
      'UTM Term',
      'UTM Content',
    ];
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Date',
      'Service',
      'Phone',
      'Company',
      'Message',
      ...attribution,
      'Assignee',
    ]);
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
      // Sent straight to the API: no visit to say where it came from (docs/product.md#attribution).
      ...attribution.map(() => ''),
      // Nobody's (docs/product.md#assignment).
      '',
    ]);
    expect(rows[2]?.[0]).toBe(`Plain Export ${tag}`);
    expect(rows[2]?.[5]).toBe(`Exporters ${tag}`);
  });
});
