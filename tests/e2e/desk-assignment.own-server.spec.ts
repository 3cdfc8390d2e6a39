import type { components } from '@lead-desk/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import {
  parseCsv,
  rowCells,
  submitContact,
  submitDemo,
  test,
  typeSearch,
  uniqueTag,
} from './admin-helpers.ts';
import { apiSignIn, siteOrigin } from './mail-helpers.ts';

// Lead assignment in the desk (docs/product.md#assignment), signed in as the e2e server's `admin`.
// "Another session" is the `request` context signed in on its own, as a colleague's browser is.

type S = components['schemas'];

// One test reassigns every lead of a person, every other test's too: the file runs on a server of
// its worker's own (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

/** Signs the request context in as `admin` (a session of its own) and names another person who works leads. */
async function colleague(
  request: APIRequestContext,
): Promise<{ me: S['TeamMember']; other: S['TeamMember'] }> {
  await apiSignIn(request);
  const { members } = (await (await request.get('/api/team/members')).json()) as {
    members: S['TeamMember'][];
  };
  const me = members.find((m) => m.username === 'admin')!;
  const other = members.find((m) => m.role !== 'viewer' && m.username !== 'admin')!;
  expect(other, 'the e2e server makes more than one account that works leads').toBeDefined();
  return { me, other };
}

/** Assigns a lead from the other session, as a colleague would. */
async function assignElsewhere(
  request: APIRequestContext,
  kind: S['LeadKind'],
  id: number,
  assigneeId: number,
): Promise<void> {
  const res = await request.put(`/api/leads/${kind}/${id}/assignee`, {
    data: { assigneeId, expectedAssigneeId: null },
    headers: await siteOrigin(request),
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a lead is assigned to oneself from its page, then unassigned', async ({ page, request }) => {
  const tag = uniqueTag();
  const lead = await submitContact(request, {
    name: `Mine ${tag}`,
    email: `${tag}@example.com`,
    message: 'Who calls me back?',
  });
  await page.goto(`/admin/contacts/${lead.id}`);
  await expect(page.getByTestId('assignee')).toHaveText('Nobody');
  await expect(page.getByRole('button', { name: 'Unassign' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('assignee')).toHaveText('admin');
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  // The lead's history says who did it.
  await expect(page.getByTestId('lead-history')).toContainText('by admin');

  await page.getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByTestId('assignee')).toHaveText('Nobody');
  await expect(page.getByRole('button', { name: 'Assign to me' })).toBeVisible();
});

test('the lead page names who was quicker when another session assigned it meanwhile', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const lead = await submitContact(request, {
    name: `Race ${tag}`,
    email: `${tag}@example.com`,
    message: 'Two people want me.',
  });
  const { other } = await colleague(request);
  await page.goto(`/admin/contacts/${lead.id}`);
  await expect(page.getByTestId('assignee')).toHaveText('Nobody');

  await assignElsewhere(request, 'contact', lead.id, other.id);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText(`it is assigned to ${other.username} now`)).toBeVisible();
  // The page shows the lead as it now is; nothing was overwritten.
  await expect(page.getByTestId('assignee')).toHaveText(other.username);
  const now = (await (await request.get(`/api/contacts/${lead.id}`)).json()) as { assigneeId: number | null };
  expect(now.assigneeId).toBe(other.id);
});

