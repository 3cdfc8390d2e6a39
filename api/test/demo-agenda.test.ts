import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@lead-desk/contract';
import { expectContract } from './contract.ts';
import { startTestApp, truncate, type TestApp } from './harness.ts';
import { signedIn, type SignedIn } from './admin-helpers.ts';
import { createTeam } from './team-helpers.ts';
import type { Role } from '../src/contract/load.ts';
import { ERASABLE } from '../src/admin/privacy/erasure.repo.ts';

// The desk's agenda (docs/demo-slots.md#the-agenda): the pending and confirmed demos of a run of
// dates on the schedule's clock (UTC without one), every date listed, optionally one host's; for
// viewers and up; every bad query a 400 naming its parameter.

type DemoSchedule = components['schemas']['DemoSchedule'];
type DemoAgenda = components['schemas']['DemoAgenda'];

let t: TestApp;
let team: Record<Role, number>;
let admin: SignedIn;
let viewer: SignedIn;

const schedule = (over: Partial<DemoSchedule> = {}): DemoSchedule => ({
  timeZone: 'Europe/Berlin',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  overrides: [],
  lengthMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 30,
  dailyCap: null,
  hostIds: [team.member, team.admin],
  ...over,
});

let uid = 0;
/** A demo request and its booking, straight into the database; the booking's id. */
async function booked(
  startsAt: string,
  {
    host = team.member,
    minutes = 30,
    status = 'confirmed',
    name = `Prospect ${uid + 1}`,
    previousStartsAt = null,
  }: {
    host?: number;
    minutes?: number;
    status?: 'pending' | 'confirmed' | 'cancelled';
    name?: string;
    previousStartsAt?: string | null;
  } = {},
): Promise<{ id: number; leadId: number }> {
  uid += 1;
  const lead = await t.db.query<{ id: number }>(
    `INSERT INTO demo_requests (name, email, company) VALUES ($1, $2, $3) RETURNING id`,
    [name, `p${uid}@example.com`, `Company ${uid}`],
  );
  const leadId = lead.rows[0]!.id;
  const cancelled = status === 'cancelled';
  const made = await t.db.query<{ id: number }>(
    `INSERT INTO demo_bookings (lead_id, host_id, starts_at, ends_at, blocked, status, previous_starts_at,
                                cancelled_by, cancelled_at, ics_uid, manage_token_hash)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz + make_interval(mins => $4),
             tstzrange($3::timestamptz, $3::timestamptz + make_interval(mins => $4)), $5, $6,
             $7, $8, $9, sha256(convert_to($9, 'UTF8')))
     RETURNING id`,
    [
      leadId,
      host,
      startsAt,
      minutes,
      status,
      previousStartsAt,
      cancelled ? 'staff' : null,
      cancelled ? new Date() : null,
      `agenda-${uid}@demo`,
    ],
  );
  return { id: made.rows[0]!.id, leadId };
}

async function agenda(query: string, as: SignedIn = viewer): Promise<DemoAgenda> {
  const res = await as.get(`/api/demo-agenda${query}`);
  expectContract('getDemoAgenda', res);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as DemoAgenda;
}

/** Each date with the start times of its demos, for comparing a whole agenda at a glance. */
const outline = (a: DemoAgenda) => a.days.map((d) => [d.date, d.demos.map((x) => x.startsAt)]);

beforeAll(async () => {
  t = await startTestApp();
  team = await createTeam(t);
  admin = await signedIn(t, 'admin');
  viewer = await signedIn(t, 'viewer');
});
afterAll(() => t.close());
beforeEach(async () => {
  await truncate(
    t.db,
    'demo_schedule, demo_schedule_hours, demo_schedule_overrides, demo_hosts, demo_bookings, demo_requests',
  );
  const saved = await admin.put('/api/demo-schedule').send(schedule());
  expect(saved.status).toBe(200);
});

