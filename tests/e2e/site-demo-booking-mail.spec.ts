import type { components } from '@lead-desk/contract';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { startSmtp, type Received, type TestSmtp } from '../../api/test/smtp.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { siteOrigin } from './mail-helpers.ts';
import { readyToUse, unique } from './site-form-helpers.ts';
import { startSpecServer, type SpecServer } from './spec-server.ts';

// A prospect's whole demo, as they live it (docs/demo-slots.md): they send the demo form, pick a
// time, find the invitation in their inbox, open its "Reschedule or cancel" link, move the demo
// and then cancel it. The emails go to a real SMTP server (smtp-server) in this test's process,
// from a server of this spec's own (docs/testing.md#a-server-of-a-specs-own): the shared e2e
// server has no SMTP_URL, and a schedule is the team's one. Once with JavaScript (the site's
// picker), once without (the API's pages, forms that post).

type S = components['schemas'];
const OWNER = { username: 'owner', password: 'an owner password for demos' };

const test = base.extend<object, { desk: { server: SpecServer; smtp: TestSmtp } }>({
  desk: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const smtp = await startSmtp();
      const server = await startSpecServer({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'TextFlow <demos@textflow.example>',
        ADMIN_USERNAME: OWNER.username,
        ADMIN_PASSWORD: OWNER.password,
      });
      await use({ server, smtp });
      await server.stop();
      await smtp.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ desk }, use) => use(desk.server.url),
});
test.use({ timezoneId: 'America/New_York' });

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

