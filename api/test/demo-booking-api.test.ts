import { Temporal } from 'temporal-polyfill';
import type supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@lead-desk/contract';
import { expectContract } from './contract.ts';
import { startTestApp, truncate, type TestApp } from './harness.ts';
import { signedIn } from './admin-helpers.ts';
import { createTeam } from './team-helpers.ts';
import type { Role } from '../src/contract/load.ts';

// A prospect picking an exact time for their demo request (docs/demo-slots.md#picking-a-time):
// the cookie the request sets, the offer read on the visitor's clock, the booking and what it
// changes (assignee, status, invitation, history, audit), and every refusal.

type DemoSchedule = components['schemas']['DemoSchedule'];

let t: TestApp;
let team: Record<Role, number>;

const allWeek = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));
const schedule = (over: Partial<DemoSchedule> = {}): DemoSchedule => ({
  timeZone: 'Europe/Berlin',
  weekly: allWeek('00:00', '24:00'),
  overrides: [],
  lengthMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minimumNoticeMinutes: 60,
  horizonDays: 7,
  dailyCap: null,
  hostIds: [team.member],
  ...over,
});
const demo = (over: Record<string, string> = {}) => ({
  name: 'Pat Prospect',
  email: 'pat@example.com',
  company: 'Acme',
  phone: '',
  preferredDate: 'flexible',
  preferredTime: 'morning',
  message: 'Voice agents, please',
  ...over,
});

async function setSchedule(over: Partial<DemoSchedule> = {}) {
  const admin = await signedIn(t, 'admin');
  const res = await admin.put('/api/demo-schedule').send(schedule(over));
  expect(res.status).toBe(200);
}

/** A browser (its own cookie jar) that has just sent a demo request. */
async function prospect(
  over: Record<string, string> = {},
): Promise<{ agent: supertest.Agent; id: number; res: supertest.Response }> {
  const agent = t.request();
  const res = await agent.post('/api/demo').send(demo(over));
  expectContract('createDemoRequest', res);
  expect(res.status).toBe(201);
  return { agent, id: res.body.id, res };
}

const bookingCookie = (res: supertest.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('demo_booking='));