test('a status changed meanwhile is not overwritten: the desk says what it is now', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const lead = await submitDemo(request, { name: `Status ${tag}`, email: `${tag}@example.com` });
  await apiSignIn(request);
  await page.goto(`/admin/demos/${lead.id}`);
  await expect(page.getByTestId('status').first()).toHaveText('pending');

  const changed = await request.patch(`/api/demos/${lead.id}`, {
    data: { status: 'confirmed' },
    headers: await siteOrigin(request),
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await page.getByLabel(`Status of Status ${tag}`).selectOption('cancelled');
  await expect(page.getByText('it is confirmed now')).toBeVisible();
  await expect(page.getByTestId('status').first()).toHaveText('confirmed');
});

test('a selection in a list is assigned at once, each lead as the list showed it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const ids: number[] = [];
  for (const n of [1, 2, 3])
    ids.push((await submitDemo(request, { name: `Bulk ${n} ${tag}`, email: `${n}${tag}@example.com` })).id);
  const { other } = await colleague(request);

  await page.goto(`/admin/demos?q=${tag}`);
  const table = page.getByRole('table', { name: 'Demos list' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Chakra's checkbox draws its box over the native input: a person clicks the box, in its label.
  const all = page.getByRole('checkbox', { name: 'Select every lead on this page' });
  await all.locator('..').click();
  await expect(all).toBeChecked();
  await expect(page.getByTestId('selection')).toContainText('3 selected');

  // A colleague takes one of them after the list was shown: that one is left to them.
  await assignElsewhere(request, 'demo', ids[1]!, other.id);
  await page.getByLabel('Assign selected to').selectOption({ label: 'admin' });
  await expect(page.getByText('2 assigned, 1 changed meanwhile')).toBeVisible();
  await expect(page.getByTestId('selection')).toHaveCount(0);

  const assignees = async () => {
    const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
    const out: Record<string, string> = {};
    for (const row of await rows.all()) {
      const cells = await rowCells(table, row);
      out[cells.Name!] = cells.Assignee!;
    }
    return out;
  };
  await expect
    .poll(assignees)
    .toEqual({ [`Bulk 1 ${tag}`]: 'admin', [`Bulk 2 ${tag}`]: other.username, [`Bulk 3 ${tag}`]: 'admin' });
});

test('the assignee filters live in the URL, survive a reload and go with the CSV export', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const mine = await submitContact(request, {
    name: `Filter mine ${tag}`,
    email: `a${tag}@example.com`,
    message: 'Please call me back.',
  });
  const theirs = await submitContact(request, {
    name: `Filter theirs ${tag}`,
    email: `b${tag}@example.com`,
    message: 'Please call me back.',
  });
  await submitContact(request, {
    name: `Filter nobody ${tag}`,
    email: `c${tag}@example.com`,
    message: 'Please call me back.',
  });
  const { me, other } = await colleague(request);
  await assignElsewhere(request, 'contact', mine.id, me.id);
  await assignElsewhere(request, 'contact', theirs.id, other.id);

  await page.goto('/admin/contacts');
  await typeSearch(page, 'Contacts', tag);
  const table = page.getByRole('table', { name: 'Contacts list' });
  const names = () => table.getByRole('link').allInnerTexts();
  await expect.poll(names).toHaveLength(3);

  const filter = page.getByLabel('Assignee filter');
  await filter.selectOption({ label: 'Mine' });
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&assignee=me$`));
  await expect.poll(names).toEqual([`Filter mine ${tag}`]);
  await page.reload();
  await expect(page.getByLabel('Assignee filter')).toHaveValue('me');
  await expect.poll(names).toEqual([`Filter mine ${tag}`]);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toBe(`/api/contacts/export?q=${tag}&assignee=me`);
  const csv = parseCsv(await (await page.request.get(href!)).text());
  const column = (name: string) => csv.slice(1).map((r) => r[csv[0]!.indexOf(name)]);
  expect(column('Name')).toEqual([`Filter mine ${tag}`]);
  expect(column('Assignee')).toEqual(['admin']);

  await filter.selectOption({ label: 'Unassigned' });
  await expect(page).toHaveURL(new RegExp(`assignee=none$`));
  await expect.poll(names).toEqual([`Filter nobody ${tag}`]);

  await filter.selectOption({ label: `Assigned to ${other.username}` });
  await expect(page).toHaveURL(new RegExp(`assignee=${other.id}$`));
  await expect.poll(names).toEqual([`Filter theirs ${tag}`]);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/contacts/export?q=${tag}&assignee=${other.id}`,
  );

  // Back to everyone's: the search stays.
  await filter.selectOption({ label: 'Everyone’s leads' });
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
  await expect.poll(names).toHaveLength(3);
});

// Moves every lead of one person, of every kind and of every other test on this server.
test('an admin reassigns all of one person’s leads from the team page', async ({ page, request }) => {
  const tag = uniqueTag();
  const contact = await submitContact(request, {
    name: `Leaving ${tag}`,
    email: `a${tag}@example.com`,
    message: 'Please call me back.',
  });
  const demo = await submitDemo(request, { name: `Leaving demo ${tag}`, email: `b${tag}@example.com` });
  const { other } = await colleague(request);
  await assignElsewhere(request, 'contact', contact.id, other.id);
  await assignElsewhere(request, 'demo', demo.id, other.id);

  // The person's leads: the list filtered by them.
  await page.goto('/admin/team');
  await page.getByRole('link', { name: `Leads of ${other.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts\\?assignee=${other.id}$`));
  await expect(
    page.getByRole('table', { name: 'Contacts list' }).getByRole('link', { name: `Leaving ${tag}` }),
  ).toBeVisible();

  await page.goto('/admin/team');
  page.once('dialog', (d) => void d.accept());
  await page.getByLabel(`Reassign all of ${other.username}’s leads to`).selectOption({ label: 'admin' });
  await expect(page.getByText(/^\d+ leads? reassigned$/)).toBeVisible();
  await expect(page.getByLabel(`Reassign all of ${other.username}’s leads to`)).toHaveCount(0);

  // Both kinds moved, to the one chosen.
  for (const [path, id] of [
    ['contacts', contact.id],
    ['demos', demo.id],
  ] as const) {
    const lead = (await (await request.get(`/api/${path}/${id}`)).json()) as { assigneeId: number | null };
    expect(lead.assigneeId).not.toBe(other.id);
  }
  await page.goto(`/admin/demos?assignee=me&q=${tag}`);
  await expect(page.getByRole('table', { name: 'Demos list' }).getByRole('link')).toHaveText([
    `Leaving demo ${tag}`,
  ]);
});
