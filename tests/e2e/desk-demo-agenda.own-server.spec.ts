import type { components } from '@lead-desk/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, openAdmin, openDashboard, test, uniqueTag } from './admin-helpers.ts';
import { adminPassword, expectNoAxeViolations } from './fixtures.ts';

// The demo agenda against the real server (docs/demo-slots.md#the-agenda): demos booked as
// prospects book them (a demo request, then a time picked from its offer), found under their days
// on the schedule's clock, filtered by host through the URL, a week at a time, the prospect's page
// one click away; a viewer reads it too. The grouping and the filter on their own are
// web/src/features/desk/demos/components/agenda-page.browser.test.tsx.

type S = components['schemas'];

// Bookings and the schedule are the team's one: the tests run on a server of their worker's own
// (docs/testing.md#a-server-of-a-workers-own).
test.use({ serverOfItsOwn: true });

/** Kolkata keeps +05:30 all year: its dates are neither UTC's nor, most likely, the browser's. */
const ZONE = 'Asia/Kolkata';

interface Booked {
  leadId: number;
  name: string;
  company: string;
  start: string;
  end: string;
  host: string;
}
let booked: [Booked, Booked];

/** A prospect's browser asks for a demo and books `pick` of the times it is offered. */
async function bookAsProspect(
  visitor: APIRequestContext,
  name: string,
  company: string,
  pick: (slots: S['DemoSlot'][]) => S['DemoSlot'],
): Promise<Booked> {
  const asked = await visitor.post('/api/demo', {
    data: {
      name,
      email: `${name.split(' ').join('.').toLowerCase()}@example.com`,
      company,
    } satisfies S['DemoInput'],
  });
  expect(asked.status(), await asked.text()).toBe(201);
  // The answer set the demo_booking cookie, which the offer and the booking read.
  const offer = await visitor.get(`/api/demo-booking?timeZone=${encodeURIComponent(ZONE)}`);
  expect(offer.status(), await offer.text()).toBe(200);
  const slot = pick(((await offer.json()) as S['DemoBookingOffer']).slots);
  const made = await visitor.post('/api/demo-booking', { data: { start: slot.start, timeZone: ZONE } });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()) as S['DemoBooking'];
  return { leadId: ((await asked.json()) as S['Created']).id, name, company, ...booking };
}

test.beforeAll(async ({ playwright, server, adminCookies }) => {
  const desk = await playwright.request.newContext({
    baseURL: server,
    storageState: { cookies: adminCookies, origins: [] },
  });
  const members = ((await (await desk.get('/api/team/members')).json()) as { members: S['TeamMember'][] })
    .members;
  const hosts = members.filter((m) => m.role !== 'viewer' && m.active).slice(0, 2);
  expect(hosts, 'the spec’s server has two accounts that work leads').toHaveLength(2);
  const schedule: S['DemoSchedule'] = {
    timeZone: ZONE,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    overrides: [],
    lengthMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 14,
    dailyCap: null,
    hostIds: hosts.map((h) => h.id),
  };
  const saved = await desk.put('/api/demo-schedule', { data: schedule, headers: { Origin: server } });
  expect(saved.status(), await saved.text()).toBe(200);
  await desk.dispose();

  // Two prospects, each in a browser of their own: the soonest time, and the last one offered
  // (half an hour short of a day and a half later, so on another date). Round robin gives the
  // second to the other host, who has fewer demos coming.
  const tag = uniqueTag();
  const prospects = await Promise.all([0, 1].map(() => playwright.request.newContext({ baseURL: server })));
  booked = [
    await bookAsProspect(prospects[0]!, `Ada Early ${tag}`, `Analytical ${tag}`, (slots) => slots[0]!),
    await bookAsProspect(prospects[1]!, `Grace Late ${tag}`, `Compilers ${tag}`, (slots) => slots.at(-1)!),
  ];
  await Promise.all(prospects.map((p) => p.dispose()));
  expect(booked[0].host).not.toBe(booked[1].host);
});

