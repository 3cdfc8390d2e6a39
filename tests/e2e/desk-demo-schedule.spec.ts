import type { components } from '@lead-desk/contract';
import { expect, type Page } from '@playwright/test';
import { openDashboard, test } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';

// The demo schedule's desk page against the real server (docs/demo-slots.md#the-schedules-desk-page):
// an admin sets the team's schedule up, finds it kept after a reload, meets the server's own refusal
// at its field and removes the schedule again. What the form does on its own (adding hours, its
// checks, a 400 mapped to its fields) is web/src/features/desk/demos/components/schedule-form.browser.test.tsx.

type DemoSchedule = components['schemas']['DemoSchedule'];

// The schedule is the team's one: its tests run on a server of their worker's own
// (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

const form = (page: Page) => page.getByRole('form', { name: 'Demo schedule' });
const day = (page: Page, name: string) => form(page).getByRole('group', { name, exact: true });
const override = (page: Page, n: number) =>
  form(page).getByRole('group', { name: `Date override ${n}`, exact: true });
/** A date some days ahead, YYYY-MM-DD (the page shows overrides from yesterday on). */
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const saved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/demo-schedule') && r.request().method() === 'PUT');

test('an admin sets up the demo schedule from the nav, finds it kept after a reload, sees the server’s refusal at its field and removes it', async ({
  page,
}) => {
  const holiday = daysAhead(20);
  const shortDay = daysAhead(27);
  await openDashboard(page);
  await page.getByRole('link', { name: 'Demo schedule' }).click();
  await expect(page).toHaveURL(/\/admin\/schedule$/);
  await expect(page).toHaveTitle('Demo schedule | Admin | TextFlow');
  await expect(
    page.getByText(
      'Without a schedule, prospects leave their wishes and the desk sends the invitation by hand.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove schedule' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Weekly hours: Monday with a lunch break, Friday closed, Saturday morning.
  await form(page).getByLabel('Time zone').selectOption('America/New_York');
  await day(page, 'Monday').getByLabel('End').fill('12:00');
  await day(page, 'Monday').getByRole('button', { name: 'Add hours' }).click();
  await day(page, 'Monday').getByLabel('Start').nth(1).fill('13:00');
  await day(page, 'Monday').getByLabel('End').nth(1).fill('17:30');
  await day(page, 'Friday').getByRole('button', { name: 'Remove Friday hours 1' }).click();
  await expect(day(page, 'Friday').getByText('Closed')).toBeVisible();
  await day(page, 'Saturday').getByRole('button', { name: 'Add hours' }).click();
  await day(page, 'Saturday').getByLabel('Start').fill('10:00');
  await day(page, 'Saturday').getByLabel('End').fill('14:00');
  // Date overrides: a day off, and a day with hours of its own.
  await form(page).getByRole('button', { name: 'Add date override' }).click();
  await override(page, 1).getByLabel(/^Date/).fill(holiday);
  await form(page).getByRole('button', { name: 'Add date override' }).click();
  await override(page, 2).getByLabel(/^Date/).fill(shortDay);
  await override(page, 2).getByText('Day off').click();
  await override(page, 2).getByLabel('End').fill('12:00');
  // The demos and a host.
  await form(page)
    .getByLabel(/^Demo length/)
    .fill('45');
  await form(page)
    .getByLabel(/^Daily cap/)
    .fill('3');
  await form(page)
    .getByText(/^admin \(/)
    .click();

  const put = saved(page);
  await form(page).getByRole('button', { name: 'Save schedule' }).click();
  expect((await put).status()).toBe(200);
  await expect(page.getByText('Demo schedule saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove schedule' })).toBeVisible();

  // Stored as typed, the weekdays' intervals in order.
  const stored = (await (await page.request.get('/api/demo-schedule')).json()) as { schedule: DemoSchedule };
  expect(stored.schedule).toMatchObject({
    timeZone: 'America/New_York',
    overrides: [
      { date: holiday, intervals: [] },
      { date: shortDay, intervals: [{ start: '09:00', end: '12:00' }] },
    ],
    lengthMinutes: 45,
    dailyCap: 3,
  });
  expect(stored.schedule.weekly).toEqual([
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '17:30' },
    { weekday: 2, start: '09:00', end: '17:00' },
    { weekday: 3, start: '09:00', end: '17:00' },
    { weekday: 4, start: '09:00', end: '17:00' },
    { weekday: 6, start: '10:00', end: '14:00' },
  ]);
  expect(stored.schedule.hostIds).toHaveLength(1);

  // A reload shows it as saved.
  await page.reload();
  await expect(page.getByText(/Last saved/)).toBeVisible();
  await expect(form(page).getByLabel('Time zone')).toHaveValue('America/New_York');
  await expect(day(page, 'Monday').getByLabel('End').first()).toHaveValue('12:00');
  await expect(day(page, 'Monday').getByLabel('Start').nth(1)).toHaveValue('13:00');
  await expect(day(page, 'Monday').getByLabel('End').nth(1)).toHaveValue('17:30');
  await expect(day(page, 'Friday').getByText('Closed')).toBeVisible();
  await expect(day(page, 'Saturday').getByLabel('Start')).toHaveValue('10:00');
  await expect(override(page, 1).getByLabel(/^Date/)).toHaveValue(holiday);
  await expect(override(page, 1).getByLabel('Day off')).toBeChecked();
  await expect(override(page, 2).getByLabel(/^Date/)).toHaveValue(shortDay);
  await expect(override(page, 2).getByLabel('End')).toHaveValue('12:00');
  await expect(form(page).getByLabel(/^Demo length/)).toHaveValue('45');
  await expect(form(page).getByLabel(/^Daily cap/)).toHaveValue('3');
  await expect(form(page).getByLabel(/^admin \(/)).toBeChecked();
  await expectNoAxeViolations(page);

  // Overlapping hours on Monday: the desk says so itself and sends nothing.
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/demo-schedule')) puts++;
  });
  const mondayLater = day(page, 'Monday').getByLabel('Start').nth(1);
  await mondayLater.fill('11:00');
  await form(page).getByRole('button', { name: 'Save schedule' }).click();
  await expect(mondayLater).toHaveAccessibleErrorMessage('Overlaps another interval on Monday');
  expect(puts).toBe(0);
  // The server's own check: the desk's is passed by (the request, not the form, says 11:00), and
  // the server's message comes back at the same field, with what was typed still there.
  await mondayLater.fill('13:00');
  await expect(mondayLater).not.toHaveAttribute('aria-invalid', 'true');
  await page.route('**/api/demo-schedule', async (route) => {
    const body = route.request().postDataJSON() as DemoSchedule;
    body.weekly[1]!.start = '11:00';
    await route.continue({ postData: JSON.stringify(body) });
  });
  const refused = saved(page);
  await form(page).getByRole('button', { name: 'Save schedule' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { errors: unknown[] }).errors).toEqual([
    { path: '/weekly/1', message: 'Overlaps another interval on Monday' },
  ]);
  await expect(mondayLater).toHaveAccessibleErrorMessage('Overlaps another interval on Monday');
  await expect(mondayLater).toBeFocused();
  await expect(mondayLater).toHaveValue('13:00');
  await expect(override(page, 2).getByLabel('End')).toHaveValue('12:00');
  await page.unrouteAll();

  // Removed, behind its confirmation: the explanation is back, after a reload too.
  await page.getByRole('button', { name: 'Remove schedule' }).click();
  const ask = page.getByRole('group', { name: 'Remove the demo schedule?' });
  await ask.getByRole('button', { name: 'Remove schedule' }).click();
  await expect(page.getByText('Demo schedule removed')).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Without a schedule, prospects leave their wishes/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove schedule' })).toHaveCount(0);
});

test('at a phone’s width the schedule page scrolls only down and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/admin/schedule');
  await expect(page.getByRole('heading', { name: 'Demo schedule' })).toBeVisible();
  // Every part of the form shown: a second interval, an override with hours of its own, a message.
  await day(page, 'Monday').getByRole('button', { name: 'Add hours' }).click();
  await form(page).getByRole('button', { name: 'Add date override' }).click();
  await override(page, 1).getByText('Day off').click();
  await form(page).getByRole('button', { name: 'Save schedule' }).click();
  await expect(form(page).getByText('Choose at least one host')).toBeVisible();
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBe(0);
  await expectNoAxeViolations(page);
});