/** The owner sets up a schedule in Berlin through the desk's API, the owner its one host. */
async function setUpSchedule(request: APIRequestContext) {
  const headers = await siteOrigin(request);
  const login = await request.post('/api/admin/login', { data: OWNER, headers });
  expect(login.status(), await login.text()).toBe(200);
  const { members } = (await (await request.get('/api/team/members')).json()) as {
    members: S['TeamMember'][];
  };
  const owner = members.find((m) => m.username === OWNER.username)!;
  const schedule: S['DemoSchedule'] = {
    timeZone: 'Europe/Berlin',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    // Today and tomorrow off: every time offered starts a day or more ahead, so the clock cannot
    // pass one between its offer and its press.
    overrides: nextDates('Europe/Berlin', 2).map((date) => ({ date, intervals: [] })),
    lengthMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 7,
    dailyCap: null,
    hostIds: [owner.id],
  };
  const saved = await request.put('/api/demo-schedule', { data: schedule, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  await request.post('/api/admin/logout', { headers });
}

interface Invitation {
  subject: string;
  /** The calendar part's method, as the MIME header names it (what mail clients act on). */
  mimeMethod: string | undefined;
  method: string;
  uid: string;
  sequence: number;
  start: string;
  /** The "Reschedule or cancel" link, when the email has one. */
  link: string | undefined;
}

/** The emails with a calendar that `email` received, oldest first, read as a mail client would. */
function invitationsTo(smtp: TestSmtp, email: string): Invitation[] {
  return smtp.received
    .filter((r: Received) => r.to.includes(email))
    .filter((r) => r.mail.attachments.some((a) => a.contentType === 'application/ics'))
    .map((r) => {
      const ics = r.mail.attachments
        .find((a) => a.contentType === 'application/ics')!
        .content.toString('utf8');
      const cal = new ICAL.Component(ICAL.parse(ics));
      const event = cal.getFirstSubcomponent('vevent')!;
      return {
        subject: r.mail.subject ?? '',
        mimeMethod: /Content-Type: text\/calendar; charset=utf-8; method=(\w+)/i.exec(
          r.raw.toString('utf8'),
        )?.[1],
        method: String(cal.getFirstPropertyValue('method')),
        uid: String(event.getFirstPropertyValue('uid')),
        sequence: Number(event.getFirstPropertyValue('sequence')),
        start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
        link: /https?:\/\/[^\s"<>]+\/demo\/manage\?token=[A-Za-z0-9_.%-]+/.exec(
          String(r.mail.text ?? ''),
        )?.[0],
      };
    });
}

/** Waits for the `n`th calendar email to `email` and answers it. */
async function nthInvitation(smtp: TestSmtp, email: string, n: number): Promise<Invitation> {
  await smtp.waitFor(n, 30_000, () => invitationsTo(smtp, email).length >= n);
  return invitationsTo(smtp, email)[n - 1]!;
}

/** The demo form filled in and sent as a visitor; the page then shows what the form answered. */
async function sendDemoForm(page: Page, email: string, enhanced: boolean) {
  if (enhanced) await readyToUse(page, '/schedule-demo');
  else await page.goto('/schedule-demo');
  const form = page.getByRole('form', { name: 'Book your demo' });
  await form.getByLabel('Full Name *').fill(`Prospect ${email}`);
  await form.getByLabel('Email Address *').fill(email);
  await form.getByLabel('Company').fill('Prospect Co');
  await form.getByRole('button', { name: 'Schedule Demo' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Scheduled!' })).toBeVisible();
}

/**
 * Opens the invitation's link, moves the demo to the first other time offered there, then opens the
 * updated invitation's link and cancels it. Each step's email is read at the SMTP server: the move
 * keeps the UID with SEQUENCE + 1, the cancellation is METHOD:CANCEL in the MIME part.
 */
async function moveThenCancel(page: Page, smtp: TestSmtp, email: string, booked: Invitation, axe: boolean) {
  expect(booked).toMatchObject({ method: 'REQUEST', mimeMethod: 'REQUEST', sequence: 0 });
  expect(booked.link).toBeDefined();

  await page.goto(booked.link!);
  await expect(page.getByRole('heading', { name: 'Your TextFlow demo' })).toBeVisible();
  await expect(page.getByText('Your demo is booked for')).toContainText('with owner');
  if (axe) await expectNoAxeViolations(page);
  const move = page.getByRole('region', { name: 'Move it to another time' });
  const other = move.getByRole('button', { name: /, \d/ }).first();
  await other.click();
  const moved = await nthInvitation(smtp, email, 2);
  expect(moved).toMatchObject({
    method: 'REQUEST',
    mimeMethod: 'REQUEST',
    uid: booked.uid,
    sequence: booked.sequence + 1,
  });
  expect(moved.start).not.toBe(booked.start);
  expect(moved.subject).toMatch(/^Updated: /);
  // The page now stands at the new link; the first one no longer works.
  await expect(page.getByText('Your demo is booked for')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('token')).not.toBe(
    new URL(booked.link!).searchParams.get('token'),
  );
  const old = await page.request.get(booked.link!);
  expect(old.status()).toBe(404);

  await page.goto(moved.link!);
  await page.getByRole('button', { name: 'Cancel my demo' }).click();
  await expect(page.getByRole('status')).toContainText('is cancelled');
  await expect(page.getByRole('button', { name: 'Cancel my demo' })).toHaveCount(0);
  const cancelled = await nthInvitation(smtp, email, 3);
  expect(cancelled).toMatchObject({
    method: 'CANCEL',
    mimeMethod: 'CANCEL',
    uid: booked.uid,
    sequence: moved.sequence + 1,
    start: moved.start,
  });
}

test('with JavaScript: a prospect books a time under Demo Scheduled!, gets the invitation, moves the demo through its link and cancels it', async ({
  page,
  request,
  desk,
}) => {
  await setUpSchedule(request);
  const email = `js-${unique()}@example.com`;
  await sendDemoForm(page, email, true);
  const picker = page.getByRole('region', { name: 'Pick an exact time' });
  const first = picker.getByRole('button').first();
  await expect(first).toBeEnabled();
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/demo-booking') && r.request().method() === 'POST',
  );
  await first.click();
  const booking = (await (await answer).json()) as S['DemoBooking'];
  await expect(picker.getByText(/^Your demo is booked for /)).toBeFocused();

  // On the prospect's calendar: the instant they pressed.
  const booked = await nthInvitation(desk.smtp, email, 1);
  expect(booked.start).toBe(booking.start);
  // The page the form leads to without JavaScript shows the same booking (the cookie is the
  // browser's), and passes axe; axe needs the page's JavaScript, so it is read here.
  await page.goto('/forms/demo-times');
  await expect(page.getByRole('status')).toContainText('Your demo is booked for');
  await expectNoAxeViolations(page);
  await moveThenCancel(page, desk.smtp, email, booked, true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a prospect presses a time on the page the form leads to, gets the invitation, moves the demo through its link and cancels it', async ({
    page,
    request,
    desk,
  }) => {
    await setUpSchedule(request);
    const email = `nojs-${unique()}@example.com`;
    await sendDemoForm(page, email, false);
    await expect(page).toHaveURL(/\/forms\/demo-times$/);
    await expect(page.getByRole('heading', { name: 'Pick an exact time' })).toBeVisible();
    // Times on the visitor's clock as the page was asked for: a zone of their choice.
    await page.getByLabel('Your time zone').selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Show times' }).click();
    await expect(page.getByText('Times are shown in Asia/Tokyo')).toBeVisible();
    await page.getByRole('button', { name: /, \d/ }).first().click();
    await expect(page.getByRole('status')).toContainText('Your demo is booked for');
    await expect(page.getByRole('status')).toContainText('(Asia/Tokyo)');

    const booked = await nthInvitation(desk.smtp, email, 1);
    await moveThenCancel(page, desk.smtp, email, booked, false);
  });
});