/** What the page shows for a demo's date and time on the schedule's clock, in the browser's locale. */
function shownOn(page: Page, demo: Booked) {
  return page.evaluate(
    ({ start, end, zone }) => {
      const time = new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: '2-digit', minute: '2-digit' });
      const zoneName = new Intl.DateTimeFormat(undefined, { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(new Date(start))
        .find((p) => p.type === 'timeZoneName')!.value;
      return {
        day: new Intl.DateTimeFormat(undefined, {
          timeZone: zone,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date(start)),
        time: `${time.format(new Date(start))}–${time.format(new Date(end))} ${zoneName}`,
      };
    },
    { start: demo.start, end: demo.end, zone: ZONE },
  );
}

const daySection = (page: Page, day: string) => page.getByRole('region', { name: day, exact: true });
const demoItem = (page: Page, demo: Booked) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: demo.name }) });

test('the desk finds the booked demos under their days, filters them by host in the URL and moves by weeks', async ({
  page,
}) => {
  const [early, late] = booked;
  await openDashboard(page);
  await page.getByRole('link', { name: 'Demo agenda' }).click();
  await expect(page).toHaveURL(/\/admin\/agenda$/);
  await expect(page).toHaveTitle('Demo agenda | Admin | TextFlow');
  await expect(page.getByRole('heading', { name: 'Demo agenda', level: 2 })).toBeVisible();
  await expect(page.getByText(ZONE, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(7);

  // Each demo under its own date of the schedule's clock, with its time, company, host and status.
  for (const demo of booked) {
    const shown = await shownOn(page, demo);
    const item = daySection(page, shown.day).getByRole('listitem').filter({ hasText: demo.name });
    await expect(item).toContainText(shown.time);
    await expect(item).toContainText(demo.company);
    await expect(item).toContainText(`Host: ${demo.host}`);
    await expect(item).toContainText('Confirmed');
    await expect(item.getByRole('link', { name: demo.name })).toHaveAttribute(
      'href',
      `/admin/demos/${demo.leadId}`,
    );
  }
  const earlyDay = (await shownOn(page, early)).day;
  const lateDay = (await shownOn(page, late)).day;
  expect(earlyDay).not.toBe(lateDay);
  await expectNoAxeViolations(page);

  // One host's demos: the filter is in the URL, and a reload keeps it.
  const hostFilter = page.getByRole('combobox', { name: 'Host' });
  await hostFilter.selectOption({ label: early.host });
  await expect(page).toHaveURL(/[?&]hostId=\d+/);
  await expect(demoItem(page, late)).toHaveCount(0);
  await expect(demoItem(page, early)).toBeVisible();
  await page.reload();
  await expect(hostFilter.locator('option:checked')).toHaveText(early.host);
  await expect(demoItem(page, early)).toBeVisible();
  await expect(demoItem(page, late)).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText(`for ${early.host}`);

  // The week after, for every host: today's demos are a week back, those days without demos.
  await hostFilter.selectOption({ label: 'All hosts' });
  await expect(page).not.toHaveURL(/hostId=/);
  await expect(demoItem(page, late)).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByText('No demos', { exact: true })).toHaveCount(7);
  await expect(page.getByRole('heading', { name: earlyDay })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(demoItem(page, early)).toBeVisible();
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page).toHaveURL(/\/admin\/agenda$/);
  await expect(page.getByRole('button', { name: 'This week' })).toBeDisabled();

  // The prospect's own page is one click away.
  await demoItem(page, late).getByRole('link', { name: late.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/demos/${late.leadId}$`));
  await expect(page.getByRole('heading', { name: late.name })).toBeVisible();
});

test('a viewer opens the agenda from the desk’s menu', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server });
  const page = await context.newPage();
  await openAdmin(page);
  await logIn(page, 'viewer', adminPassword);
  await expect(page.getByText('Logged in as: viewer (Viewer)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Demo schedule' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Demo agenda' }).click();
  await expect(page).toHaveURL(/\/admin\/agenda$/);
  await expect(demoItem(page, booked[0])).toBeVisible();
  await context.close();
});

test('at a phone’s width the agenda scrolls only down and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/admin/agenda');
  await expect(demoItem(page, booked[0])).toBeVisible();
  await expect(demoItem(page, booked[1])).toBeVisible();
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBe(0);
  await expectNoAxeViolations(page);
  // The filter and the weeks by keyboard alone.
  const hostFilter = page.getByRole('combobox', { name: 'Host' });
  await hostFilter.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]hostId=\d+/);
  await page.getByRole('button', { name: 'Next week' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]from=/);
  await expect(page.getByText('No demos', { exact: true })).toHaveCount(7);
  expect(await sideways()).toBe(0);
});