beforeAll(async () => {
  t = await startTestApp();
  team = await createTeam(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncate(
    t.db,
    'demo_schedule, demo_schedule_hours, demo_schedule_overrides, demo_hosts, demo_bookings, demo_requests, mail_messages, lead_events, rate_limit_buckets',
  );
});

describe('picking an exact time for a demo request', () => {
  it('is not offered without a schedule: no cookie, and the offer is 404', async () => {
    const { agent, res } = await prospect();
    expect(res.body).toEqual({ id: res.body.id, createdAt: res.body.createdAt });
    expect(bookingCookie(res)).toBeUndefined();
    const offer = await agent.get('/api/demo-booking');
    expectContract('getDemoBookingOffer', offer);
    expect(offer.status).toBe(404);
  });

  it('is offered to the browser that sent the request, on its clock, matching its wishes', async () => {
    await setSchedule();
    const { agent, res } = await prospect({ preferredTime: 'morning' });
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'id']);
    const cookie = bookingCookie(res)!;
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=strict/i);
    expect(cookie).toMatch(/; path=\//i);

    const offer = await agent.get('/api/demo-booking').query({ timeZone: 'America/New_York' });
    expectContract('getDemoBookingOffer', offer);
    expect(offer.status).toBe(200);
    expect(offer.headers['cache-control']).toBe('no-store');
    expect(offer.body).toMatchObject({
      hostTimeZone: 'Europe/Berlin',
      timeZone: 'America/New_York',
      lengthMinutes: 30,
      matchesWishes: true,
      booking: null,
    });
    const slots = offer.body.slots as { start: string; end: string }[];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.length).toBeLessThanOrEqual(60);
    for (const s of slots) {
      // Morning is 9 to 12 on the visitor's clock, whatever the host's.
      const hour = Temporal.Instant.from(s.start).toZonedDateTimeISO('America/New_York').hour;
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(12);
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
    }
    expect([...slots].sort((a, b) => a.start.localeCompare(b.start))).toEqual(slots);

    // Another browser, without the cookie, has nothing to pick.
    const stranger = await t.request().get('/api/demo-booking');
    expect(stranger.status).toBe(404);
    // Another request's id (one that exists) under this request's signature is no cookie of ours.
    const other = await prospect({ email: 'other@example.com' });
    const [payload, signature] = decodeURIComponent(
      cookie.split(';')[0]!.slice('demo_booking='.length),
    ).split('.');
    const [purpose, , exp] = Buffer.from(payload!, 'base64url').toString().split('.');
    const otherId = Buffer.from(`${purpose}.${other.id}.${exp}`).toString('base64url');
    const forged = await t
      .request()
      .get('/api/demo-booking')
      .set('Cookie', `demo_booking=${otherId}.${signature}`);
    expect(forged.status).toBe(404);
  });

  it('offers the soonest slots when none match the wishes', async () => {
    // Open 14:00-16:00 in Berlin only: never a New York evening (17:00-20:00 there is 23:00-02:00 here).
    await setSchedule({ weekly: allWeek('14:00', '16:00') });
    const { agent } = await prospect({ preferredTime: 'evening' });
    const offer = await agent.get('/api/demo-booking').query({ timeZone: 'America/New_York' });
    expectContract('getDemoBookingOffer', offer);
    expect(offer.body.matchesWishes).toBe(false);
    expect(offer.body.slots.length).toBeGreaterThan(0);
  });

  it('refuses an unknown visitor zone with a 400 naming it', async () => {
    await setSchedule();
    const { agent } = await prospect();
    const offer = await agent.get('/api/demo-booking').query({ timeZone: 'Mars/Olympus_Mons' });
    expectContract('getDemoBookingOffer', offer);
    expect(offer.status).toBe(400);
    expect(offer.body.errors).toEqual([
      {
        path: '/query/timeZone',
        message: 'Unknown time zone "Mars/Olympus_Mons": use an IANA name such as Europe/Berlin',
      },
    ]);
  });

  it('books a slot at once: the host is the assignee, the demo confirmed, the invitation queued', async () => {
    await setSchedule({ hostIds: [team.member, team.admin] });
    const { agent, id } = await prospect();
    const offer = await agent.get('/api/demo-booking').query({ timeZone: 'Asia/Kolkata' });
    const slot = offer.body.slots[0] as { start: string; end: string };

    const booked = await agent
      .post('/api/demo-booking')
      .send({ start: slot.start, timeZone: 'Asia/Kolkata' });
    expectContract('bookDemoSlot', booked);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ start: slot.start, end: slot.end, hostTimeZone: 'Europe/Berlin' });
    expect(['member', 'admin']).toContain(booked.body.host);

    const row = await t.db.query(
      `SELECT b.host_id::int, b.status, b.ics_uid, d.status AS lead_status, d.assignee_id::int,
              d.invitation_uid, d.invitation_time_zone
         FROM demo_bookings b JOIN demo_requests d ON d.id = b.lead_id WHERE b.lead_id = $1`,
      [id],
    );
    const b = row.rows[0];
    expect(b).toMatchObject({
      status: 'confirmed',
      lead_status: 'confirmed',
      invitation_time_zone: 'Asia/Kolkata',
    });
    expect(b.assignee_id).toBe(b.host_id);
    expect(b.invitation_uid).toBe(b.ics_uid);
    expect(team[booked.body.host as Role]).toBe(b.host_id);

    const mail = await t.db.query(
      `SELECT template, params->>'method' AS method, params->>'uid' AS uid FROM mail_messages
        WHERE lead_kind = 'demo' AND lead_id = $1 ORDER BY id`,
      [id],
    );
    expect(mail.rows.filter((m) => m.template === 'demo-invitation')).toEqual([
      { template: 'demo-invitation', method: 'REQUEST', uid: b.ics_uid },
    ]);
    // The host hears of their new lead as from any assignment.
    expect(mail.rows.map((m) => m.template)).toContain('lead-assigned');

    const history = await t.db.query(
      `SELECT type, actor, detail->>'text' AS text FROM lead_events WHERE lead_kind = 'demo' AND lead_id = $1 ORDER BY id`,
      [id],
    );
    expect(history.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'assigned', actor: null }),
        expect.objectContaining({
          type: 'invitation-sent',
          actor: null,
          text: expect.stringMatching(/Asia\/Kolkata, 30 min, booked by the prospect$/),
        }),
        expect.objectContaining({ type: 'status-changed', actor: null, text: 'pending → confirmed' }),
      ]),
    );
    const audit = await t.db.query(
      `SELECT action, actor_kind, changes FROM audit_entries WHERE target_type = 'demo' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows).toEqual([
      {
        action: 'lead.assigned',
        actor_kind: 'anonymous',
        changes: { assignee: { from: null, to: b.host_id } },
      },
      {
        action: 'demo.booked',
        actor_kind: 'anonymous',
        changes: { status: { from: 'pending', to: 'confirmed' } },
      },
    ]);

    // Booked once: the offer shows the booking, and a second pick is 409 with it.
    const after = await agent.get('/api/demo-booking');
    expectContract('getDemoBookingOffer', after);
    expect(after.body).toMatchObject({ slots: [], booking: booked.body });
    const again = await agent.post('/api/demo-booking').send({ start: offer.body.slots[1].start });
    expectContract('bookDemoSlot', again);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      detail: 'Your demo is booked already.',
      slots: [],
      booking: booked.body,
    });
  });

  it('answers a slot taken meanwhile with 409 and the open slots as they are now', async () => {
    await setSchedule({ hostIds: [team.member] });
    const first = await prospect({ email: 'first@example.com' });
    const second = await prospect({ email: 'second@example.com' });
    const offer = await second.agent.get('/api/demo-booking');
    const slot = offer.body.slots[0] as { start: string };
    expect((await first.agent.post('/api/demo-booking').send({ start: slot.start })).status).toBe(201);

    const lost = await second.agent.post('/api/demo-booking').send({ start: slot.start });
    expectContract('bookDemoSlot', lost);
    expect(lost.status).toBe(409);
    expect(lost.body.detail).toBe('That time was just taken. Please pick another.');
    expect(lost.body.booking).toBeNull();
    expect(lost.body.slots.length).toBeGreaterThan(0);
    expect(lost.body.slots.map((s: { start: string }) => s.start)).not.toContain(slot.start);
    // Nothing of the lost try stays: the second lead is pending, unassigned, without invitation.
    const lead = await t.db.query(
      'SELECT status, assignee_id, invitation_uid FROM demo_requests WHERE id = $1',
      [second.id],
    );
    expect(lead.rows[0]).toEqual({ status: 'pending', assignee_id: null, invitation_uid: null });
    // It books one of the fresh slots.
    const retry = await second.agent.post('/api/demo-booking').send({ start: lost.body.slots[0].start });
    expect(retry.status).toBe(201);
  });

  it('refuses a time that was never offered, and a body that names none', async () => {
    await setSchedule();
    const { agent } = await prospect();
    const offer = await agent.get('/api/demo-booking');
    const offGrid = new Date(Date.parse(offer.body.slots[0].start) + 60_000).toISOString();
    const res = await agent.post('/api/demo-booking').send({ start: offGrid });
    expectContract('bookDemoSlot', res);
    expect(res.status).toBe(409);

    const bad = await agent.post('/api/demo-booking').send({ start: 'soon' });
    expectContract('bookDemoSlot', bad);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: '/start', message: 'Pick one of the times offered' }]);
    expect((await agent.post('/api/demo-booking').send({})).body.errors).toEqual([
      { path: '/start', message: 'Pick one of the times offered' },
    ]);
    // A zone no clock has is named at its field; nothing is booked with it.
    const zone = await agent
      .post('/api/demo-booking')
      .send({ start: offer.body.slots[0].start, timeZone: 'Mars/Olympus_Mons' });
    expectContract('bookDemoSlot', zone);
    expect(zone.status).toBe(400);
    expect(zone.body.errors).toEqual([
      {
        path: '/timeZone',
        message: 'Unknown time zone "Mars/Olympus_Mons": use an IANA name such as Europe/Berlin',
      },
    ]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM demo_bookings')).rows[0].n).toBe(0);
  });

  it("frees the host's time when the person is erased", async () => {
    await setSchedule({ hostIds: [team.member] });
    const { agent, id } = await prospect({ email: 'erase.me@example.com' });
    const offer = await agent.get('/api/demo-booking');
    const start = offer.body.slots[0].start as string;
    expect((await agent.post('/api/demo-booking').send({ start })).status).toBe(201);
    const other = await prospect({ email: 'next@example.com' });
    expect(
      (await other.agent.get('/api/demo-booking')).body.slots.map((s: { start: string }) => s.start),
    ).not.toContain(start);

    const erased = await (
      await signedIn(t, 'admin')
    )
      .post('/api/admin/personal-data/erasure')
      .send({ email: 'erase.me@example.com' });
    expect(erased.status).toBe(200);
    const booking = await t.db.query('SELECT status, cancelled_by FROM demo_bookings WHERE lead_id = $1', [
      id,
    ]);
    expect(booking.rows).toEqual([{ status: 'cancelled', cancelled_by: 'erasure' }]);
    const fresh = await other.agent.get('/api/demo-booking');
    expect(fresh.body.slots.map((s: { start: string }) => s.start)).toContain(start);
  });

  it('has nothing to book once the schedule is gone', async () => {
    await setSchedule();
    const { agent } = await prospect();
    const offer = await agent.get('/api/demo-booking');
    await (await signedIn(t, 'admin')).delete('/api/demo-schedule');
    const res = await agent.post('/api/demo-booking').send({ start: offer.body.slots[0].start });
    expectContract('bookDemoSlot', res);
    expect(res.status).toBe(404);
  });
});
