import type { components } from '@lead-desk/contract';
import { expect } from '@playwright/test';
import { test } from './admin-helpers.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { apiSignIn, siteOrigin } from './mail-helpers.ts';
import { readyToUse, unique } from './site-form-helpers.ts';

// A prospect picks an exact time for their demo on the site (docs/demo-slots.md#picking-a-time):
// the team's schedule set up through the desk's API, the demo form sent as a visitor, the first
// time offered pressed, and the demo confirmed with its host. What the picker does with each
// answer is in web/src/features/lead-forms/components/demo-time-picker.browser.test.tsx.

type S = components['schemas'];

// The schedule is the team's one: while it is set, every demo form sent to the server gets times
// to pick, and its host takes them. So the file runs on a server of its worker's own
// (docs/testing.md#a-server-of-a-workers-own), and removes the schedule when it ends.
test.use({ serverOfItsOwn: true, signedIn: false, timezoneId: 'America/New_York' });

/** Today's date in `zone` and the `count - 1` after it, as YYYY-MM-DD. */
function nextDates(zone: string, count: number): string[] {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: zone })
    .format(new Date())
    .split('-')
    .map(Number);
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y!, m! - 1, d! + i)).toISOString().slice(0, 10),
  );
}

test.afterEach(async ({ request }) => {
  await apiSignIn(request);
  const removed = await request.delete('/api/demo-schedule', { headers: await siteOrigin(request) });
  expect([204, 404], await removed.text()).toContain(removed.status());
});

test('a visitor picks the first time offered under Demo Scheduled!, and the demo is confirmed @mobile', async ({
  page,
  request,
}) => {
  await apiSignIn(request);
  const { members } = (await (await request.get('/api/team/members')).json()) as {
    members: S['TeamMember'][];
  };
  const admin = members.find((m) => m.username === 'admin')!;
  const schedule: S['DemoSchedule'] = {
    timeZone: 'Europe/Berlin',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    // Today and tomorrow off: the first time offered starts a day or more ahead, so it is still
    // open when pressed. With times from now on, the clock could pass its start between the offer
    // and the press (a 409); should midnight pass meanwhile, the first time stays the same.
    overrides: nextDates('Europe/Berlin', 2).map((date) => ({ date, intervals: [] })),
    lengthMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 7,
    dailyCap: null,
    hostIds: [admin.id],
  };
  const saved = await request.put('/api/demo-schedule', {
    data: schedule,
    headers: await siteOrigin(request),
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The picker's code comes once the form has succeeded, never before (site-budget.spec.ts): each
  // request for it notes whether the form's answer had come by then.
  let answered = false;
  const pickerCode: boolean[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/demo') && r.request().method() === 'POST') answered = true;
  });
  page.on('request', (r) => {
    if (/\/assets\/demo-time-picker-[^/]*\.js$/.test(r.url())) pickerCode.push(answered);
  });
  await readyToUse(page, '/schedule-demo');
  const form = page.getByRole('form', { name: 'Book your demo' });
  const tag = unique();
  await form.getByLabel('Full Name *').fill(`Picker ${tag}`);
  await form.getByLabel('Email Address *').fill(`picker-${tag}@example.com`);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/demo') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Schedule Demo' }).click();
  const lead = (await (await sent).json()) as S['Created'];
  await expect(page.getByRole('heading', { name: 'Demo Scheduled!' })).toBeVisible();

  const picker = page.getByRole('region', { name: 'Pick an exact time' });
  await expect(picker.getByLabel('Your time zone')).toHaveValue('America/New_York');
  expect(pickerCode).toEqual([true]);
  const first = picker.getByRole('button').first();
  await expect(first).toBeEnabled();
  // Each time in full in its name, the host's after it: "<date> at <time>, <time> Berlin time".
  const name = (await first.getAttribute('aria-label'))!;
  expect(name).toMatch(/^\w+day, \w+ \d+, \d{4} at .+, .+ Berlin time$/);
  // Readable at a phone's width: nothing wider than the screen, no time cut off.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await first.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // axe reads the page once the form's notice is fully shown, with the pointer off the screen's
  // buttons (it pressed Schedule Demo, where Back to Home now is).
  await expect(page.getByTestId('notice')).toHaveCSS('opacity', '1');
  await page.mouse.move(1, 1);
  await expectNoAxeViolations(page);

  const booked = page.waitForResponse(
    (r) => r.url().endsWith('/api/demo-booking') && r.request().method() === 'POST',
  );
  await first.click();
  const answer = await booked;
  expect(answer.status(), await answer.text()).toBe(201);
  const booking = (await answer.json()) as S['DemoBooking'];
  expect(booking).toMatchObject({ hostTimeZone: 'Europe/Berlin', host: 'admin' });
  expect(answer.request().postDataJSON()).toEqual({ start: booking.start, timeZone: 'America/New_York' });

  const [when, host] = [name.slice(0, name.lastIndexOf(', ')), name.slice(name.lastIndexOf(', ') + 2)];
  const confirmation = picker.getByText(`Your demo is booked for ${when} (${host} for your host).`);
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeFocused();
  await expect(picker.getByRole('button')).toHaveCount(0);
  // The spec's closing screen is as it was.
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

  // The desk sees the demo confirmed, its host the assignee.
  const demo = (await (await request.get(`/api/demos/${lead.id}`)).json()) as S['DemoRequest'];
  expect(demo).toMatchObject({ status: 'confirmed', assigneeId: admin.id });
});
