import type supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadForms } from '../../web/src/features/lead-forms/forms.ts';
import { DEMO_SENT_WORDS } from '../src/demos/booking-pages.ts';
import { startTestApp, truncate, type TestApp } from './harness.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam } from './team-helpers.ts';
import type { Role } from '../src/contract/load.ts';

// A demo request's times without JavaScript (docs/demo-slots.md#picking-a-time): the demo form
// posted as a form lands on a page the API draws, whose times are buttons of a form posting to
// the same page; a booked time redirects, a taken one redraws with the fresh times.

let t: TestApp;
let team: Record<Role, number>;

const FORM = 'application/x-www-form-urlencoded';
const demoForm = (email: string) =>
  new URLSearchParams({
    name: 'Pat Prospect',
    email,
    company: 'Acme',
    preferredDate: 'flexible',
    preferredTime: 'flexible',
    message: '',
  }).toString();

async function setSchedule(hostIds: number[]) {
  const admin = await signedIn(t, 'admin');
  const res = await admin.put('/api/demo-schedule').send({
    timeZone: 'Europe/Berlin',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    overrides: [],
    lengthMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 60,
    horizonDays: 3,
    dailyCap: null,
    hostIds,
  });
  expect(res.status).toBe(200);
}

/** A browser without JavaScript that has posted the demo form: where it landed. */
async function postedDemo(email: string): Promise<{ agent: supertest.Agent; location: string }> {
  const agent = t.request();
  const res = await agent.post('/api/demo').set('Content-Type', FORM).send(demoForm(email));
  expect(res.status).toBe(303);
  return { agent, location: res.headers.location as string };
}

/** The slot buttons' values, in page order. */
const starts = (html: string) => [...html.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);

beforeAll(async () => {
  t = await startTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncate(
    t.db,
    'demo_schedule, demo_schedule_hours, demo_schedule_overrides, demo_hosts, demo_bookings, demo_requests, rate_limit_buckets',
  );
});

describe('picking a time without JavaScript', () => {
  it("says what the site's Demo Scheduled! screen says", () => {
    const demo = leadForms.demo;
    expect(DEMO_SENT_WORDS).toEqual({
      title: demo.done!.title,
      success: `${demo.success.title} ${demo.success.description}`,
      text: demo.done!.text,
    });
  });

  it("lands on the site's page without a schedule, and the times page sends a browser there", async () => {
    const { agent, location } = await postedDemo('nojs@example.com');
    expect(location).toBe('/forms/demo-sent');
    const page = await agent.get('/forms/demo-times');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/forms/demo-sent');
  });

  it('lands on the times page, books a time with a button, and shows the booking', async () => {
    await setSchedule([team.member]);
    const { agent, location } = await postedDemo('nojs@example.com');
    expect(location).toBe('/forms/demo-times');

    const page = await agent.get('/forms/demo-times').query({ timeZone: 'America/New_York' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<h1>Demo Scheduled!</h1>');
    expect(page.text).toContain('Pick an exact time');
    expect(page.text).toContain('<option selected>America/New_York</option>');
    expect(page.text).toContain('<form method="post" action="/forms/demo-times">');
    expect(page.text).toContain('<input type="hidden" name="timeZone" value="America/New_York">');
    // New York and Berlin differ: each button shows the host's time too.
    expect(page.text).toMatch(/host time<\/span><\/button>/);
    expect(page.text).toContain('<a href="/">Back to Home</a>');
    const offered = starts(page.text);
    expect(offered.length).toBeGreaterThan(0);

    const booked = await agent
      .post('/forms/demo-times')
      .set('Content-Type', FORM)
      .send(new URLSearchParams({ timeZone: 'America/New_York', start: offered[0]! }).toString());
    expect(booked.status).toBe(303);
    expect(booked.headers.location).toBe('/forms/demo-times?timeZone=America%2FNew_York');
    const after = await agent.get(booked.headers.location as string);
    expect(after.status).toBe(200);
    expect(after.text).toMatch(
      /Your demo is booked for .+ \(America\/New_York\); .+ for your host \(Europe\/Berlin\)\./,
    );
    expect(starts(after.text)).toEqual([]);
    const lead = await t.db.query(`SELECT status FROM demo_requests WHERE email = 'nojs@example.com'`);
    expect(lead.rows).toEqual([{ status: 'confirmed' }]);
  });

  it('redraws the page with the fresh times when the time was taken meanwhile', async () => {
    await setSchedule([team.member]);
    const first = await postedDemo('first@example.com');
    const second = await postedDemo('second@example.com');
    const offered = starts((await second.agent.get('/forms/demo-times')).text);
    const post = (agent: supertest.Agent, start: string) =>
      agent
        .post('/forms/demo-times')
        .set('Content-Type', FORM)
        .send(new URLSearchParams({ start }).toString());
    expect((await post(first.agent, offered[0]!)).status).toBe(303);

    const lost = await post(second.agent, offered[0]!);
    expect(lost.status).toBe(409);
    expect(lost.text).toContain(
      '<p class="notice" role="alert">That time was just taken. Please pick another.</p>',
    );
    expect(starts(lost.text)).not.toContain(offered[0]);
    expect(starts(lost.text).length).toBeGreaterThan(0);

    const nothing = await post(second.agent, 'soon');
    expect(nothing.status).toBe(400);
    expect(nothing.text).toContain('Pick one of the times offered.');
  });

  it('answers a body it cannot read with the page and the reason, booking nothing', async () => {
    await setSchedule([team.member]);
    const { agent } = await postedDemo('body@example.com');
    const post = (body: string | Buffer) =>
      agent.post('/forms/demo-times').set('Content-Type', FORM).send(body);
    const notUtf8 = await post('start=%FF');
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(notUtf8.text).toContain('<p class="notice" role="alert">The body is not valid UTF-8.</p>');
    expect(starts(notUtf8.text).length).toBeGreaterThan(0);
    const large = await post(`start=${'x'.repeat(t.config.bodyLimitBytes + 1)}`);
    expect(large.status).toBe(413);
    expect(large.text).toContain('The request body is larger than the server accepts.');
    expect(starts(large.text).length).toBeGreaterThan(0);
    expect((await t.db.query('SELECT count(*)::int AS n FROM demo_bookings')).rows[0].n).toBe(0);
  });

  it('names a zone no clock has, and shows the times on the schedule clock', async () => {
    await setSchedule([team.member]);
    const { agent } = await postedDemo('zone@example.com');
    const page = await agent.get('/forms/demo-times').query({ timeZone: 'Mars/Olympus_Mons' });
    expect(page.status).toBe(400);
    expect(page.text).toContain('Unknown time zone &quot;Mars/Olympus_Mons&quot;');
    expect(page.text).toContain('<option selected>Europe/Berlin</option>');
  });
});