describe('the demo agenda', () => {
  it('reads days on the schedule’s clock across a daylight-saving change, each date listed', async () => {
    // Berlin leaves summer time on 2026-10-25 at 03:00 CEST (01:00 UTC): that date has 25 hours.
    const late = await booked('2026-10-24T21:30:00Z'); // 23:30 CEST on the 24th
    const afterMidnight = await booked('2026-10-24T22:30:00Z'); // 00:30 CEST on the 25th
    await booked('2026-10-25T00:30:00Z', { host: team.admin }); // 02:30 CEST, the first 02:30
    await booked('2026-10-25T01:30:00Z', { host: team.admin }); // 02:30 CET, the second
    await booked('2026-10-25T22:30:00Z'); // 23:30 CET, the 25th's 25th hour
    await booked('2026-10-25T23:00:00Z'); // 00:00 CET on the 26th
    const body = await agenda('?from=2026-10-24&days=3');
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.from).toBe('2026-10-24');
    expect(outline(body)).toEqual([
      ['2026-10-24', ['2026-10-24T21:30:00.000Z']],
      [
        '2026-10-25',
        [
          '2026-10-24T22:30:00.000Z',
          '2026-10-25T00:30:00.000Z',
          '2026-10-25T01:30:00.000Z',
          '2026-10-25T22:30:00.000Z',
        ],
      ],
      ['2026-10-26', ['2026-10-25T23:00:00.000Z']],
    ]);
    // The demo whole: the prospect as the request has them, the host by name.
    expect(body.days[0]!.demos[0]).toEqual({
      leadId: late.leadId,
      name: expect.stringMatching(/^Prospect /),
      company: expect.stringMatching(/^Company /),
      email: expect.stringMatching(/@example\.com$/),
      startsAt: '2026-10-24T21:30:00.000Z',
      endsAt: '2026-10-24T22:00:00.000Z',
      status: 'confirmed',
      host: { id: team.member, username: 'member' },
      previousStartsAt: null,
    });
    expect(body.days[1]!.demos[0]!.leadId).toBe(afterMidnight.leadId);

    // Without a schedule the days are UTC's: 00:30 CEST on the 25th is still the 24th there.
    expect((await admin.delete('/api/demo-schedule')).status).toBe(204);
    const utc = await agenda('?from=2026-10-24&days=3');
    expect(utc.timeZone).toBe('UTC');
    expect(outline(utc)).toEqual([
      ['2026-10-24', ['2026-10-24T21:30:00.000Z', '2026-10-24T22:30:00.000Z']],
      [
        '2026-10-25',
        [
          '2026-10-25T00:30:00.000Z',
          '2026-10-25T01:30:00.000Z',
          '2026-10-25T22:30:00.000Z',
          '2026-10-25T23:00:00.000Z',
        ],
      ],
      ['2026-10-26', []],
    ]);
  });

  it('reads a spring-forward date of 23 hours too', async () => {
    // New York skips 02:00-03:00 on 2026-03-08: that date runs 05:00Z to 04:00Z the next day.
    await admin.put('/api/demo-schedule').send(schedule({ timeZone: 'America/New_York' }));
    await booked('2026-03-08T04:30:00Z'); // 23:30 EST on the 7th
    await booked('2026-03-09T03:30:00Z'); // 23:30 EDT on the 8th
    await booked('2026-03-09T04:00:00Z'); // 00:00 EDT on the 9th
    const body = await agenda('?from=2026-03-07&days=3');
    expect(outline(body)).toEqual([
      ['2026-03-07', ['2026-03-08T04:30:00.000Z']],
      ['2026-03-08', ['2026-03-09T03:30:00.000Z']],
      ['2026-03-09', ['2026-03-09T04:00:00.000Z']],
    ]);
  });

  it('lists every date, empty ones too, and leaves cancelled demos and dates outside out', async () => {
    await booked('2026-06-14T21:59:00Z'); // 23:59 on Sunday the 14th, the day before
    await booked('2026-06-16T08:00:00Z');
    await booked('2026-06-16T09:00:00Z', { status: 'cancelled' });
    await booked('2026-06-18T12:00:00Z', { status: 'pending', previousStartsAt: '2026-06-17T12:00:00Z' });
    await booked('2026-06-21T22:00:00Z'); // 00:00 on Monday the 22nd, the day after
    const body = await agenda('?from=2026-06-15');
    expect(outline(body)).toEqual([
      ['2026-06-15', []],
      ['2026-06-16', ['2026-06-16T08:00:00.000Z']],
      ['2026-06-17', []],
      ['2026-06-18', ['2026-06-18T12:00:00.000Z']],
      ['2026-06-19', []],
      ['2026-06-20', []],
      ['2026-06-21', []],
    ]);
    expect(body.days[3]!.demos[0]).toMatchObject({
      status: 'pending',
      previousStartsAt: '2026-06-17T12:00:00.000Z',
    });
    // A day by itself, and the most a page asks for.
    expect(outline(await agenda('?from=2026-06-16&days=1'))).toEqual([
      ['2026-06-16', ['2026-06-16T08:00:00.000Z']],
    ]);
    const month = await agenda('?from=2026-06-01&days=31');
    expect(month.days.map((d) => d.date).at(-1)).toBe('2026-07-01');
  });

  it('orders a date’s demos by start, then by booking, and filters by host', async () => {
    const first = await booked('2026-06-16T10:00:00Z', { host: team.admin });
    const second = await booked('2026-06-16T10:00:00Z', { host: team.member });
    const early = await booked('2026-06-16T07:00:00Z', { host: team.admin });
    const day = async (query: string) =>
      (await agenda(`?from=2026-06-16&days=1${query}`)).days[0]!.demos.map((d) => d.leadId);
    expect(await day('')).toEqual([early.leadId, first.leadId, second.leadId]);
    expect(await day(`&hostId=${team.admin}`)).toEqual([early.leadId, first.leadId]);
    expect(await day(`&hostId=${team.member}`)).toEqual([second.leadId]);
    // An account that hosts nothing, or none at all: no demos, every date still listed.
    expect(await day(`&hostId=${team.viewer}`)).toEqual([]);
    const nobody = await agenda('?from=2026-06-16&days=2&hostId=987654');
    expect(outline(nobody)).toEqual([
      ['2026-06-16', []],
      ['2026-06-17', []],
    ]);
  });

  it('names the prospect as the request has them: blank once erased; erasure takes the demo off', async () => {
    const kept = await booked('2026-06-16T10:00:00Z', { name: 'Ada Lovelace' });
    // What erasure leaves in the request's row, beside a booking that stays (the agenda adds
    // nothing of its own: it shows what is stored).
    await t.db.query(
      `UPDATE demo_requests SET ${ERASABLE.demo.set}, erased_at = clock_timestamp() WHERE id = $1`,
      [kept.leadId],
    );
    const [demo] = (await agenda('?from=2026-06-16&days=1')).days[0]!.demos;
    expect(demo).toMatchObject({ leadId: kept.leadId, name: '', email: '', company: '' });

    // Erasing the person through the desk cancels their demo, which leaves the agenda.
    const erased = await booked('2026-06-16T12:00:00Z', { name: 'Grace Hopper' });
    const email = (
      await t.db.query<{ email: string }>('SELECT email FROM demo_requests WHERE id = $1', [erased.leadId])
    ).rows[0]!.email;
    const erasure = await admin.post('/api/admin/personal-data/erasure').send({ email });
    expect(erasure.status).toBe(200);
    const left = (await agenda('?from=2026-06-16&days=1')).days[0]!.demos;
    expect(left.map((d) => d.leadId)).toEqual([kept.leadId]);
  });

  it('starts today on the schedule’s clock when no date is given, for a week', async () => {
    const today = () => Temporal.Now.plainDateISO('Europe/Berlin').toString();
    const before = today();
    const body = await agenda('');
    const after = today();
    expect([before, after]).toContain(body.from);
    expect(body.days).toHaveLength(7);
    expect(body.days[0]!.date).toBe(body.from);

    await admin.delete('/api/demo-schedule');
    const utcBefore = Temporal.Now.plainDateISO('UTC').toString();
    const utc = await agenda('?days=2');
    expect([utcBefore, Temporal.Now.plainDateISO('UTC').toString()]).toContain(utc.from);
    expect(utc.days).toHaveLength(2);
  });

  it('is for every role of the desk; without a session it is 401', async () => {
    await booked('2026-06-16T10:00:00Z');
    for (const role of ['viewer', 'member', 'admin', 'owner'] as const) {
      const as = role === 'viewer' ? viewer : role === 'admin' ? admin : await signedIn(t, role);
      expect((await agenda('?from=2026-06-16&days=1', as)).days[0]!.demos).toHaveLength(1);
    }
    const anonymous = await t.request().get('/api/demo-agenda?from=2026-06-16');
    expectContract('getDemoAgenda', anonymous);
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['from=2026-02-30', '/query/from'],
    ['from=2026-13-01', '/query/from'],
    ['from=2026-6-1', '/query/from'],
    ['from=tomorrow', '/query/from'],
    ['from=', '/query/from'],
    ['from=2026-06-01T00:00:00Z', '/query/from'],
    ['from=0000-12-31', '/query/from'],
    ['from=9999-12-30&days=3', '/query/from'],
    ['from=2026-06-01&from=2026-06-08', '/query/from'],
    ['days=0', '/query/days'],
    ['days=32', '/query/days'],
    ['days=-1', '/query/days'],
    ['days=1.5', '/query/days'],
    ['days=07', '/query/days'],
    ['days=seven', '/query/days'],
    ['days=', '/query/days'],
    ['hostId=0', '/query/hostId'],
    ['hostId=abc', '/query/hostId'],
    ['hostId=1e3', '/query/hostId'],
    ['hostId=99999999999999999999', '/query/hostId'],
    ['host=1', '/query/host'],
  ])('refuses %s with a 400 naming %s', async (query, path) => {
    const res = await viewer.get(`/api/demo-agenda?${query}`);
    expectContract('getDemoAgenda', res);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it('takes the last dates there are', async () => {
    const body = await agenda('?from=9999-12-29&days=3');
    expect(body.days.map((d) => d.date)).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    expect((await agenda('?from=0001-01-01&days=1')).days[0]!.date).toBe('0001-01-01');
  });
});
